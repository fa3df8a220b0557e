/** npm run db:migrate : apply the committed migrations to the configured database. */
import { migrateDatabase, withStartupLock } from '~/db/migrate.server';
import { openFromEnv, runScript } from './open-database';

await runScript(async () => {
  const handle = await openFromEnv('db:migrate');
  try {
    await withStartupLock(handle, () => migrateDatabase(handle));
    console.log(`Migrations applied (${handle.kind}).`);
  } finally {
    await handle.close();
  }
});
