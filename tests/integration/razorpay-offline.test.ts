/**
 * Without Razorpay's keys online payment is off (docs/decisions/046-payments.md#razorpay): Pay
 * sends the traveller back to their booking page (which shows the UPI ID and bank details), no
 * payment link is asked for, and an online refund cannot be sent: it is marked failed with the reason.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { paymentRequests, refunds } from '~/db/schema';
import { razorpayConfigured } from '~/infrastructure/razorpay.server';
import { sendRefundToRazorpay } from '~/infrastructure/razorpay-refunds.server';
import { issueBookingLink } from '~/models/booking-link.server';
import { reconcilePayments } from '~/infrastructure/online-payments.server';
import { saveQuote } from '~/models/payments.server';
import { action as payAction } from '~/routes/booking/pay';
import { createStaffSession } from '../auth-helpers';
import { createBooking } from '../factories';
import { routeArgs } from '../route-args';

delete process.env.RAZORPAY_KEY_ID;
delete process.env.RAZORPAY_KEY_SECRET;

describe('online payment off', () => {
  test('Pay goes back to the booking page and creates no payment request', async () => {
    expect(razorpayConfigured()).toBe(false);
    const { user } = await createStaffSession();
    const booking = await createBooking();
    await saveQuote(
      booking.id,
      { lines: [{ description: 'Tour', quantity: 1, unitPaise: 800_000 }], advancePaise: 400_000, balanceDueOn: '2027-01-01' },
      { id: user.id, name: user.name },
    );
    const { token } = await issueBookingLink(db(), booking.id);
    const response = (await payAction(routeArgs(`/booking/${token}/pay`, { token }, { method: 'POST', headers: { Origin: 'http://localhost' } }))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/booking/${token}`);
    expect(await db().select().from(paymentRequests).where(eq(paymentRequests.bookingId, booking.id))).toHaveLength(0);
    expect(await reconcilePayments()).toMatchObject({ checked: 0 });
  });

  test('an online refund is marked failed with the reason', async () => {
    const booking = await createBooking({ status: 'confirmed' });
    const [refund] = await db()
      .insert(refunds)
      .values({ bookingId: booking.id, amountPaise: 10_000, method: 'razorpay', status: 'pending', razorpayPaymentId: 'pay_Offline0000001' })
      .returning();
    await sendRefundToRazorpay(refund!.id);
    const [after] = await db().select().from(refunds).where(eq(refunds.id, refund!.id));
    expect(after).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('not configured') });
  });
});
