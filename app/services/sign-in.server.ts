/**
 * The staff sign-in flow (docs/decisions/004-staff-authentication.md): password, second factor and
 * lockout, then the new session; and its end, sign-out. The request guard that reads the session
 * back on every admin request is app/services/admin-guard.server.ts.
 *
 * - `signIn` checks the throttle, the password (the same answer and about the same time for an
 *   unknown user, a wrong password and a disabled account), then either starts a new session (a
 *   fresh token at every sign-in) or, for a user with two-factor sign-in on, asks for the code:
 *   the login page gets a login challenge (second step, `completeTwoFactor`), the API a
 *   'code required' answer unless the request carried the code
 *   (docs/decisions/004-staff-authentication.md#two-factor-sign-in).
 * - A right password stored with older hash parameters is rehashed with the current ones.
 * - `checkCurrentPassword` and `checkCurrentCode` confirm the signed-in user before a sensitive
 *   change; a wrong answer counts towards the same throttle.
 * - Sign-in, failed sign-in and sign-out are written to the audit log; never a password, token or
 *   code, and never a TOTP secret in a log line.
 */
import type { User } from '~/db/schema';
import { loginThrottle, type LoginThrottle } from '~/infrastructure/login-throttle.server';
import { sessionCookie } from '~/lib/cookies.server';
import { hashForLog, logger } from '~/lib/logger.server';
import { hashPassword, needsRehash, timingDummyHash, verifyPassword } from '~/lib/password.server';
import { recordAuditNow, type AuditActor } from '~/models/audit.server';
import {
  createLoginChallenge,
  createSession,
  deleteLoginChallenge,
  findLoginChallenge,
  recordWrongCode,
  revokeSessionByToken,
  type ActiveSession,
  type SessionKind,
} from '~/models/session.server';
import { verifySecondFactor } from '~/models/two-factor.server';
import { getUserById, getUserByUsername, recordLastLogin, replacePasswordHash } from '~/models/user.server';
import { auditActor, type AdminAuth } from './admin-guard.server';

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

/**
 * How a log line or audit entry names an attempted username
 * (docs/decisions/045-security-round-two.md#11-no-secrets-in-logs): a user's own username as it is;
 * one that is no user (often a password typed into the wrong box) only as a keyed hash.
 */
function loggedUsername(username: string, isUser: boolean): { username: string } | { usernameHash: string } {
  return isUser ? { username } : { usernameHash: hashForLog(username) };
}

/** Audit a failed sign-in; a failure to write it is logged, never turned into a different answer. */
async function auditLoginFailed(username: string, userId: string | null, ip: string, why: string): Promise<void> {
  const name = userId ? username : `unknown username #${hashForLog(username)}`;
  try {
    await recordAuditNow(
      { id: userId, name, ip },
      { action: 'login_failed', entityType: 'user', entityId: userId, summary: `Failed sign-in as ${name || '(empty)'}: ${why}` },
    );
  } catch (error) {
    logger.error({ err: error }, 'could not write the audit entry of a failed sign-in');
  }
}

/** Start the session of a user whose password (and code) were right: row, last login, log, audit. */
async function startSession(
  user: Pick<User, 'id' | 'username' | 'name' | 'role'>,
  meta: { ip: string; userAgent?: string | null; kind: SessionKind; secondFactor?: 'totp' | 'recovery'; requestId?: string },
): Promise<SignedIn> {
  const session = await createSession(user.id, { kind: meta.kind, userAgent: meta.userAgent, ip: meta.ip });
  await recordLastLogin(user.id);
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
 * After a right password: when the stored hash was made with older scrypt parameters (N=2^14 before
 * docs/decisions/045-security-round-two.md#2-password-hashing), store a new one. A failure is logged
 * and never stops the sign-in.
 */
async function rehashIfOld(user: Pick<User, 'id' | 'username' | 'passwordHash'>, password: string): Promise<void> {
  if (!needsRehash(user.passwordHash)) return;
  try {
    if (await replacePasswordHash(user.id, user.passwordHash, await hashPassword(password))) {
      logger.info({ event: 'password_rehashed', username: user.username }, 'password hash upgraded to the current parameters');
    }
  } catch (error) {
    logger.error({ err: error, username: user.username }, 'could not upgrade a password hash');
  }
}

/**
 * Check a username and password and start a session. Failed attempts (wrong password, unknown
 * user, disabled account, wrong code) are counted per (username, IP), per IP and per username
 * (app/infrastructure/login-throttle.server.ts). While the pair or the IP is locked out every
 * attempt answers `throttled` before any password is hashed. While only the username is locked out
 * (failures from many addresses), an address without failures may still sign in with the right
 * password and a right second factor; anything else answers `throttled`, a right password alone
 * included (docs/decisions/045-security-round-two.md section 5).
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
  const gate = await throttle.check(username, input.ip);
  const throttled = (): SignInResult => {
    // Whether it is a user is not looked up here: hashed either way.
    logger.warn({ event: 'login_throttled', ...loggedUsername(username, false), ip: input.ip, reqId: input.requestId }, 'sign-in refused: too many failures');
    return { ok: false, reason: 'throttled', retryAfterSeconds: gate.retryAfterSeconds };
  };
  // Refused before hashing: a locked-out attacker costs no scrypt.
  if (gate.retryAfterSeconds > 0 && !gate.secondFactorMayPass) return throttled();
  // Only the username is locked out and this address has not failed: a second factor may pass.
  const needsSecondFactor = gate.retryAfterSeconds > 0;
  const user = input.username.trim().length <= 100 ? await getUserByUsername(username) : null;
  // An unknown user still costs one scrypt, so timing does not reveal which usernames exist.
  const valid = user ? await verifyPassword(input.password, user.passwordHash) : (await verifyPassword(input.password, await timingDummyHash()), false);
  if (!user || !valid || user.disabledAt) {
    await throttle.recordFailure(username, input.ip);
    logger.warn({ event: 'login_failed', ...loggedUsername(username, Boolean(user)), ip: input.ip, reqId: input.requestId }, 'sign-in failed');
    await auditLoginFailed(username, user?.id ?? null, input.ip, !user ? 'unknown username' : !valid ? 'wrong password' : 'account disabled');
    return needsSecondFactor ? throttled() : { ok: false, reason: 'invalid' };
  }
  // A right password alone does not pass a username lockout (the same answer as a wrong one).
  if (needsSecondFactor && !user.totpEnabledAt) return throttled();
  await rehashIfOld(user, input.password);
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
    logger.warn(
      { event: 'login_failed', username: challenge.username, ip: input.ip, reason: 'code', reqId: input.requestId },
      'sign-in failed: wrong two-factor code',
    );
    await auditLoginFailed(challenge.username, challenge.userId, input.ip, 'wrong two-factor code');
    return attemptsLeft > 0 ? { ok: false, reason: 'invalid_code', attemptsLeft } : { ok: false, reason: 'challenge_ended', why: 'attempts' };
  }
  if (!(await deleteLoginChallenge(challenge.id))) return { ok: false, reason: 'challenge_ended', why: 'expired' };
  const user = await getUserById(challenge.userId);
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
  const user = await getUserById(auth.user.id);
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
