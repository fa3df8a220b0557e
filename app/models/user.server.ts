/**
 * Staff accounts (docs/decisions/004-staff-authentication.md). Usernames are stored lower-case;
 * passwords only as scrypt hashes. Two-factor sign-in (TOTP and recovery codes) is in
 * `two-factor.server.ts`.
 *
 * Every change made by a person is written to the audit log in the same transaction
 * (`recordAudit`, docs/decisions/017-audit-log.md); no entry holds a password, hash, secret or code.
 * Rules of docs/decisions/004-staff-authentication.md#roles live here, not in the pages: nobody
 * disables or demotes themself, and the last enabled admin stays an enabled admin.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { isUniqueViolation } from '~/db/errors.server';
import { loginChallenges, recoveryCodes, users } from '~/db/schema';
import { USER_ROLES, type UserRole } from '~/lib/constants';
import { Conflict, NotFound } from '~/lib/errors.server';
import { hashPassword, passwordProblem } from '~/lib/password.server';
import { diffChanges, recordAudit, type AuditActor } from './audit.server';
import { revokeUserSessions, rotateSession } from './session.server';

const publicColumns = { id: users.id, username: users.username, name: users.name, role: users.role };
export type PublicUser = { id: string; username: string; name: string; role: string };

/** The full row of a username (any case, surrounding spaces ignored), or null. */
export async function getUserByUsername(username: string) {
  const [row] = await db().select().from(users).where(eq(users.username, username.trim().toLowerCase()));
  return row ?? null;
}

/** The full row of a user id, or null (also for a malformed id). */
export async function getUserById(id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Note that the user just signed in (`last_login_at` is now). */
export async function recordLastLogin(id: string): Promise<void> {
  await db()
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, id));
}

/**
 * Store a new hash of the same password made with the current parameters (rehash at sign-in,
 * docs/decisions/045-security-round-two.md#2-password-hashing). Only replaces `oldHash`, so a
 * password changed in the meantime is never overwritten. Returns whether the row was updated.
 */
export async function replacePasswordHash(id: string, oldHash: string, newHash: string): Promise<boolean> {
  const rows = await db()
    .update(users)
    .set({ passwordHash: newHash })
    .where(and(eq(users.id, id), eq(users.passwordHash, oldHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Create the user, or reset the password (and name) of an existing one; `role` defaults to `staff`
 * for a new user (the least privilege, docs/decisions/045-security-round-two.md section 9) and is
 * changed only when given. Used by the first start and `npm run admin:create`.
 */
export async function upsertUser(input: { username: string; name: string; password: string; role?: UserRole }): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db()
    .insert(users)
    .values({ username: input.username.trim().toLowerCase(), name: input.name, passwordHash, role: input.role ?? 'staff' })
    .onConflictDoUpdate({
      target: users.username,
      set: { passwordHash, name: input.name, updatedAt: sql`now()`, ...(input.role ? { role: input.role } : {}) },
    })
    .returning(publicColumns);
  return row!;
}

/**
 * On first start with no user, create `admin` with ADMIN_PASSWORD or a random password
 * that is returned so the caller prints it once. Returns null when users exist; throws when
 * ADMIN_PASSWORD breaks the password rules (too short, too long or a common password).
 */
export async function ensureFirstAdmin(adminPassword?: string): Promise<{ username: string; password: string; generated: boolean } | null> {
  const [row] = await db().select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const problem = adminPassword ? passwordProblem(adminPassword, 'admin') : null;
  if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  await upsertUser({ username: 'admin', name: 'Administrator', password, role: 'admin' });
  return { username: 'admin', password, generated: !adminPassword };
}

// ---------------------------------------------------------------------------------------------
// Staff management (/admin/staff, admin role only)
// ---------------------------------------------------------------------------------------------

/** One row of the staff list. */
export type StaffRow = {
  id: string;
  username: string;
  name: string;
  role: string;
  twoFactor: boolean;
  lastLoginAt: Date | null;
  disabledAt: Date | null;
  createdAt: Date;
};

/** Every staff account, enabled ones first, then by username. */
export async function listStaff(): Promise<StaffRow[]> {
  const rows = await db()
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      role: users.role,
      totpEnabledAt: users.totpEnabledAt,
      lastLoginAt: users.lastLoginAt,
      disabledAt: users.disabledAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(sql`${users.disabledAt} is not null`, asc(users.username));
  return rows.map(({ totpEnabledAt, ...row }) => ({ ...row, twoFactor: totpEnabledAt !== null }));
}

/** A user to change, locked for the transaction; NotFound when there is none. */
export async function lockUser(tx: Executor, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new NotFound('Staff member not found');
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw new NotFound('Staff member not found');
  return row;
}

/** How many enabled admins other than `exceptId` there are (the admin rows are locked). */
async function otherEnabledAdmins(tx: Executor, exceptId: string): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt), ne(users.id, exceptId)))
    .for('update');
  return rows.length;
}

/** End every session and pending sign-in of a user (disabled, or a new password set by someone else). */
async function endEverything(tx: Executor, userId: string): Promise<number> {
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  return revokeUserSessions(userId, undefined, tx);
}

export const USERNAME_TAKEN = 'This username is already taken';

/**
 * Add a staff account (the caller has checked the password with `passwordProblem`). Throws Conflict
 * (issue on `username`) when the username is taken.
 */
export async function createStaffUser(actor: AuditActor, input: { username: string; name: string; role: UserRole; password: string }): Promise<PublicUser> {
  const username = input.username.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const taken = new Conflict(USERNAME_TAKEN, [{ path: 'username', message: USERNAME_TAKEN }]);
  try {
    return await db().transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (existing) throw taken;
      const [row] = await tx.insert(users).values({ username, name: input.name, role: input.role, passwordHash }).returning(publicColumns);
      await recordAudit(tx, actor, {
        action: 'user',
        entityType: 'user',
        entityId: row!.id,
        summary: `Added ${input.role} account ${username}`,
        changes: diffChanges(null, { username, name: input.name, role: input.role }),
      });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken;
    throw error;
  }
}

/**
 * Set a new password for another user (the caller has checked it); every session of that user ends.
 * Throws Conflict for one's own account (that is the profile page's change, which needs the current
 * password).
 */
export async function resetUserPassword(actor: AuditActor, targetId: string, password: string): Promise<{ username: string; ended: number }> {
  const passwordHash = await hashPassword(password);
  return db().transaction(async (tx) => {
    const target = await lockUser(tx, targetId);
    if (target.id === actor.id) throw new Conflict('Change your own password on your profile page');
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, target.id));
    const ended = await endEverything(tx, target.id);
    await recordAudit(tx, actor, {
      action: 'password',
      entityType: 'user',
      entityId: target.id,
      summary: `Reset the password of ${target.username}; ${ended} session${ended === 1 ? '' : 's'} ended`,
    });
    return { username: target.username, ended };
  });
}

/**
 * Disable (`disabled` true) or enable a user. A disabled user cannot sign in and every session of
 * theirs ends at once. Throws Conflict when a user disables themself or the last enabled admin would
 * be disabled.
 */
export async function setUserDisabled(actor: AuditActor, targetId: string, disabled: boolean): Promise<{ username: string; ended: number }> {
  return db().transaction(async (tx) => {
    const target = await lockUser(tx, targetId);
    if (disabled && target.id === actor.id) throw new Conflict('You cannot disable your own account');
    if (disabled === (target.disabledAt !== null)) return { username: target.username, ended: 0 };
    if (disabled && target.role === 'admin' && (await otherEnabledAdmins(tx, target.id)) === 0) {
      throw new Conflict('The last enabled admin cannot be disabled');
    }
    await tx
      .update(users)
      .set({ disabledAt: disabled ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(users.id, target.id));
    const ended = disabled ? await endEverything(tx, target.id) : 0;
    await recordAudit(tx, actor, {
      action: 'user',
      entityType: 'user',
      entityId: target.id,
      summary: disabled ? `Disabled ${target.username}; ${ended} session${ended === 1 ? '' : 's'} ended` : `Enabled ${target.username}`,
      changes: { disabled: { from: !disabled, to: disabled } },
    });
    return { username: target.username, ended };
  });
}

/**
 * Change a user's role. Throws Conflict when users change their own role or the last enabled admin
 * would become staff.
 */
export async function setUserRole(actor: AuditActor, targetId: string, role: UserRole): Promise<{ username: string; changed: boolean }> {
  if (!USER_ROLES.includes(role)) throw new Conflict('Unknown role', [{ path: 'role', message: 'Choose admin or staff' }]);
  return db().transaction(async (tx) => {
    const target = await lockUser(tx, targetId);
    if (target.id === actor.id) throw new Conflict('You cannot change your own role');
    if (target.role === role) return { username: target.username, changed: false };
    if (target.role === 'admin' && target.disabledAt === null && (await otherEnabledAdmins(tx, target.id)) === 0) {
      throw new Conflict('The last enabled admin must stay an admin');
    }
    await tx
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(users.id, target.id));
    await recordAudit(tx, actor, {
      action: 'user',
      entityType: 'user',
      entityId: target.id,
      summary: `Changed the role of ${target.username} to ${role}`,
      changes: diffChanges({ role: target.role }, { role }),
    });
    return { username: target.username, changed: true };
  });
}

// ---------------------------------------------------------------------------------------------
// One's own account (/admin/profile)
// ---------------------------------------------------------------------------------------------

/** What /admin/profile shows of the signed-in user. */
export type Account = {
  id: string;
  username: string;
  name: string;
  role: string;
  /** When two-factor sign-in was switched on, or null while off. */
  twoFactorSince: Date | null;
  /** True while a secret is generated but not yet confirmed with a code. */
  enrolling: boolean;
  /** Unused recovery codes. */
  recoveryCodesLeft: number;
};

/** The account page's view of `userId`; NotFound when the user has gone. */
export async function getAccount(userId: string): Promise<Account> {
  const user = await getUserById(userId);
  if (!user) throw new NotFound('Staff member not found');
  const [left] = await db()
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    role: user.role,
    twoFactorSince: user.totpEnabledAt,
    enrolling: user.totpEnabledAt === null && user.totpSecret !== null,
    recoveryCodesLeft: user.totpEnabledAt ? (left?.n ?? 0) : 0,
  };
}

/** Change one's display name. */
export async function updateDisplayName(actor: AuditActor, userId: string, name: string): Promise<void> {
  await db().transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    if (before.name === name) return;
    await tx
      .update(users)
      .set({ name, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'user',
      entityId: userId,
      summary: `Changed the display name of ${before.username}`,
      changes: diffChanges({ name: before.name }, { name }),
    });
  });
}

/**
 * Set one's own new password (the caller has checked the current one and the new one's rules).
 * Every other session of the user ends; `keepSessionId`, the one the change was made in, goes on
 * under a new token and id when `rotate` (a browser session: the caller sets the new cookie;
 * docs/decisions/045-security-round-two.md#3-two-factor-secrets). Returns how many other sessions
 * ended and the new token, if rotated.
 */
export async function changeOwnPassword(
  actor: AuditActor,
  userId: string,
  password: string,
  keepSessionId: string,
  rotate = false,
): Promise<{ ended: number; token: string | null }> {
  const passwordHash = await hashPassword(password);
  return db().transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
    const ended = await revokeUserSessions(userId, keepSessionId, tx);
    const rotated = rotate ? await rotateSession(userId, keepSessionId, tx) : null;
    await recordAudit(tx, actor, {
      action: 'password',
      entityType: 'user',
      entityId: userId,
      summary: `${user.username} changed their password; ${ended} other session${ended === 1 ? '' : 's'} ended`,
    });
    return { ended, token: rotated?.token ?? null };
  });
}
