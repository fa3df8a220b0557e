/**
 * Money in the back office on the production build (docs/decisions/046-payments.md): the
 * 'Payments and cancellations' settings section saves a new advance % (with JavaScript, and without
 * it, adding a cancellation tier), and the dashboard's 'Due this week' panel leads to the bookings
 * list filtered by 'Balance due'.
 *
 * Admin tests share one server: the `payments` setting is read first through the API and put back
 * in a `finally`.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminBearer, expectFlash, signIn } from './admin-helpers';

type Settings = Record<string, Record<string, unknown>>;

async function readSettings(request: APIRequestContext, bearer: string): Promise<Settings> {
  const response = await request.get('/api/settings', { headers: { Authorization: `Bearer ${bearer}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Settings;
}

async function restore(request: APIRequestContext, bearer: string, values: Settings) {
  const response = await request.patch('/api/settings', { headers: { Authorization: `Bearer ${bearer}` }, data: values });
  expect(response.status()).toBe(200);
}

test.describe.serial('payments and cancellations', () => {
  test('an admin changes the advance %: saved, shown again, the policy wording below each policy', async ({ page, request }) => {
    const bearer = await adminBearer(request);
    const original = await readSettings(request, bearer);
    const advance = original.payments!.advancePercent === 40 ? '35' : '40';
    try {
      await signIn(page, { redirectTo: '/admin/settings' });
      const section = page.locator('#section-payments');
      await expect(section.getByRole('heading', { name: 'Payments and cancellations' })).toBeVisible();
      await expect(section).toContainText('Existing bookings keep the cancellation policy they were sold under');
      await expect(section.locator('[data-policy-wording]').first()).toContainText('before travel');
      await section.getByLabel('Advance (%)').fill(advance);
      await section.getByRole('button', { name: 'Save payments and cancellations' }).click();
      await expectFlash(page, 'Settings saved');
      await expect(page.locator('#section-payments').getByLabel('Advance (%)')).toHaveValue(advance);
      expect((await readSettings(request, bearer)).payments!.advancePercent).toBe(Number(advance));
    } finally {
      await restore(request, bearer, { payments: original.payments! });
    }
  });

  test('without JavaScript: add a rental tier, fill it, save; the new wording shows', async ({ browser, request }) => {
    const bearer = await adminBearer(request);
    const original = await readSettings(request, bearer);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await signIn(page, { redirectTo: '/admin/settings' });
      const section = page.locator('#section-payments');
      const rental = section.getByRole('group', { name: 'Rental cancellation' });
      const rows = await rental.getByLabel(/Rental cancellation, tier \d+: refund %/).count();
      await rental.getByRole('button', { name: 'Add tier' }).click();
      const next = rows + 1;
      await page.locator('#section-payments').getByLabel(`Rental cancellation, tier ${next}: days or hours before the start`).fill('72');
      await page.locator('#section-payments').getByLabel(`Rental cancellation, tier ${next}: refund %`).fill('100');
      await page.locator('#section-payments').getByRole('button', { name: 'Save payments and cancellations' }).click();
      await expect(page.locator('[data-flash="success"]')).toContainText('Settings saved');
      await expect(page.locator('#section-payments [data-policy-wording]').nth(1)).toContainText('Cancelled 72 or more hours before pickup: full refund.');
      const saved = (await readSettings(request, bearer)).payments!.rentalCancellation as { tiers: { before: number; refundPercent: number }[] };
      expect(saved.tiers).toContainEqual({ before: 72, refundPercent: 100 });
    } finally {
      await context.close();
      await restore(request, bearer, { payments: original.payments! });
    }
  });
});

test("the dashboard's 'Due this week' leads to the bookings with a balance due", async ({ page }) => {
  await signIn(page);
  const due = page.locator('[data-panel="due-this-week"]');
  await expect(due.getByRole('heading', { name: 'Due this week' })).toBeVisible();
  await expect(page.locator('[data-panel="received-this-month"]')).toContainText('₹');
  await due.getByRole('link', { name: 'All balances due' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\?balance=due$/);
  await expect(page.getByRole('checkbox', { name: 'Balance due' })).toBeChecked();
  await expect(page.getByRole('columnheader', { name: 'Paid / Due' }).or(page.getByText('No bookings match your search'))).toBeVisible();
});
