/**
 * The travel voucher from the back office (docs/decisions/051-voucher.md): a booking confirmed by its
 * advance shows "Travel voucher (PDF)" on its "Driver and vehicle" panel; the link answers the PDF,
 * inline and never cached, to the signed-in staff member, and sends an anonymous request to the
 * sign-in page.
 */
import { expect, test } from './fixtures';
import { adminBearer, createBooking, signIn, uniqueTag } from './admin-helpers';

test('staff open a confirmed booking and download its voucher; anonymous requests are sent to sign in', async ({ page, request }) => {
  const id = await createBooking(request, `Voucher Rider ${uniqueTag()}`);
  const auth = { Authorization: `Bearer ${await adminBearer(request)}` };
  const quote = await request.put(`/api/bookings/${id}/quote`, {
    headers: auth,
    data: {
      lines: [{ description: 'Bike (per day)', quantity: 2, unitPaise: 150_000 }],
      advancePaise: 100_000,
      balanceDueOn: new Date().toISOString().slice(0, 10),
    },
  });
  expect(quote.ok(), await quote.text()).toBe(true);
  // The advance confirms the booking (docs/decisions/046-payments.md#confirmation).
  const paid = await request.post(`/api/bookings/${id}/payments`, {
    headers: auth,
    data: { amountPaise: 100_000, method: 'upi', reference: 'UTR-VOUCHER-E2E', receivedOn: new Date().toISOString().slice(0, 10), note: '' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  await signIn(page, { redirectTo: `/admin/bookings/${id}` });
  const link = page.getByRole('link', { name: 'Travel voucher (PDF)' });
  await expect(link).toHaveAttribute('href', `/admin/bookings/${id}/voucher`);

  const response = await page.request.get(`/admin/bookings/${id}/voucher`);
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['content-type']).toBe('application/pdf');
  expect(headers['content-disposition']).toMatch(/^inline; filename="voucher-[0-9A-F]{6}\.pdf"$/);
  expect(headers['cache-control']).toContain('no-store');
  expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const anonymous = await request.get(`/admin/bookings/${id}/voucher`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()['location']).toMatch(/^\/admin\/login/);
});
