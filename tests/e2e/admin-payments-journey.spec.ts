/**
 * From request to paid trip, and from paid to refunded, in the browser (docs/decisions/046-payments.md):
 * a traveller asks for a tour on /booking; staff quote it and send the payment request; the
 * traveller opens the link from it, presses Pay advance, pays on (the local fake of) Razorpay and
 * comes back to "Payment received", the booking confirmed by the webhook; then pays the balance the
 * same way. Another booking, paid online, is cancelled by staff with an online refund, which
 * Razorpay (the fake) reports processed by webhook. The e-mails are asserted in the outbox.
 *
 * The admin tests' server pays through the fake Razorpay that playwright.config.ts starts
 * (tests/support/fake-razorpay-server.ts): its pay page delivers signed webhooks to
 * /api/webhooks/razorpay and sends the browser back with the signed query. Every button is pressed
 * as soon as it shows, without waiting for hydration (the traveller's page has no script at all).
 */
import type { Browser, Page } from '@playwright/test';
import { FAKE_RAZORPAY_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';
import { adminBearer, expectFlash, inDays, signIn, uniqueTag } from './admin-helpers';

/** The subjects of every outbox mail to `email`, as /admin/outbox lists them (newest first). */
async function outboxSubjects(staff: Page, email: string): Promise<string[]> {
  await staff.goto('/admin/outbox');
  const cells = staff.getByText(`To: ${email}`, { exact: true }).locator('xpath=..');
  await expect(cells.first()).toBeVisible();
  // The list is drawn twice (phone cards and a desktop table, one of them hidden): count what shows.
  return cells.evaluateAll((els) => els.filter((el) => el.checkVisibility()).map((el) => el.querySelector('p')?.textContent ?? ''));
}

/** A signed-in staff page in a context of its own (the traveller's browser has no session). */
async function staffPage(browser: Browser, bookingId: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { redirectTo: `/admin/bookings/${bookingId}` });
  return page;
}

/** Staff save a one-line quote and send the payment request; returns the traveller's booking page link from the WhatsApp text. */
async function quoteAndRequest(staff: Page, { unit, quantity, advance }: { unit: string; quantity: string; advance: string }): Promise<string> {
  const money = staff.locator('[data-money-panel]');
  await money.getByLabel('Line 1 quantity').fill(quantity);
  await money.getByLabel('Line 1 unit price in rupees').fill(unit);
  await money.getByLabel('Advance (₹)').fill(advance);
  await money.getByRole('button', { name: 'Save quote' }).click();
  await expectFlash(staff, 'Quote saved');
  await money.getByRole('button', { name: /^Send payment request: advance/ }).click();
  const whatsapp = money.locator('[data-payment-request-sent]').getByRole('link', { name: /Send on WhatsApp/ });
  const text = new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text')!;
  return /https?:\/\/\S+\/booking\/[A-Za-z0-9_-]{43}/.exec(text)![0];
}

/** On the traveller's page: press Pay, pay on the fake Razorpay page, come back to the receipt. */
async function payOnline(traveller: Page, button: string) {
  await traveller.getByRole('button', { name: button }).click();
  await expect(traveller).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${FAKE_RAZORPAY_PORT}/`));
  await traveller.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(traveller).toHaveURL(/\/booking\/[A-Za-z0-9_-]{43}\?payment=received$/);
  await expect(traveller.getByRole('status')).toContainText('Payment received');
}

test('a tour goes from request to quote to advance paid online to confirmed to balance paid, with its e-mails', async ({ page, browser, request }) => {
  const tag = uniqueTag();
  const name = `Journey ${tag}`;
  const email = `journey-${tag.toLowerCase()}@example.com`;

  // The traveller asks for a custom tour.
  await page.goto('/booking');
  const form = page.getByRole('main');
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+91 98320 12345');
  await page.getByLabel('Tour package').selectOption({ label: 'Custom tour' });
  await page.getByLabel('Travel date').fill(inDays(200));
  await page.getByLabel('Adults').fill('2');
  await page.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Request Sent!' })).toBeVisible();
  const reference = /#([0-9A-F]{6})/.exec((await page.getByText(/Your reference: #[0-9A-F]{6}/).textContent())!)![1]!;

  // Staff find it, quote ₹15,000 × 2 with ₹10,000 in advance and send the payment request.
  const found = await request.get(`/api/bookings?q=${encodeURIComponent(name)}`, { headers: { Authorization: `Bearer ${await adminBearer(request)}` } });
  const [booking] = (await found.json()) as { id: string }[];
  const staff = await staffPage(browser, booking!.id);
  await expect(staff.getByRole('heading', { name: 'Pending Review' })).toBeVisible();
  const link = await quoteAndRequest(staff, { unit: '15,000', quantity: '2', advance: '10,000' });

  // The traveller opens the link, pays the advance online: confirmed.
  await page.goto(link);
  await expect(page.getByText(`Booking #${reference}`)).toBeVisible();
  await payOnline(page, 'Pay advance ₹10,000.00');
  await expect(page.getByRole('heading', { name: 'Confirmed', exact: true })).toBeVisible();
  await staff.reload();
  await expect(staff.getByRole('heading', { name: 'Confirmed', exact: true })).toBeVisible();
  await expect(staff.locator('[data-ledger]')).toContainText('₹10,000.00');

  // Then the balance.
  await page.goto(link);
  await payOnline(page, 'Pay balance ₹20,000.00');
  await expect(page.getByText('Fully paid: nothing more is due. Thank you!')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await staff.reload();
  await expect(staff.locator('[data-money-totals]')).toContainText('₹30,000.00');

  // The e-mails, each once: acknowledgement, payment request, confirmation, two receipts.
  const subjects = await outboxSubjects(staff, email);
  expect(subjects.filter((s) => s.startsWith(`We received your request #${reference}`))).toHaveLength(1);
  expect(subjects.filter((s) => s.startsWith(`Payment request for booking #${reference}: ₹10,000.00`))).toHaveLength(1);
  expect(subjects.filter((s) => s.startsWith(`Your booking #${reference} is confirmed`))).toHaveLength(1);
  expect(subjects.filter((s) => s.startsWith(`Payment received for booking #${reference}`))).toHaveLength(2);
  await staff.context().close();
});

test('a booking paid online is cancelled by its policy and refunded online, with its e-mails', async ({ page, browser, request }) => {
  const tag = uniqueTag();
  const name = `Refund Journey ${tag}`;
  const email = `refund-journey-${tag.toLowerCase()}@example.com`;
  const created = await request.post('/api/bookings', {
    data: { type: 'package', itemId: 'custom', name, email, phone: '98320 12345', startDate: inDays(240), adults: 1 },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const reference = id.replaceAll('-', '').slice(-6).toUpperCase();

  const staff = await staffPage(browser, id);
  const link = await quoteAndRequest(staff, { unit: '12,000', quantity: '1', advance: '6,000' });
  await page.goto(link);
  await payOnline(page, 'Pay advance ₹6,000.00');
  await expect(page.getByRole('heading', { name: 'Confirmed', exact: true })).toBeVisible();

  // Staff cancel: 240 days ahead, the package policy gives back 25 % of ₹6,000, online.
  await staff.reload();
  const panel = staff.getByRole('region', { name: 'Cancel or refund' });
  await expect(panel.getByLabel('Refund amount (₹)')).toHaveValue('1500');
  await panel.getByLabel('Refund by').selectOption('razorpay');
  await panel.getByRole('button', { name: 'Cancel booking' }).click();
  await expectFlash(staff, 'Booking cancelled; ₹1,500.00 refund sent by Online (Razorpay)');
  await expect(staff.getByRole('heading', { name: 'Cancelled', exact: true })).toBeVisible();

  // Razorpay processes the refund later and says so by webhook.
  const settled = await request.post(`http://127.0.0.1:${FAKE_RAZORPAY_PORT}/__test/refunds/settle?status=processed`);
  expect(((await settled.json()) as { settled: string[] }).settled.length).toBeGreaterThan(0);
  // The webhook is answered when recorded and acted on just after (docs/decisions/046-payments.md#webhooks):
  // a page loaded in between still says Pending, and its live updates may connect after the change
  // was announced, so staff look again, as they would.
  const refunds = staff.getByRole('region', { name: 'Refunds' });
  await expect(async () => {
    await staff.reload();
    await expect(refunds.getByRole('listitem').filter({ hasText: '₹1,500.00' })).toContainText('Refunded', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // The traveller sees it cancelled, the refund with the payments.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Cancelled', exact: true })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('₹1,500.00');

  const subjects = await outboxSubjects(staff, email);
  expect(subjects.filter((s) => s.startsWith(`Payment received for booking #${reference}`))).toHaveLength(1);
  expect(subjects.filter((s) => s.startsWith(`Your booking #${reference} is cancelled`))).toHaveLength(1);
  expect(subjects.filter((s) => s.startsWith(`Refund made for booking #${reference}`))).toHaveLength(1);
  await staff.context().close();
});
