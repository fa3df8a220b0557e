/** npm run db:seed : insert the sample content into an empty database (migrating it first). */
import { migrateDatabase, withStartupLock } from '~/db/migrate.server';
import { seedDatabase } from '~/db/seed';
import { openFromEnv, runScript } from './open-database';

await runScript(async () => {
  const handle = await openFromEnv('db:seed');
  try {
    const seeded = await withStartupLock(handle, async () => {
      await migrateDatabase(handle);
      return seedDatabase(handle.db);
    });
    console.log(seeded ? 'Sample content inserted.' : 'The database already has content: nothing inserted.');
  } finally {
    await handle.close();
  }
});
