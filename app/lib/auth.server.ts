/**
 * Staff sign-in and the admin guard (docs/decisions/004-staff-authentication.md).
 *
 * - `signIn` checks the throttle, the password (the same answer and about the same time for an
 *   unknown user and a wrong password), then starts a new session: a fresh token at every sign-in.
 * - `requireAdmin(request)` is called by every /admin loader and action and every admin API handler.
 *   It accepts the session cookie or `Authorization: Bearer <token>`. Without a live session a page
 *   gets a redirect to /admin/login?redirectTo=..., the API a 401 `{error}`. A cookie-authenticated
 *   API call that changes something must also come from the site's own origin (403 otherwise); page
 *   actions get that check from React Router itself.
 */
import { eq, sql } from 'drizzle-orm';
import { redirect } from 'react-router';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import type { AuditActor } from '~/models/audit.server';
import { createSession, findActiveSession, revokeSessionByToken, type ActiveSession, type SessionKind } from '~/models/session.server';
import { apiError } from './api.server';
import { sessionCookie } from './cookies.server';
import { logger } from './logger.server';
import { loginThrottle, type LoginThrottle } from './login-throttle.server';
import { checkOrigin } from './origin-check.server';
import { timingDummyHash, verifyPassword } from './password.server';
import { clientIp } from './rate-limit.server';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const LOGIN_SUCCESS = 'Login successful';
export const LOGIN_FAILED = 'Login failed. Please try again.';

export type AdminAuth = ActiveSession & { token: string; via: SessionKind };

export type SignInResult =
  | { ok: true; token: string; expiresAt: Date; user: ActiveSession['user'] }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * Check a username and password and start a session. Failed attempts are counted per username and
 * per IP; once either is over the limit, every attempt (even a right one) answers `throttled`.
 */
export async function signIn(
  input: { username: string; password: string; ip: string; userAgent?: string | null; kind: SessionKind },
  throttle: LoginThrottle = loginThrottle(),
): Promise<SignInResult> {
  const username = input.username.trim().toLowerCase();
  const wait = await throttle.blockedFor(username, input.ip);
  if (wait > 0) {
    logger.warn({ event: 'login_throttled', username, ip: input.ip }, 'sign-in refused: too many failures');
    return { ok: false, reason: 'throttled', retryAfterSeconds: wait };
  }
  const [user] = username.length <= 100 ? await db().select().from(users).where(eq(users.username, username)) : [];
  // An unknown user still costs one scrypt, so timing does not reveal which usernames exist.
  const valid = user ? await verifyPassword(input.password, user.passwordHash) : (await verifyPassword(input.password, await timingDummyHash()), false);
  if (!user || !valid) {
    await throttle.recordFailure(username, input.ip);
    logger.warn({ event: 'login_failed', username, ip: input.ip }, 'sign-in failed');
    return { ok: false, reason: 'invalid' };
  }
  const session = await createSession(user.id, { kind: input.kind, userAgent: input.userAgent, ip: input.ip });
  await db().update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
  logger.info({ event: 'login', username, ip: input.ip, via: input.kind }, 'signed in');
  return {
    ok: true,
    token: session.token,
    expiresAt: session.expiresAt,
    user: { id: user.id, username: user.username, name: user.name, role: user.role },
  };
}

/** The Bearer token of the request, if any. */
function bearerToken(request: Request): string | null {
  const header = request.headers.get('Authorization');
  const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/.exec(header) : null;
  return match ? match[1]! : null;
}

/** The live staff session of the request (Bearer token first, then the cookie), or null. */
export async function getAdmin(request: Request): Promise<AdminAuth | null> {
  const bearer = bearerToken(request);
  if (bearer) {
    const found = await findActiveSession(bearer);
    return found ? { ...found, token: bearer, via: 'bearer' } : null;
  }
  const token = await sessionCookie().parse(request.headers.get('Cookie'));
  if (typeof token !== 'string' || token === '') return null;
  const found = await findActiveSession(token);
  return found ? { ...found, token, via: 'cookie' } : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isApiRequest(url: URL): boolean {
  return url.pathname === '/api' || url.pathname.startsWith('/api/');
}

/** A path inside the admin area to return to after sign-in; anything else gives `fallback` (no open redirect). */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/admin'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(to, 'http://site.invalid');
  } catch {
    return fallback;
  }
  const inAdmin = url.pathname === '/admin' || url.pathname.startsWith('/admin/');
  const authPage = url.pathname.startsWith('/admin/login') || url.pathname.startsWith('/admin/logout');
  if (url.origin !== 'http://site.invalid' || !inAdmin || authPage) return fallback;
  return url.pathname + url.search;
}

/** The login URL that brings the user back to `request`'s page afterwards. */
export function loginRedirectUrl(request: Request): string {
  const url = new URL(request.url);
  const back = url.pathname.replace(/\.data$/, '') + url.search;
  const target = safeRedirect(back, '');
  return target && target !== '/admin' ? `/admin/login?redirectTo=${encodeURIComponent(target)}` : '/admin/login';
}

/**
 * The signed-in staff member, or a thrown Response: a redirect to the login page for a page, 401
 * `{error}` for the API, 403 for a cookie-authenticated cross-site API change.
 */
export async function requireAdmin(request: Request): Promise<AdminAuth> {
  const url = new URL(request.url);
  const api = isApiRequest(url);
  const auth = await getAdmin(request);
  if (!auth) {
    if (api) throw apiError(401, 'Sign in required', [], { 'WWW-Authenticate': 'Bearer' });
    const headers = new Headers();
    if (request.headers.get('Cookie')?.includes('hx_session=')) {
      headers.append('Set-Cookie', await sessionCookie().serialize('', { maxAge: 0 }));
    }
    throw redirect(loginRedirectUrl(request), { headers });
  }
  if (api && auth.via === 'cookie' && !SAFE_METHODS.has(request.method.toUpperCase())) {
    const origin = checkOrigin(request);
    if (!origin.ok) throw apiError(403, origin.reason);
  }
  return auth;
}

/** End the request's session (cookie or Bearer). Returns the `Set-Cookie` value that clears the cookie. */
export async function signOut(auth: AdminAuth): Promise<string> {
  await revokeSessionByToken(auth.token);
  logger.info({ event: 'logout', username: auth.user.username, via: auth.via }, 'signed out');
  return sessionCookie().serialize('', { maxAge: 0 });
}

/** The `Set-Cookie` value of a new browser session. */
export function sessionCookieHeader(token: string): Promise<string> {
  return sessionCookie().serialize(token);
}

/** Who makes a change, for the audit log (docs/decisions/017-audit-log.md): the signed-in user and the client address. */
export function auditActor(auth: AdminAuth, request: Request): AuditActor {
  return { id: auth.user.id, name: auth.user.username, ip: clientIp(request) };
}

/** Client address and user agent of a request, for the session row and the throttle. */
export function requestMeta(request: Request): { ip: string; userAgent: string | null } {
  return { ip: clientIp(request), userAgent: request.headers.get('User-Agent') };
}
