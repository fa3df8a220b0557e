/**
 * Re-authentication before sensitive account changes (docs/decisions/045-security-round-two.md,
 * section 8): turning two-factor on or off on /admin/profile, and an admin's reset of someone else's
 * password, turning off their two-factor or changing their role on /admin/staff, need the password
 * within the last 5 minutes (set at sign-in and by 'Confirm your password'). Past that they answer
 * 403 with the confirm form and change nothing; each change that goes through queues a security
 * notice in the outbox for the account.
 */
import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { emailOutbox, sessions, users } from '~/db/schema';
import { newTotpSecret } from '~/lib/totp.server';
import { getSettings, saveSettings } from '~/models/settings.server';
import { upsertUser } from '~/models/user.server';
import { action as profileAction, loader as profileLoader } from '~/routes/admin/profile';
import { action as staffAction, loader as staffLoader } from '~/routes/admin/staff';
import { browserHeaders, createStaffSession, TEST_PASSWORD } from '../auth-helpers';
import { routeArgs, settle } from '../route-args';

const OFFICE = 'security-notices@example.test';
const SIX_MINUTES_AGO = () => new Date(Date.now() - 6 * 60 * 1000);
const system = { id: null, name: 'reauth-test' };
let previousAddress = '';

beforeAll(async () => {
  previousAddress = (await getSettings(['notifications'])).notifications.email;
  await saveSettings({ notifications: { email: OFFICE } }, system, { merge: true });
});
afterAll(async () => {
  await saveSettings({ notifications: { email: previousAddress } }, system, { merge: true });
});

function post(run: typeof staffAction | typeof profileAction, url: string, cookie: string, fields: Record<string, string>) {
  const headers = browserHeaders(cookie, { 'Content-Type': 'application/x-www-form-urlencoded' });
  return settle(() => run(routeArgs(url, {}, { method: 'POST', body: new URLSearchParams(fields), headers })));
}

/** An admin whose password was last given six minutes ago (the window has passed). */
async function staleAdmin() {
  const admin = await createStaffSession(`admin-${randomUUID().slice(0, 8)}`, 'admin');
  await db().update(sessions).set({ reauthenticatedAt: SIX_MINUTES_AGO() }).where(eq(sessions.id, admin.sessionId));
  return admin;
}

async function member() {
  return upsertUser({ username: `member-${randomUUID().slice(0, 8)}`, name: 'Member', password: TEST_PASSWORD, role: 'staff' });
}

const notices = (username: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.subject, `%${username}%`));

async function cleanUp(...ids: string[]) {
  for (const id of ids) await db().delete(users).where(eq(users.id, id));
}

describe('the staff page past the 5-minute window', () => {
  test('reset, two-factor off and role answer 403 with the confirm form and change nothing', async () => {
    const admin = await staleAdmin();
    const target = await member();
    await db().update(users).set({ totpSecret: newTotpSecret(), totpEnabledAt: new Date() }).where(eq(users.id, target.id));
    const url = `/admin/staff?manage=${target.id}`;
    const page = (await settle(() => staffLoader(routeArgs(url, {}, { headers: browserHeaders(admin.cookie) })))).body as { recent: boolean };
    expect(page.recent).toBe(false);

    const attempts: Record<string, string>[] = [
      { intent: 'role', id: target.id, role: 'admin' },
      { intent: 'reset', id: target.id, password: 'a brand new long password' },
      { intent: 'two-factor-off', id: target.id },
    ];
    for (const fields of attempts) {
      const refused = await post(staffAction, url, admin.cookie, fields);
      expect({ intent: fields.intent, status: refused.status, reply: (refused.body as { intent: string }).intent }).toEqual({
        intent: fields.intent,
        status: 403,
        reply: 'reauthenticate',
      });
    }
    const [row] = await db().select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ role: 'staff', passwordHash: expect.any(String) });
    expect(row!.totpEnabledAt).not.toBeNull();
    expect(await notices(target.username)).toEqual([]);
    await cleanUp(target.id, admin.user.id);
  });

  test('a wrong password is refused under the field; the right one opens the window and the change goes through, with a notice', async () => {
    const admin = await staleAdmin();
    const target = await member();
    const url = `/admin/staff?manage=${target.id}`;

    const wrong = await post(staffAction, url, admin.cookie, { intent: 'reauthenticate', password: 'not the password at all' });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { result: { error: Record<string, string[]> } }).result.error.password).toEqual(['This is not your current password']);

    const right = await post(staffAction, url, admin.cookie, { intent: 'reauthenticate', password: TEST_PASSWORD });
    expect(right.status).toBe(302);
    expect(right.headers.get('Location')).toBe(url);

    const changed = await post(staffAction, url, admin.cookie, { intent: 'role', id: target.id, role: 'admin' });
    expect(changed.status).toBe(302);
    const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, target.id));
    expect(row!.role).toBe('admin');

    const [notice] = await notices(target.username);
    expect(notice).toMatchObject({ to: OFFICE });
    expect(notice!.text).toContain(`Account: ${target.username}`);
    expect(notice!.text).toContain('The role was changed: now admin');
    expect(notice!.text).toContain(`By: ${admin.user.username}`);
    await db().delete(emailOutbox).where(eq(emailOutbox.id, notice!.id));
    await cleanUp(target.id, admin.user.id);
  });

  test('a fresh sign-in needs no confirmation: a password reset goes through at once and queues its notice', async () => {
    const admin = await createStaffSession(`admin-${randomUUID().slice(0, 8)}`, 'admin');
    const target = await member();
    const reset = await post(staffAction, `/admin/staff?manage=${target.id}`, admin.cookie, {
      intent: 'reset',
      id: target.id,
      password: 'a brand new long password',
    });
    expect(reset.status).toBe(302);
    const [notice] = await notices(target.username);
    expect(notice!.text).toContain('The password was reset by an admin');
    expect(notice!.text).not.toContain('a brand new long password');
    await db().delete(emailOutbox).where(eq(emailOutbox.id, notice!.id));
    await cleanUp(target.id, admin.user.id);
  });
});

describe('the profile page past the 5-minute window', () => {
  test('setting up and turning off two-factor answer 403 until the password is confirmed', async () => {
    const user = await createStaffSession(`own-${randomUUID().slice(0, 8)}`, 'staff');
    await db().update(sessions).set({ reauthenticatedAt: SIX_MINUTES_AGO() }).where(eq(sessions.id, user.sessionId));
    const page = (await settle(() => profileLoader(routeArgs('/admin/profile', {}, { headers: browserHeaders(user.cookie) })))).body as { recent: boolean };
    expect(page.recent).toBe(false);

    const start = await post(profileAction, '/admin/profile', user.cookie, { intent: 'totp-start' });
    expect({ status: start.status, reply: (start.body as { intent: string }).intent }).toEqual({ status: 403, reply: 'reauthenticate' });
    const [before] = await db().select({ totpSecret: users.totpSecret }).from(users).where(eq(users.id, user.user.id));
    expect(before!.totpSecret).toBeNull();

    await db().update(users).set({ totpSecret: newTotpSecret(), totpEnabledAt: new Date() }).where(eq(users.id, user.user.id));
    const off = await post(profileAction, '/admin/profile', user.cookie, { intent: 'totp-disable', password: TEST_PASSWORD });
    expect(off.status).toBe(403);
    const [still] = await db().select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, user.user.id));
    expect(still!.on).not.toBeNull();

    expect((await post(profileAction, '/admin/profile', user.cookie, { intent: 'reauthenticate', password: TEST_PASSWORD })).status).toBe(302);
    expect((await post(profileAction, '/admin/profile', user.cookie, { intent: 'totp-disable', password: TEST_PASSWORD })).status).toBe(302);
    const [after] = await db().select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, user.user.id));
    expect(after!.on).toBeNull();
    const [notice] = await notices(user.user.username);
    expect(notice!.text).toContain('Two-factor sign-in was turned off');
    await db().delete(emailOutbox).where(eq(emailOutbox.id, notice!.id));
    await cleanUp(user.user.id);
  });

  test('changing one’s own password queues a notice', async () => {
    const user = await createStaffSession(`own-${randomUUID().slice(0, 8)}`, 'staff');
    const changed = await post(profileAction, '/admin/profile', user.cookie, {
      intent: 'password',
      currentPassword: TEST_PASSWORD,
      newPassword: 'another long passphrase here',
      confirmPassword: 'another long passphrase here',
    });
    expect(changed.status).toBe(302);
    const [notice] = await notices(user.user.username);
    expect(notice).toMatchObject({ to: OFFICE });
    expect(notice!.text).toContain('The password was changed');
    await db().delete(emailOutbox).where(eq(emailOutbox.id, notice!.id));
    await cleanUp(user.user.id);
  });
});
