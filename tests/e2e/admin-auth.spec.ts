/**
 * Staff sign-in in the browser (docs/decisions/004-staff-authentication.md): the redirect when signed
 * out and back to redirectTo, the wrong-password message, sign-out ending the session, the private
 * headers of admin pages, and axe on the login page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { ADMIN_USERNAME, signIn } from './admin-helpers';

test('a signed-out visit to an admin page goes to the login page and, after signing in, back to it', async ({ page }) => {
  await page.goto('/admin/cars?q=innova');
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fcars%3Fq%3Dinnova$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/cars\?q=innova$/);
  await expect(page.getByText('Login successful').first()).toBeVisible();
});

test('a wrong password shows the message and keeps the username', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(ADMIN_USERNAME);
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page).toHaveURL(/\/admin\/login/);
});

test('the same without JavaScript: required fields, then the wrong-password message', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill('wrong password here');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await context.close();
});

test('sign out ends the session: the admin is closed again, even with the old cookie', async ({ page, context }) => {
  await signIn(page);
  const before = (await context.cookies()).find((c) => c.name === 'hx_session');
  expect(before?.httpOnly).toBe(true);
  expect(before?.sameSite).toBe('Lax');
  await page.getByRole('button', { name: 'Log Out' }).first().click({ force: true });
  await expect(page).toHaveURL(/\/admin\/login$/);
  // Replaying the old cookie does not open the admin: the session row is gone.
  await context.addCookies([before!]);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login/);
});

test('admin pages are private: no-store and noindex', async ({ page }) => {
  await signIn(page);
  const response = await page.goto('/admin/packages');
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['x-robots-tag']).toMatch(/noindex/);
  const login = await page.request.get('/admin/login');
  expect(login.headers()['x-robots-tag']).toMatch(/noindex/);
});

for (const width of [390, 1280]) {
  test(`the login page has no serious accessibility violations at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/login');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
