/**
 * Staff sign-in and the admin guard (docs/decisions/004-staff-authentication.md).
 *
 * - `signIn` checks the throttle, the password (the same answer and about the same time for an
 *   unknown user, a wrong password and a disabled account), then either starts a new session (a
 *   fresh token at every sign-in) or, for a user with two-factor sign-in on, asks for the code:
 *   the login page gets a login challenge (second step, `completeTwoFactor`), the API a
 *   'code required' answer unless the request carried the code
 *   (docs/decisions/004-staff-authentication.md#two-factor-sign-in).
 * - `requireAdmin(request)` is called by every /admin loader and action and every admin API handler.
 *   It accepts the session cookie or `Authorization: Bearer <token>`. Without a live session a page
 *   gets a redirect to /admin/login?redirectTo=..., the API a 401 `{error}`. A cookie-authenticated
 *   API call that changes something must also come from the site's own origin (403 otherwise); page
 *   actions get that check from React Router itself. `requireRole(request, 'admin')` also demands
 *   the role (docs/decisions/004-staff-authentication.md#roles).
 * - Sign-in, failed sign-in and sign-out are written to the audit log; never a password, token or
 *   code, and never a TOTP secret in a log line.
 */
import { eq, sql } from 'drizzle-orm';
import { data, redirect } from 'react-router';
import { db } from '~/db/client.server';
import { users, type User } from '~/db/schema';
import { recordAuditNow, type AuditActor } from '~/models/audit.server';
import {
  createLoginChallenge,
  createSession,
  deleteLoginChallenge,
  findActiveSession,
  findLoginChallenge,
  recordWrongCode,
  revokeSessionByToken,
  type ActiveSession,
  type SessionKind,
} from '~/models/session.server';
import { verifySecondFactor } from '~/models/two-factor.server';
import { apiError } from './api.server';
import type { UserRole } from './constants';
import { sessionCookie } from './cookies.server';
import { logger } from './logger.server';
import { loginThrottle, type LoginThrottle } from './login-throttle.server';
import { checkOrigin } from './origin-check.server';
import { timingDummyHash, verifyPassword } from './password.server';
import { clientIp } from './rate-limit.server';
import { markStaffWrite } from './request-store.server';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const LOGIN_SUCCESS = 'Login successful';
export const LOGIN_FAILED = 'Login failed. Please try again.';
/** The API's answer to a right password of a two-factor user without a `code`. */
export const CODE_REQUIRED = 'Two-factor code required';
/** A wrong, reused or malformed TOTP or recovery code. */
export const INVALID_CODE = 'Invalid two-factor code';
/** The issue message on `code` of both answers above. */
export const CODE_HINT = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes';
/** The second step of the login page ended (5 minutes passed, or 5 wrong codes). */
export const CHALLENGE_ENDED = 'Your sign-in has expired. Please enter your username and password again.';
export const TOO_MANY_CODES = 'Too many wrong codes. Please enter your username and password again.';
/** /admin/staff (and any admin-role-only page) for a user with the staff role. */
export const NOT_ALLOWED = 'Only an admin can open this page';

export type AdminAuth = ActiveSession & { token: string; via: SessionKind };

type SignedIn = { ok: true; token: string; expiresAt: Date; sessionId: string; user: ActiveSession['user'] };

export type SignInResult =
  | SignedIn
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number }
  /** API: the password was right, two-factor is on and no `code` came. */
  | { ok: false; reason: 'code_required' }
  /** The code was wrong or already used; `attemptsLeft` on the login page's second step. */
  | { ok: false; reason: 'invalid_code'; attemptsLeft?: number }
  /** Login page: the password was right, two-factor is on: the second step, with its cookie token. */
  | { ok: false; reason: 'challenge'; challengeToken: string; expiresAt: Date }
  /** Login page, second step: the challenge is unknown, expired or used up. */
  | { ok: false; reason: 'challenge_ended'; why: 'expired' | 'attempts' };

/** The attempted username as the audit log and the throttle key it: trimmed, lower-case, at most 100 characters. */
function normalUsername(username: string): string {
  return username.trim().toLowerCase().slice(0, 100);
}

/** Audit a failed sign-in; a failure to write it is logged, never turned into a different answer. */
async function auditLoginFailed(username: string, userId: string | null, ip: string, why: string): Promise<void> {
  try {
    await recordAuditNow(
      { id: userId, name: username, ip },
      { action: 'login_failed', entityType: 'user', entityId: userId, summary: `Failed sign-in as ${username || '(empty)'}: ${why}` },
    );
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, 'could not write the audit entry of a failed sign-in');
  }
}

/** Start the session of a user whose password (and code) were right: row, last login, log, audit. */
async function startSession(
  user: Pick<User, 'id' | 'username' | 'name' | 'role'>,
  meta: { ip: string; userAgent?: string | null; kind: SessionKind; secondFactor?: 'totp' | 'recovery'; requestId?: string },
): Promise<SignedIn> {
  const session = await createSession(user.id, { kind: meta.kind, userAgent: meta.userAgent, ip: meta.ip });
  await db().update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
  logger.info({ event: 'login', username: user.username, ip: meta.ip, via: meta.kind, reqId: meta.requestId }, 'signed in');
  const how = meta.kind === 'bearer' ? 'through the API' : 'in the browser';
  const factor = meta.secondFactor === 'recovery' ? ' with a recovery code' : meta.secondFactor === 'totp' ? ' with a two-factor code' : '';
  await recordAuditNow(
    { id: user.id, name: user.username, ip: meta.ip },
    { action: 'login', entityType: 'session', entityId: session.id, summary: `Signed in ${how}${factor}` },
  );
  return {
    ok: true,
    token: session.token,
    expiresAt: session.expiresAt,
    sessionId: session.id,
    user: { id: user.id, username: user.username, name: user.name, role: user.role },
  };
}

/**
 * Check a username and password and start a session. Failed attempts (wrong password, unknown
 * user, disabled account, wrong code) are counted per username and per IP; once either is over the
 * limit, every attempt (even a right one) answers `throttled`.
 *
 * For a user with two-factor on: with a right `code` (TOTP or recovery) the session starts; with a
 * wrong one the answer is `invalid_code`; without one the login page (`kind: 'cookie'`) gets a
 * `challenge` to carry to `completeTwoFactor`, the API `code_required`.
 */
export async function signIn(
  input: { username: string; password: string; code?: string | null; ip: string; userAgent?: string | null; kind: SessionKind; requestId?: string },
  throttle: LoginThrottle = loginThrottle(),
): Promise<SignInResult> {
  const username = normalUsername(input.username);
  const wait = await throttle.blockedFor(username, input.ip);
  if (wait > 0) {
    logger.warn({ event: 'login_throttled', username, ip: input.ip, reqId: input.requestId }, 'sign-in refused: too many failures');
    return { ok: false, reason: 'throttled', retryAfterSeconds: wait };
  }
  const [user] = input.username.trim().length <= 100 ? await db().select().from(users).where(eq(users.username, username)) : [];
  // An unknown user still costs one scrypt, so timing does not reveal which usernames exist.
  const valid = user ? await verifyPassword(input.password, user.passwordHash) : (await verifyPassword(input.password, await timingDummyHash()), false);
  if (!user || !valid || user.disabledAt) {
    await throttle.recordFailure(username, input.ip);
    logger.warn({ event: 'login_failed', username, ip: input.ip, reqId: input.requestId }, 'sign-in failed');
    await auditLoginFailed(username, user?.id ?? null, input.ip, !user ? 'unknown username' : !valid ? 'wrong password' : 'account disabled');
    return { ok: false, reason: 'invalid' };
  }
  if (user.totpEnabledAt) {
    const code = input.code?.trim() ?? '';
    if (!code) {
      if (input.kind === 'bearer') return { ok: false, reason: 'code_required' };
      const challenge = await createLoginChallenge(user.id);
      return { ok: false, reason: 'challenge', challengeToken: challenge.token, expiresAt: challenge.expiresAt };
    }
    const factor = await verifySecondFactor(user.id, code);
    if (!factor) {
      await throttle.recordFailure(username, input.ip);
      logger.warn({ event: 'login_failed', username, ip: input.ip, reason: 'code', reqId: input.requestId }, 'sign-in failed: wrong two-factor code');
      await auditLoginFailed(username, user.id, input.ip, 'wrong two-factor code');
      return { ok: false, reason: 'invalid_code' };
    }
    return startSession(user, { ...input, secondFactor: factor });
  }
  return startSession(user, input);
}

/**
 * The second step of a two-factor sign-in on the login page: the challenge of the cookie's token
 * and a code (TOTP or recovery). A right code ends the challenge and starts a browser session; a
 * wrong one counts towards the challenge's 5 and the sign-in throttle; past 5, or after 5 minutes,
 * the challenge has ended and the sign-in starts again from the password.
 */
export async function completeTwoFactor(
  input: { challengeToken: string | null | undefined; code: string; ip: string; userAgent?: string | null; requestId?: string },
  throttle: LoginThrottle = loginThrottle(),
): Promise<SignInResult> {
  const challenge = await findLoginChallenge(input.challengeToken);
  if (!challenge) return { ok: false, reason: 'challenge_ended', why: 'expired' };
  const wait = await throttle.blockedFor(challenge.username, input.ip);
  if (wait > 0) {
    logger.warn({ event: 'login_throttled', username: challenge.username, ip: input.ip, reqId: input.requestId }, 'sign-in refused: too many failures');
    return { ok: false, reason: 'throttled', retryAfterSeconds: wait };
  }
  const factor = await verifySecondFactor(challenge.userId, input.code);
  if (!factor) {
    await throttle.recordFailure(challenge.username, input.ip);
    const attemptsLeft = await recordWrongCode(challenge.id);
    logger.warn({ event: 'login_failed', username: challenge.username, ip: input.ip, reason: 'code', reqId: input.requestId }, 'sign-in failed: wrong two-factor code');
    await auditLoginFailed(challenge.username, challenge.userId, input.ip, 'wrong two-factor code');
    return attemptsLeft > 0 ? { ok: false, reason: 'invalid_code', attemptsLeft } : { ok: false, reason: 'challenge_ended', why: 'attempts' };
  }
  if (!(await deleteLoginChallenge(challenge.id))) return { ok: false, reason: 'challenge_ended', why: 'expired' };
  const [user] = await db().select().from(users).where(eq(users.id, challenge.userId));
  if (!user || user.disabledAt) return { ok: false, reason: 'challenge_ended', why: 'expired' };
  return startSession(user, { ip: input.ip, userAgent: input.userAgent, kind: 'cookie', secondFactor: factor, requestId: input.requestId });
}

/** Drop the login challenge of a token (the visitor chose to start again). */
export async function cancelTwoFactor(challengeToken: string | null | undefined): Promise<void> {
  const challenge = await findLoginChallenge(challengeToken);
  if (challenge) await deleteLoginChallenge(challenge.id);
}

/**
 * Check the signed-in user's current password before a sensitive change (new password, two-factor
 * off). A wrong one counts towards the sign-in throttle like a failed sign-in; while throttled the
 * answer is `throttled` whatever the password.
 */
export async function checkCurrentPassword(
  auth: AdminAuth,
  password: string,
  ip: string,
  throttle: LoginThrottle = loginThrottle(),
): Promise<'ok' | 'wrong' | 'throttled'> {
  if ((await throttle.blockedFor(auth.user.username, ip)) > 0) return 'throttled';
  const [user] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.user.id));
  if (user && (await verifyPassword(password, user.passwordHash))) return 'ok';
  await throttle.recordFailure(auth.user.username, ip);
  return 'wrong';
}

/**
 * Check (and use up) a two-factor code of the signed-in user before a sensitive change; a wrong one
 * counts towards the sign-in throttle.
 */
export async function checkCurrentCode(
  auth: AdminAuth,
  code: string,
  ip: string,
  throttle: LoginThrottle = loginThrottle(),
): Promise<'ok' | 'wrong' | 'throttled'> {
  if ((await throttle.blockedFor(auth.user.username, ip)) > 0) return 'throttled';
  if (await verifySecondFactor(auth.user.id, code)) return 'ok';
  await throttle.recordFailure(auth.user.username, ip);
  return 'wrong';
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
  const change = !SAFE_METHODS.has(request.method.toUpperCase());
  if (api && auth.via === 'cookie' && change) {
    const origin = checkOrigin(request);
    if (!origin.ok) throw apiError(403, origin.reason);
  }
  // A signed-in change: when it succeeds, the page cache is emptied (app/lib/page-cache.server.ts).
  if (change) markStaffWrite();
  return auth;
}

/**
 * `requireAdmin` plus a role (docs/decisions/004-staff-authentication.md#roles): a signed-in user
 * without it gets 403, as a page the layout's 'not allowed' view (NOT_ALLOWED), on the API `{error}`.
 */
export async function requireRole(request: Request, role: UserRole): Promise<AdminAuth> {
  const auth = await requireAdmin(request);
  if (auth.user.role !== role) {
    if (isApiRequest(new URL(request.url))) throw apiError(403, NOT_ALLOWED);
    throw data(NOT_ALLOWED, { status: 403 });
  }
  return auth;
}

/**
 * End the request's session (cookie or Bearer) and write 'logout' to the audit log. Returns the
 * `Set-Cookie` value that clears the cookie.
 */
export async function signOut(auth: AdminAuth, request?: Request): Promise<string> {
  await revokeSessionByToken(auth.token);
  logger.info({ event: 'logout', username: auth.user.username, via: auth.via }, 'signed out');
  const actor: AuditActor = request ? auditActor(auth, request) : { id: auth.user.id, name: auth.user.username };
  await recordAuditNow(actor, {
    action: 'logout',
    entityType: 'session',
    entityId: auth.session.id,
    summary: auth.via === 'bearer' ? 'Signed out through the API' : 'Signed out in the browser',
  });
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
