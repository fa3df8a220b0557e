/**
 * /admin/inquiries in the browser (docs/product.md#bookings-and-inquiries, #inquiry-status): a
 * contact message carrying an XSS payload, sent through the public /contact page, shows in the details
 * dialog as text and runs nothing; marking it completed; the dialog's focus handling; the same flow
 * without JavaScript; delete behind its confirmation; convert to booking; the CSV export link; axe on
 * the list and the open dialog at phone and desktop widths.
 *
 * Every test makes its own inquiries with unique names, so the tests run in parallel on one server.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './admin-helpers';

const XSS = '<img src=x onerror=alert(1)><script>alert(2)</script>';

/** A short name part no other test (or run) uses. */
function uid(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** A contact inquiry through the public API (JSON, as the site's own scripts send it). */
async function sendInquiry(request: APIRequestContext, name: string, extra: Record<string, string> = {}) {
  const res = await request.post('/api/inquiries', {
    data: { type: 'contact', name, email: 'e2e-inquiry@example.com', subject: 'E2E subject', message: 'Line one\nLine two', ...extra },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Fail the test on any alert, confirm or prompt the page opens. */
function forbidDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}

async function expectNoSeriousViolations(page: Page) {
  // Toasts of other specs' live updates (same server, same time) may be sliding in, half
  // transparent, while axe measures contrast: the toaster is left out of this page's scan.
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('an XSS payload sent through /contact shows as text in the dialog, runs nothing, and the inquiry is marked completed', async ({ page }) => {
  const opened = forbidDialogs(page);
  const name = `Xss Tester ${uid()}`;
  await page.goto('/contact');
  await page.getByRole('textbox', { name: 'Full name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('xss@example.com');
  await page.getByRole('textbox', { name: 'Subject' }).fill('Script test');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(XSS);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message Sent Successfully!').first()).toBeVisible();

  await signIn(page, { redirectTo: `/admin/inquiries?q=${encodeURIComponent(name)}` });
  await expect(page.getByText('1 inquiry')).toBeVisible();
  await page
    .getByRole('link', { name: `View inquiry from ${name}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Close' })).toBeFocused();
  await expect(dialog.getByTestId('inquiry-message')).toHaveText(XSS);
  await expect(dialog.locator('img[src="x"]')).toHaveCount(0);
  await expect(dialog.locator('script')).toHaveCount(0);
  await expect(dialog.getByText('Contact form inquiry #')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Reply via Email' })).toHaveAttribute('href', /^mailto:xss@example\.com\?subject=Re%3A%20your%20message/);
  await expect(dialog.getByRole('button', { name: 'Mark as Completed' })).toBeEnabled();

  await dialog.getByRole('button', { name: 'Mark as Completed' }).click();
  await expect(page.locator('[data-flash="success"]')).toContainText('Inquiry marked as completed');
  await expect(dialog.getByRole('button', { name: 'Mark as Completed' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Mark as Rejected' })).toBeEnabled();
  await expect(dialog.getByText('Completed', { exact: true })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/inquiries\?q=/);
  await expect(page.getByRole('link', { name: `View inquiry from ${name}` }).first()).toBeFocused();
  expect(opened).toEqual([]);
});

test('without JavaScript: the dialog opens from the URL, marks rejected, and delete asks first', async ({ browser, request }) => {
  const name = `No Js ${uid()}`;
  const id = await sendInquiry(request, name);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page);
  await page.goto(`/admin/inquiries?q=${encodeURIComponent(name)}`);
  await page
    .getByRole('link', { name: `View inquiry from ${name}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`view=${id}`));
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByTestId('inquiry-message')).toHaveText('Line one\nLine two');
  await dialog.getByRole('button', { name: 'Mark as Rejected' }).click();
  await expect(page.locator('[data-flash="success"]')).toContainText('Inquiry marked as rejected');
  await expect(page.getByRole('dialog', { name }).getByRole('button', { name: 'Mark as Rejected' })).toBeDisabled();

  await page.getByRole('dialog', { name }).getByRole('link', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this inquiry?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await page.getByRole('dialog', { name }).getByRole('link', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('[data-flash="success"]')).toContainText('Inquiry deleted successfully');
  await expect(page.getByText('No inquiries match your search')).toBeVisible();
  await context.close();
});

test('convert to booking opens the new booking; the inquiry then links to it', async ({ page, request }) => {
  const name = `Convert Me ${uid()}`;
  const id = await sendInquiry(request, name);
  await signIn(page, { redirectTo: `/admin/inquiries?view=${id}` });
  const dialog = page.getByRole('dialog', { name });
  // A contact message has no date or group size: the convert step asks for them, never invents them.
  await dialog.getByRole('button', { name: 'Convert to booking' }).click();
  await expect(dialog.getByLabel('Travel date')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Enter the travel date')).toBeVisible();
  await expect(dialog.getByText('Enter the number of travellers, 1 to 50')).toBeVisible();
  await dialog.getByLabel('Travel date').fill('2031-03-04');
  await dialog.getByLabel('Travellers').fill('3');
  await dialog.getByRole('button', { name: 'Convert to booking' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\/[0-9a-f-]{36}$/);
  const bookingId = page.url().split('/').pop()!;
  await page.goto(`/admin/inquiries?view=${id}`);
  await expect(page.getByRole('dialog', { name }).getByRole('link', { name: /View booking #/ })).toHaveAttribute('href', `/admin/bookings/${bookingId}`);
  await expect(page.getByRole('dialog', { name }).getByRole('button', { name: 'Convert to booking' })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name }).getByText('Completed', { exact: true })).toBeVisible();
});

test('filters live in the URL and the CSV export keeps them', async ({ page, request }) => {
  const name = `Filter Csv ${uid()}`;
  await sendInquiry(request, name);
  await signIn(page, { redirectTo: '/admin/inquiries' });
  await page.getByLabel('Status').selectOption('pending');
  await expect(page).toHaveURL(/status=pending/);
  await page.getByLabel('Type').selectOption('contact');
  await expect(page).toHaveURL(/type=contact/);
  await page.getByLabel('Search inquiries').fill(name);
  await expect(page).toHaveURL(/q=Filter/);
  await expect(page.getByText('1 inquiry')).toBeVisible();
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toMatch(/^\/api\/inquiries\/export\?/);
  expect(href).toContain('status=pending');
  expect(href).toContain('type=contact');
  const csv = await page.request.get(href!);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const text = await csv.text();
  expect(text).toContain(name);
  expect(text.split('\n').filter((line) => line.includes('Filter Csv'))).toHaveLength(1);
  await page.getByLabel('Due today').check();
  await expect(page).toHaveURL(/due=today/);
  await expect(page.getByText('No inquiries match your search')).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`the list and the open dialog have no serious accessibility violations at ${width}px`, async ({ page, request }) => {
    const name = `Axe ${uid()}`;
    const id = await sendInquiry(request, name, { phone: '+91 98000 11111' });
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    // A fresh page view: the sign-in toast (still fading in) is not part of this page.
    await page.goto('/admin/inquiries');
    await expect(page.getByRole('heading', { name: 'Inquiries', level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto(`/admin/inquiries?view=${id}`);
    await expect(page.getByRole('dialog', { name })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto(`/admin/inquiries?delete=${id}`);
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}
