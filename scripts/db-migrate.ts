/** npm run db:migrate : apply the committed migrations to the configured database. */
import { migrateDatabase } from '~/db/migrate.server';
import { openFromEnv, runScript } from './open-database';

await runScript(async () => {
  const handle = await openFromEnv('db:migrate');
  try {
    await migrateDatabase(handle);
    console.log(`Migrations applied (${handle.kind}).`);
  } finally {
    await handle.close();
  }
});
