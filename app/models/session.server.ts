/**
 * Staff sessions (docs/decisions/004-staff-authentication.md): server-side rows keyed by the SHA-256
 * of a random token. The browser holds the token in an HttpOnly cookie, a REST client as a Bearer
 * token; both resolve here. A session ends 7 days after sign-in (absolute), after 2 hours without a
 * request (idle), or when revoked (its row is deleted).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { sessions, users, type Session } from '~/db/schema';

/** Idle timeout: a session unused for this long (ms) is over. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** Absolute timeout: no session lives longer than this (ms) after sign-in. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often (ms), so reading pages does not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionKind = 'cookie' | 'bearer';
export type SessionUser = { id: string; username: string; name: string; role: string };
export type ActiveSession = { session: Pick<Session, 'id' | 'kind' | 'expiresAt' | 'lastSeenAt' | 'createdAt'>; user: SessionUser };

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
      kind: meta.kind,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip?.slice(0, 64) ?? null,
    })
    .returning({ id: sessions.id });
  return { token, expiresAt, id: row!.id };
}

/**
 * The live session of `token` and its user, or null when the token is unknown, past its absolute
 * end, idle for more than 2 hours, or its user has gone. Refreshes `last_seen_at` (at most once a
 * minute).
 */
export async function findActiveSession(token: string, now = new Date()): Promise<ActiveSession | null> {
  if (!token || token.length > 200) return null;
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  const [row] = await db()
    .select({
      id: sessions.id,
      kind: sessions.kind,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
      userId: users.id,
      username: users.username,
      name: users.name,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleCutoff)));
  if (!row) return null;
  let lastSeenAt = row.lastSeenAt;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db().update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
    lastSeenAt = now;
  }
  return {
    session: { id: row.id, kind: row.kind, expiresAt: row.expiresAt, lastSeenAt, createdAt: row.createdAt },
    user: { id: row.userId, username: row.username, name: row.name, role: row.role },
  };
}

/** End the session of `token` (logout). Returns whether one was ended. */
export async function revokeSessionByToken(token: string): Promise<boolean> {
  const rows = await db().delete(sessions).where(eq(sessions.tokenHash, hashToken(token))).returning({ id: sessions.id });
  return rows.length > 0;
}

/** End one session by id. */
export async function revokeSession(id: string): Promise<void> {
  await db().delete(sessions).where(eq(sessions.id, id));
}

/** End every session of a user, except `keepId` (password change). */
export async function revokeUserSessions(userId: string, keepId?: string): Promise<number> {
  const rows = await db()
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Delete sessions that can no longer be used (past the absolute end or idle too long). */
export async function deleteExpiredSessions(now = new Date()): Promise<number> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  const rows = await db()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Number of session rows of a user (tests). */
export async function countUserSessions(userId: string): Promise<number> {
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}
