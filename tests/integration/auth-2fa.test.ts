/**
 * Two-factor sign-in (docs/decisions/004-staff-authentication.md#two-factor-sign-in): TOTP arithmetic,
 * enrolment (a pending secret, confirmed with a code, ten recovery codes stored hashed), the login
 * page's second step (challenge cookie, right / wrong / reused code, recovery code once, five wrong
 * codes, expiry, the throttle), the JSON API's `code`, turning it off and new recovery codes from the
 * profile page, and that no secret, code, password or token reaches the audit log.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, loginChallenges, recoveryCodes, users } from '~/db/schema';
import { CHALLENGE_ENDED, CODE_REQUIRED, completeTwoFactor, INVALID_CODE, INVALID_CREDENTIALS, signIn, TOO_MANY_CODES } from '~/services/sign-in.server';
import { loginChallengeCookie, sessionCookie } from '~/lib/cookies.server';
import { createLoginThrottle } from '~/infrastructure/login-throttle.server';
import { CLIENT_IP_HEADER } from '~/infrastructure/rate-limit.server';
import { groupSecret, hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, totpCode, totpStep, totpUri, TOTP_PERIOD } from '~/lib/totp.server';
import { countUserSessions, findActiveSession, hashToken, LOGIN_CHALLENGE_MAX_ATTEMPTS } from '~/models/session.server';
import {
  beginTotpEnrolment,
  confirmTotpEnrolment,
  encryptStoredSecrets,
  NO_SECRETS_KEY,
  pendingTotpSecret,
  prepareStoredSecrets,
  verifySecondFactor,
} from '~/models/two-factor.server';
import { decryptSecret, newSecretsKey, parseSecretsKey, setSecretsKeysForTests } from '~/lib/secrets.server';
import { getAccount, upsertUser } from '~/models/user.server';
import { action as loginAction, loader as loginLoader } from '~/routes/admin/login';
import { action as profileAction, loader as profileLoader } from '~/routes/admin/profile';
import { action as apiLogin } from '~/routes/api/auth.login';
import { browserHeaders, TEST_PASSWORD } from '../auth-helpers';
import { routeArgs, settle } from '../route-args';

const STEP_MS = TOTP_PERIOD * 1000;
/** Every secret, code, password and token this file uses: none may appear in the audit log. */
const secrets = new Set<string>([TEST_PASSWORD]);

/** A user with two-factor sign-in on, enrolled a minute ago (so the codes of now are unused). */
async function twoFactorUser(prefix = 'tf') {
  const username = `${prefix}-${randomUUID().slice(0, 8)}`;
  const user = await upsertUser({ username, name: 'Two Factor', password: TEST_PASSWORD, role: 'staff' });
  const secret = await beginTotpEnrolment(user.id);
  const past = new Date(Date.now() - 2 * STEP_MS);
  const codes = await confirmTotpEnrolment({ id: user.id, name: username }, user.id, totpCode(secret, past), past);
  expect(codes).toHaveLength(10);
  secrets.add(secret);
  for (const code of codes!) secrets.add(code);
  return { user, username, secret, codes: codes! };
}

/** A distinct client address per test, so the process throttle of one test never touches another. */
const ipOf = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function form(fields: Record<string, string>, ip: string, cookie?: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'vitest', [CLIENT_IP_HEADER]: ip };
  if (cookie) headers.Cookie = cookie;
  return { method: 'POST', body: new URLSearchParams(fields), headers };
}

function cookieOf(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

/** Password step on the login page; returns the challenge cookie (name=value). */
async function passwordStep(username: string, ip: string, redirectTo = '/admin/bikes'): Promise<string> {
  const res = (await loginAction(routeArgs('/admin/login', {}, form({ username, password: TEST_PASSWORD, redirectTo }, ip)))) as Response;
  expect(res.status).toBe(302);
  expect(res.headers.get('Location')).toBe(`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  expect(cookieOf(res, 'hx_session')).toBeUndefined();
  const challenge = cookieOf(res, 'hx_login')!;
  expect(challenge).toMatch(/HttpOnly/i);
  expect(challenge).toMatch(/SameSite=Lax/i);
  expect(challenge).toMatch(/Max-Age=300/);
  secrets.add((await loginChallengeCookie().parse(challenge)) as string);
  return challenge.split(';')[0]!;
}

function codeStep(code: string, ip: string, cookie: string, redirectTo = '/admin/bikes') {
  return settle(() => loginAction(routeArgs('/admin/login', {}, form({ intent: 'code', code, redirectTo }, ip, cookie))));
}

describe('TOTP arithmetic', () => {
  test('a 160-bit base32 secret, codes valid one step either side and no further', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    const now = new Date('2026-11-23T08:00:10Z');
    const step = totpStep(now);
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() - STEP_MS)), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() + STEP_MS)), now)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, new Date(now.getTime() - 2 * STEP_MS)), now)).toBeNull();
    // Spaces as apps show them are fine; anything but 6 digits is not a TOTP code.
    const code = totpCode(secret, now);
    expect(matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
    expect(totpUri(secret, { username: 'pema', issuer: 'Himalayan Tours' })).toMatch(/^otpauth:\/\/totp\/Himalayan%20Tours:pema\?.*secret=/);
  });

  test('ten distinct recovery codes of at least 112 bits (24 characters in groups of four), hashed ignoring case, spaces and dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{4}(-[a-hj-km-np-z2-9]{4}){5}$/);
    // 24 characters of an alphabet of 31: log2(31^24) bits.
    expect(24 * Math.log2(31)).toBeGreaterThanOrEqual(112);
    const code = codes[0]!;
    expect(hashRecoveryCode(code.toUpperCase().replaceAll('-', ' '))).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('enrolment', () => {
  test('a pending secret stays the same until confirmed; a wrong code does not switch it on; the right one does, with 10 hashed recovery codes', async () => {
    const user = await upsertUser({ username: `enrol-${randomUUID().slice(0, 6)}`, name: 'Enrol', password: TEST_PASSWORD });
    const secret = await beginTotpEnrolment(user.id);
    secrets.add(secret);
    expect(await beginTotpEnrolment(user.id)).toBe(secret);
    expect(await pendingTotpSecret(user.id)).toBe(secret);
    expect((await getAccount(user.id)).enrolling).toBe(true);
    const actor = { id: user.id, name: user.username };
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    expect(await confirmTotpEnrolment(actor, user.id, wrong)).toBeNull();
    expect((await getAccount(user.id)).twoFactorSince).toBeNull();
    const codes = await confirmTotpEnrolment(actor, user.id, totpCode(secret));
    expect(codes).toHaveLength(10);
    for (const code of codes!) secrets.add(code);
    const account = await getAccount(user.id);
    expect(account.twoFactorSince).toBeInstanceOf(Date);
    expect(account.recoveryCodesLeft).toBe(10);
    const stored = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(codes!.map(hashRecoveryCode).sort());
    expect(JSON.stringify(stored)).not.toContain(codes![0]!);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(entry).toMatchObject({ action: 'two_factor', entityType: 'user' });
  });

  test('through the profile page: QR as inline SVG, the key as text, confirm, then the codes once', async () => {
    const user = await upsertUser({ username: `enrol-page-${randomUUID().slice(0, 6)}`, name: 'Enrol', password: TEST_PASSWORD });
    const { createSession } = await import('~/models/session.server');
    const { sessionCookieHeader } = await import('~/services/admin-guard.server');
    const { token } = await createSession(user.id, { kind: 'cookie' });
    secrets.add(token);
    const cookie = (await sessionCookieHeader(token)).split(';')[0]!;
    const post = (fields: Record<string, string>) =>
      settle(() => profileAction(routeArgs('/admin/profile', {}, { method: 'POST', body: new URLSearchParams(fields), headers: browserHeaders(cookie) })));
    expect((await post({ intent: 'totp-start' })).status).toBe(302);
    const page = (await settle(() => profileLoader(routeArgs('/admin/profile', {}, { headers: browserHeaders(cookie) })))).body as {
      enrolment: { secret: string; uri: string; qrSvg: string };
    };
    expect(page.enrolment.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const secret = page.enrolment.secret.replace(/\s/g, '');
    secrets.add(secret);
    expect(page.enrolment.uri).toContain(`secret=${secret}`);
    const wrong = await post({ intent: 'totp-confirm', code: '12345' });
    expect(wrong.status).toBe(400);
    const done = await post({ intent: 'totp-confirm', code: totpCode(secret) });
    expect(done.status).toBe(200);
    const { codes } = done.body as { intent: string; codes: string[] };
    expect(codes).toHaveLength(10);
    for (const code of codes) secrets.add(code);
    // The session goes on under a new token (docs/decisions/045-security-round-two.md#3-two-factor-secrets):
    // the old one is dead, the new cookie works.
    const rotated = done.headers.getSetCookie().find((c) => c.startsWith('hx_session='));
    expect(rotated).toMatch(/HttpOnly/i);
    const newToken = (await sessionCookie().parse(rotated!)) as string;
    secrets.add(newToken);
    expect(newToken).not.toBe(token);
    expect(await findActiveSession(token)).toBeNull();
    expect((await findActiveSession(newToken))?.user.id).toBe(user.id);
    const newCookie = rotated!.split(';')[0]!;
    // The codes are not part of the page afterwards.
    const after = await settle(() => profileLoader(routeArgs('/admin/profile', {}, { headers: browserHeaders(newCookie) })));
    expect(JSON.stringify(after.body)).not.toContain(codes[0]!);
    expect(JSON.stringify(after.body)).not.toContain(secret);
    expect((after.body as { account: { recoveryCodesLeft: number } }).account.recoveryCodesLeft).toBe(10);
  });
});

describe('the stored secret', () => {
  /** The `totp_secret` column of a user as the database (and so every backup) holds it. */
  const storedSecret = async (id: string) => (await db().select({ s: users.totpSecret }).from(users).where(eq(users.id, id)))[0]!.s;

  test('is encrypted (AES-256-GCM, v1:iv:tag:ct), never the seed itself, and sign-in still works', async () => {
    const { user, username, secret } = await twoFactorUser('enc');
    const stored = await storedSecret(user.id);
    expect(stored).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(stored).not.toContain(secret);
    const res = await signIn({ username, password: TEST_PASSWORD, code: totpCode(secret), ip: ipOf(), kind: 'bearer' });
    expect(res.ok).toBe(true);
  });

  test('a plaintext seed from before is encrypted at start, and one met at sign-in is encrypted then', async () => {
    const atStart = await twoFactorUser('plain-start');
    const atUse = await twoFactorUser('plain-use');
    // As stored before encryption: the base32 seed itself.
    for (const u of [atStart, atUse]) await db().update(users).set({ totpSecret: u.secret }).where(eq(users.id, u.user.id));
    const res = await signIn({ username: atUse.username, password: TEST_PASSWORD, code: totpCode(atUse.secret), ip: ipOf(), kind: 'bearer' });
    expect(res.ok).toBe(true);
    expect(await storedSecret(atUse.user.id)).toMatch(/^v1:/);
    expect(await storedSecret(atStart.user.id)).toBe(atStart.secret);
    expect(await prepareStoredSecrets()).toBeGreaterThanOrEqual(1);
    expect(await storedSecret(atStart.user.id)).toMatch(/^v1:/);
    const later = new Date(Date.now() + STEP_MS);
    expect(await verifySecondFactor(atStart.user.id, totpCode(atStart.secret, later), later)).toBe('totp');
  });

  test('key rotation: every secret is rewritten from OLD_SECRETS_KEY to SECRETS_KEY and still works', async () => {
    const { user, secret } = await twoFactorUser('rotate');
    const testKey = parseSecretsKey(process.env.SECRETS_KEY!);
    const newKey = parseSecretsKey(newSecretsKey());
    const before = await storedSecret(user.id);
    try {
      // What `SECRETS_KEY=<new> OLD_SECRETS_KEY=<old> npm run secrets:rotate` does.
      setSecretsKeysForTests({ current: newKey, old: testKey });
      expect(await encryptStoredSecrets()).toBeGreaterThanOrEqual(1);
      const stored = await storedSecret(user.id);
      expect(stored).not.toBe(before);
      expect(decryptSecret(stored!, [newKey])).toBe(secret);
      // The old key is no longer needed.
      setSecretsKeysForTests({ current: newKey, old: null });
      expect(await verifySecondFactor(user.id, totpCode(secret))).toBe('totp');
    } finally {
      // Rotate back to the test key for the other tests of this file.
      setSecretsKeysForTests({ current: testKey, old: newKey });
      await encryptStoredSecrets();
      setSecretsKeysForTests();
    }
  });

  test('without a key (production without SECRETS_KEY) start-up refuses once a secret is stored, in one line', async () => {
    await twoFactorUser('nokey');
    try {
      setSecretsKeysForTests({ current: null, old: null });
      await expect(prepareStoredSecrets()).rejects.toThrow(/^SECRETS_KEY is not set, but \d+ users? ha(s|ve) two-factor sign-in: set it \(docs\/deploy.md\)$/);
      const fresh = await upsertUser({ username: `nokey-${randomUUID().slice(0, 6)}`, name: 'No Key', password: TEST_PASSWORD });
      await expect(beginTotpEnrolment(fresh.id)).rejects.toThrow(NO_SECRETS_KEY);
    } finally {
      setSecretsKeysForTests();
    }
  });
});

describe('the login page', () => {
  test('a right password leads to the code step; a wrong code is refused; the right code signs in and goes to redirectTo', async () => {
    const { username, secret } = await twoFactorUser();
    const ip = ipOf();
    const challenge = await passwordStep(username, ip);
    const page = await settle(() => loginLoader(routeArgs('/admin/login?redirectTo=%2Fadmin%2Fbikes', {}, { headers: { Cookie: challenge } })));
    expect((page.body as { step: string }).step).toBe('code');

    const wrong = await codeStep('000000' === totpCode(secret) ? '111111' : '000000', ip, challenge);
    expect(wrong.status).toBe(401);
    expect((wrong.body as { failed: string }).failed).toBe(`${INVALID_CODE}. ${LOGIN_CHALLENGE_MAX_ATTEMPTS - 1} attempts left.`);

    const code = totpCode(secret);
    secrets.add(code);
    const res = (await loginAction(routeArgs('/admin/login', {}, form({ intent: 'code', code, redirectTo: '/admin/bikes' }, ip, challenge)))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/admin/bikes');
    const session = cookieOf(res, 'hx_session')!;
    expect(session).toMatch(/HttpOnly/i);
    expect(cookieOf(res, 'hx_login')).toMatch(/Max-Age=0/);
    const token = (await sessionCookie().parse(session)) as string;
    secrets.add(token);
    expect((await findActiveSession(token))?.user.username).toBe(username);

    // The challenge is used up: the same cookie cannot sign in again.
    const again = await codeStep(code, ip, challenge);
    expect((again.body as { step: string; failed: string }).failed).toBe(CHALLENGE_ENDED);
    // Only a hash of the challenge token was ever stored.
    const rows = await db().select().from(loginChallenges);
    const challengeToken = (await loginChallengeCookie().parse(challenge)) as string;
    expect(rows.some((r) => r.tokenHash === hashToken(challengeToken))).toBe(false);
  });

  test('a code already used is refused, a later one works', async () => {
    const { username, secret, user } = await twoFactorUser();
    const ip = ipOf();
    const code = totpCode(secret);
    secrets.add(code);
    expect((await codeStep(code, ip, await passwordStep(username, ip))).status).toBe(302);
    const reused = await codeStep(code, ip, await passwordStep(username, ip));
    expect(reused.status).toBe(401);
    expect((reused.body as { failed: string }).failed).toMatch(INVALID_CODE);
    // The next step's code is inside the window and unused.
    const next = totpCode(secret, new Date(Date.now() + STEP_MS));
    secrets.add(next);
    expect((await codeStep(next, ip, await passwordStep(username, ip))).status).toBe(302);
    expect(await countUserSessions(user.id)).toBe(2);
  });

  test('a recovery code signs in once, then is refused', async () => {
    const { username, codes, user } = await twoFactorUser();
    const ip = ipOf();
    const res = await codeStep(codes[3]!.toUpperCase(), ip, await passwordStep(username, ip));
    expect(res.status).toBe(302);
    const again = await codeStep(codes[3]!, ip, await passwordStep(username, ip));
    expect(again.status).toBe(401);
    expect((await getAccount(user.id)).recoveryCodesLeft).toBe(9);
    const [used] = await db()
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.codeHash, hashRecoveryCode(codes[3]!)));
    expect(used!.usedAt).toBeInstanceOf(Date);
  });

  test('five wrong codes end the challenge: back to the password', async () => {
    const { username } = await twoFactorUser();
    const ip = ipOf();
    const challenge = await passwordStep(username, ip);
    for (let i = 1; i < LOGIN_CHALLENGE_MAX_ATTEMPTS; i++) expect((await codeStep('abcde-abcde', ip, challenge)).status).toBe(401);
    const last = await codeStep('abcde-abcde', ip, challenge);
    expect(last.body).toMatchObject({ step: 'password', failed: TOO_MANY_CODES });
    expect(last.headers.get('Set-Cookie')).toMatch(/hx_login=;.*Max-Age=0/);
    const page = await settle(() => loginLoader(routeArgs('/admin/login', {}, { headers: { Cookie: challenge } })));
    expect((page.body as { step: string }).step).toBe('password');
  });

  test('a challenge ends after 5 minutes; "Sign in as someone else" ends it at once', async () => {
    const { username, secret, user } = await twoFactorUser();
    const ip = ipOf();
    const challenge = await passwordStep(username, ip);
    await db()
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.userId, user.id));
    const late = await codeStep(totpCode(secret), ip, challenge);
    expect(late.body).toMatchObject({ step: 'password', failed: CHALLENGE_ENDED });

    const second = await passwordStep(username, ip);
    const cancel = (await loginAction(routeArgs('/admin/login', {}, form({ intent: 'cancel', redirectTo: '/admin/cars' }, ip, second)))) as Response;
    expect(cancel.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Fcars');
    expect(await db().select().from(loginChallenges).where(eq(loginChallenges.userId, user.id))).toHaveLength(0);
  });

  test('wrong codes count towards the sign-in throttle', async () => {
    const { username, secret, user } = await twoFactorUser();
    const t = createLoginThrottle({ failures: 3, windowSeconds: 60 });
    const ip = ipOf();
    const start = await signIn({ username, password: TEST_PASSWORD, ip, kind: 'cookie' }, t);
    expect(start).toMatchObject({ ok: false, reason: 'challenge' });
    if (start.ok || start.reason !== 'challenge') return;
    for (let i = 0; i < 3; i++) {
      expect(await completeTwoFactor({ challengeToken: start.challengeToken, code: '999999', ip }, t)).toMatchObject({ reason: 'invalid_code' });
    }
    // Even the right code is refused now, and so is the password from that address; from another
    // address the owner gets a new second step: one address cannot lock a user out
    // (docs/decisions/045-security-round-two.md section 5).
    expect(await completeTwoFactor({ challengeToken: start.challengeToken, code: totpCode(secret), ip }, t)).toMatchObject({ reason: 'throttled' });
    expect(await signIn({ username, password: TEST_PASSWORD, ip, kind: 'cookie' }, t)).toMatchObject({ reason: 'throttled' });
    expect(await signIn({ username, password: TEST_PASSWORD, ip: ipOf(), kind: 'cookie' }, t)).toMatchObject({ reason: 'challenge' });
    expect(await countUserSessions(user.id)).toBe(0);
  });
});

describe('the JSON API', () => {
  const json = (body: unknown, ip: string) => ({
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', [CLIENT_IP_HEADER]: ip },
  });
  const login = (body: unknown, ip = ipOf()) => settle(() => apiLogin(routeArgs('/api/auth/login', {}, json(body, ip))));

  test('without a code: 401 "Two-factor code required" naming `code`; a wrong one 401; a right one the token', async () => {
    const { username, secret } = await twoFactorUser('api');
    const missing = await login({ username, password: TEST_PASSWORD });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ error: CODE_REQUIRED, issues: [{ path: 'code' }] });
    const wrong = await login({ username, password: TEST_PASSWORD, code: '000001' === totpCode(secret) ? '000002' : '000001' });
    expect(wrong).toMatchObject({ status: 401, body: { error: INVALID_CODE, issues: [{ path: 'code' }] } });
    // A wrong password with any code is still the usual message.
    const badPassword = await login({ username, password: 'not the password', code: totpCode(secret) });
    expect(badPassword).toMatchObject({ status: 401, body: { error: INVALID_CREDENTIALS } });

    const code = totpCode(secret);
    const ok = await login({ username, password: TEST_PASSWORD, code });
    expect(ok.status).toBe(200);
    const { token } = ok.body as { token: string };
    secrets.add(token);
    expect((await findActiveSession(token))?.session.kind).toBe('bearer');
    // The same code again: refused.
    expect((await login({ username, password: TEST_PASSWORD, code })).status).toBe(401);
  });

  test('a recovery code gives a token once', async () => {
    const { username, codes } = await twoFactorUser('api-rc');
    const first = await login({ username, password: TEST_PASSWORD, code: codes[0] });
    expect(first.status).toBe(200);
    secrets.add((first.body as { token: string }).token);
    expect(await login({ username, password: TEST_PASSWORD, code: codes[0] })).toMatchObject({ status: 401, body: { error: INVALID_CODE } });
    expect((await login({ username, password: TEST_PASSWORD, code: codes[1] })).status).toBe(200);
  });

  test('a user without two-factor ignores `code`', async () => {
    const username = `plain-${randomUUID().slice(0, 6)}`;
    await upsertUser({ username, name: 'Plain', password: TEST_PASSWORD });
    const ok = await login({ username, password: TEST_PASSWORD, code: '123456' });
    expect(ok.status).toBe(200);
    secrets.add((ok.body as { token: string }).token);
  });
});

describe('managing two-factor on the profile page', () => {
  async function signedInTwoFactorUser() {
    const tf = await twoFactorUser('manage');
    const { createSession } = await import('~/models/session.server');
    const { sessionCookieHeader } = await import('~/services/admin-guard.server');
    const { token } = await createSession(tf.user.id, { kind: 'cookie' });
    secrets.add(token);
    const cookie = (await sessionCookieHeader(token)).split(';')[0]!;
    const ip = ipOf();
    const post = (fields: Record<string, string>) =>
      settle(() =>
        profileAction(
          routeArgs('/admin/profile', {}, { method: 'POST', body: new URLSearchParams(fields), headers: browserHeaders(cookie, { [CLIENT_IP_HEADER]: ip }) }),
        ),
      );
    return { ...tf, post };
  }

  test('new recovery codes need the password or a code; the old ones stop working', async () => {
    const { user, codes, post } = await signedInTwoFactorUser();
    const none = await post({ intent: 'recovery-regenerate' });
    expect(none.status).toBe(400);
    const wrong = await post({ intent: 'recovery-regenerate', password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('This is not your current password');
    const ok = await post({ intent: 'recovery-regenerate', password: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    const fresh = (ok.body as { codes: string[] }).codes;
    for (const code of fresh) secrets.add(code);
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[0]);
    const stored = await db().select({ codeHash: recoveryCodes.codeHash }).from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(hashRecoveryCode(codes[0]!));
  });

  test('turning it off with a code deletes the secret and the recovery codes; sign-in is one step again', async () => {
    const { user, username, secret, post } = await signedInTwoFactorUser();
    const off = await post({ intent: 'totp-disable', code: totpCode(secret) });
    expect(off.status).toBe(302);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(0);
    const signedIn = await signIn({ username, password: TEST_PASSWORD, ip: ipOf(), kind: 'cookie' }, createLoginThrottle({ failures: 5, windowSeconds: 60 }));
    expect(signedIn.ok).toBe(true);
    if (signedIn.ok) secrets.add(signedIn.token);
  });
});

describe('the audit log', () => {
  test('records sign-in, failed sign-in and two-factor changes, and never a secret, code, password or token', async () => {
    const rows = await db().select().from(auditLog);
    const actions = new Set(rows.map((r) => r.action));
    for (const action of ['login', 'login_failed', 'two_factor']) expect(actions).toContain(action);
    expect(rows.some((r) => r.action === 'login' && r.summary.includes('recovery code'))).toBe(true);
    const failed = rows.find((r) => r.action === 'login_failed' && r.summary.includes('two-factor'));
    expect(failed?.actorId).not.toBeNull();
    const text = JSON.stringify(rows);
    expect(secrets.size).toBeGreaterThan(50);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
