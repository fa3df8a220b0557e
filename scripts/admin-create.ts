/**
 * npm run admin:create -- [username] [name] : add a staff user or reset its password (D2).
 * The password is read from ADMIN_PASSWORD, or generated and printed once.
 */
import { randomBytes } from 'node:crypto';
import { migrateDatabase } from '~/db/migrate.server';
import { upsertUser } from '~/models/user.server';
import { openFromEnv, runScript } from './open-database';

await runScript(async () => {
  const [username = 'admin', name = 'Administrator'] = process.argv.slice(2);
  if (!/^[a-z0-9._-]{3,40}$/i.test(username)) throw new Error('Username: 3-40 letters, digits, dots, dashes or underscores');
  const password = process.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  if (password.length < 8) throw new Error('ADMIN_PASSWORD must be at least 8 characters');
  const handle = await openFromEnv();
  try {
    await migrateDatabase(handle);
    const user = await upsertUser({ username, name, password });
    console.log(`User "${user.username}" saved.${process.env.ADMIN_PASSWORD ? '' : ` Password: ${password}`}`);
  } finally {
    await handle.close();
  }
});
