/**
 * Staff sessions (docs/decisions/004-staff-authentication.md): server-side rows keyed by the SHA-256
 * of a random token. The browser holds the token in an HttpOnly cookie, a REST client as a Bearer
 * token; both resolve here. A session ends 7 days after sign-in (absolute), after 2 hours without a
 * request (idle), when revoked (its row is deleted), or at once when its user is disabled.
 *
 * Also the half-way state of a two-factor sign-in, the login challenge
 * (docs/decisions/004-staff-authentication.md#two-factor-sign-in): a row keyed by the SHA-256 of a
 * random token held in a 5-minute cookie, ended by the right code, 5 wrong ones, or time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { loginChallenges, sessions, users, type Session } from '~/db/schema';
import { LOGIN_CHALLENGE_MS, REAUTH_WINDOW_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '~/lib/session-times';
import { describeDevice } from '~/lib/device';
import { recordAudit, type AuditActor } from './audit.server';

// The timeouts live in lib/ (the cookies need them too) and are re-exported for the model's callers.
export { SESSION_IDLE_MS, SESSION_ABSOLUTE_MS, LOGIN_CHALLENGE_MS, REAUTH_WINDOW_MS };
/** `last_seen_at` is written at most this often (ms), so reading pages does not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionKind = 'cookie' | 'bearer';
export type SessionUser = { id: string; username: string; name: string; role: string };
export type ActiveSession = { session: Pick<Session, 'id' | 'kind' | 'expiresAt' | 'lastSeenAt' | 'createdAt' | 'reauthenticatedAt'>; user: SessionUser };

/** SHA-256 of a token, hex: what the `sessions` table stores instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new random token: 32 bytes (256 bits), base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Start a session for `userId`; returns the token (shown to the client once, never stored) and the
 * row. `now` is for tests.
 */
export async function createSession(
  userId: string,
  meta: { kind: SessionKind; userAgent?: string | null; ip?: string | null },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date; id: string }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const [row] = await db()
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      expiresAt,
      lastSeenAt: now,
      createdAt: now,
      // Signing in is giving the password (docs/decisions/045-security-round-two.md, section 8).
      reauthenticatedAt: now,
      kind: meta.kind,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip?.slice(0, 64) ?? null,
    })
    .returning({ id: sessions.id });
  return { token, expiresAt, id: row!.id };
}

/**
 * The live session of `token` and its user, or null when the token is unknown, past its absolute
 * end, idle for more than 2 hours, or its user has gone or is disabled. Refreshes `last_seen_at` (at
 * most once a minute) unless `touch` is false: a re-check that is no use of the session (the live
 * stream's heartbeat, app/routes/admin/events.ts) must not keep an idle session alive.
 */
export async function findActiveSession(token: string, now = new Date(), { touch = true }: { touch?: boolean } = {}): Promise<ActiveSession | null> {
  if (!token || token.length > 200) return null;
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  const [row] = await db()
    .select({
      id: sessions.id,
      kind: sessions.kind,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
      reauthenticatedAt: sessions.reauthenticatedAt,
      userId: users.id,
      username: users.username,
      name: users.name,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleCutoff), isNull(users.disabledAt)));
  if (!row) return null;
  let lastSeenAt = row.lastSeenAt;
  if (touch && now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db().update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
    lastSeenAt = now;
  }
  return {
    session: { id: row.id, kind: row.kind, expiresAt: row.expiresAt, lastSeenAt, createdAt: row.createdAt, reauthenticatedAt: row.reauthenticatedAt },
    user: { id: row.userId, username: row.username, name: row.name, role: row.role },
  };
}

/**
 * Replace session `sessionId` of `userId` by a new one with a new token and id: the old token stops
 * working at once (session rotation after a password change or switching on two-factor sign-in,
 * docs/decisions/045-security-round-two.md#3-two-factor-secrets). Kind, device and address carry
 * over; the absolute end stays that of the sign-in. Returns the new token (for the cookie), or null
 * when the session had already ended.
 */
export async function rotateSession(
  userId: string,
  sessionId: string,
  executor: Executor = db(),
  now = new Date(),
): Promise<{ token: string; id: string; expiresAt: Date } | null> {
  const [old] = await executor
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({
      kind: sessions.kind,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      expiresAt: sessions.expiresAt,
      reauthenticatedAt: sessions.reauthenticatedAt,
    });
  if (!old) return null;
  const token = newToken();
  const [row] = await executor
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: old.expiresAt,
      lastSeenAt: now,
      createdAt: now,
      kind: old.kind,
      userAgent: old.userAgent,
      ip: old.ip,
      // The password given recently stays given: rotation changes the token, not who proved what.
      reauthenticatedAt: old.reauthenticatedAt,
    })
    .returning({ id: sessions.id });
  return { token, id: row!.id, expiresAt: old.expiresAt };
}

/**
 * Note that the user just gave the password again in session `id` ('Confirm your password',
 * docs/decisions/045-security-round-two.md section 8): sensitive changes are allowed for
 * REAUTH_WINDOW_MS from `now`.
 */
export async function markReauthenticated(id: string, now = new Date()): Promise<void> {
  await db().update(sessions).set({ reauthenticatedAt: now }).where(eq(sessions.id, id));
}

/** Whether the session's password was given within REAUTH_WINDOW_MS before `now` (never, for null). */
export function isRecentlyAuthenticated(session: Pick<Session, 'reauthenticatedAt'>, now = new Date()): boolean {
  return session.reauthenticatedAt !== null && now.getTime() - session.reauthenticatedAt.getTime() <= REAUTH_WINDOW_MS;
}

/** End the session of `token` (logout). Returns whether one was ended. */
export async function revokeSessionByToken(token: string): Promise<boolean> {
  const rows = await db()
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** End one session by id. */
export async function revokeSession(id: string): Promise<void> {
  await db().delete(sessions).where(eq(sessions.id, id));
}

/**
 * End every session of a user, except `keepId` (a password change keeps the session it was made
 * in). Pass the transaction of the change as `executor`. Returns how many were ended.
 */
export async function revokeUserSessions(userId: string, keepId?: string, executor: Executor = db()): Promise<number> {
  const rows = await executor
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Delete sessions that can no longer be used (past the absolute end or idle too long), and login
 * challenges past their 5 minutes. Returns the number of sessions deleted.
 */
export async function deleteExpiredSessions(now = new Date()): Promise<number> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  const rows = await db()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)))
    .returning({ id: sessions.id });
  await db().delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  return rows.length;
}

/** Number of session rows of a user (tests). */
export async function countUserSessions(userId: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}

/** One live session of a user, as /admin/profile lists it. */
export type UserSessionRow = {
  id: string;
  kind: SessionKind;
  /** In plain words (app/lib/device.ts): 'Chrome on Linux', 'Safari on iPhone', 'API client'. */
  device: string;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
};

/** The live sessions of a user (not expired, not idle), most recently used first. */
export async function listUserSessions(userId: string, now = new Date()): Promise<UserSessionRow[]> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  const rows = await db()
    .select({
      id: sessions.id,
      kind: sessions.kind,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleCutoff)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map(({ userAgent, kind, ...row }) => ({
    ...row,
    kind: kind === 'bearer' ? 'bearer' : 'cookie',
    device: describeDevice(userAgent, kind === 'bearer' ? 'bearer' : 'cookie'),
  }));
}

/**
 * End one session of `userId` by its id (a session of someone else is left alone). Returns the ended
 * session (for the audit line) or null when there was none.
 */
export async function revokeUserSession(
  userId: string,
  sessionId: string,
  executor: Executor = db(),
): Promise<{ id: string; kind: SessionKind; userAgent: string | null; ip: string | null } | null> {
  const [row] = await executor
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id, kind: sessions.kind, userAgent: sessions.userAgent, ip: sessions.ip });
  return row ? { ...row, kind: row.kind === 'bearer' ? 'bearer' : 'cookie' } : null;
}

/**
 * End one of a user's own sessions from /admin/profile, with its 'session_revoked' audit entry in the
 * same transaction. Returns the ended session's device, or null when there was none (already ended,
 * or not this user's).
 */
export async function endUserSession(actor: AuditActor, userId: string, sessionId: string): Promise<string | null> {
  return db().transaction(async (tx) => {
    const ended = await revokeUserSession(userId, sessionId, tx);
    if (!ended) return null;
    const device = describeDevice(ended.userAgent, ended.kind);
    await recordAudit(tx, actor, {
      action: 'session_revoked',
      entityType: 'session',
      entityId: ended.id,
      summary: `Signed out the session ${device}${ended.ip ? ` (${ended.ip})` : ''}`,
    });
    return device;
  });
}

/** End every session of a user except `keepId` (the one asking), with one 'session_revoked' audit entry. */
export async function endOtherSessions(actor: AuditActor, userId: string, keepId: string): Promise<number> {
  return db().transaction(async (tx) => {
    const ended = await revokeUserSessions(userId, keepId, tx);
    if (ended > 0) {
      await recordAudit(tx, actor, {
        action: 'session_revoked',
        entityType: 'session',
        entityId: null,
        summary: `Signed out ${ended} other session${ended === 1 ? '' : 's'}`,
      });
    }
    return ended;
  });
}

/** Wrong codes allowed on one login challenge; the last one ends it. */
export const LOGIN_CHALLENGE_MAX_ATTEMPTS = 5;

/** A login challenge and whose it is. */
export type LoginChallenge = { id: string; userId: string; username: string; attempts: number; expiresAt: Date };

/**
 * Start the second step of a sign-in for `userId` (the password was right): a new random token
 * (returned once, only its hash is stored) valid for 5 minutes. Earlier challenges of the user end.
 */
export async function createLoginChallenge(userId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + LOGIN_CHALLENGE_MS);
  await db().transaction(async (tx) => {
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
    await tx.insert(loginChallenges).values({ tokenHash: hashToken(token), userId, expiresAt, createdAt: now });
  });
  return { token, expiresAt };
}

/**
 * The live challenge of `token` (not expired, fewer than 5 wrong codes, its user still enabled), or
 * null.
 */
export async function findLoginChallenge(token: string | null | undefined, now = new Date()): Promise<LoginChallenge | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db()
    .select({
      id: loginChallenges.id,
      userId: loginChallenges.userId,
      username: users.username,
      attempts: loginChallenges.attempts,
      expiresAt: loginChallenges.expiresAt,
    })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(
      and(
        eq(loginChallenges.tokenHash, hashToken(token)),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, LOGIN_CHALLENGE_MAX_ATTEMPTS),
        isNull(users.disabledAt),
      ),
    );
  return row ?? null;
}

/**
 * Count one wrong code on a challenge. Returns the wrong codes left; at 0 the challenge is deleted
 * and the sign-in starts again from the password.
 */
export async function recordWrongCode(challengeId: string): Promise<number> {
  const [row] = await db()
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.id, challengeId))
    .returning({ attempts: loginChallenges.attempts });
  const left = row ? Math.max(0, LOGIN_CHALLENGE_MAX_ATTEMPTS - row.attempts) : 0;
  if (left === 0) await deleteLoginChallenge(challengeId);
  return left;
}

/**
 * End a challenge (right code, cancelled, or used up). Returns whether this call ended it, so of two
 * requests racing with right codes only one goes on to a session.
 */
export async function deleteLoginChallenge(challengeId: string): Promise<boolean> {
  const rows = await db().delete(loginChallenges).where(eq(loginChallenges.id, challengeId)).returning({ id: loginChallenges.id });
  return rows.length > 0;
}
