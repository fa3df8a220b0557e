/**
 * npm run admin:create -- [username] [name] [--role=admin|staff] [--enable] [--reset-2fa]
 *
 * Add a staff user or reset its password (docs/decisions/004-staff-authentication.md#accounts). The
 * password is read from ADMIN_PASSWORD, or generated and printed once; it must pass the password rules
 * (8-128 characters, not a common one). A reset ends every session of the user. A new user is
 * staff unless `--role=admin` (docs/decisions/045-security-round-two.md, section 9); `--role` on an
 * existing user changes its role.
 *
 * The way back in when the back office cannot help: `--enable` enables a disabled account and
 * `--reset-2fa` turns off two-factor sign-in of a user who lost both phone and recovery codes
 * (docs/decisions/004-staff-authentication.md#two-factor-sign-in). Each is written to the audit log
 * as done by 'admin:create'.
 */
import { randomBytes } from 'node:crypto';
import { migrateDatabase } from '~/db/migrate.server';
import { USER_ROLES, type UserRole } from '~/lib/constants';
import { passwordProblem } from '~/lib/password.server';
import { recordAuditNow, type AuditActor } from '~/models/audit.server';
import { revokeUserSessions } from '~/models/session.server';
import { disableTwoFactor } from '~/models/two-factor.server';
import { setUserDisabled, upsertUser } from '~/models/user.server';
import { openFromEnv, runScript } from './open-database';

await runScript(async () => {
  const args = process.argv.slice(2);
  const flags = args.filter((a) => a.startsWith('--'));
  const [username = 'admin', name = 'Administrator'] = args.filter((a) => !a.startsWith('--'));
  const roleFlag = flags.find((f) => f.startsWith('--role='))?.slice('--role='.length);
  const unknown = flags.filter((f) => !f.startsWith('--role=') && f !== '--enable' && f !== '--reset-2fa');
  if (unknown.length > 0) throw new Error(`Unknown option ${unknown.join(', ')}: use --role=admin|staff, --enable, --reset-2fa`);
  if (roleFlag !== undefined && !USER_ROLES.includes(roleFlag as UserRole)) throw new Error('--role: admin or staff');
  if (!/^[a-z0-9._-]{3,40}$/i.test(username)) throw new Error('Username: 3-40 letters, digits, dots, dashes or underscores');
  const password = process.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  const problem = passwordProblem(password, username);
  if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
  const handle = await openFromEnv('admin:create');
  try {
    await migrateDatabase(handle);
    const user = await upsertUser({ username, name, password, role: roleFlag as UserRole | undefined });
    const ended = await revokeUserSessions(user.id);
    const actor: AuditActor = { id: null, name: 'admin:create' };
    await recordAuditNow(actor, {
      action: 'password',
      entityType: 'user',
      entityId: user.id,
      summary: `Password of ${user.username} set with npm run admin:create; ${ended} session${ended === 1 ? '' : 's'} ended`,
    });
    if (flags.includes('--enable')) await setUserDisabled(actor, user.id, false);
    if (flags.includes('--reset-2fa')) await disableTwoFactor(actor, user.id);
    console.log(`User "${user.username}" (${user.role}) saved.${process.env.ADMIN_PASSWORD ? '' : ` Password: ${password}`}`);
  } finally {
    await handle.close();
  }
});
