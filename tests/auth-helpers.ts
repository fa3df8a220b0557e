/**
 * Staff sessions for integration tests: a user with a live session, as a Cookie header (what a
 * browser sends) and as a Bearer token (what a REST client sends).
 */
import { randomUUID } from 'node:crypto';
import { sessionCookieHeader } from '~/services/admin-guard.server';
import { createSession } from '~/models/session.server';
import { upsertUser } from '~/models/user.server';
import type { UserRole } from '~/lib/constants';

export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * A new signed-in user (cookie and Bearer forms of one session). `role` is `admin` unless given, as
 * most tests exercise deletes and settings; pass 'staff' for the daily-work role (app/lib/permissions.ts).
 */
export async function createStaffSession(username = `staff-${randomUUID().slice(0, 8)}`, role: UserRole = 'admin') {
  const user = await upsertUser({ username, name: 'Test Staff', password: TEST_PASSWORD, role });
  const { token, id } = await createSession(user.id, { kind: 'cookie' });
  const cookie = (await sessionCookieHeader(token)).split(';')[0]!;
  return { user, token, sessionId: id, cookie, authorization: `Bearer ${token}` };
}

/** Headers of a same-origin browser request signed in with `cookie`. */
export function browserHeaders(cookie: string, extra: Record<string, string> = {}) {
  return { Cookie: cookie, Origin: 'http://localhost', ...extra };
}
