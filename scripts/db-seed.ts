/** npm run db:seed : insert the sample content into an empty database (migrating it first). */
import { migrateDatabase } from '~/db/migrate.server';
import { seedDatabase } from '~/db/seed';
import { openFromEnv, runScript } from './open-database';

await runScript(async () => {
  const handle = await openFromEnv('db:seed');
  try {
    await migrateDatabase(handle);
    const seeded = await seedDatabase(handle.db);
    console.log(seeded ? 'Sample content inserted.' : 'The database already has content: nothing inserted.');
  } finally {
    await handle.close();
  }
});
