/** Opens the database the environment points at (DATABASE_URL or DATA_DIR), for the CLI scripts. */
import { openDatabase, setDatabase, type DatabaseHandle } from '~/db/client.server';
import { env } from '~/lib/env.server';

export async function openFromEnv(): Promise<DatabaseHandle> {
  const config = env();
  const handle = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  setDatabase(handle);
  return handle;
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
