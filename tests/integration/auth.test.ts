/**
 * Staff authentication (docs/decisions/004-staff-authentication.md): sessions with idle and absolute
 * expiry, revocation, a new token at every sign-in, the failed-login throttle and its expiry, the
 * password rules, the login page's action and the Bearer-token API.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { db } from '~/db/client.server';
import { sessions, users } from '~/db/schema';
import { getAdmin, requireAdmin, safeRedirect } from '~/services/admin-guard.server';
import { INVALID_CREDENTIALS, signIn } from '~/services/sign-in.server';
import { createLoginThrottle } from '~/infrastructure/login-throttle.server';
import { currentHashParams, hashPassword, isCommonPassword, passwordProblem, verifyPassword } from '~/lib/password.server';
import {
  countUserSessions,
  createSession,
  deleteExpiredSessions,
  findActiveSession,
  hashToken,
  revokeSessionByToken,
  revokeUserSessions,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from '~/models/session.server';
import { upsertUser } from '~/models/user.server';
import { action as loginAction, loader as loginLoader } from '~/routes/admin/login';
import { action as logoutAction } from '~/routes/admin/logout';
import { action as apiLogin } from '~/routes/api/auth.login';
import { action as apiLogout } from '~/routes/api/auth.logout';
import { createStaffSession, TEST_PASSWORD } from '../auth-helpers';
import { routeArgs, settle } from '../route-args';

const HOUR = 60 * 60 * 1000;
const throttle = () => createLoginThrottle({ failures: 3, windowSeconds: 60 });

describe('password hashes of older parameters', () => {
  /** A hash as stored with parameters older (cheaper) than the current ones: scrypt N=2^12. */
  function cheaperHash(password: string): string {
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 64, { N: 2 ** 12, r: 8, p: 1 });
    return ['scrypt', 2 ** 12, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  test('still sign in, and the right password replaces the hash with one of the current parameters', async () => {
    const user = await upsertUser({ username: `rehash-${randomBytes(4).toString('hex')}`, name: 'Old Hash', password: TEST_PASSWORD });
    const old = cheaperHash(TEST_PASSWORD);
    await db().update(users).set({ passwordHash: old }).where(eq(users.id, user.id));
    const storedHash = async () => (await db().select({ h: users.passwordHash }).from(users).where(eq(users.id, user.id)))[0]!.h;

    const wrong = await signIn({ username: user.username, password: 'not the password', ip: '10.0.4.1', kind: 'cookie' }, throttle());
    expect(wrong.ok).toBe(false);
    expect(await storedHash()).toBe(old);

    const right = await signIn({ username: user.username, password: TEST_PASSWORD, ip: '10.0.4.2', kind: 'cookie' }, throttle());
    expect(right.ok).toBe(true);
    const upgraded = await storedHash();
    expect(upgraded).not.toBe(old);
    expect(upgraded.startsWith(`scrypt$${currentHashParams().N}$8$1$`)).toBe(true);
    expect(await verifyPassword(TEST_PASSWORD, upgraded)).toBe(true);
    expect((await signIn({ username: user.username, password: TEST_PASSWORD, ip: '10.0.4.3', kind: 'cookie' }, throttle())).ok).toBe(true);
  });
});

describe('sessions', () => {
  test('store only a hash of a 256-bit token', async () => {
    const { user, token } = await createStaffSession();
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows[0])).not.toContain(token);
  });

  test('end after 2 hours without a request, and live on while used', async () => {
    const user = await upsertUser({ username: 'idle-check', name: 'Idle', password: TEST_PASSWORD });
    const start = new Date('2026-11-23T08:00:00Z');
    const { token } = await createSession(user.id, { kind: 'cookie' }, start);
    // Used every 90 minutes, it stays alive past 2 hours in total...
    expect(await findActiveSession(token, new Date(start.getTime() + 1.5 * HOUR))).not.toBeNull();
    expect(await findActiveSession(token, new Date(start.getTime() + 3 * HOUR))).not.toBeNull();
    // ...but 2 hours and a second of silence ends it.
    expect(await findActiveSession(token, new Date(start.getTime() + 3 * HOUR + SESSION_IDLE_MS + 1000))).toBeNull();
  });

  test('end 7 days after sign-in however often they are used', async () => {
    const user = await upsertUser({ username: 'absolute-check', name: 'Abs', password: TEST_PASSWORD });
    const start = new Date('2026-11-01T08:00:00Z');
    const { token } = await createSession(user.id, { kind: 'bearer' }, start);
    let now = start.getTime();
    while (now + HOUR < start.getTime() + SESSION_ABSOLUTE_MS) {
      now += HOUR;
      expect(await findActiveSession(token, new Date(now))).not.toBeNull();
    }
    expect(await findActiveSession(token, new Date(start.getTime() + SESSION_ABSOLUTE_MS + 1000))).toBeNull();
    expect(await deleteExpiredSessions(new Date(start.getTime() + SESSION_ABSOLUTE_MS + 1000))).toBeGreaterThanOrEqual(1);
  });

  test('are revoked one by one or all but one', async () => {
    const user = await upsertUser({ username: 'revoke-check', name: 'Rev', password: TEST_PASSWORD });
    const a = await createSession(user.id, { kind: 'cookie' });
    const b = await createSession(user.id, { kind: 'cookie' });
    const c = await createSession(user.id, { kind: 'bearer' });
    expect(await revokeSessionByToken(a.token)).toBe(true);
    expect(await findActiveSession(a.token)).toBeNull();
    expect(await revokeUserSessions(user.id, b.id)).toBe(1);
    expect(await findActiveSession(c.token)).toBeNull();
    expect(await findActiveSession(b.token)).not.toBeNull();
  });

  test('every sign-in gets a new token and a new row', async () => {
    await upsertUser({ username: 'rotate-check', name: 'Rot', password: TEST_PASSWORD });
    const first = await signIn({ username: 'rotate-check', password: TEST_PASSWORD, ip: '10.0.0.1', kind: 'cookie' }, throttle());
    const second = await signIn({ username: 'Rotate-Check ', password: TEST_PASSWORD, ip: '10.0.0.1', kind: 'cookie' }, throttle());
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.token).not.toBe(second.token);
    expect(await countUserSessions(first.user.id)).toBe(2);
    const [row] = await db().select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.id, first.user.id));
    expect(row!.lastLoginAt).toBeInstanceOf(Date);
  });
});

describe('sign-in', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('answers the same for an unknown user and a wrong password', async () => {
    await upsertUser({ username: 'pema', name: 'Pema', password: TEST_PASSWORD });
    const t = throttle();
    const unknown = await signIn({ username: 'nobody', password: TEST_PASSWORD, ip: '10.0.0.2', kind: 'cookie' }, t);
    const wrong = await signIn({ username: 'pema', password: 'not the password', ip: '10.0.0.3', kind: 'cookie' }, t);
    expect(unknown).toEqual({ ok: false, reason: 'invalid' });
    expect(wrong).toEqual({ ok: false, reason: 'invalid' });
  });

  test('takes about the same time for an unknown user and a wrong password', async () => {
    await upsertUser({ username: 'timing', name: 'Timing', password: TEST_PASSWORD });
    const t = createLoginThrottle({ failures: 1000, windowSeconds: 60 });
    const time = async (username: string) => {
      const start = performance.now();
      for (let i = 0; i < 5; i++) await signIn({ username, password: 'wrong password', ip: '10.9.9.9', kind: 'cookie' }, t);
      return performance.now() - start;
    };
    await time('timing'); // warm up
    // The fastest of three alternating rounds each: a moment of load on a shared machine slows one
    // round, not the ratio (a single round each once failed when other processes ran alongside).
    let [known, unknown] = [Infinity, Infinity];
    for (let round = 0; round < 3; round++) {
      known = Math.min(known, await time('timing'));
      unknown = Math.min(unknown, await time('no-such-user'));
    }
    expect(unknown / known).toBeGreaterThan(0.5);
    expect(unknown / known).toBeLessThan(2);
  });

  test('is throttled per username and address and per address, counting only failures, and the lockout ends by itself', async () => {
    await upsertUser({ username: 'lockout', name: 'Lock', password: TEST_PASSWORD });
    const t = createLoginThrottle({ failures: 3, ipFailures: 3, windowSeconds: 1 });
    // Successful sign-ins are not counted.
    for (let i = 0; i < 5; i++) expect((await signIn({ username: 'lockout', password: TEST_PASSWORD, ip: '10.1.0.1', kind: 'cookie' }, t)).ok).toBe(true);
    // From the first failure on, the clock is faked: Date, and the timers with which
    // rate-limiter-flexible's memory store (PGlite) drops a key when its window ends (faking Date
    // alone left that timer real, and the key stayed until it fired). The PostgreSQL store compares
    // its rows' expiry with Date.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    // Three failures for the username from one address...
    for (let i = 0; i < 3; i++) await signIn({ username: 'lockout', password: 'wrong', ip: '10.1.0.2', kind: 'cookie' }, t);
    // ...and even the right password from that address is refused...
    const locked = await signIn({ username: 'lockout', password: TEST_PASSWORD, ip: '10.1.0.2', kind: 'cookie' }, t);
    expect(locked).toMatchObject({ ok: false, reason: 'throttled' });
    if (!locked.ok && locked.reason === 'throttled') expect(locked.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // ...while the owner signs in from another one: one address cannot lock a user out
    // (docs/decisions/045-security-round-two.md section 5; before it, this was refused too).
    expect((await signIn({ username: 'lockout', password: TEST_PASSWORD, ip: '10.1.0.5', kind: 'cookie' }, t)).ok).toBe(true);
    // One address trying many usernames is throttled too.
    for (const username of ['a-user', 'b-user', 'c-user']) await signIn({ username, password: 'wrong', ip: '10.2.0.1', kind: 'cookie' }, t);
    expect(await signIn({ username: 'd-user', password: 'x', ip: '10.2.0.1', kind: 'cookie' }, t)).toMatchObject({ reason: 'throttled' });
    // Just before the window has passed the lockout holds; once it has, it is over.
    vi.advanceTimersByTime(900);
    expect(await signIn({ username: 'lockout', password: TEST_PASSWORD, ip: '10.1.0.2', kind: 'cookie' }, t)).toMatchObject({ reason: 'throttled' });
    vi.advanceTimersByTime(200);
    expect((await signIn({ username: 'lockout', password: TEST_PASSWORD, ip: '10.1.0.2', kind: 'cookie' }, t)).ok).toBe(true);
  });
});

describe('password rules', () => {
  test('8 to 128 characters, not a common password, no composition rules', () => {
    expect(passwordProblem('short7!')).toMatch(/at least 8/);
    expect(passwordProblem('x'.repeat(129))).toMatch(/at most 128/);
    expect(passwordProblem('x'.repeat(128))).toBeNull();
    expect(isCommonPassword('password1')).toBe(true);
    expect(passwordProblem('Password1')).toMatch(/too common/);
    expect(passwordProblem('iloveyou')).toMatch(/too common/);
    // No composition rules: a long lower-case passphrase is fine.
    expect(passwordProblem('yak butter tea at dawn')).toBeNull();
    expect(passwordProblem('frontdesk', 'frontdesk')).toMatch(/username/);
  });

  test('hashes verify only the right password', async () => {
    const hash = await hashPassword('yak butter tea at dawn');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('yak butter tea at dawn', hash)).toBe(true);
    expect(await verifyPassword('yak butter tea at dusk', hash)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
  });
});

describe('redirectTo after sign-in', () => {
  test('only a relative path inside /admin is followed', () => {
    expect(safeRedirect('/admin/cars?q=suv')).toBe('/admin/cars?q=suv');
    expect(safeRedirect('/admin')).toBe('/admin');
    for (const hostile of [
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example',
      '/packages',
      '/administrator',
      'javascript:alert(1)',
      '/admin/login',
      '',
    ]) {
      expect(safeRedirect(hostile)).toBe('/admin');
    }
  });
});

function form(fields: Record<string, string>) {
  return { method: 'POST', body: new URLSearchParams(fields), headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'vitest' } };
}

describe('/admin/login', () => {
  test('signs in: a session cookie (HttpOnly, SameSite=Lax), the toast, then the redirectTo page', async () => {
    await upsertUser({ username: 'office', name: 'Office', password: TEST_PASSWORD });
    const res = (await loginAction(
      routeArgs('/admin/login', {}, form({ username: 'office', password: TEST_PASSWORD, redirectTo: '/admin/cars' })),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/admin/cars');
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('hx_session='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Path=\//);
    expect(cookies.some((c) => c.startsWith('hx_flash='))).toBe(true);
    // The cookie opens the admin.
    const auth = await requireAdmin(new Request('http://localhost/admin', { headers: { Cookie: session.split(';')[0]! } }));
    expect(auth.user.username).toBe('office');
  });

  test('a wrong password keeps the username, shows the spec message and answers 401', async () => {
    await upsertUser({ username: 'office2', name: 'Office', password: TEST_PASSWORD });
    const { status, body } = await settle(() => loginAction(routeArgs('/admin/login', {}, form({ username: 'office2', password: 'nope nope' }))));
    expect(status).toBe(401);
    const data = body as { failed: string; result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(data.failed).toBe(INVALID_CREDENTIALS);
    expect(data.result.error['']).toEqual([INVALID_CREDENTIALS]);
    expect(data.result.initialValue.username).toBe('office2');
    expect(data.result.initialValue.password).toBeUndefined();
  });

  test('username and password are required', async () => {
    const { status, body } = await settle(() => loginAction(routeArgs('/admin/login', {}, form({ username: '', password: '' }))));
    expect(status).toBe(400);
    const error = (body as { result: { error: Record<string, string[]> } }).result.error;
    expect(error.username).toEqual(['Please enter your username']);
    expect(error.password).toEqual(['Please enter your password']);
  });

  test('an open redirect is refused: a foreign redirectTo goes to the dashboard', async () => {
    await upsertUser({ username: 'office3', name: 'Office', password: TEST_PASSWORD });
    const res = (await loginAction(
      routeArgs('/admin/login', {}, form({ username: 'office3', password: TEST_PASSWORD, redirectTo: 'https://evil.example/' })),
    )) as Response;
    expect(res.headers.get('Location')).toBe('/admin');
  });

  test('a signed-in visit goes straight on', async () => {
    const { cookie } = await createStaffSession();
    const { status } = await settle(() => loginLoader(routeArgs('/admin/login?redirectTo=%2Fadmin%2Fbikes', {}, { headers: { Cookie: cookie } })));
    expect(status).toBe(302);
  });

  test('logout revokes the session and clears the cookie', async () => {
    const { cookie, token } = await createStaffSession();
    const res = (await logoutAction(routeArgs('/admin/logout', {}, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://localhost' } }))) as Response;
    expect(res.headers.get('Location')).toBe('/admin/login');
    expect(res.headers.get('Set-Cookie')).toMatch(/hx_session=;.*Max-Age=0/i);
    expect(await findActiveSession(token)).toBeNull();
  });
});

describe('the API', () => {
  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...headers },
  });

  test('POST /api/auth/login gives a Bearer token for a session row; logout revokes it', async () => {
    await upsertUser({ username: 'api-user', name: 'API', password: TEST_PASSWORD });
    const { status, body } = await settle(() => apiLogin(routeArgs('/api/auth/login', {}, json({ username: 'api-user', password: TEST_PASSWORD }))));
    expect(status).toBe(200);
    const { token, tokenType, expiresAt, user } = body as { token: string; tokenType: string; expiresAt: string; user: { username: string } };
    expect(tokenType).toBe('Bearer');
    expect(user.username).toBe('api-user');
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + SESSION_ABSOLUTE_MS - 60_000);
    const request = new Request('http://localhost/api/packages', { headers: { Authorization: `Bearer ${token}` } });
    expect((await getAdmin(request))?.via).toBe('bearer');
    const out = await settle(() => apiLogout(routeArgs('/api/auth/logout', {}, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })));
    expect(out.status).toBe(204);
    expect(await getAdmin(request)).toBeNull();
    const again = await settle(() => apiLogout(routeArgs('/api/auth/logout', {}, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })));
    expect(again.status).toBe(401);
  });

  test('wrong credentials: 401 with the spec message; malformed body: 400 naming the field', async () => {
    const wrong = await settle(() => apiLogin(routeArgs('/api/auth/login', {}, json({ username: 'ghost', password: 'whatever1' }))));
    expect(wrong).toMatchObject({ status: 401, body: { error: INVALID_CREDENTIALS } });
    const bad = await settle(() => apiLogin(routeArgs('/api/auth/login', {}, json({ username: 'ghost' }))));
    expect(bad.status).toBe(400);
    expect((bad.body as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain('password');
  });

  test('a cookie-authenticated API write from another site is refused; a Bearer one needs no Origin', async () => {
    const { cookie, authorization } = await createStaffSession();
    const cross = new Request('http://localhost/api/packages', { method: 'POST', headers: { Cookie: cookie, Origin: 'https://evil.example' } });
    await expect(requireAdmin(cross)).rejects.toMatchObject({ status: 403 });
    const bearer = new Request('http://localhost/api/packages', { method: 'POST', headers: { Authorization: authorization } });
    expect((await requireAdmin(bearer)).via).toBe('bearer');
  });
});
