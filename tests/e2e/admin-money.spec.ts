/**
 * The money panel end to end (docs/decisions/046-payments.md, docs/product.md#bookings-and-inquiries): staff open a
 * pending booking, save a quote, send a payment request (the WhatsApp link shows), record the
 * advance by UPI, and the booking shows Confirmed. Buttons are pressed as soon as the page shows,
 * before hydration: every form works as a plain POST. Without JavaScript, 'Add line' and 'Remove'
 * re-render the quote form and the quote saves.
 */
import { expect, test } from './fixtures';
import { expectFlash, inDays, signIn, uniqueTag } from './admin-helpers';

test('staff quote a pending booking, ask for the advance and record it by UPI: the booking is confirmed', async ({ page, request }) => {
  const name = `Money ${uniqueTag()}`;
  const res = await request.post('/api/bookings', {
    data: { type: 'package', itemId: 'custom', name, email: 'money.e2e@example.com', phone: '98320 12345', startDate: inDays(320), adults: 2 },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };

  await signIn(page, { redirectTo: `/admin/bookings/${id}` });
  await expect(page.getByRole('heading', { name: 'Pending Review' })).toBeVisible();
  const money = page.locator('[data-money-panel]');
  await expect(money.getByRole('heading', { name: 'Money' })).toBeVisible();
  await expect(money.getByText('No quote yet')).toBeVisible();

  // The quote: one line prefilled from the booking (2 travellers); staff set the price and the advance.
  await money.getByLabel('Line 1 description').fill('Custom tour (per person)');
  await money.getByLabel('Line 1 quantity').fill('2');
  await money.getByLabel('Line 1 unit price in rupees').fill('12,500');
  await money.getByLabel('Advance (₹)').fill('7,500');
  await money.getByRole('button', { name: 'Save quote' }).click();
  await expectFlash(page, 'Quote saved');
  await expect(money.locator('[data-money-totals]')).toContainText('₹25,000.00');
  await expect(money.locator('[data-money-totals]')).toContainText('₹7,500.00');

  // The payment request: mailed, and the WhatsApp link to the traveller's number with the text.
  await money.getByRole('button', { name: /^Send payment request: advance ₹7,500\.00/ }).click();
  const sent = money.locator('[data-payment-request-sent]');
  await expect(sent).toContainText('Payment request sent to money.e2e@example.com');
  const whatsapp = sent.getByRole('link', { name: /Send on WhatsApp/ });
  const href = (await whatsapp.getAttribute('href'))!;
  expect(href.startsWith('https://wa.me/919832012345?text=')).toBe(true);
  const text = new URL(href).searchParams.get('text')!;
  expect(text).toContain(`#${id.replaceAll('-', '').slice(-6).toUpperCase()}`);
  expect(text).toContain('₹7,500.00');
  expect(text).toMatch(/\/booking\/[A-Za-z0-9_-]{43}/);

  // The advance by UPI (the amount is prefilled with what is due): the booking confirms itself.
  await expect(money.getByLabel('Amount (₹)')).toHaveValue('7500');
  await money.getByLabel('Method').selectOption('upi');
  await money.getByLabel(/^Reference/).fill('UTR4455667788');
  await money.getByRole('button', { name: 'Record payment' }).click();
  await expectFlash(page, 'Booking confirmed');
  await expect(page.getByRole('heading', { name: 'Confirmed', exact: true })).toBeVisible();
  const ledger = money.locator('[data-ledger]');
  await expect(ledger).toContainText('UTR4455667788');
  await expect(ledger).toContainText('₹7,500.00');
  await expect(money.locator('[data-money-totals]')).toContainText('₹17,500.00');
});

test('without JavaScript: Add line and Remove re-render the quote form, and the quote saves', async ({ browser, request }) => {
  const name = `MoneyNoJs ${uniqueTag()}`;
  const res = await request.post('/api/bookings', {
    data: { type: 'package', itemId: 'custom', name, email: 'money.nojs@example.com', phone: '98320 12345', startDate: inDays(330) },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, { redirectTo: `/admin/bookings/${id}` });
  const money = page.locator('[data-money-panel]');
  await money.getByLabel('Line 1 unit price in rupees').fill('9000');
  await money.getByLabel('Line 2 description').fill('Permits');
  await money.getByLabel('Line 2 quantity').fill('1');
  await money.getByLabel('Line 2 unit price in rupees').fill('500');
  await money.getByRole('button', { name: 'Add line' }).click();
  await expect(money.getByLabel('Line 3 description')).toHaveValue('');
  await expect(money.getByLabel('Line 2 description')).toHaveValue('Permits');
  await money.getByLabel('Line 3 description').fill('Mistake');
  await money.getByLabel('Line 3 quantity').fill('1');
  await money.getByLabel('Line 3 unit price in rupees').fill('1');
  await money.getByRole('button', { name: 'Remove line 3' }).click();
  await expect(money.getByLabel('Line 3 description')).toHaveCount(0);
  await money.getByLabel('Advance (₹)').fill('0');
  await money.getByRole('button', { name: 'Save quote' }).click();
  await expectFlash(page, 'Quote saved');
  await expect(money.locator('[data-money-totals]')).toContainText('₹9,500.00');
  await context.close();
});
