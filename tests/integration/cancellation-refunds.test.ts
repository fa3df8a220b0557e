/**
 * Cancelling a booking by its policy, and refunds (docs/decisions/046-payments.md#cancellation-and-refunds):
 * the refund the policy gives (packages by days, rentals by hours, the policy the booking was sold
 * under even after the settings changed), staff changing it only with a reason and never above what
 * was paid, a refund by hand in the ledger with the traveller's mail, an online one pending and sent
 * to Razorpay (mocked), the bare status change refused once money was paid, open payment requests
 * closed, a cancelled booking freeing its vehicle, and POST /api/bookings/:id/refunds's 400s.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, emailOutbox, paymentRequests, refunds } from '~/db/schema';
import { DEFAULT_PACKAGE_POLICY, DEFAULT_RENTAL_POLICY } from '~/lib/cancellation-policy';
import { getBooking, setBookingStatus, updateBookingForAdmin } from '~/models/booking.server';
import { creditPayment, ledgerOf, moneySummary, recordManualPayment, saveQuote } from '~/models/payments.server';
import { decideRefund, refundTerms } from '~/models/refunds.server';
import { getSettings, updateSetting } from '~/models/settings.server';
import { action as detailAction, loader as detailLoader } from '~/routes/admin/bookings/detail';
import { action as refundsAction, loader as refundsLoader } from '~/routes/api/booking.refunds';
import { decideAndSendRefund } from '~/services/refunds.server';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { routeArgs } from '../route-args';
import { createBooking, createCar } from '../factories';
import { call, issuePaths } from './catalog-write-helpers';

const sendRefundToRazorpay = vi.hoisted(() => vi.fn(async (_refundId: string) => {}));
vi.mock('~/infrastructure/razorpay-refunds.server', () => ({ sendRefundToRazorpay }));

let staff: Awaited<ReturnType<typeof createStaffSession>>;
let actor: { id: string; name: string };

beforeAll(async () => {
  staff = await createStaffSession();
  actor = { id: staff.user.id, name: staff.user.name };
});

afterEach(() => {
  sendRefundToRazorpay.mockReset();
  sendRefundToRazorpay.mockImplementation(async () => {});
});

/** Noon in India on `day` (06:30 UTC). */
const noonInIndia = (day: string) => new Date(`${day}T06:30:00Z`);

let seq = 0;
const email = () => `traveller-${Date.now()}-${++seq}@example.com`;

/** A package booking sold under the default package policy, quoted and paid `paidRupees` by UPI. */
async function paidPackage(startDate: string, paidRupees: number, overrides: Parameters<typeof createBooking>[0] = {}) {
  const booking = await createBooking({ startDate, email: email(), cancellationPolicy: DEFAULT_PACKAGE_POLICY, ...overrides });
  await saveQuote(booking.id, { lines: [{ description: 'Tour', quantity: 1, unitPaise: 2_000_000 }], advancePaise: 500_000, balanceDueOn: startDate }, actor);
  await recordManualPayment(booking.id, { amountPaise: paidRupees * 100, method: 'upi', reference: 'UTR-IN-1', receivedOn: '2026-11-28', note: '' }, actor);
  return (await getBooking(booking.id))!;
}

/** A car rental sold under the default rental policy, quoted and paid `paidRupees` by UPI. */
async function paidRental(startDate: string, paidRupees: number) {
  const car = await createCar();
  const booking = await createBooking({
    type: 'car',
    carId: car.id,
    itemName: car.model,
    startDate,
    endDate: startDate,
    email: email(),
    cancellationPolicy: DEFAULT_RENTAL_POLICY,
  });
  await saveQuote(booking.id, { lines: [{ description: 'Car', quantity: 1, unitPaise: 400_000 }], advancePaise: 100_000, balanceDueOn: startDate }, actor);
  await recordManualPayment(booking.id, { amountPaise: paidRupees * 100, method: 'upi', reference: 'UTR-IN-2', receivedOn: '2026-11-28', note: '' }, actor);
  return (await getBooking(booking.id))!;
}

const byHand = (amountPaise: number, extra: Partial<Parameters<typeof decideRefund>[1]> = {}) => ({
  cancel: true,
  amountPaise,
  method: 'upi' as const,
  reason: '',
  reference: 'UPI-REFUND-1',
  ...extra,
});

async function mailsTo(address: string) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.to, address)).orderBy(emailOutbox.createdAt);
}

describe('the refund the policy gives', () => {
  test('a package: 25 % twenty days before travel, nothing five days before', async () => {
    const far = await paidPackage('2026-12-21', 10_000);
    expect(await refundTerms(far.id, noonInIndia('2026-12-01'))).toMatchObject({
      paidPaise: 1_000_000,
      refundPercent: 25,
      computedPaise: 250_000,
      policySource: 'booking',
    });
    const near = await paidPackage('2026-12-06', 10_000);
    expect(await refundTerms(near.id, noonInIndia('2026-12-01'))).toMatchObject({ refundPercent: 0, computedPaise: 0 });
  });

  test('a rental: all of it 48 hours before pickup, half 12 hours before', async () => {
    const rental = await paidRental('2026-12-04', 1_000);
    // Midnight in India starting Dec 2 is 48 h before Dec 4's midnight; noon on Dec 3 is 12 h before.
    expect(await refundTerms(rental.id, new Date('2026-12-01T18:30:00Z'))).toMatchObject({ refundPercent: 100, computedPaise: 100_000 });
    expect(await refundTerms(rental.id, noonInIndia('2026-12-03'))).toMatchObject({ refundPercent: 50, computedPaise: 50_000 });
  });

  test('the policy the booking was sold under holds after the settings change; a booking without one follows the settings', async () => {
    const { payments: before } = await getSettings(['payments']);
    const sold = await paidPackage('2026-12-21', 10_000);
    const older = await paidPackage('2026-12-21', 10_000, { cancellationPolicy: null });
    await updateSetting('payments', { ...before, packageCancellation: { unit: 'days', tiers: [{ before: 0, refundPercent: 90 }] } });
    try {
      expect(await refundTerms(sold.id, noonInIndia('2026-12-01'))).toMatchObject({ refundPercent: 25, computedPaise: 250_000, policySource: 'booking' });
      expect(await refundTerms(older.id, noonInIndia('2026-12-01'))).toMatchObject({ refundPercent: 90, computedPaise: 900_000, policySource: 'settings' });
      const outcome = await decideRefund(sold.id, byHand(250_000), actor, noonInIndia('2026-12-01'));
      expect(outcome.refund).toMatchObject({ computedPaise: 250_000, amountPaise: 250_000, status: 'processed' });
    } finally {
      await updateSetting('payments', before);
    }
  });
});

describe('cancelling with a refund', () => {
  test('a refund by hand: cancelled, the ledger row, the refund and cancellation mails, audited, open requests closed', async () => {
    const booking = await paidPackage('2026-12-21', 6_000);
    const [request] = await db()
      .insert(paymentRequests)
      .values({ bookingId: booking.id, kind: 'balance', amountPaise: 1_400_000, dueOn: '2026-12-10', status: 'open' })
      .returning();
    const outcome = await decideRefund(booking.id, byHand(150_000), actor, noonInIndia('2026-12-01'));
    expect(outcome.booking).toMatchObject({ status: 'cancelled' });
    expect(outcome.booking.cancelledAt).toBeInstanceOf(Date);
    expect(outcome.refund).toMatchObject({ amountPaise: 150_000, computedPaise: 150_000, method: 'upi', status: 'processed' });
    const ledger = await ledgerOf(db(), booking.id);
    expect(ledger.at(-1)).toMatchObject({ entryType: 'refund', amountPaise: -150_000, method: 'upi', reference: 'UPI-REFUND-1', refundId: outcome.refund!.id });
    expect(await moneySummary(db(), outcome.booking)).toMatchObject({ paidPaise: 450_000, refundedPaise: 150_000, due: null });
    const [closed] = await db().select().from(paymentRequests).where(eq(paymentRequests.id, request!.id));
    expect(closed!.status).toBe('cancelled');
    const subjects = (await mailsTo(booking.email)).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining([expect.stringContaining(`is cancelled`), expect.stringContaining('Refund made for booking')]));
    const refundMail = (await mailsTo(booking.email)).find((m) => m.subject.startsWith('Refund made'))!;
    expect(refundMail.text).toContain('Amount refunded: ₹1,500.00');
    expect(refundMail.text).toContain('Reference: UPI-REFUND-1');
    const cancelMail = (await mailsTo(booking.email)).find((m) => m.subject.startsWith(`Your booking #`) && m.subject.includes('is cancelled'))!;
    expect(cancelMail.text).toContain('We are refunding ₹1,500.00 of the ₹6,000.00 you paid');
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['status', 'refund']));
    // Cancelled is final.
    await expect(decideRefund(booking.id, byHand(0), actor)).rejects.toMatchObject({ issues: [{ path: 'status' }] });
  });

  test('another amount needs a reason; above what was paid is refused; nothing is written', async () => {
    const booking = await paidPackage('2026-12-21', 6_000);
    const now = noonInIndia('2026-12-01');
    await expect(decideRefund(booking.id, byHand(300_000), actor, now)).rejects.toMatchObject({ issues: [{ path: 'reason' }] });
    await expect(decideRefund(booking.id, byHand(600_001, { reason: 'Goodwill' }), actor, now)).rejects.toMatchObject({
      message: 'The refund may be at most what was paid, ₹6,000.00',
      issues: [{ path: 'amountPaise' }],
    });
    await expect(decideRefund(booking.id, byHand(300_000, { reference: '', reason: 'Goodwill' }), actor, now)).rejects.toMatchObject({
      issues: [{ path: 'reference' }],
    });
    expect((await getBooking(booking.id))!.status).toBe('confirmed');
    expect(await db().select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(0);
    const done = await decideRefund(booking.id, byHand(300_000, { reason: 'Landslide on the route: half back' }), actor, now);
    expect(done.refund).toMatchObject({ amountPaise: 300_000, computedPaise: 150_000, reason: 'Landslide on the route: half back' });
  });

  test('cancelling with nothing back writes no refund; a later goodwill refund needs a reason', async () => {
    const booking = await paidPackage('2026-12-06', 5_000);
    const now = noonInIndia('2026-12-01');
    const outcome = await decideRefund(booking.id, { cancel: true, amountPaise: 0, reason: '', reference: '' }, actor, now);
    expect(outcome).toMatchObject({ refund: null, booking: { status: 'cancelled' } });
    const cancelMail = (await mailsTo(booking.email)).find((m) => m.subject.includes('is cancelled'))!;
    expect(cancelMail.text).toContain("Under your booking's cancellation policy, none of the ₹5,000.00 you paid is refunded.");
    await expect(decideRefund(booking.id, { cancel: false, amountPaise: 50_000, method: 'cash', reason: '', reference: '' }, actor, now)).rejects.toMatchObject(
      {
        issues: [{ path: 'reason' }],
      },
    );
    const goodwill = await decideRefund(booking.id, { cancel: false, amountPaise: 50_000, method: 'cash', reason: 'Goodwill', reference: '' }, actor, now);
    expect(goodwill.refund).toMatchObject({ status: 'processed', computedPaise: null, method: 'cash' });
  });

  test('an online refund is pending and sent to Razorpay after commit; a refusal marks it failed', async () => {
    const { company } = await getSettings(['company']);
    const booking = await createBooking({ startDate: '2026-12-21', email: email(), cancellationPolicy: DEFAULT_PACKAGE_POLICY });
    await saveQuote(
      booking.id,
      { lines: [{ description: 'Tour', quantity: 1, unitPaise: 1_000_000 }], advancePaise: 400_000, balanceDueOn: '2026-12-10' },
      actor,
    );
    const paymentId = `pay_T${Date.now()}`;
    await db().transaction((tx) => creditPayment(tx, booking.id, { amountPaise: 400_000, method: 'razorpay', razorpayPaymentId: paymentId }, actor, company));
    const now = noonInIndia('2026-12-01');
    expect((await refundTerms(booking.id, now)).onlinePayments).toEqual([expect.objectContaining({ razorpayPaymentId: paymentId, refundablePaise: 400_000 })]);
    await expect(decideAndSendRefund(booking.id, byHand(100_000, { method: 'razorpay', razorpayPaymentId: 'pay_Unknown1' }), actor, now)).rejects.toMatchObject(
      {
        issues: [{ path: 'razorpayPaymentId' }],
      },
    );

    await expect(
      decideAndSendRefund(booking.id, byHand(50, { method: 'razorpay', razorpayPaymentId: paymentId, reason: 'Rounding' }), actor, now),
    ).rejects.toMatchObject({
      issues: [{ path: 'amountPaise', message: expect.stringContaining('at least ₹1.00') }],
    });
    expect(sendRefundToRazorpay).not.toHaveBeenCalled();

    const result = await decideAndSendRefund(booking.id, byHand(100_000, { method: 'razorpay', razorpayPaymentId: paymentId }), actor, now);
    expect(result).toMatchObject({
      sendError: null,
      booking: { status: 'cancelled' },
      refund: { status: 'pending', razorpayPaymentId: paymentId, amountPaise: 100_000 },
    });
    expect(sendRefundToRazorpay).toHaveBeenCalledWith(result.refund!.id);
    expect((await ledgerOf(db(), booking.id)).filter((e) => e.entryType === 'refund')).toHaveLength(0);
    expect((await mailsTo(booking.email)).some((m) => m.subject.startsWith('Refund made'))).toBe(false);
    // A pending refund counts against what may still be refunded.
    expect(await refundTerms(booking.id, now)).toMatchObject({ paidPaise: 400_000, refundablePaise: 300_000 });

    sendRefundToRazorpay.mockRejectedValueOnce(
      new (await import('~/lib/errors.server')).Conflict('Online refunds are not available yet; record the refund by hand'),
    );
    const refused = await decideAndSendRefund(
      booking.id,
      { cancel: false, amountPaise: 50_000, method: 'razorpay', razorpayPaymentId: paymentId, reason: 'Goodwill', reference: '' },
      actor,
      now,
    );
    expect(refused).toMatchObject({ sendError: 'Online refunds are not available yet; record the refund by hand', refund: { status: 'failed' } });
  });

  test('an online refund of money paid by hand is refused (no online payment to name)', async () => {
    const booking = await paidPackage('2026-12-21', 6_000);
    await expect(
      decideRefund(booking.id, byHand(150_000, { method: 'razorpay', razorpayPaymentId: 'pay_ByHand1' }), actor, noonInIndia('2026-12-01')),
    ).rejects.toMatchObject({
      issues: [{ path: 'razorpayPaymentId' }],
    });
  });
});

describe('the bare status change', () => {
  test('cancels an unpaid booking but refuses a paid one (the refund flow decides it)', async () => {
    const unpaid = await createBooking({ email: email() });
    expect((await setBookingStatus(unpaid.id, 'cancelled', actor)).status).toBe('cancelled');
    expect((await mailsTo(unpaid.email)).at(-1)!.text).toContain('Nothing was paid, so nothing is due either way.');
    const paid = await paidPackage('2026-12-21', 6_000);
    await expect(updateBookingForAdmin(paid.id, { status: 'cancelled' }, actor)).rejects.toMatchObject({ issues: [{ path: 'status' }] });
  });

  test('a cancelled booking frees its vehicle for another confirmation', async () => {
    const car = await createCar();
    const dates = { type: 'car' as const, carId: car.id, itemName: car.model, startDate: '2027-03-10', endDate: '2027-03-12' };
    const first = await createBooking({ ...dates, email: email() });
    const second = await createBooking({ ...dates, email: email() });
    await setBookingStatus(first.id, 'confirmed', actor);
    await expect(setBookingStatus(second.id, 'confirmed', actor)).rejects.toMatchObject({ message: expect.stringContaining('Already booked') });
    await decideRefund(first.id, { cancel: true, amountPaise: 0, reason: '', reference: '' }, actor);
    expect((await setBookingStatus(second.id, 'confirmed', actor)).status).toBe('confirmed');
  });
});

describe('POST /api/bookings/:id/refunds', () => {
  const post = (id: string, body: unknown) =>
    call(refundsAction, `/api/bookings/${id}/refunds`, { method: 'POST', body, params: { id }, headers: { Authorization: staff.authorization } });

  test('bad amounts are 400 naming amountPaise, and nothing is written', async () => {
    const booking = await paidPackage('2026-12-21', 6_000);
    const base = { cancel: false, method: 'cash', reason: 'Goodwill' };
    for (const amountPaise of [-100, 0, 100.5, 1_000_000_001, 600_001]) {
      const answer = await post(booking.id, { ...base, amountPaise });
      expect(answer.status, String(amountPaise)).toBe(400);
      expect(issuePaths(answer.body)).toEqual(['amountPaise']);
    }
    expect(issuePaths((await post(booking.id, { ...base, amountPaise: 100, colour: 'red' })).body)).toEqual(['colour']);
    expect(issuePaths((await post(booking.id, { ...base, amountPaise: 100, method: 'cheque' })).body)).toEqual(['method']);
    expect(await db().select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(0);
    expect((await getBooking(booking.id))!.status).toBe('confirmed');
  });

  test('a refund with cancel: 201 with the cancelled booking and the processed refund; a second cancel is 409', async () => {
    const booking = await paidPackage('2030-12-21', 6_000);
    const terms = await call(refundsLoader, `/api/bookings/${booking.id}/refunds`, {
      method: 'GET',
      params: { id: booking.id },
      headers: { Authorization: staff.authorization },
    });
    expect(terms).toMatchObject({ status: 200, body: { paidPaise: 600_000, refundPercent: 25, computedPaise: 150_000, policySource: 'booking' } });
    const answer = await post(booking.id, { cancel: true, amountPaise: 150_000, method: 'bank_transfer', reference: 'NEFT-77', reason: '' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      booking: { status: 'cancelled', reference: expect.any(String) },
      refund: { status: 'processed', computedPaise: 150_000 },
      sendError: null,
    });
    expect((await post(booking.id, { cancel: true, amountPaise: 0 })).status).toBe(409);
    expect((await post('00000000-0000-4000-8000-000000000000', { cancel: true, amountPaise: 0 })).status).toBe(404);
  });
});

describe("the booking page's Cancel or refund panel", () => {
  const submit = (id: string, fields: Record<string, string>) =>
    detailAction(
      routeArgs(
        `/admin/bookings/${id}`,
        { id },
        {
          method: 'POST',
          body: new URLSearchParams({ intent: 'refund', ...fields }),
          headers: browserHeaders(staff.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
        },
      ),
    );

  test('shows the terms; a changed amount without a reason stays on the page under its field; Cancel booking refunds by UPI', async () => {
    const booking = await paidPackage('2030-12-21', 6_000);
    const page = await detailLoader(routeArgs(`/admin/bookings/${booking.id}`, { id: booking.id }, { headers: browserHeaders(staff.cookie) }));
    expect(page.refund).toMatchObject({
      canCancel: true,
      paid: '₹6,000.00',
      computed: '₹1,500.00',
      amountText: '1500',
      refundPercent: 25,
      policySource: 'booking',
    });

    const refused = await submit(booking.id, { cancel: 'true', amount: '2,000', method: 'upi', reference: 'UPI-9', reason: '' });
    expect(refused).toMatchObject({ init: { status: 400 }, data: { refund: { fields: { reason: expect.any(String) }, values: { amount: '2,000' } } } });
    expect((await getBooking(booking.id))!.status).toBe('confirmed');

    const done = (await submit(booking.id, { cancel: 'true', amount: '1500', method: 'upi', reference: 'UPI-9', reason: '' })) as Response;
    expect(done.status).toBe(302);
    expect((await getBooking(booking.id))!.status).toBe('cancelled');
    const after = await detailLoader(routeArgs(`/admin/bookings/${booking.id}`, { id: booking.id }, { headers: browserHeaders(staff.cookie) }));
    expect(after.refund).toMatchObject({ canCancel: false, refunds: [{ amount: '₹1,500.00', method: 'UPI', status: 'processed' }] });
  });
});
