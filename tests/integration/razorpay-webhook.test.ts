/**
 * Razorpay's webhook, POST /api/webhooks/razorpay (docs/decisions/046-payments.md#webhooks): only a
 * correctly signed delivery is recorded; a repeat, or a second event for the same payment in any
 * order or at the same time, credits the payment once; what cannot be matched is answered 200 and
 * recorded for staff. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { razorpaySignature } from '~/lib/razorpay-signature.server';
import express from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bookings, paymentRequests, payments, razorpayEvents, refunds } from '~/db/schema';
import { ledgerOf, saveQuote } from '~/models/payments.server';
import { drainRazorpayInbox, MAX_EVENT_ATTEMPTS, receiveRazorpayWebhook } from '~/models/razorpay-events.server';
import { loader as eventsLoader } from '~/routes/admin/payments-events';
import { app as pageChain, errorHandler, front } from '../../server/app';
import { createStaffSession } from '../auth-helpers';
import { createBooking } from '../factories';
import { routeArgs, settle } from '../route-args';
import { delivery, paymentEvent, paymentLinkPaid, razorpayId, refundEvent, TEST_WEBHOOK_SECRET } from '../support/razorpay-webhooks';

process.env.RAZORPAY_WEBHOOK_SECRET = TEST_WEBHOOK_SECRET;

type Delivery = ReturnType<typeof delivery>;

/**
 * Deliver `d` as Razorpay does, then let the inbox act on what was recorded (as the server's loop
 * does just after the answer); `outcome` is the outcome of the event this delivery recorded (none for a repeat), as staff see it.
 */
async function post(d: Pick<Delivery, 'body' | 'headers'>, path = '/api/webhooks/razorpay') {
  const response = await fetch(base + path, { method: 'POST', headers: d.headers, body: d.body });
  const answer = { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  await drainRazorpayInbox();
  const eventId = (d.headers as Record<string, string | undefined>)['X-Razorpay-Event-Id'];
  const received = (answer.body as { status?: string }).status === 'received';
  const outcome = received && eventId ? (await eventRow(eventId))?.outcome : undefined;
  return { ...answer, outcome };
}

/**
 * The server's own middleware in the order server.js mounts it (without the static files): the
 * webhook is answered by `front`, and whatever it lets through meets the page chain. React Router
 * is never reached by these tests (a request that would reach it fails the test with a 500).
 */
let server: Server;
let base: string;
beforeAll(async () => {
  const http = express();
  http.use(front, pageChain, errorHandler);
  server = http.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let actor: { id: string; name: string };
beforeAll(async () => {
  const { user } = await createStaffSession();
  actor = { id: user.id, name: user.name };
});

/** A pending booking quoted ₹10,000 with a ₹5,000 advance, and an open advance request on a Razorpay link. */
async function requestedBooking(overrides: Parameters<typeof createBooking>[0] = {}) {
  const booking = await createBooking({ startDate: '2027-02-10', ...overrides });
  await saveQuote(
    booking.id,
    { lines: [{ description: 'Tour', quantity: 1, unitPaise: 1_000_000 }], advancePaise: 500_000, balanceDueOn: '2027-01-20' },
    actor,
  );
  const linkId = razorpayId('plink');
  const [request] = await db()
    .insert(paymentRequests)
    .values({
      bookingId: booking.id,
      kind: 'advance',
      amountPaise: 500_000,
      dueOn: '2026-11-28',
      razorpayLinkId: linkId,
      razorpayLinkUrl: `https://rzp.io/i/${linkId}`,
    })
    .returning();
  return { booking, request: request!, linkId };
}

async function eventRow(eventId: string) {
  const [row] = await db().select().from(razorpayEvents).where(eq(razorpayEvents.eventId, eventId));
  return row;
}

async function ledgerRowsOf(paymentId: string) {
  return db().select().from(payments).where(eq(payments.razorpayPaymentId, paymentId));
}

async function eventCount() {
  const [row] = await db().select({ n: count() }).from(razorpayEvents);
  return row!.n;
}

describe('the signature', () => {
  test('a missing, wrong or tampered signature answers 400 and records nothing', async () => {
    const { linkId } = await requestedBooking();
    const paymentId = razorpayId('pay');
    const good = delivery(paymentLinkPaid(linkId, { id: paymentId, amountPaise: 500_000 }));
    const before = await eventCount();
    const { 'X-Razorpay-Signature': _signature, ...unsigned } = good.headers;
    const cases = [
      { body: good.body, headers: unsigned },
      { body: good.body, headers: { ...good.headers, 'X-Razorpay-Signature': 'not-hex' } },
      { body: good.body, headers: { ...good.headers, 'X-Razorpay-Signature': delivery({}, { secret: 'another-secret' }).headers['X-Razorpay-Signature']! } },
      // The signed body with one amount changed: the signature no longer matches.
      { body: good.body.replace('"amount":500000', '"amount":900000'), headers: good.headers },
      // Signed with the right secret, but over the body re-serialised with spaces: not the bytes sent.
      { body: JSON.stringify(JSON.parse(good.body), null, 1), headers: good.headers },
    ];
    for (const d of cases) {
      const answer = await post(d);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ status: 'refused', error: 'Invalid X-Razorpay-Signature' });
    }
    expect(await eventCount()).toBe(before);
    expect(await ledgerRowsOf(paymentId)).toEqual([]);
  });

  test('signed but without an event id, or not JSON: 400, nothing recorded', async () => {
    const before = await eventCount();
    const d = delivery(paymentEvent('payment.captured', { id: razorpayId('pay'), amountPaise: 100 }));
    const { 'X-Razorpay-Event-Id': _id, ...withoutId } = d.headers;
    expect((await post({ body: d.body, headers: withoutId })).status).toBe(400);
    const notJson = '{"event": "payment.captured", ';
    const signed = delivery(null);
    const answer = await post({
      body: notJson,
      headers: { ...signed.headers, 'X-Razorpay-Signature': razorpaySignature(notJson, TEST_WEBHOOK_SECRET) },
    });
    expect(answer).toMatchObject({ status: 400, body: { error: 'The body is not JSON' } });
    expect(await eventCount()).toBe(before);
  });

  test('without RAZORPAY_WEBHOOK_SECRET the webhook answers 503 (Razorpay retries) and records nothing', async () => {
    const d = delivery(paymentEvent('payment.captured', { id: razorpayId('pay'), amountPaise: 100 }));
    const result = await receiveRazorpayWebhook(Buffer.from(d.body), { signature: d.headers['X-Razorpay-Signature']!, eventId: d.eventId }, undefined);
    expect(result.status).toBe(503);
    expect(await eventRow(d.eventId)).toBeUndefined();
  });

  test('GET answers 405 with Allow: POST; a body over 64 KB answers 413 and records nothing', async () => {
    const get = await fetch(`${base}/api/webhooks/razorpay`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const before = await eventCount();
    const big = delivery({ entity: 'event', event: 'payment.captured', payload: { pad: 'x'.repeat(70 * 1024) }, created_at: 1 });
    expect((await post(big)).status).toBe(413);
    expect(await eventCount()).toBe(before);
  });

  test('any spelling of the path is the webhook, answered without the page chain', async () => {
    const { linkId } = await requestedBooking();
    const d = delivery(paymentLinkPaid(linkId, { id: razorpayId('pay'), amountPaise: 500_000 }));
    const answer = await post(d, '/API/Webhooks/%72azorpay');
    expect(answer).toMatchObject({ status: 200, body: { status: 'received' }, outcome: 'credited; booking confirmed' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // No page headers: the page chain was not run.
    expect(answer.headers.get('content-security-policy')).toBeNull();
  });
});

describe('a paid payment link', () => {
  test('credits the payment once, closes the request, confirms the booking; a replay changes nothing', async () => {
    const { booking, request, linkId } = await requestedBooking();
    const paymentId = razorpayId('pay');
    // 23:30 UTC on 27 Nov is 05:00 on 28 Nov in India: the day the money moved there.
    const createdAt = Date.UTC(2026, 10, 27, 23, 30) / 1000;
    const d = delivery(paymentLinkPaid(linkId, { id: paymentId, amountPaise: 500_000, createdAt }));
    const answer = await post(d);
    expect(answer).toMatchObject({ status: 200, body: { status: 'received' }, outcome: 'credited; booking confirmed' });
    const [entry] = await ledgerRowsOf(paymentId);
    expect(entry).toMatchObject({
      bookingId: booking.id,
      amountPaise: 500_000,
      method: 'razorpay',
      paymentRequestId: request.id,
      receivedOn: '2026-11-28',
      recordedBy: null,
    });
    const [after] = await db().select().from(paymentRequests).where(eq(paymentRequests.id, request.id));
    expect(after!.status).toBe('paid');
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('confirmed');
    expect(await eventRow(d.eventId)).toMatchObject({ event: 'payment_link.paid', outcome: 'credited; booking confirmed', bookingId: booking.id });

    const replay = await post(d);
    expect(replay).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    expect(await ledgerRowsOf(paymentId)).toHaveLength(1);
    expect(await eventRow(d.eventId)).toMatchObject({ outcome: 'credited; booking confirmed' });
  });

  test('the answer comes when the event is recorded; the inbox credits it after, and once however often it runs', async () => {
    const { booking, linkId } = await requestedBooking();
    const paymentId = razorpayId('pay');
    const d = delivery(paymentLinkPaid(linkId, { id: paymentId, amountPaise: 500_000 }));
    const answer = await receiveRazorpayWebhook(
      Buffer.from(d.body),
      { signature: d.headers['X-Razorpay-Signature']!, eventId: d.eventId },
      TEST_WEBHOOK_SECRET,
    );
    expect(answer).toEqual({ status: 200, body: { status: 'received' } });
    // Recorded and waiting, as after a crash right after the answer: nothing credited yet.
    expect(await eventRow(d.eventId)).toMatchObject({ outcome: 'received', processedAt: null });
    expect(await ledgerRowsOf(paymentId)).toEqual([]);
    await Promise.all([drainRazorpayInbox(), drainRazorpayInbox()]);
    await drainRazorpayInbox();
    expect(await ledgerRowsOf(paymentId)).toHaveLength(1);
    expect(await eventRow(d.eventId)).toMatchObject({ outcome: 'credited; booking confirmed', bookingId: booking.id });
    expect((await eventRow(d.eventId))!.processedAt).toBeInstanceOf(Date);
  });

  test('an event the inbox cannot act on is tried again later, and given up after the last attempt with the error for staff', async () => {
    // Recorded, but its stored payload is no event (as a fault in acting on it would do): acting throws.
    const eventId = razorpayId('evt');
    await db().insert(razorpayEvents).values({ eventId, event: 'payment_link.paid', outcome: 'received', payload: {} });
    await drainRazorpayInbox();
    const once = await eventRow(eventId);
    expect(once).toMatchObject({ outcome: 'received', processedAt: null, attempts: 1 });
    expect(once!.lastError).toBeTruthy();
    expect(once!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: a run leaves it alone.
    await drainRazorpayInbox();
    expect(await eventRow(eventId)).toMatchObject({ attempts: 1 });
    // The last attempt fails too: given up, its outcome says why.
    await db()
      .update(razorpayEvents)
      .set({ attempts: MAX_EVENT_ATTEMPTS - 1, nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(eq(razorpayEvents.eventId, eventId));
    await drainRazorpayInbox();
    const last = await eventRow(eventId);
    expect(last).toMatchObject({ attempts: MAX_EVENT_ATTEMPTS });
    expect(last!.outcome).toMatch(/^failed: /);
    expect(last!.processedAt).toBeInstanceOf(Date);
  });

  test('a link we do not know (nor its reference_id) answers 200, is recorded for staff, credits nothing', async () => {
    const paymentId = razorpayId('pay');
    const linkId = razorpayId('plink');
    const d = delivery(paymentLinkPaid(linkId, { id: paymentId, amountPaise: 500_000 }));
    expect(await post(d)).toMatchObject({ status: 200, outcome: `unknown payment link ${linkId}` });
    expect(await eventRow(d.eventId)).toMatchObject({ outcome: `unknown payment link ${linkId}`, bookingId: null });
    expect(await ledgerRowsOf(paymentId)).toEqual([]);
  });

  test('a link matched by its reference_id (our request id) when its link id was never stored', async () => {
    const { booking, request } = await requestedBooking();
    const paymentId = razorpayId('pay');
    const d = delivery(paymentLinkPaid(razorpayId('plink'), { id: paymentId, amountPaise: 500_000 }, { referenceId: request.id }));
    expect((await post(d)).status).toBe(200);
    expect(await ledgerRowsOf(paymentId)).toMatchObject([{ bookingId: booking.id, paymentRequestId: request.id }]);
  });

  test('an amount other than requested is credited (the money arrived) and flagged; a short payment leaves the request open', async () => {
    const { booking, request, linkId } = await requestedBooking();
    const paymentId = razorpayId('pay');
    const d = delivery(paymentLinkPaid(linkId, { id: paymentId, amountPaise: 200_000 }, { event: 'payment_link.partially_paid' }));
    const answer = await post(d);
    expect(answer).toMatchObject({ status: 200, outcome: 'credited; amount differs: ₹2,000.00 paid, ₹5,000.00 requested' });
    expect(await ledgerRowsOf(paymentId)).toMatchObject([{ amountPaise: 200_000 }]);
    const [after] = await db().select().from(paymentRequests).where(eq(paymentRequests.id, request.id));
    expect(after!.status).toBe('open');
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('pending');
  });

  test('money for a cancelled booking is credited and flagged for a refund; the booking stays cancelled', async () => {
    const { booking, linkId } = await requestedBooking();
    await db().update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, booking.id));
    const paymentId = razorpayId('pay');
    const answer = await post(delivery(paymentLinkPaid(linkId, { id: paymentId, amountPaise: 500_000 })));
    expect(answer).toMatchObject({ status: 200, outcome: 'credited; booking is cancelled: refund it' });
    expect(await ledgerRowsOf(paymentId)).toHaveLength(1);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('cancelled');
  });

  test('a payload without the payment is recorded as unreadable, 200, nothing credited', async () => {
    const { linkId } = await requestedBooking();
    const event = paymentLinkPaid(linkId, { id: razorpayId('pay'), amountPaise: 500_000 }) as { payload: Record<string, unknown> };
    delete event.payload.payment;
    const d = delivery(event);
    expect(await post(d)).toMatchObject({ status: 200 });
    expect((await eventRow(d.eventId))!.outcome).toMatch(/^unreadable payload: payment/);
  });
});

describe('the same payment reported twice', () => {
  test('payment.captured naming our request, then payment_link.paid: one ledger row', async () => {
    const { booking, request, linkId } = await requestedBooking();
    const paymentId = razorpayId('pay');
    const captured = delivery(paymentEvent('payment.captured', { id: paymentId, amountPaise: 500_000, notes: { payment_request_id: request.id } }));
    const paid = delivery(paymentLinkPaid(linkId, { id: paymentId, amountPaise: 500_000 }));
    expect(await post(captured)).toMatchObject({ status: 200, outcome: 'credited; booking confirmed' });
    expect(await post(paid)).toMatchObject({ status: 200, body: { status: 'received' }, outcome: 'already credited' });
    expect(await ledgerRowsOf(paymentId)).toHaveLength(1);
    expect(await eventRow(paid.eventId)).toMatchObject({ bookingId: booking.id });
  });

  test('payment.captured without our notes is recorded as unknown; the link event credits; a late capture says already credited', async () => {
    const { linkId } = await requestedBooking();
    const paymentId = razorpayId('pay');
    expect(await post(delivery(paymentEvent('payment.captured', { id: paymentId, amountPaise: 500_000 })))).toMatchObject({
      outcome: `unknown payment ${paymentId}`,
    });
    expect(await post(delivery(paymentLinkPaid(linkId, { id: paymentId, amountPaise: 500_000 })))).toMatchObject({
      outcome: 'credited; booking confirmed',
    });
    expect(await post(delivery(paymentEvent('payment.captured', { id: paymentId, amountPaise: 500_000 })))).toMatchObject({
      outcome: 'already credited',
    });
    expect(await ledgerRowsOf(paymentId)).toHaveLength(1);
  });

  test('at the same time: the same delivery five times and four other events for the payment → one ledger row, one row per event id', async () => {
    const { booking, request, linkId } = await requestedBooking();
    const paymentId = razorpayId('pay');
    const same = delivery(paymentLinkPaid(linkId, { id: paymentId, amountPaise: 500_000 }));
    const others = [
      delivery(paymentLinkPaid(linkId, { id: paymentId, amountPaise: 500_000 })),
      delivery(paymentLinkPaid(linkId, { id: paymentId, amountPaise: 500_000 })),
      delivery(paymentEvent('payment.captured', { id: paymentId, amountPaise: 500_000, notes: { payment_request_id: request.id } })),
      delivery(paymentEvent('payment.captured', { id: paymentId, amountPaise: 500_000, notes: { payment_request_id: request.id } })),
    ];
    const answers = await Promise.all([...Array.from({ length: 5 }, () => post(same)), ...others.map((d) => post(d))]);
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
    expect(answers.filter((a) => (a.body as { status: string }).status === 'duplicate')).toHaveLength(4);
    // Read once every delivery's inbox run has ended: a run skips an event another one holds, so an
    // answer's own read may come while its event is still being acted on elsewhere.
    const outcomes = await Promise.all([same, ...others].map(async (d) => (await eventRow(d.eventId))!.outcome));
    expect(outcomes.filter((outcome) => outcome.startsWith('credited'))).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'already credited')).toHaveLength(4);
    expect(await ledgerOf(db(), booking.id)).toHaveLength(1);
    for (const d of [same, ...others]) expect(await eventRow(d.eventId)).toMatchObject({ bookingId: booking.id });
  });
});

describe('failed payments and refunds', () => {
  test('payment.failed is recorded with Razorpay’s reason, nothing credited', async () => {
    const { booking, request } = await requestedBooking();
    const paymentId = razorpayId('pay');
    const d = delivery(
      paymentEvent('payment.failed', { id: paymentId, amountPaise: 500_000, notes: { payment_request_id: request.id }, errorDescription: 'Bank declined' }),
    );
    expect(await post(d)).toMatchObject({ status: 200, outcome: 'payment failed: Bank declined' });
    expect(await eventRow(d.eventId)).toMatchObject({ bookingId: booking.id });
    expect(await ledgerRowsOf(paymentId)).toEqual([]);
  });

  test('refund.processed writes the refund’s ledger row once; refund.failed afterwards changes nothing', async () => {
    const { booking, linkId } = await requestedBooking();
    const paymentId = razorpayId('pay');
    await post(delivery(paymentLinkPaid(linkId, { id: paymentId, amountPaise: 500_000 })));
    const rfnd = razorpayId('rfnd');
    const [refund] = await db()
      .insert(refunds)
      .values({
        bookingId: booking.id,
        amountPaise: 300_000,
        reason: 'Cancelled',
        method: 'razorpay',
        status: 'pending',
        razorpayPaymentId: paymentId,
        razorpayRefundId: rfnd,
      })
      .returning();
    const processed = refundEvent('refund.processed', { id: rfnd, paymentId, amountPaise: 300_000 });
    expect(await post(delivery(processed))).toMatchObject({ status: 200, outcome: 'refund processed' });
    expect(await post(delivery(processed))).toMatchObject({ status: 200, outcome: 'refund processed' });
    expect(await post(delivery(refundEvent('refund.failed', { id: rfnd, paymentId, amountPaise: 300_000 })))).toMatchObject({
      outcome: 'refund already processed; failure not applied',
    });
    const rows = (await ledgerOf(db(), booking.id)).filter((e) => e.entryType === 'refund');
    expect(rows).toMatchObject([{ amountPaise: -300_000, refundId: refund!.id }]);
  });

  test('refund.failed of a refund found by the id in its notes marks it failed; an unknown refund is recorded', async () => {
    const { booking } = await requestedBooking();
    const [refund] = await db()
      .insert(refunds)
      .values({ bookingId: booking.id, amountPaise: 100_000, reason: 'Goodwill', method: 'razorpay', status: 'pending' })
      .returning();
    const rfnd = razorpayId('rfnd');
    expect(
      await post(delivery(refundEvent('refund.failed', { id: rfnd, paymentId: razorpayId('pay'), amountPaise: 100_000, notes: { refund_id: refund!.id } }))),
    ).toMatchObject({
      outcome: 'refund failed',
    });
    const [after] = await db().select().from(refunds).where(eq(refunds.id, refund!.id));
    expect(after).toMatchObject({ status: 'failed', failureReason: 'Razorpay reported the refund failed' });
    const unknown = razorpayId('rfnd');
    expect(await post(delivery(refundEvent('refund.processed', { id: unknown, paymentId: razorpayId('pay'), amountPaise: 100 })))).toMatchObject({
      status: 200,
      outcome: `unknown refund ${unknown}`,
    });
  });

  test('an event the site does not use is recorded as ignored', async () => {
    const d = delivery({ entity: 'event', event: 'order.paid', payload: {}, created_at: 1 });
    expect(await post(d)).toMatchObject({ status: 200, outcome: 'ignored: event not used' });
  });
});

describe('the Express layer', () => {
  test('a delivery carrying a staff cookie from another origin, or streamed without Content-Length, is still answered; other paths are refused', async () => {
    const { linkId } = await requestedBooking();
    const { cookie } = await createStaffSession();
    const foreign = { Cookie: cookie, Origin: 'https://evil.example', 'Content-Type': 'application/json' };
    const chunked = (text: string) =>
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      });
    const send = (path: string, init: RequestInit) => fetch(`${base}${path}`, { method: 'POST', ...init }).then((r) => r.status);
    const withCookie = delivery(paymentLinkPaid(linkId, { id: razorpayId('pay'), amountPaise: 500_000 }));
    expect(await send('/api/webhooks/razorpay', { headers: { ...withCookie.headers, ...foreign }, body: withCookie.body })).toBe(200);
    expect(await send('/api/bookings', { headers: foreign, body: '{}' })).toBe(403);
    const streamedDelivery = delivery(paymentEvent('payment.failed', { id: razorpayId('pay'), amountPaise: 100 }));
    const streamed = { headers: streamedDelivery.headers, body: chunked(streamedDelivery.body), duplex: 'half' } as RequestInit;
    expect(await send('/api/webhooks/razorpay', streamed)).toBe(200);
    expect(await eventRow(streamedDelivery.eventId)).toBeDefined();
    expect(await send('/api/inquiries', { headers: { 'Content-Type': 'application/json' }, body: chunked('{}'), duplex: 'half' } as RequestInit)).toBe(411);
    await drainRazorpayInbox();
  });
});

describe('the staff list, /admin/payments/events', () => {
  test('an admin sees the latest deliveries with their outcome and booking; the staff role is refused', async () => {
    const { booking, linkId } = await requestedBooking();
    const unknownLink = razorpayId('plink');
    await post(delivery(paymentLinkPaid(linkId, { id: razorpayId('pay'), amountPaise: 500_000 })));
    await post(delivery(paymentLinkPaid(unknownLink, { id: razorpayId('pay'), amountPaise: 500_000 })));
    const admin = await createStaffSession();
    const page = await settle(() => eventsLoader(routeArgs('/admin/payments/events', {}, { headers: { Cookie: admin.cookie } })));
    const events = (page.body as { events: { outcome: string; bookingId: string | null }[] }).events;
    expect(events[0]).toMatchObject({ outcome: `unknown payment link ${unknownLink}`, bookingId: null });
    expect(events[1]).toMatchObject({ outcome: 'credited; booking confirmed', bookingId: booking.id });
    const staff = await createStaffSession(undefined, 'staff');
    expect((await settle(() => eventsLoader(routeArgs('/admin/payments/events', {}, { headers: { Cookie: staff.cookie } })))).status).toBe(403);
  });
});
