/** Opens the database the environment points at (DATABASE_URL or DATA_DIR), for the CLI scripts. */
import { openDatabase, setDatabase, type DatabaseHandle } from '~/db/client.server';
import { acquireDataDirLock, releaseDataDirLock } from '~/infrastructure/backup/backup.server';
import { env } from '~/lib/env.server';

/**
 * Open the database of the environment. On PGlite the data folder's lock is taken first, so a
 * script refuses (with a message) while the site or another script has the folder open: two
 * processes on one PGlite folder lose each other's writes (docs/decisions/020-backups.md).
 * `command` names the script in that message ('db:migrate', 'db:seed', 'admin:create').
 */
export async function openFromEnv(command: string): Promise<DatabaseHandle> {
  const config = env();
  if (config.DATABASE_URL) {
    const handle = await openDatabase({ url: config.DATABASE_URL });
    setDatabase(handle);
    return handle;
  }
  const lock = acquireDataDirLock(config.DATA_DIR, command);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ dataDir: config.DATA_DIR });
  } catch (error) {
    releaseDataDirLock(config.DATA_DIR, lock);
    throw error;
  }
  setDatabase(handle);
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close();
      } finally {
        releaseDataDirLock(config.DATA_DIR, lock);
      }
    },
  };
}

/** Run `main`, print its error as one line and exit non-zero on failure. */
export async function runScript(main: () => Promise<void>) {
  try {
    await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
