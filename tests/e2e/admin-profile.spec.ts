/**
 * Accounts in the browser (docs/decisions/004-staff-authentication.md): an admin adds a user at
 * /admin/staff; that user, signed in in two browsers, changes the password in one and the other is
 * sent to the login page; a user sets up two-factor sign-in from the QR code's key and signs in with
 * a code and with a recovery code; a staff user sees no admin-only link or Delete; axe on
 * /admin/profile, /admin/staff and the login's code step.
 *
 * The shared `admin` user's password and two-factor are never touched: every change is made on users
 * this file creates.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { signIn } from './admin-helpers';

const FIRST_PASSWORD = 'juniper smoke over rumtek';

/** A fresh username (letters, digits and dashes). */
const newUsername = () => `e2e-${randomUUID().slice(0, 8)}`;

/** The TOTP code of a secret as the page shows it (groups of four), `offsetSteps` 30-second steps from now. */
function totp(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/**
 * axe on the page, without sonner's toasts: they are the shared toaster's (app/components/ui/toast.tsx),
 * checked on their own elsewhere, and they come and go while these pages are tested.
 */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).exclude('[data-sonner-toaster]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`)).toEqual([]);
}

/** As `admin`: add a staff account through the form of /admin/staff. */
async function addStaff(page: Page, username: string, name: string) {
  await page.goto('/admin/staff');
  const form = page.locator('#add-staff');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Display name').fill(name);
  await form.getByLabel('Role').selectOption('staff');
  await form.getByLabel('First password').fill(FIRST_PASSWORD);
  await form.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByRole('status').getByText('Staff member added').first()).toBeVisible();
  await expect(page.getByText(username, { exact: true }).filter({ visible: true })).toBeVisible();
}

/** Sign in at /admin/login with a username and password (the first step only). */
async function enterPassword(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signInAs(browser: Browser, username: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await enterPassword(page, username, password);
  await expect(page).toHaveURL(/\/admin$/);
  return { context, page };
}

test('a password change in one browser sends the other browser of the same user to the login page', async ({ page, browser }) => {
  // Eight password hashes at scrypt N=2^17 (about 0.4 s each alone, one at a time, and over 2 s
  // per sign-in on a loaded 2-core machine; docs/decisions/045-security-round-two.md#2-password-hashing).
  test.slow();
  await signIn(page);
  const username = newUsername();
  await addStaff(page, username, 'Tenzing Two Browsers');

  const one = await signInAs(browser, username, FIRST_PASSWORD);
  const two = await signInAs(browser, username, FIRST_PASSWORD);

  await one.page.goto('/admin/profile');
  await expect(one.page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  // Both sessions are listed; this one is marked.
  const sessions = one.page.getByRole('table', { name: 'Your sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await expect(sessions.getByText('This device', { exact: true })).toHaveCount(1);

  const newPassword = 'monastery bells at noon';
  const form = one.page.locator('#password');
  await form.getByLabel('Current password').fill(FIRST_PASSWORD);
  await form.getByLabel('New password').first().fill(newPassword);
  await form.getByLabel('New password again').fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(one.page.getByRole('status').getByText('Password changed').first()).toBeVisible();
  await expect(one.page.getByRole('status').getByText('1 other session was signed out.').first()).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');

  // The other browser's next navigation (a client-side one, through the sidebar) lands on the login page.
  await two.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Packages', exact: true }).click();
  await expect(two.page).toHaveURL(/\/admin\/login/);
  await expect(two.page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();

  // This browser stays signed in; the new password works and the old one does not.
  await one.page.goto('/admin/packages');
  await expect(one.page).toHaveURL(/\/admin\/packages$/);
  await enterPassword(two.page, username, FIRST_PASSWORD);
  await expect(two.page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible();
  await enterPassword(two.page, username, newPassword);
  await expect(two.page).toHaveURL(/\/admin$/);

  await one.context.close();
  await two.context.close();
});

test('a staff user sees only the daily work: no Settings, Location, Accounts, Staff or Delete, and the settings and accounts pages are not allowed', async ({
  page,
  browser,
}) => {
  // The permission table (docs/decisions/045-security-round-two.md, section 9).
  await signIn(page);
  const username = newUsername();
  await addStaff(page, username, 'Daily Work');
  const { context, page: staff } = await signInAs(browser, username, FIRST_PASSWORD);
  await expect(staff.getByRole('link', { name: /^Bookings/ }).first()).toBeVisible();
  for (const name of ['Settings', 'Location', 'Accounts', 'Staff']) await expect(staff.getByRole('link', { name, exact: true })).toHaveCount(0);
  await staff.goto('/admin/packages');
  await expect(staff.getByRole('link', { name: /^Edit/ }).first()).toBeVisible();
  await expect(staff.getByRole('link', { name: /^Delete/ })).toHaveCount(0);
  const refused = await staff.goto('/admin/settings');
  expect(refused?.status()).toBe(403);
  await expect(staff.getByText('Only an admin can open this page')).toBeVisible();
  expect((await staff.goto('/admin/accounts'))?.status()).toBe(403);
  expect((await staff.request.get('/admin/accounts/summary.csv')).status()).toBe(403);
  await context.close();
});

test('two-factor sign-in: set up from the key on the page, then sign in with a code and with a recovery code', async ({ page, browser }) => {
  // Two browsers, two staff sign-ins, enrolment and two axe scans: more work than one page's budget.
  test.slow();
  await signIn(page);
  const username = newUsername();
  await addStaff(page, username, 'Pema Two Factor');

  const { context, page: user } = await signInAs(browser, username, FIRST_PASSWORD);
  await user.goto('/admin/profile#two-factor');
  const section = user.locator('#two-factor');
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: /QR code/ }).locator('svg')).toBeVisible();
  const secret = (await section.locator('[data-totp-secret]').innerText()).trim();
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousViolations(user);

  // A wrong code keeps it off.
  const wrong = totp(secret) === '000000' ? '111111' : '000000';
  await section.getByLabel('Code from the app').fill(wrong);
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(section.getByText('This code is not right')).toBeVisible();

  await section.getByLabel('Code from the app').fill(totp(secret));
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.nth(4).innerText()).trim();
  expect(recovery).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){5}$/);
  await expectNoSeriousViolations(user);
  await section.getByRole('link', { name: 'I have saved them' }).click();
  await expect(section.getByText('10 of 10 recovery codes left.')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);

  // Sign out and in again: the password leads to the code step.
  await user.getByRole('button', { name: 'Log Out' }).first().click({ force: true });
  await expect(user).toHaveURL(/\/admin\/login$/);
  await enterPassword(user, username, FIRST_PASSWORD);
  await expect(user.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  const loginCookie = (await context.cookies()).find((c) => c.name === 'hx_login');
  expect(loginCookie?.httpOnly).toBe(true);
  expect(loginCookie?.sameSite).toBe('Lax');
  for (const width of [390, 1280]) {
    await user.setViewportSize({ width, height: 900 });
    await expectNoSeriousViolations(user);
  }
  await user.getByLabel('Authentication code').fill(wrong);
  await user.getByRole('button', { name: 'Verify' }).click();
  await expect(user.getByRole('alert').filter({ hasText: 'Invalid two-factor code. 4 attempts left.' })).toBeVisible();
  // The code of the next time step: inside the accepted window, and not the one used to switch it on.
  await user.getByLabel('Authentication code').fill(totp(secret, 1));
  await user.getByRole('button', { name: 'Verify' }).click();
  await expect(user).toHaveURL(/\/admin$/);
  await expect(user.getByText('Login successful').first()).toBeVisible();

  // A recovery code works once.
  await user.getByRole('button', { name: 'Log Out' }).first().click({ force: true });
  await expect(user).toHaveURL(/\/admin\/login$/);
  await enterPassword(user, username, FIRST_PASSWORD);
  await user.getByLabel('Authentication code').fill(recovery);
  await user.getByRole('button', { name: 'Verify' }).click();
  await expect(user).toHaveURL(/\/admin$/);
  await user.goto('/admin/profile#two-factor');
  await expect(user.getByText('9 of 10 recovery codes left.')).toBeVisible();

  // The staff list shows two-factor on for this user.
  await page.goto('/admin/staff');
  const row = page.getByRole('table', { name: 'Staff accounts' }).getByRole('row').filter({ hasText: username });
  await expect(row.getByText('On', { exact: true })).toBeVisible();
  await context.close();
});

test('without JavaScript: set up two-factor, see the recovery codes, sign in with a code', async ({ page, browser }) => {
  // Five password hashes at scrypt N=2^17 and full page loads (docs/decisions/045-security-round-two.md#2-password-hashing).
  test.slow();
  await signIn(page);
  const username = newUsername();
  await addStaff(page, username, 'Sonam No Script');

  const context = await browser.newContext({ javaScriptEnabled: false });
  const user = await context.newPage();
  await enterPassword(user, username, FIRST_PASSWORD);
  await expect(user).toHaveURL(/\/admin$/);
  await user.goto('/admin/profile');
  await user.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await user.locator('[data-totp-secret]').innerText()).trim();
  await user.getByLabel('Code from the app').fill(totp(secret));
  await user.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(user.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expect(user.getByRole('link', { name: 'Download' })).toHaveAttribute('download', `recovery-codes-${username}.txt`);

  await user.getByRole('button', { name: 'Log Out' }).first().click({ force: true });
  await expect(user).toHaveURL(/\/admin\/login$/);
  await enterPassword(user, username, FIRST_PASSWORD);
  await user.getByLabel('Authentication code').fill('12');
  await user.getByRole('button', { name: 'Verify' }).click();
  await expect(user.getByText(/Invalid two-factor code/).first()).toBeVisible();
  await user.getByLabel('Authentication code').fill(totp(secret, 1));
  await user.getByRole('button', { name: 'Verify' }).click();
  await expect(user).toHaveURL(/\/admin$/);
  await context.close();
});

test('an admin disables an account: its open session ends at once', async ({ page, browser }) => {
  await signIn(page);
  const username = newUsername();
  await addStaff(page, username, 'Dawa Disabled');
  const other = await signInAs(browser, username, FIRST_PASSWORD);

  const row = page.getByRole('table', { name: 'Staff accounts' }).getByRole('row').filter({ hasText: username });
  await row.getByRole('link', { name: /^Manage/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Dawa Disabled' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByRole('status').getByText(`${username} disabled`).first()).toBeVisible();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();

  await other.page.reload();
  await expect(other.page).toHaveURL(/\/admin\/login/);
  await enterPassword(other.page, username, FIRST_PASSWORD);
  await expect(other.page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible();
  await other.context.close();
});

for (const width of [390, 1280]) {
  test(`no serious or critical violations on /admin/profile and /admin/staff (with the Manage panel) at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto('/admin/profile');
    await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto('/admin/staff');
    await expect(page.getByRole('heading', { name: 'Add a staff member' })).toBeVisible();
    await expectNoSeriousViolations(page);
    const username = newUsername();
    await addStaff(page, username, `Axe Check ${width}`);
    await page
      .getByRole('link', { name: `Manage Axe Check ${width}` })
      .filter({ visible: true })
      .click();
    const dialog = page.getByRole('dialog', { name: `Manage Axe Check ${width}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeFocused();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}
