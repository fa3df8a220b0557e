/**
 * /admin/staff (docs/decisions/004-staff-authentication.md#roles): admin role only (staff get 403),
 * adding accounts, resetting a password (that user's sessions end), disabling (no sign-in, sessions
 * end at once, a disabled user's token is refused) and enabling, role changes, the rules that nobody
 * disables or demotes themself and the last enabled admin stays, and the audit log of each change.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, recoveryCodes, sessions, users } from '~/db/schema';
import { hashRecoveryCode, newTotpSecret } from '~/lib/totp.server';
import { getAdmin, NOT_ALLOWED } from '~/services/admin-guard.server';
import { INVALID_CREDENTIALS, signIn } from '~/services/sign-in.server';
import { Conflict } from '~/lib/errors.server';
import { createLoginThrottle } from '~/infrastructure/login-throttle.server';
import { createSession, findActiveSession } from '~/models/session.server';
import { setUserDisabled, setUserRole, upsertUser } from '~/models/user.server';
import { action, loader } from '~/routes/admin/staff';
import { action as apiLogin } from '~/routes/api/auth.login';
import { browserHeaders, createStaffSession, TEST_PASSWORD } from '../auth-helpers';
import { routeArgs, settle } from '../route-args';

const throttle = () => createLoginThrottle({ failures: 100, windowSeconds: 60 });
const secrets = new Set<string>([TEST_PASSWORD]);

function post(cookie: string, fields: Record<string, string>, url = '/admin/staff') {
  const headers = browserHeaders(cookie, { 'Content-Type': 'application/x-www-form-urlencoded' });
  return settle(() => action(routeArgs(url, {}, { method: 'POST', body: new URLSearchParams(fields), headers })));
}

function load(cookie: string, url = '/admin/staff') {
  return settle(() => loader(routeArgs(url, {}, { headers: browserHeaders(cookie) })));
}

async function staffMember(role: 'admin' | 'staff' = 'staff') {
  const username = `${role}-${randomUUID().slice(0, 8)}`;
  const user = await upsertUser({ username, name: `Member ${username}`, password: TEST_PASSWORD, role });
  const { token, id } = await createSession(user.id, { kind: 'cookie' });
  secrets.add(token);
  return { user, token, sessionId: id };
}

type Page = {
  rows: { id: string; username: string; role: string; twoFactor: boolean; disabledAt: string | null; lastLoginAt: string | null }[];
  me: string;
  panel: unknown;
};

describe('who may open it', () => {
  test('a staff-role user gets 403 "not allowed" for the page and every action', async () => {
    const admin = await createStaffSession();
    await db().update(users).set({ role: 'staff' }).where(eq(users.id, admin.user.id));
    const page = await load(admin.cookie);
    expect(page.status).toBe(403);
    expect(page.body).toBe(NOT_ALLOWED);
    const before = (await db().select().from(users)).length;
    const create = await post(admin.cookie, { intent: 'create', username: 'sneaky', name: 'Sneaky', role: 'admin', password: 'sneaky long password' });
    expect(create.status).toBe(403);
    expect((await db().select().from(users)).length).toBe(before);
  });

  test('an admin sees every account with role, two-factor, last sign-in and status', async () => {
    const admin = await createStaffSession();
    const other = await staffMember();
    const page = (await load(admin.cookie)).body as Page;
    expect(page.me).toBe(admin.user.id);
    expect(page.rows.find((r) => r.id === other.user.id)).toMatchObject({ role: 'staff', twoFactor: false, disabledAt: null, lastLoginAt: null });
  });
});

describe('adding an account', () => {
  test('creates a user that can sign in; the form names bad fields and keeps what was typed', async () => {
    const admin = await createStaffSession();
    const bad = await post(admin.cookie, { intent: 'create', username: 'No Spaces!', name: '', role: 'boss', password: '' });
    expect(bad.status).toBe(400);
    const error = (bad.body as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }).result;
    expect(Object.keys(error.error).sort()).toEqual(['name', 'password', 'role', 'username']);
    expect(error.initialValue.username).toBe('No Spaces!');

    const weak = await post(admin.cookie, { intent: 'create', username: 'dorjee', name: 'Dorjee', role: 'staff', password: 'password123' });
    expect((weak.body as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }).result.error.password?.[0]).toMatch(
      /too common/,
    );
    expect(JSON.stringify(weak.body)).not.toContain('password123');

    const password = 'momos at mg marg';
    secrets.add(password);
    const ok = await post(admin.cookie, { intent: 'create', username: ' Dorjee ', name: 'Dorjee Bhutia', role: 'staff', password });
    expect(ok.status).toBe(302);
    const signedIn = await signIn({ username: 'dorjee', password, ip: '10.5.0.1', kind: 'cookie' }, throttle());
    expect(signedIn).toMatchObject({ ok: true, user: { username: 'dorjee', role: 'staff', name: 'Dorjee Bhutia' } });
    if (signedIn.ok) secrets.add(signedIn.token);

    const taken = await post(admin.cookie, { intent: 'create', username: 'dorjee', name: 'Another', role: 'staff', password: 'another long password' });
    expect(taken.status).toBe(409);
    expect((taken.body as { result: { error: Record<string, string[]> } }).result.error.username).toEqual(['This username is already taken']);

    const entry = (await db().select().from(auditLog).where(eq(auditLog.action, 'user'))).find((e) => e.summary.includes('dorjee'));
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      entityType: 'user',
      changes: { username: { from: null, to: 'dorjee' }, role: { from: null, to: 'staff' } },
    });
  });
});

describe('resetting a password', () => {
  test('sets the new password and ends every session of that user', async () => {
    const admin = await createStaffSession();
    const member = await staffMember();
    const panel = (await load(admin.cookie, `/admin/staff?manage=${member.user.id}`)).body as Page;
    expect(panel.panel).toMatchObject({ id: member.user.id, username: member.user.username });
    const weak = await post(admin.cookie, { intent: 'reset', id: member.user.id, password: 'short' }, `/admin/staff?manage=${member.user.id}`);
    expect(weak.status).toBe(400);
    const password = 'rhododendron valley walk';
    secrets.add(password);
    const ok = await post(admin.cookie, { intent: 'reset', id: member.user.id, password });
    expect(ok.status).toBe(302);
    expect(await findActiveSession(member.token)).toBeNull();
    expect(await signIn({ username: member.user.username, password: TEST_PASSWORD, ip: '10.5.0.2', kind: 'cookie' }, throttle())).toMatchObject({ ok: false });
    const fresh = await signIn({ username: member.user.username, password, ip: '10.5.0.2', kind: 'cookie' }, throttle());
    expect(fresh.ok).toBe(true);
    if (fresh.ok) secrets.add(fresh.token);
    const entry = (await db().select().from(auditLog).where(eq(auditLog.entityId, member.user.id))).find((e) => e.action === 'password');
    expect(entry?.summary).toMatch(/Reset the password/);
  });

  test('one’s own password is not reset here', async () => {
    const admin = await createStaffSession();
    const res = await post(admin.cookie, { intent: 'reset', id: admin.user.id, password: 'some other long password' });
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().join()).toMatch(/hx_flash/);
    expect(await findActiveSession(admin.token)).not.toBeNull();
  });
});

describe('disabling', () => {
  test('ends the sessions at once, refuses sign-in (page and API) with the usual message, and enabling undoes it', async () => {
    const admin = await createStaffSession();
    const member = await staffMember();
    const bearer = await createSession(member.user.id, { kind: 'bearer' });
    secrets.add(bearer.token);
    const res = await post(admin.cookie, { intent: 'disable', id: member.user.id });
    expect(res.status).toBe(302);
    expect(await findActiveSession(member.token)).toBeNull();
    expect(await getAdmin(new Request('http://localhost/api/bookings', { headers: { Authorization: `Bearer ${bearer.token}` } }))).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.user.id))).toHaveLength(0);
    expect(await signIn({ username: member.user.username, password: TEST_PASSWORD, ip: '10.5.0.3', kind: 'cookie' }, throttle())).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const api = await settle(() =>
      apiLogin(
        routeArgs(
          '/api/auth/login',
          {},
          {
            method: 'POST',
            body: JSON.stringify({ username: member.user.username, password: TEST_PASSWORD }),
            headers: { 'Content-Type': 'application/json' },
          },
        ),
      ),
    );
    expect(api).toMatchObject({ status: 401, body: { error: INVALID_CREDENTIALS } });
    const failed = (await db().select().from(auditLog).where(eq(auditLog.action, 'login_failed'))).find((e) => e.actorId === member.user.id);
    expect(failed?.summary).toMatch(/account disabled/);

    // A session row that somehow survived is refused too.
    const survivor = await createSession(member.user.id, { kind: 'cookie' });
    expect(await findActiveSession(survivor.token)).toBeNull();

    expect((await post(admin.cookie, { intent: 'enable', id: member.user.id })).status).toBe(302);
    expect(await findActiveSession(survivor.token)).not.toBeNull();
    const back = await signIn({ username: member.user.username, password: TEST_PASSWORD, ip: '10.5.0.3', kind: 'cookie' }, throttle());
    expect(back.ok).toBe(true);
    if (back.ok) secrets.add(back.token);
    const entries = (await db().select().from(auditLog).where(eq(auditLog.entityId, member.user.id))).filter((e) => e.action === 'user');
    expect(entries.map((e) => e.summary)).toEqual(expect.arrayContaining([expect.stringMatching(/^Disabled /), expect.stringMatching(/^Enabled /)]));
  });

  test('an admin cannot disable or demote themself; the panels are not offered for oneself', async () => {
    const admin = await createStaffSession();
    await staffMember('admin');
    expect(((await load(admin.cookie, `/admin/staff?manage=${admin.user.id}`)).body as Page).panel).toBeNull();
    const disable = await post(admin.cookie, { intent: 'disable', id: admin.user.id });
    expect(disable.status).toBe(302);
    const role = await post(admin.cookie, { intent: 'role', id: admin.user.id, role: 'staff' });
    expect(role.status).toBe(302);
    const [me] = await db().select().from(users).where(eq(users.id, admin.user.id));
    expect(me).toMatchObject({ role: 'admin', disabledAt: null });
    expect(await findActiveSession(admin.token)).not.toBeNull();
  });

  test('the last enabled admin can be neither disabled nor demoted', async () => {
    // Only one enabled admin left: every other admin of this database is disabled or staff.
    const last = await staffMember('admin');
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.role, 'admin'));
    await db().update(users).set({ disabledAt: null }).where(eq(users.id, last.user.id));
    const someone = { id: null, name: 'script' };
    await expect(setUserDisabled(someone, last.user.id, true)).rejects.toThrow(Conflict);
    await expect(setUserDisabled(someone, last.user.id, true)).rejects.toThrow('The last enabled admin cannot be disabled');
    await expect(setUserRole(someone, last.user.id, 'staff')).rejects.toThrow('The last enabled admin must stay an admin');
    // With a second enabled admin both are allowed again.
    const second = await staffMember('admin');
    expect((await setUserRole(someone, last.user.id, 'staff')).changed).toBe(true);
    await expect(setUserDisabled(someone, second.user.id, true)).rejects.toThrow(Conflict);
  });
});

describe('roles', () => {
  test('a new user is staff unless made admin: by the model and by the database default', async () => {
    // The least privilege by default (docs/decisions/045-security-round-two.md, section 9).
    const made = await upsertUser({ username: `new-${randomUUID().slice(0, 8)}`, name: 'New', password: TEST_PASSWORD });
    expect(made.role).toBe('staff');
    const [inserted] = await db()
      .insert(users)
      .values({ username: `raw-${randomUUID().slice(0, 8)}`, name: 'Raw', passwordHash: 'scrypt$unused' })
      .returning({ id: users.id, role: users.role });
    expect(inserted!.role).toBe('staff');
    await db().delete(users).where(eq(users.id, made.id));
    await db().delete(users).where(eq(users.id, inserted!.id));
  });

  test('an admin makes a staff member admin and back; each change is audited', async () => {
    const admin = await createStaffSession();
    await db().update(users).set({ disabledAt: null }).where(eq(users.id, admin.user.id));
    const member = await staffMember();
    expect((await post(admin.cookie, { intent: 'role', id: member.user.id, role: 'admin' })).status).toBe(302);
    expect((await findActiveSession(member.token))?.user.role).toBe('admin');
    expect((await post(admin.cookie, { intent: 'role', id: member.user.id, role: 'staff' })).status).toBe(302);
    const entries = (await db().select().from(auditLog).where(eq(auditLog.entityId, member.user.id))).filter((e) => e.action === 'user');
    expect(entries.map((e) => e.changes)).toEqual(expect.arrayContaining([{ role: { from: 'staff', to: 'admin' } }, { role: { from: 'admin', to: 'staff' } }]));
  });
});

describe('two-factor of someone else', () => {
  test('an admin turns it off for a user who lost their phone: password alone signs in again, audited', async () => {
    const admin = await createStaffSession();
    await db().update(users).set({ disabledAt: null }).where(eq(users.id, admin.user.id));
    const member = await staffMember();
    const secret = newTotpSecret();
    secrets.add(secret);
    await db().update(users).set({ totpSecret: secret, totpEnabledAt: new Date() }).where(eq(users.id, member.user.id));
    await db()
      .insert(recoveryCodes)
      .values({ userId: member.user.id, codeHash: hashRecoveryCode('AAAA-BBBB') });
    const before = await signIn({ username: member.user.username, password: TEST_PASSWORD, ip: '10.0.0.9', kind: 'bearer' }, throttle());
    expect(before.ok).toBe(false);

    const off = await post(admin.cookie, { intent: 'two-factor-off', id: member.user.id });
    expect(off.status).toBe(302);
    const [row] = await db().select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.user.id))).toEqual([]);
    const after = await signIn({ username: member.user.username, password: TEST_PASSWORD, ip: '10.0.0.9', kind: 'bearer' }, throttle());
    expect(after.ok).toBe(true);
    if (after.ok) secrets.add(after.token);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, member.user.id));
    expect(entry).toMatchObject({ action: 'two_factor', actorId: admin.user.id, changes: { twoFactor: { from: true, to: false } } });
  });
});

describe('the audit log', () => {
  test('holds no password or token of this file', async () => {
    const rows = await db().select().from(auditLog);
    expect(rows.length).toBeGreaterThan(5);
    const text = JSON.stringify(rows);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
