/**
 * /admin/profile (docs/decisions/004-staff-authentication.md): the display name, the password change
 * (current password required, rules checked, every other session ends and this one stays), the list
 * of one's live sessions with the device in plain words, signing out one of them, the current one,
 * or all others; each change in the audit log without a password or token.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, sessions, users } from '~/db/schema';
import { CLIENT_IP_HEADER } from '~/infrastructure/rate-limit.server';
import { sessionCookie } from '~/lib/cookies.server';
import { createSession, findActiveSession, listUserSessions } from '~/models/session.server';
import { action, loader } from '~/routes/admin/profile';
import { browserHeaders, createStaffSession, TEST_PASSWORD } from '../auth-helpers';
import { routeArgs, settle } from '../route-args';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const secrets = new Set<string>([TEST_PASSWORD]);

let ipCounter = 0;
function post(cookie: string, fields: Record<string, string>) {
  const headers = browserHeaders(cookie, { 'Content-Type': 'application/x-www-form-urlencoded', [CLIENT_IP_HEADER]: `10.77.0.${++ipCounter}` });
  return settle(() => action(routeArgs('/admin/profile', {}, { method: 'POST', body: new URLSearchParams(fields), headers })));
}

function load(cookie: string) {
  return settle(() => loader(routeArgs('/admin/profile', {}, { headers: browserHeaders(cookie) })));
}

type Page = { account: { name: string; username: string }; sessions: { id: string; device: string; kind: string; current: boolean; ip: string | null }[] };

describe('the display name', () => {
  test('is changed, audited, and a blank one is refused naming the field', async () => {
    const { cookie, user } = await createStaffSession();
    const blank = await post(cookie, { intent: 'name', name: '   ' });
    expect(blank.status).toBe(400);
    expect((blank.body as { result: { error: Record<string, string[]> } }).result.error.name).toEqual(['Please enter a name']);
    const ok = await post(cookie, { intent: 'name', name: 'Pema Lhamu' });
    expect(ok.status).toBe(302);
    expect(((await load(cookie)).body as Page).account.name).toBe('Pema Lhamu');
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(entry).toMatchObject({ action: 'update', entityType: 'user', changes: { name: { from: 'Test Staff', to: 'Pema Lhamu' } } });
  });
});

describe('the password', () => {
  test('needs the right current password and a new one that passes the rules', async () => {
    const { cookie } = await createStaffSession();
    const wrong = await post(cookie, {
      intent: 'password',
      currentPassword: 'nope nope',
      newPassword: 'yak butter tea at dawn',
      confirmPassword: 'yak butter tea at dawn',
    });
    expect((wrong.body as { result: { error: Record<string, string[]> } }).result.error.currentPassword).toEqual(['This is not your current password']);
    const common = await post(cookie, { intent: 'password', currentPassword: TEST_PASSWORD, newPassword: 'password1', confirmPassword: 'password1' });
    expect((common.body as { result: { error: Record<string, string[]> } }).result.error.newPassword?.[0]).toMatch(/too common/);
    const mismatch = await post(cookie, {
      intent: 'password',
      currentPassword: TEST_PASSWORD,
      newPassword: 'yak butter tea at dawn',
      confirmPassword: 'yak butter tea',
    });
    expect((mismatch.body as { result: { error: Record<string, string[]> } }).result.error.confirmPassword).toEqual(['The two new passwords do not match']);
    // Passwords are never sent back in the page.
    expect(JSON.stringify(wrong.body)).not.toContain('yak butter');
    expect(JSON.stringify(wrong.body)).not.toContain('nope nope');
  });

  test('a change ends every other session of the user; this browser goes on under a new token, the old one is dead', async () => {
    const { cookie, token, user, sessionId } = await createStaffSession();
    const other = await createSession(user.id, { kind: 'cookie', userAgent: SAFARI_IPHONE });
    const api = await createSession(user.id, { kind: 'bearer' });
    const someoneElse = await createStaffSession();
    for (const t of [token, other.token, api.token, someoneElse.token]) secrets.add(t);
    const newPassword = 'prayer flags over tsomgo';
    secrets.add(newPassword);
    const res = await post(cookie, { intent: 'password', currentPassword: TEST_PASSWORD, newPassword, confirmPassword: newPassword });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/admin/profile');
    // This browser stays signed in under a new token and session id; the old token is dead
    // (docs/decisions/045-security-round-two.md#3-two-factor-secrets).
    const rotated = res.headers.getSetCookie().find((c) => c.startsWith('hx_session='));
    expect(rotated).toMatch(/HttpOnly/i);
    const newToken = (await sessionCookie().parse(rotated!)) as string;
    secrets.add(newToken);
    expect(await findActiveSession(token)).toBeNull();
    const current = await findActiveSession(newToken);
    expect(current?.user.id).toBe(user.id);
    expect(current?.session.id).not.toBe(sessionId);
    expect(((await load(rotated!.split(';')[0]!)).body as Page).account.username).toBe(user.username);
    expect(await findActiveSession(other.token)).toBeNull();
    expect(await findActiveSession(api.token)).toBeNull();
    expect(await findActiveSession(someoneElse.token)).not.toBeNull();
    const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    const { verifyPassword } = await import('~/lib/password.server');
    expect(await verifyPassword(newPassword, row!.passwordHash)).toBe(true);
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(entries.find((e) => e.action === 'password')?.summary).toMatch(/2 other sessions ended/);
  });
});

describe('sessions', () => {
  test('lists the live sessions with device, kind and IP, marking this device', async () => {
    const { cookie, sessionId, user } = await createStaffSession();
    await createSession(user.id, { kind: 'cookie', userAgent: CHROME_LINUX, ip: '203.0.113.5' });
    await createSession(user.id, { kind: 'bearer', userAgent: 'curl/8.5.0', ip: '203.0.113.9' });
    // An idle one is not listed.
    const idle = await createSession(user.id, { kind: 'cookie' });
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 3 * 60 * 60 * 1000) })
      .where(eq(sessions.id, idle.id));
    const page = (await load(cookie)).body as Page;
    expect(page.sessions).toHaveLength(3);
    expect(page.sessions.filter((s) => s.current).map((s) => s.id)).toEqual([sessionId]);
    expect(page.sessions.find((s) => s.ip === '203.0.113.5')).toMatchObject({ device: 'Chrome on Linux', kind: 'cookie', current: false });
    expect(page.sessions.find((s) => s.ip === '203.0.113.9')).toMatchObject({ device: 'curl', kind: 'bearer' });
    expect(JSON.stringify(page)).not.toMatch(/tokenHash/);
  });

  test('lists this session and the 19 most recently used others; the rest are counted, and signing out the others ends them too', async () => {
    const { cookie, sessionId, user } = await createStaffSession();
    // A script that signs in through the API at every run leaves a Bearer session each time.
    const older = Date.now() - 60 * 60 * 1000;
    for (let i = 0; i < 30; i += 1) {
      const made = await createSession(user.id, { kind: 'bearer', userAgent: 'curl/8.5.0', ip: `203.0.113.${i + 1}` });
      await db()
        .update(sessions)
        .set({ lastSeenAt: new Date(older + i * 60_000) })
        .where(eq(sessions.id, made.id));
    }
    const page = (await load(cookie)).body as Page & { otherSessions: number; unlistedSessions: number };
    expect(page.sessions).toHaveLength(20);
    expect(page.sessions.filter((s) => s.current).map((s) => s.id)).toEqual([sessionId]);
    // The most recently used are listed: the last 19 made (203.0.113.12 to .30).
    expect(page.sessions.filter((s) => !s.current).map((s) => s.ip)).toEqual(Array.from({ length: 19 }, (_, i) => `203.0.113.${30 - i}`));
    expect(page).toMatchObject({ otherSessions: 30, unlistedSessions: 11 });

    expect((await post(cookie, { intent: 'revoke-others' })).status).toBe(302);
    const after = (await load(cookie)).body as Page & { otherSessions: number; unlistedSessions: number };
    expect(after.sessions.map((s) => s.id)).toEqual([sessionId]);
    expect(after).toMatchObject({ otherSessions: 0, unlistedSessions: 0 });
  });

  test('signs out another session (not someone else’s), then the current one signs this browser out', async () => {
    const { cookie, token, user } = await createStaffSession();
    const other = await createSession(user.id, { kind: 'cookie', userAgent: CHROME_LINUX });
    const stranger = await createStaffSession();
    const foreign = await post(cookie, { intent: 'revoke-session', sessionId: stranger.sessionId });
    expect(foreign.status).toBe(302);
    expect(await findActiveSession(stranger.token)).not.toBeNull();
    const res = await post(cookie, { intent: 'revoke-session', sessionId: other.id });
    expect(res.headers.get('Location')).toBe('/admin/profile#sessions');
    expect(await findActiveSession(other.token)).toBeNull();
    expect(await findActiveSession(token)).not.toBeNull();
    const revoked = (await db().select().from(auditLog).where(eq(auditLog.action, 'session_revoked'))).find((e) => e.entityId === other.id);
    expect(revoked?.summary).toMatch(/Chrome on Linux/);

    const mine = (await load(cookie)).body as Page;
    const current = mine.sessions.find((s) => s.current)!;
    const out = await post(cookie, { intent: 'revoke-session', sessionId: current.id });
    expect(out.headers.get('Location')).toBe('/admin/login');
    expect(out.headers.get('Set-Cookie')).toMatch(/hx_session=;.*Max-Age=0/i);
    expect(await findActiveSession(token)).toBeNull();
    expect((await db().select().from(auditLog).where(eq(auditLog.action, 'logout'))).some((e) => e.actorId === user.id)).toBe(true);
  });

  test('"Sign out all other sessions" keeps only this one', async () => {
    const { cookie, token, user } = await createStaffSession();
    await createSession(user.id, { kind: 'cookie' });
    await createSession(user.id, { kind: 'bearer' });
    const res = await post(cookie, { intent: 'revoke-others' });
    expect(res.status).toBe(302);
    expect(await listUserSessions(user.id)).toHaveLength(1);
    expect(await findActiveSession(token)).not.toBeNull();
  });
});

describe('the audit log', () => {
  test('holds no password or token of this file', async () => {
    const text = JSON.stringify(await db().select().from(auditLog));
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
