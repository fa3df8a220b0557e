/**
 * Cancelling a booking by its policy, end to end (docs/decisions/046-payments.md#cancellation-and-refunds):
 * staff open a paid booking, see what was paid and the policy's refund, cancel it with a refund made
 * by UPI and see it Cancelled with the refund listed; an unpaid one is cancelled with nothing back,
 * after a refund above what was paid is refused under its field. Pressed at once, like an impatient
 * user: no waiting for hydration (the form posts without JavaScript too).
 */
import { expect, test } from './fixtures';
import { adminBearer, createBooking, expectFlash, signIn, uniqueTag } from './admin-helpers';

test('staff cancel a paid booking with a refund by UPI and see it cancelled with the refund', async ({ page, request }) => {
  const name = `Refunded Rider ${uniqueTag()}`;
  const id = await createBooking(request, name);
  const auth = { Authorization: `Bearer ${await adminBearer(request)}` };
  // The money comes in through the payments API (engineer A's: PUT quote, POST payments).
  const quote = await request.put(`/api/bookings/${id}/quote`, {
    headers: auth,
    data: {
      lines: [{ description: 'Bike (per day)', quantity: 2, unitPaise: 150_000 }],
      advancePaise: 100_000,
      balanceDueOn: new Date().toISOString().slice(0, 10),
    },
  });
  test.skip(quote.status() === 404, 'The payments API (PUT /api/bookings/:id/quote) is not on this branch');
  expect(quote.ok(), await quote.text()).toBe(true);
  const paid = await request.post(`/api/bookings/${id}/payments`, {
    headers: auth,
    data: { amountPaise: 100_000, method: 'upi', reference: 'UTR-E2E-1', receivedOn: new Date().toISOString().slice(0, 10), note: '' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  await signIn(page, { redirectTo: `/admin/bookings/${id}` });
  const panel = page.getByRole('region', { name: 'Cancel or refund' });
  await expect(panel).toContainText('₹1,000.00');
  // More than 24 hours before pickup, the rental policy gives all of it back.
  await expect(panel.getByLabel('Refund amount (₹)')).toHaveValue('1000');
  await panel.getByLabel('Refund by').selectOption('upi');
  await panel.getByLabel('Reference').fill('UPI-REFUND-E2E');
  await panel.getByRole('button', { name: 'Cancel booking' }).click();

  await expectFlash(page, 'Booking cancelled; ₹1,000.00 refunded by UPI');
  await expect(page.getByRole('heading', { name: 'Cancelled', exact: true })).toBeVisible();
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByRole('listitem').filter({ hasText: '₹1,000.00 by UPI' })).toContainText('Refunded');
  await expect(refunds.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
});

test('an unpaid booking: a refund above what was paid is refused under its field, then it is cancelled with nothing back', async ({ page, request }) => {
  const name = `Cancelled Rider ${uniqueTag()}`;
  const id = await createBooking(request, name);

  await signIn(page, { redirectTo: `/admin/bookings/${id}` });
  const panel = page.getByRole('region', { name: 'Cancel or refund' });
  await expect(panel).toContainText('₹0.00');
  await panel.getByLabel('Refund amount (₹)').fill('500');
  await panel.getByLabel('Reason').fill('Trying too much');
  await panel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(panel.getByLabel('Refund amount (₹)')).toHaveAccessibleDescription(/The refund may be at most what was paid, ₹0\.00/);
  await expect(page.getByRole('heading', { name: 'Pending Review' })).toBeVisible();

  await panel.getByLabel('Refund amount (₹)').fill('0');
  await panel.getByRole('button', { name: 'Cancel booking' }).click();
  await expectFlash(page, 'Booking cancelled; nothing refunded');
  await expect(page.getByRole('heading', { name: 'Cancelled', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
});
