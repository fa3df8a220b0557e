/**
 * Paying online through Razorpay payment links, against the local fake Razorpay
 * (tests/support/fake-razorpay.ts; docs/decisions/046-payments.md#razorpay,
 * #reconciliation, #cancellation-and-refunds): the Pay button asks for what the server says is
 * due, the return is believed only with Razorpay's signature, the reconciliation credits what a
 * lost webhook missed exactly once, and online refunds end processed or failed.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { databaseHandle, db } from '~/db/client.server';
import { auditLog, bookings, paymentRequests, refunds } from '~/db/schema';
import { shortReference } from '~/lib/ids';
import { reconcileOnce, withReconcileLock } from '~/infrastructure/payments-reconciler.server';
import { sendRefundToRazorpay } from '~/infrastructure/razorpay-refunds.server';
import { issueBookingLink } from '~/models/booking-link.server';
import { creditRazorpayPayment, reconcilePayments } from '~/infrastructure/online-payments.server';
import { ledgerOf, moneySummary, recordManualPayment, saveQuote } from '~/models/payments.server';
import { action as payAction, loader as payLoader } from '~/routes/booking/pay';
import { loader as returnLoader } from '~/routes/booking/return';
import { createStaffSession } from '../auth-helpers';
import { createBooking } from '../factories';
import { routeArgs } from '../route-args';
import { startFakeRazorpay } from '../support/fake-razorpay';

// Before anything reads the environment (app/lib/env.server.ts parses it once per test file).
const fake = await startFakeRazorpay();
process.env.RAZORPAY_KEY_ID = fake.keyId;
process.env.RAZORPAY_KEY_SECRET = fake.keySecret;
process.env.RAZORPAY_WEBHOOK_SECRET = fake.webhookSecret;
process.env.RAZORPAY_API_URL = fake.url;
process.env.RAZORPAY_RECONCILE_INTERVAL_MS = '0';
afterAll(() => fake.close());

const PUBLIC_URL = 'http://localhost:3000';

/** A pending booking quoted ₹10,000 with a ₹5,000 advance, and a link to its page. */
async function quotedBooking(overrides: Parameters<typeof createBooking>[0] = {}) {
  const { user } = await createStaffSession();
  const booking = await createBooking({ email: `pay-${crypto.randomUUID()}@example.com`, ...overrides });
  await saveQuote(
    booking.id,
    { lines: [{ description: 'Sikkim Explorer', quantity: 1, unitPaise: 1_000_000 }], advancePaise: 500_000, balanceDueOn: '2027-01-01' },
    { id: user.id, name: user.name },
  );
  const { token } = await issueBookingLink(db(), booking.id);
  return { booking, token };
}

/**
 * Press Pay on the booking page (a form post from the site itself, whatever it carries). When the
 * answer is the hand-over page, `location` is where that page forwards to (Razorpay's link).
 */
async function pressPay(token: string, body = 'amountPaise=100', origin = 'http://localhost') {
  const response = (await payAction(
    routeArgs(
      `/booking/${token}/pay`,
      { token },
      {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      },
    ),
  )) as Response;
  const location = response.headers.get('Location');
  if (response.status !== 303 || !location?.startsWith(`/booking/${token}/pay?request=`)) return { status: response.status, location };
  const handOver = (await payLoader(routeArgs(location, { token }))) as Response;
  const forward = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(await handOver.text());
  return { status: response.status, location: forward ? forward[1]!.replaceAll('&#38;', '&') : null, handOver: location };
}

/** Come back from Razorpay with `query`. */
async function returnWith(token: string, query: URLSearchParams) {
  const response = (await returnLoader(routeArgs(`/booking/${token}/return?${query.toString()}`, { token }))) as Response;
  return { status: response.status, location: response.headers.get('Location') };
}

const linkOf = (location: string | null) => [...fake.links.values()].find((l) => l.short_url === location)!;

describe('the Pay button', () => {
  test('sends the traveller to a Razorpay link for the advance the server computes, and a second press reuses it', async () => {
    const { booking, token } = await quotedBooking({ name: 'Tenzing Norgay', phone: '+91 98320 12345' });
    const first = await pressPay(token, 'amountPaise=100');
    expect(first.status).toBe(303);
    // The hand-over page (a form post may not redirect to another origin under form-action 'self').
    const handOver = (await payLoader(routeArgs(first.handOver!, { token }))) as Response;
    expect(handOver.headers.get('Cache-Control')).toBe('no-store');
    expect(handOver.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    const html = await handOver.text();
    expect(html).toContain('You are paying ₹5,000.00');
    expect(html).toContain(`<a href="${first.location}">Continue to Razorpay</a>`);
    const link = linkOf(first.location);
    expect(link).toMatchObject({
      amount: 500_000, // the advance, not the ₹1 the form carried
      currency: 'INR',
      accept_partial: false,
      notify: { sms: false, email: false },
      callback_url: `${PUBLIC_URL}/booking/${token}/return`,
      callback_method: 'get',
      customer: { name: 'Tenzing Norgay', email: booking.email, contact: '+919832012345' },
    });
    expect(link.description).toBe(`Advance for booking #${shortReference(booking.id)}: ${booking.itemName}`);
    const [request] = await db().select().from(paymentRequests).where(eq(paymentRequests.bookingId, booking.id));
    expect(request).toMatchObject({ kind: 'advance', amountPaise: 500_000, status: 'open', razorpayLinkId: link.id, razorpayLinkUrl: link.short_url });
    expect(link.reference_id).toBe(request!.id);

    const second = await pressPay(token);
    expect(second.location).toBe(first.location);
    expect([...fake.links.values()].filter((l) => l.notes.booking_id === booking.id)).toHaveLength(1);
    expect(await db().select().from(paymentRequests).where(eq(paymentRequests.bookingId, booking.id))).toHaveLength(1);
  });

  test('two presses at once (a double click) both lead to the one link', async () => {
    const { booking, token } = await quotedBooking();
    const [a, b] = await Promise.all([pressPay(token), pressPay(token)]);
    expect(a.location).toBeTruthy();
    expect(b.location).toBe(a.location);
    expect([...fake.links.values()].filter((l) => l.notes.booking_id === booking.id)).toHaveLength(1);
  });

  test('a post from another site is refused, an unknown link is 404, and a GET goes to the page', async () => {
    const { booking, token } = await quotedBooking();
    expect((await pressPay(token, '', 'https://evil.example')).status).toBe(403);
    expect(await db().select().from(paymentRequests).where(eq(paymentRequests.bookingId, booking.id))).toHaveLength(0);
    expect((await pressPay('A'.repeat(43))).status).toBe(404);
    const get = (await payLoader(routeArgs(`/booking/${token}/pay`, { token }))) as Response;
    expect(get.headers.get('Location')).toBe(`/booking/${token}`);
  });

  test('when Razorpay fails the traveller is back on the page with a message, never an error page; the next press works', async () => {
    const { booking, token } = await quotedBooking();
    fake.failNext(/^\/v1\/payment_links$/, 500, 'We are facing some trouble completing your request at the moment.');
    const failed = await pressPay(token);
    expect(failed).toEqual({ status: 303, location: `/booking/${token}?payment=unavailable` });
    const retried = await pressPay(token);
    expect(linkOf(retried.location).notes.booking_id).toBe(booking.id);
  });

  test('nothing due (no quote yet): back to the page, no link', async () => {
    const booking = await createBooking();
    const { token } = await issueBookingLink(db(), booking.id);
    expect(await pressPay(token)).toEqual({ status: 303, location: `/booking/${token}` });
    expect(await db().select().from(paymentRequests).where(eq(paymentRequests.bookingId, booking.id))).toHaveLength(0);
  });

  test('a link that expired is closed and a new one is made; a link for more than is now due is cancelled at Razorpay', async () => {
    const { booking, token } = await quotedBooking();
    const first = linkOf((await pressPay(token)).location);
    first.status = 'expired';
    const second = linkOf((await pressPay(token)).location);
    expect(second.id).not.toBe(first.id);
    const requests = await db().select().from(paymentRequests).where(eq(paymentRequests.bookingId, booking.id)).orderBy(paymentRequests.createdAt);
    expect(requests.map((r) => r.status)).toEqual(['cancelled', 'open']);

    // ₹2,000 arrives by UPI: the ₹5,000 link no longer matches what is due (₹3,000).
    const { user } = await createStaffSession();
    await recordManualPayment(
      booking.id,
      { amountPaise: 200_000, method: 'upi', reference: 'UTR1', receivedOn: '2026-11-28', note: '' },
      { id: user.id, name: user.name },
    );
    await reconcilePayments();
    expect(second.status).toBe('cancelled');
    const third = linkOf((await pressPay(token)).location);
    expect(third.amount).toBe(300_000);
  });
});

describe('the return from Razorpay', () => {
  test('a verified payment is credited at once and the page says received; the webhook reporting it again credits nothing', async () => {
    const { booking, token } = await quotedBooking();
    const link = linkOf((await pressPay(token)).location);
    const { payment } = fake.payLink(link.id);
    const back = await returnWith(token, fake.callbackQuery(link, payment));
    expect(back).toEqual({ status: 303, location: `/booking/${token}?payment=received` });
    const ledger = await ledgerOf(db(), booking.id);
    expect(ledger).toMatchObject([{ amountPaise: 500_000, method: 'razorpay', razorpayPaymentId: payment.id }]);
    const [after] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after!.status).toBe('confirmed');
    const [request] = await db().select().from(paymentRequests).where(eq(paymentRequests.bookingId, booking.id));
    expect(request!.status).toBe('paid');
    // The webhook (or the traveller reloading the return) reports the same payment: no second credit.
    expect(await creditRazorpayPayment(request!, { ...payment, notes: {} })).toBe(false);
    expect((await returnWith(token, fake.callbackQuery(link, payment))).location).toBe(`/booking/${token}?payment=received`);
    expect(await ledgerOf(db(), booking.id)).toHaveLength(1);
  });

  test('a return with a bad signature, or a forged status, says "checking" and credits nothing', async () => {
    const { booking, token } = await quotedBooking();
    const link = linkOf((await pressPay(token)).location);
    const { payment } = fake.payLink(link.id);
    const query = fake.callbackQuery(link, payment);
    const badSignature = new URLSearchParams(query);
    badSignature.set('razorpay_signature', 'f'.repeat(64));
    expect((await returnWith(token, badSignature)).location).toBe(`/booking/${token}?payment=checking`);
    const forged = new URLSearchParams(query);
    forged.set('razorpay_payment_link_status', 'partially_paid');
    expect((await returnWith(token, forged)).location).toBe(`/booking/${token}?payment=checking`);
    expect((await returnWith(token, new URLSearchParams())).location).toBe(`/booking/${token}?payment=checking`);
    expect(await ledgerOf(db(), booking.id)).toHaveLength(0);
  });

  test("another booking's signed return is not credited to this one", async () => {
    const mine = await quotedBooking();
    const theirs = await quotedBooking();
    const link = linkOf((await pressPay(theirs.token)).location);
    const { payment } = fake.payLink(link.id);
    expect((await returnWith(mine.token, fake.callbackQuery(link, payment))).location).toBe(`/booking/${mine.token}?payment=checking`);
    expect(await ledgerOf(db(), mine.booking.id)).toHaveLength(0);
  });

  test("the fake's pay page pays and sends the traveller back with Razorpay's signed query", async () => {
    const { booking, token } = await quotedBooking();
    const { location } = await pressPay(token);
    const page = await fetch(location!);
    expect(await page.text()).toContain('Pay ₹5,000.00');
    const paid = await fetch(`${location}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const callback = new URL(paid.headers.get('Location')!);
    expect(callback.pathname).toBe(`/booking/${token}/return`);
    expect((await returnWith(token, callback.searchParams)).location).toBe(`/booking/${token}?payment=received`);
    expect((await moneySummary(db(), booking)).paidPaise).toBe(500_000);
  });
});

describe('reconciliation', () => {
  test('a payment whose webhook was lost is credited by the reconciliation, exactly once however often it runs', async () => {
    const { booking, token } = await quotedBooking();
    const link = linkOf((await pressPay(token)).location);
    fake.payLink(link.id); // paid; no webhook, no return
    // (Other tests' paid links without a return are credited by the same run.)
    const first = await reconcileOnce();
    expect(first!.credited).toBeGreaterThanOrEqual(1);
    expect(first!.errors).toBe(0);
    const second = await reconcilePayments();
    expect(second).toMatchObject({ credited: 0, errors: 0 });
    expect((await ledgerOf(db(), booking.id)).map((e) => e.amountPaise)).toEqual([500_000]);
    const [after] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after!.status).toBe('confirmed');
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'payment')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorName).toBe('Razorpay');
  });

  test('on PostgreSQL one instance reconciles at a time: a run while another holds the lock does nothing', async (ctx) => {
    const handle = databaseHandle();
    if (handle.kind !== 'postgres') ctx.skip();
    let release!: () => void;
    let holding = false;
    const first = withReconcileLock(handle, () => {
      holding = true;
      return new Promise<string>((resolve) => (release = () => resolve('first')));
    });
    await vi.waitFor(() => expect(holding).toBe(true), { timeout: 10_000 });
    expect(await withReconcileLock(handle, async () => 'second')).toBeNull();
    release();
    expect(await first).toBe('first');
    expect(await withReconcileLock(handle, async () => 'third')).toBe('third');
  });

  test('a link paid in two parts: each payment credited once', async () => {
    const { booking, token } = await quotedBooking();
    const link = linkOf((await pressPay(token)).location);
    fake.payLink(link.id, { amountPaise: 200_000 });
    expect(link.status).toBe('partially_paid');
    await reconcilePayments();
    fake.payLink(link.id);
    await reconcilePayments();
    await reconcilePayments();
    expect((await ledgerOf(db(), booking.id)).map((e) => e.amountPaise)).toEqual([200_000, 300_000]);
  });
});

describe('online refunds', () => {
  /** A booking whose ₹5,000 advance was paid online, and a pending online refund of `amountPaise`. */
  async function paidAndRefunding(amountPaise: number) {
    const { booking, token } = await quotedBooking();
    const link = linkOf((await pressPay(token)).location);
    const { payment } = fake.payLink(link.id);
    await reconcilePayments();
    const [refund] = await db()
      .insert(refunds)
      .values({
        bookingId: booking.id,
        amountPaise,
        reason: 'Cancelled 20 days before travel',
        method: 'razorpay',
        status: 'pending',
        razorpayPaymentId: payment.id,
      })
      .returning();
    return { booking, payment, refund: refund! };
  }

  const refundRow = async (id: string) => (await db().select().from(refunds).where(eq(refunds.id, id)))[0]!;

  test('sent once, pending until Razorpay processes it; then the ledger shows the money returned', async () => {
    const { booking, payment, refund } = await paidAndRefunding(125_000);
    await sendRefundToRazorpay(refund.id);
    await sendRefundToRazorpay(refund.id);
    const remote = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(remote).toHaveLength(1);
    expect(remote[0]).toMatchObject({ amount: 125_000, receipt: refund.id, status: 'pending' });
    expect(await refundRow(refund.id)).toMatchObject({ status: 'pending', razorpayRefundId: remote[0]!.id });
    expect((await moneySummary(db(), booking)).refundedPaise).toBe(0);

    fake.settleRefund(remote[0]!.id, 'processed'); // its webhook lost
    expect(await reconcilePayments()).toMatchObject({ refundsProcessed: 1, errors: 0 });
    await reconcilePayments();
    expect(await refundRow(refund.id)).toMatchObject({ status: 'processed' });
    expect((await ledgerOf(db(), booking.id)).map((e) => e.amountPaise)).toEqual([500_000, -125_000]);
  });

  test('processed at once when Razorpay says so', async () => {
    const { booking, refund } = await paidAndRefunding(500_000);
    fake.refundStatusOnCreate = 'processed';
    try {
      await sendRefundToRazorpay(refund.id);
    } finally {
      fake.refundStatusOnCreate = 'pending';
    }
    expect(await refundRow(refund.id)).toMatchObject({ status: 'processed' });
    expect((await moneySummary(db(), booking)).paidPaise).toBe(0);
  });

  test('refused by Razorpay (more than was paid): failed with its reason, no money moved', async () => {
    const { booking, refund } = await paidAndRefunding(600_000);
    await sendRefundToRazorpay(refund.id);
    expect(await refundRow(refund.id)).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('greater than amount captured') });
    expect((await ledgerOf(db(), booking.id)).map((e) => e.amountPaise)).toEqual([500_000]);
  });

  test('failed later at the bank: the reconciliation marks it failed', async () => {
    const { booking, refund } = await paidAndRefunding(100_000);
    await sendRefundToRazorpay(refund.id);
    const { razorpayRefundId } = await refundRow(refund.id);
    fake.settleRefund(razorpayRefundId!, 'failed');
    expect(await reconcilePayments()).toMatchObject({ refundsFailed: 1 });
    expect(await refundRow(refund.id)).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('failed') });
    expect((await ledgerOf(db(), booking.id)).map((e) => e.amountPaise)).toEqual([500_000]);
  });

  test('no answer from Razorpay: stays pending, and the reconciliation sends it again, once', async () => {
    const { payment, refund } = await paidAndRefunding(50_000);
    fake.failNext(/\/refund$/, 503, 'Service unavailable');
    await sendRefundToRazorpay(refund.id);
    expect(await refundRow(refund.id)).toMatchObject({ status: 'pending', razorpayRefundId: null });
    await reconcilePayments();
    const remote = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(remote).toHaveLength(1);
    expect((await refundRow(refund.id)).razorpayRefundId).toBe(remote[0]!.id);
  });
});
