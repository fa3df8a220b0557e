/**
 * The bookings back office end to end (docs/product.md#bookings-and-inquiries, #booking-status,
 * docs/decisions/015-no-double-booking.md): a bike booked on its public page is found in
 * /admin/bookings and confirmed there; a second, overlapping booking of the same bike is refused
 * with the clash named; the status buttons work without JavaScript; axe finds nothing serious on
 * the list and the detail page at 390 and 1280 px.
 *
 * Every test makes its own bookings with unique names and far-off random dates, so the tests run
 * in parallel with the other admin specs on one server.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectFlash, freeBookingStart, signIn } from './admin-helpers';

function uid(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** 'YYYY-MM-DD' `days` after today in Asia/Kolkata. */
function inDays(days: number): string {
  const now = new Date(Date.now() + 5.5 * 3600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

/** A start day no other admin test's booking uses (so a confirmation never meets another's). */
const someDay = freeBookingStart;

const reference = (id: string) => id.replaceAll('-', '').slice(-6).toUpperCase();

type Bike = { id: string; model: string };

async function availableBikes(request: APIRequestContext): Promise<Bike[]> {
  return (await (await request.get('/api/bikes?filter=available')).json()) as Bike[];
}

/** A pending bike booking through the public API (as the booking dialog sends it). */
async function bookBike(request: APIRequestContext, bike: Bike, name: string, start: number, days: number): Promise<{ id: string }> {
  const res = await request.post('/api/bookings', {
    data: {
      type: 'bike',
      itemId: bike.id,
      name,
      email: 'e2e.rider@example.com',
      phone: '+91 98320 12345',
      startDate: inDays(start),
      endDate: inDays(start + days),
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string };
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a bike booked on its public page is confirmed in the admin', async ({ page, request }) => {
  const bike = (await availableBikes(request))[0]!;
  const name = `Sonam ${uid()}`;
  const start = someDay();

  await page.goto(`/bikes/${bike.id}`);
  await page.getByRole('main').getByRole('link', { name: 'Book Now' }).first().click();
  const dialog = page.getByRole('dialog', { name: `Book ${bike.model}` });
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Email').fill('sonam@example.com');
  await dialog.getByLabel('Phone').fill('+91 98320 54321');
  await dialog.getByLabel('Start date').fill(inDays(start));
  await dialog.getByLabel('End date').fill(inDays(start + 2));
  await dialog.getByLabel(/message/i).fill('Pick-up near MG Marg.\nTwo riders.');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Submit Booking' }).click();
  const response = await saved;
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await expect(page.getByText('Bike booking submitted successfully!')).toBeVisible();

  await signIn(page, { redirectTo: `/admin/bookings?q=${encodeURIComponent(name)}` });
  const table = page.getByRole('table', { name: 'Bookings' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText(bike.model);
  await row.getByRole('button', { name: /^Confirm booking of/ }).click();
  await expectFlash(page, 'Booking confirmed');
  await expect(row).toContainText('Confirmed');
  await expect(row.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);

  // 'Export CSV' downloads the current selection.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFReference,')).toBe(true);
  expect(csv).toContain(`${reference(id)},`);
  // One row starts with the reference. (Counting every "<reference>," in the file also counts the
  // Id column when the id's last six hex digits are all figures: the Source column follows it.)
  expect(csv.split(/\r?\n/).filter((line) => line.startsWith(`${reference(id)},`))).toHaveLength(1);
  expect(csv).toContain('"Pick-up near MG Marg.\nTwo riders."');

  await row.getByRole('link', { name: /^View details/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Booking #${reference(id)}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Confirmed', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Reject Booking/ })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(bike.model) })).toHaveAttribute('href', `/bikes/${bike.id}`);
  await expect(page.getByText('Pick-up near MG Marg.')).toBeVisible();
  await page.getByRole('link', { name: /^Back/ }).click();
  await expect(page).toHaveURL(/\/admin\/bookings$/);
});

test('confirming an overlapping booking of the same bike is refused with the clash named', async ({ page, request }) => {
  const bike = (await availableBikes(request)).at(-1)!;
  const tag = uid();
  const start = someDay();
  const first = await bookBike(request, bike, `Clash First ${tag}`, start, 2);
  const second = await bookBike(request, bike, `Clash Second ${tag}`, start + 1, 3);

  await signIn(page, { redirectTo: `/admin/bookings?q=${tag}&status=pending` });
  await page
    .getByRole('table', { name: 'Bookings' })
    .getByRole('button', { name: new RegExp(`^Confirm booking of Clash First ${tag}`) })
    .click();
  await expectFlash(page, 'Booking confirmed');

  await page.goto(`/admin/bookings/${second.id}`);
  await expect(page.getByRole('heading', { name: 'Pending Review' })).toBeVisible();
  const calendar = page.getByRole('region', { name: /confirmed bookings/ });
  await expect(calendar).toContainText(`#${reference(first.id)}`);
  await expect(calendar).toContainText('Overlaps');
  await page.getByRole('button', { name: /^Confirm Booking/ }).click();
  await expectFlash(page, `Already booked: #${reference(first.id)} (Clash First ${tag}, `, 'error');
  await expect(page.getByRole('heading', { name: 'Pending Review' })).toBeVisible();
});

test('the status buttons and filters work without JavaScript', async ({ browser, request }) => {
  const bike = (await availableBikes(request))[0]!;
  const tag = uid();
  await bookBike(request, bike, `NoJs ${tag}`, someDay(), 1);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/admin/bookings');
  await page.getByRole('searchbox').fill(tag);
  await page.getByLabel('Status').selectOption('pending');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}&status=pending`));
  const row = page
    .getByRole('table', { name: 'Bookings' })
    .getByRole('row')
    .filter({ hasText: `NoJs ${tag}` });
  await row.getByRole('button', { name: /^Reject booking of/ }).click();
  await page.getByRole('alertdialog', { name: 'Reject this booking?' }).getByRole('button', { name: 'Reject booking' }).click();
  await expectFlash(page, 'Booking rejected');
  await expect(page).toHaveURL(new RegExp(`q=${tag}&status=pending`));
  await expect(page.getByRole('heading', { name: 'No bookings match your search' })).toBeVisible();
  await context.close();
});

test('Reject asks first and says what it does; for a confirmed booking, that it cancels the confirmation', async ({ page, request }) => {
  const bike = (await availableBikes(request))[0]!;
  const tag = uid();
  const name = `Reject ${tag}`;
  const booking = await bookBike(request, bike, name, someDay(), 1);
  await signIn(page, { redirectTo: `/admin/bookings?q=${tag}` });
  const row = page.getByRole('table', { name: 'Bookings' }).getByRole('row').filter({ hasText: name });

  // From the list: the confirmation names the booking; Cancel keeps it pending.
  await row.getByRole('button', { name: /^Reject booking of/ }).click();
  const ask = page.getByRole('alertdialog', { name: 'Reject this booking?' });
  await expect(ask).toContainText(`${name} (#${reference(booking.id)})`);
  await expect(ask).toContainText('is declined');
  await expect(ask.getByRole('link', { name: 'Cancel' })).toBeFocused();
  await ask.getByRole('link', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(row).toContainText('Pending');
  await expect(row.getByRole('button', { name: /^Reject booking of/ })).toBeFocused();

  // Confirmed on the detail page, Reject there says it cancels the confirmation.
  await row.getByRole('button', { name: /^Confirm booking of/ }).click();
  await expectFlash(page, 'Booking confirmed');
  await page.goto(`/admin/bookings/${booking.id}`);
  await page.getByRole('button', { name: /^Reject Booking/ }).click();
  const cancelConfirmation = page.getByRole('alertdialog', { name: 'Cancel this confirmed booking?' });
  await expect(cancelConfirmation).toContainText('cancels its confirmation');
  await page.keyboard.press('Escape');
  await expect(cancelConfirmation).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Confirmed', exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Reject Booking/ }).click();
  await cancelConfirmation.getByRole('button', { name: 'Reject and cancel confirmation' }).click();
  await expectFlash(page, 'Booking rejected');
  await expect(page.getByRole('heading', { name: 'Rejected', exact: true })).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`axe finds nothing serious on the list and the detail page at ${width} px`, async ({ browser, request }) => {
    // A sign-in and two full axe runs (5-7 s each on a busy 2-core machine) do not fit the default 30 s.
    test.setTimeout(60_000);
    const bike = (await availableBikes(request))[0]!;
    const booking = await bookBike(request, bike, `Axe ${uid()}`, someDay(), 2);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/admin/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto(`/admin/bookings/${booking.id}`);
    await expect(page.getByRole('heading', { name: 'Pending Review' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto('/admin/bookings/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Booking not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to bookings' })).toHaveAttribute('href', '/admin/bookings');
    await context.close();
  });
}
