/**
 * Razorpay webhook deliveries for tests: events shaped like Razorpay's sample payloads
 * (https://razorpay.com/docs/webhooks/payment-links/, https://razorpay.com/docs/webhooks/payments/,
 * https://razorpay.com/docs/webhooks/refunds/), trimmed to the fields the app reads plus a few
 * others, and signed as Razorpay signs them (hex HMAC-SHA256 of the raw body with the webhook
 * secret, header X-Razorpay-Signature). No dependency on the app: the durability and cluster
 * suites use it against a built server.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** The webhook secret the test servers and suites share. */
export const TEST_WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

/** A Razorpay-looking id: prefix + 14 random characters. */
export function razorpayId(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
}

type Payment = { id: string; amountPaise: number; notes?: Record<string, string>; createdAt?: number; status?: string; currency?: string };

function paymentEntity(p: Payment) {
  return {
    id: p.id,
    entity: 'payment',
    amount: p.amountPaise,
    currency: p.currency ?? 'INR',
    status: p.status ?? 'captured',
    order_id: 'order_TestOrder0001',
    method: 'upi',
    captured: true,
    notes: p.notes ?? [],
    error_code: null,
    error_description: null,
    created_at: p.createdAt ?? Math.floor(Date.now() / 1000),
  };
}

/** payment_link.paid (or partially_paid) for link `linkId` paid by `payment`. */
export function paymentLinkPaid(linkId: string, payment: Payment, options: { event?: string; referenceId?: string; linkAmountPaise?: number } = {}) {
  return {
    entity: 'event',
    account_id: 'acc_TestAccount001',
    event: options.event ?? 'payment_link.paid',
    contains: ['payment_link', 'order', 'payment'],
    payload: {
      payment_link: {
        entity: {
          id: linkId,
          entity: 'payment_link',
          amount: options.linkAmountPaise ?? payment.amountPaise,
          amount_paid: payment.amountPaise,
          currency: 'INR',
          reference_id: options.referenceId ?? '',
          status: 'paid',
          notes: null,
        },
      },
      order: { entity: { id: 'order_TestOrder0001', entity: 'order', amount: payment.amountPaise, status: 'paid' } },
      payment: { entity: paymentEntity(payment) },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** payment.captured / payment.failed for `payment`. */
export function paymentEvent(event: 'payment.captured' | 'payment.failed', payment: Payment & { errorDescription?: string }) {
  const entity = {
    ...paymentEntity(payment),
    ...(event === 'payment.failed'
      ? { status: 'failed', captured: false, error_description: payment.errorDescription ?? 'Payment was cancelled by the customer' }
      : {}),
  };
  return {
    entity: 'event',
    account_id: 'acc_TestAccount001',
    event,
    contains: ['payment'],
    payload: { payment: { entity } },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** refund.processed / refund.failed of Razorpay refund `id`. */
export function refundEvent(
  event: 'refund.processed' | 'refund.failed',
  refund: { id: string; paymentId: string; amountPaise: number; notes?: Record<string, string> },
) {
  return {
    entity: 'event',
    account_id: 'acc_TestAccount001',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: {
        entity: {
          id: refund.id,
          entity: 'refund',
          amount: refund.amountPaise,
          currency: 'INR',
          payment_id: refund.paymentId,
          notes: refund.notes ?? [],
          receipt: null,
          status: event === 'refund.processed' ? 'processed' : 'failed',
          created_at: Math.floor(Date.now() / 1000),
        },
      },
      payment: { entity: { id: refund.paymentId, entity: 'payment', amount: refund.amountPaise, currency: 'INR', status: 'refunded', captured: true } },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** Headers and raw body of one delivery of `event` (signed with `secret`, under `eventId`). */
export function delivery(event: unknown, { secret = TEST_WEBHOOK_SECRET, eventId = razorpayId('evt') } = {}) {
  const body = JSON.stringify(event);
  return {
    eventId,
    body,
    headers: {
      'Content-Type': 'application/json',
      'X-Razorpay-Event-Id': eventId,
      'X-Razorpay-Signature': createHmac('sha256', secret).update(body).digest('hex'),
    } as Record<string, string>,
  };
}

/** A booking waiting for its advance on a Razorpay link, as seeded straight into the database. */
export type SeededRequest = { bookingId: string; requestId: string; linkId: string; amountPaise: number };

/**
 * Seed `count` pending package bookings, each quoted ₹1,000 with a ₹500 advance and an open advance
 * request on its own payment link (`plink_<runId>x<index>`), with SQL through `query` (a stopped
 * PGlite folder or a PostgreSQL database; tests/durability/database.ts `withDatabase`).
 */
export async function seedPaymentRequests(
  query: <R>(text: string, params?: unknown[]) => Promise<R[]>,
  runId: string,
  count: number,
): Promise<SeededRequest[]> {
  const seeded: SeededRequest[] = [];
  for (let index = 0; index < count; index++) {
    const [booking] = await query<{ id: string }>(
      `insert into bookings (type, item_name, name, email, phone, start_date, status)
       values ('package', 'Webhook Tour', $1, $2, '+91 90000 00001', '2027-03-01', 'pending') returning id::text as id`,
      [`Traveller ${runId} ${index}`, `webhook-${runId}-${index}@example.com`],
    );
    await query(
      `insert into booking_quotes (booking_id, revision, lines, total_paise, advance_paise, balance_due_on)
       values ($1, 1, '[{"description":"Tour","quantity":1,"unitPaise":100000}]', 100000, 50000, '2027-02-01')`,
      [booking!.id],
    );
    const linkId = `plink_${runId}x${index}`;
    const [request] = await query<{ id: string }>(
      `insert into payment_requests (booking_id, kind, amount_paise, due_on, razorpay_link_id)
       values ($1, 'advance', 50000, '2026-11-28', $2) returning id::text as id`,
      [booking!.id, linkId],
    );
    seeded.push({ bookingId: booking!.id, requestId: request!.id, linkId, amountPaise: 50_000 });
  }
  return seeded;
}
