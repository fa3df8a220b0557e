/**
 * The month's accounts on the production build (app/routes/admin/accounts.tsx,
 * docs/decisions/047-invoices-gst.md#the-months-summary): a payment recorded through the API shows in
 * this month's receipts and ledger; the month form works without JavaScript; both CSV links answer
 * CSV; axe finds nothing serious at 390 and 1280 px. The figures themselves are held by
 * tests/integration/accounts.test.ts; other admin specs add money at the same time, so this one
 * looks for its own receipt and for figures of at least its payment.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { adminBearer, createBooking, inDays, signIn, uniqueTag } from './admin-helpers';

test.describe.serial('accounts', () => {
  let bookingName: string;

  test.beforeAll(async ({ request }) => {
    bookingName = `Accounts Rider ${uniqueTag()}`;
    const id = await createBooking(request, bookingName);
    const auth = { Authorization: `Bearer ${await adminBearer(request)}` };
    const quote = await request.put(`/api/bookings/${id}/quote`, {
      headers: auth,
      data: { lines: [{ description: 'Bike (per day)', quantity: 1, unitPaise: 123_400 }], advancePaise: 0, balanceDueOn: inDays(30) },
    });
    expect(quote.ok(), await quote.text()).toBe(true);
    const paid = await request.post(`/api/bookings/${id}/payments`, {
      headers: auth,
      data: { amountPaise: 123_400, method: 'cash', reference: '', receivedOn: inDays(0), note: '' },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
  });

  test("this month shows the payment's receipt, linked to its booking, and the ledger's cash", async ({ page }) => {
    await signIn(page, { redirectTo: '/admin/accounts' });
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await page.getByRole('link', { name: /^Receipts/ }).click();
    await expect(page).toHaveURL(/kind=receipt/);
    const row = page.getByRole('row').filter({ hasText: bookingName });
    await expect(row).toContainText('₹1,234.00');
    await expect(row).toContainText('Paid by Cash');
    const cash = page.locator('[data-method="cash"]');
    await expect(cash).toContainText('₹');
    await row.getByRole('link', { name: /^RCT\// }).click();
    await expect(page).toHaveURL(/\/admin\/bookings\/[0-9a-f-]{36}$/);
  });

  test('without JavaScript the month form and the previous-month link change the month', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, { redirectTo: '/admin/accounts' });
    await page.getByLabel('Go to month').fill('2026-03');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\/admin\/accounts\?month=2026-03$/);
    await expect(page.getByText('March 2026').first()).toBeVisible();
    await page.getByRole('link', { name: 'Previous month, February 2026' }).click();
    await expect(page).toHaveURL(/month=2026-02$/);
    await context.close();
  });

  test('the two CSV links answer CSV for the month shown', async ({ page }) => {
    await signIn(page, { redirectTo: '/admin/accounts?month=2026-03' });
    for (const [name, file] of [
      ['Documents CSV', 'documents-2026-03.csv'],
      ['Summary CSV', 'gst-summary-2026-03.csv'],
    ] as const) {
      const href = await page.getByRole('link', { name }).getAttribute('href');
      const response = await page.request.get(href!);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers()['content-disposition']).toBe(`attachment; filename="${file}"`);
    }
  });

  for (const width of [390, 1280]) {
    test(`axe: no serious or critical violations at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, { redirectTo: '/admin/accounts' });
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});
