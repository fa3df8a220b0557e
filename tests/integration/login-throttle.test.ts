/**
 * The sign-in throttle cannot be turned against staff (docs/decisions/045-security-round-two.md
 * section 5, docs/decisions/004-staff-authentication.md#sign-in): failures are counted per
 * (username, address) pair, per address and per username; a locked-out attacker is refused before
 * any password is hashed and stays locked out, with lockouts that grow; the account's owner signs
 * in from elsewhere; a username-wide lockout lets a right password and second factor through from
 * an address that has not failed; made-up usernames never reach the audit log's 'User' filter.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog } from '~/db/schema';
import { createLoginThrottle, LOGIN_WINDOW_SECONDS } from '~/infrastructure/login-throttle.server';
import { hashForLog } from '~/lib/logger.server';
import { totpCode, TOTP_PERIOD } from '~/lib/totp.server';
import { listAuditActors } from '~/models/audit.server';
import { beginTotpEnrolment, confirmTotpEnrolment } from '~/models/two-factor.server';
import { upsertUser } from '~/models/user.server';
import { signIn, type SignInResult } from '~/services/sign-in.server';
import { TEST_PASSWORD } from '../auth-helpers';

afterEach(() => {
  vi.useRealTimers();
});

/** A distinct key prefix per test, so no two tests share counts (PostgreSQL keeps them in one table). */
const prefix = () => `login-test-${randomUUID().slice(0, 8)}`;

/** The failed sign-ins of `username` from `ip` in the audit log (one per password actually checked). */
async function failedEntries(username: string, ip: string) {
  const rows = await db()
    .select({ summary: auditLog.summary })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'login_failed'), eq(auditLog.actorName, username), eq(auditLog.ip, ip)));
  return rows.length;
}

/** A user with two-factor sign-in on, enrolled two TOTP steps ago (so the code of now is unused). */
async function twoFactorUser() {
  const username = `tf-${randomUUID().slice(0, 8)}`;
  const user = await upsertUser({ username, name: 'Two Factor', password: TEST_PASSWORD, role: 'staff' });
  const secret = await beginTotpEnrolment(user.id);
  const past = new Date(Date.now() - 2 * TOTP_PERIOD * 1000);
  await confirmTotpEnrolment({ id: user.id, name: username }, user.id, totpCode(secret, past), past);
  return { username, secret };
}

describe('the sign-in throttle', () => {
  test('an address failing 1,000 times against admin stays throttled, and admin still signs in from another address', async () => {
    await upsertUser({ username: 'admin', name: 'Admin', password: TEST_PASSWORD });
    // Sized as on the site by default (RATE_LIMIT_LOGIN_FAILURES=10 per 15 minutes).
    const t = createLoginThrottle({ failures: 10, windowSeconds: LOGIN_WINDOW_SECONDS, keyPrefix: prefix() });
    const attacker = '203.0.113.66';
    const reasons = new Map<string, number>();
    let last: SignInResult | undefined;
    for (let i = 0; i < 1000; i++) {
      last = await signIn({ username: 'admin', password: `guess-${i}`, ip: attacker, kind: 'cookie' }, t);
      const reason = last.ok ? 'ok' : last.reason;
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    // Ten wrong passwords, then refusals: only those ten were hashed (and audited).
    expect(Object.fromEntries(reasons)).toEqual({ invalid: 10, throttled: 990 });
    expect(await failedEntries('admin', attacker)).toBe(10);
    expect(last).toMatchObject({ ok: false, reason: 'throttled' });
    if (last && !last.ok && last.reason === 'throttled') expect(last.retryAfterSeconds).toBeGreaterThan(LOGIN_WINDOW_SECONDS - 60);

    // Admin, from the office, signs in at once; the attacker, even with the right password, does not.
    expect(await signIn({ username: 'admin', password: TEST_PASSWORD, ip: '198.51.100.7', kind: 'cookie' }, t)).toMatchObject({ ok: true });
    expect(await signIn({ username: 'Admin', password: TEST_PASSWORD, ip: attacker, kind: 'cookie' }, t)).toMatchObject({ ok: false, reason: 'throttled' });
  });

  test('addresses of one IPv6 /64 are one address: changing address within it does not escape the lockout', async () => {
    await upsertUser({ username: 'admin', name: 'Admin', password: TEST_PASSWORD });
    const t = createLoginThrottle({ failures: 3, windowSeconds: 60, keyPrefix: prefix() });
    const reasons: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const result = await signIn({ username: 'admin', password: `guess-${i}`, ip: `2001:db8:5:6::${i.toString(16)}`, kind: 'cookie' }, t);
      reasons.push(result.ok ? 'ok' : result.reason);
    }
    expect(reasons).toEqual(['invalid', 'invalid', 'invalid', 'throttled', 'throttled', 'throttled']);
    // The next /64 is another subscriber: admin signs in from it.
    expect(await signIn({ username: 'admin', password: TEST_PASSWORD, ip: '2001:db8:5:7::1', kind: 'cookie' }, t)).toMatchObject({ ok: true });
  });

  test('each lockout of an address lasts twice the one before', async () => {
    await upsertUser({ username: 'grow', name: 'Grow', password: TEST_PASSWORD });
    const t = createLoginThrottle({ failures: 3, windowSeconds: 1, keyPrefix: prefix() });
    const ip = '203.0.113.70';
    // The clock is faked: Date (the PostgreSQL store compares its rows' expiry with it) and the
    // timers with which the memory store (PGlite) drops a key when its time is up.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const attempt = () => signIn({ username: 'grow', password: 'wrong', ip, kind: 'cookie' }, t);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) expect(await attempt()).toMatchObject({ reason: 'invalid' });
      const refused = await attempt();
      expect(refused).toMatchObject({ reason: 'throttled' });
      if (!refused.ok && refused.reason === 'throttled') waits.push(refused.retryAfterSeconds);
      const lockoutMs = 1000 * 2 ** round;
      vi.advanceTimersByTime(lockoutMs - 100);
      expect(await attempt()).toMatchObject({ reason: 'throttled' });
      vi.advanceTimersByTime(200);
    }
    expect(waits).toEqual([1, 2, 4]);
    // After the third lockout, the right password works again.
    expect(await signIn({ username: 'grow', password: TEST_PASSWORD, ip, kind: 'cookie' }, t)).toMatchObject({ ok: true });
  });

  test('failures from many addresses lock the username, but a right password and second factor from a clean address pass', async () => {
    const { username, secret } = await twoFactorUser();
    await upsertUser({ username: 'plain-target', name: 'Plain', password: TEST_PASSWORD });
    const t = createLoginThrottle({ failures: 3, ipFailures: 10, usernameFailures: 4, windowSeconds: 60, keyPrefix: prefix() });
    // A guessing campaign spread over four addresses, one guess each, against both users.
    for (let i = 1; i <= 4; i++) {
      for (const name of [username, 'plain-target']) {
        expect(await signIn({ username: name, password: `guess-${i}`, ip: `192.0.2.${i}`, kind: 'cookie' }, t)).toMatchObject({ reason: 'invalid' });
      }
    }
    // From an address that took part, even the right password and code are refused, before hashing.
    expect(await signIn({ username, password: TEST_PASSWORD, code: totpCode(secret), ip: '192.0.2.1', kind: 'bearer' }, t)).toMatchObject({
      reason: 'throttled',
    });
    // A right password alone is refused from anywhere, like a wrong one.
    expect(await signIn({ username: 'plain-target', password: TEST_PASSWORD, ip: '192.0.2.50', kind: 'cookie' }, t)).toMatchObject({ reason: 'throttled' });
    expect(await signIn({ username: 'plain-target', password: 'wrong', ip: '192.0.2.51', kind: 'cookie' }, t)).toMatchObject({ reason: 'throttled' });
    expect(await signIn({ username, password: 'wrong', code: totpCode(secret), ip: '192.0.2.52', kind: 'bearer' }, t)).toMatchObject({ reason: 'throttled' });
    // The owner, from a clean address, with the password and the code: signed in.
    expect(await signIn({ username, password: TEST_PASSWORD, code: totpCode(secret), ip: '192.0.2.60', kind: 'bearer' }, t)).toMatchObject({ ok: true });
  });

  test("made-up usernames of failed sign-ins never reach the audit log's user filter", async () => {
    const t = createLoginThrottle({ failures: 10, windowSeconds: 60, keyPrefix: prefix() });
    const junk = `junk-${randomUUID().slice(0, 8)}`;
    await upsertUser({ username: 'filter-real', name: 'Real', password: TEST_PASSWORD });
    expect(await signIn({ username: junk, password: 'x', ip: '203.0.113.90', kind: 'cookie' }, t)).toMatchObject({ reason: 'invalid' });
    expect(await signIn({ username: 'filter-real', password: 'wrong', ip: '203.0.113.90', kind: 'cookie' }, t)).toMatchObject({ reason: 'invalid' });
    // The entry is kept (a failure from that address, under a keyed hash of the name typed, which is
    // often a password typed into the wrong box), but the filter offers only real accounts.
    const hashed = `unknown username #${hashForLog(junk)}`;
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.actorName, hashed));
    expect(entry?.summary).toBe(`Failed sign-in as ${hashed}: unknown username`);
    const actors = await listAuditActors();
    expect(actors).toContain('filter-real');
    expect(actors).not.toContain(junk);
    expect(actors).not.toContain(hashed);
  });
});
