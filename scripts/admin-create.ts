/**
 * npm run admin:create -- [username] [name] : add a staff user or reset its password
 * (docs/decisions/004-staff-authentication.md). The password is read from ADMIN_PASSWORD, or
 * generated and printed once; it must pass the password rules (8-128 characters, not a common one).
 * A reset ends every session of the user.
 */
import { randomBytes } from 'node:crypto';
import { migrateDatabase } from '~/db/migrate.server';
import { passwordProblem } from '~/lib/password.server';
import { revokeUserSessions } from '~/models/session.server';
import { upsertUser } from '~/models/user.server';
import { openFromEnv, runScript } from './open-database';

await runScript(async () => {
  const [username = 'admin', name = 'Administrator'] = process.argv.slice(2);
  if (!/^[a-z0-9._-]{3,40}$/i.test(username)) throw new Error('Username: 3-40 letters, digits, dots, dashes or underscores');
  const password = process.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  const problem = passwordProblem(password, username);
  if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
  const handle = await openFromEnv();
  try {
    await migrateDatabase(handle);
    const user = await upsertUser({ username, name, password });
    await revokeUserSessions(user.id);
    console.log(`User "${user.username}" saved.${process.env.ADMIN_PASSWORD ? '' : ` Password: ${password}`}`);
  } finally {
    await handle.close();
  }
});
