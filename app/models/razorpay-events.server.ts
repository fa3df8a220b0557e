/**
 * Razorpay's webhook deliveries (docs/decisions/046-payments.md#webhooks): verify the signature,
 * record the delivery once by its event id and answer; then, from that inbox, act on each event in a
 * transaction of its own: credit a paid payment link (or a captured payment that names our
 * request), mark a refund processed or failed, note a failed payment. Amounts are integer paise, as
 * Razorpay sends them.
 *
 * Facts relied on (Razorpay's documentation):
 * - the signature is the hex HMAC-SHA256 of the raw body with the webhook secret, in
 *   `X-Razorpay-Signature`; the body must not be parsed first
 *   (https://razorpay.com/docs/webhooks/validate-test/, razorpay-node `validateWebhookSignature`
 *   in lib/utils/razorpay-utils.js);
 * - a delivery that gets no 2xx is retried with back-off for 24 hours, so the same event arrives
 *   again with the same `x-razorpay-event-id`, and events come in no fixed order
 *   (https://razorpay.com/docs/webhooks/best-practices/,
 *   https://razorpay.com/docs/payments/payment-gateway/s2s-integration/test-s2s/best-practices/webhooks-and-fetch-apis);
 * - payload shapes: `payload.payment_link.entity` / `payload.payment.entity` / `payload.order.entity`
 *   (https://razorpay.com/docs/webhooks/payment-links/), `payload.payment.entity`
 *   (https://razorpay.com/docs/webhooks/payments/), `payload.refund.entity`
 *   (https://razorpay.com/docs/webhooks/refunds/).
 *
 * Idempotency: the `razorpay_events` row is inserted first (ON CONFLICT DO NOTHING), so a repeated
 * delivery changes nothing; two events for one payment (payment_link.paid and payment.captured, in
 * any order, on two instances at once) credit it once, because `creditPayment` locks the booking and
 * the ledger holds a Razorpay payment id once (docs/decisions/046-payments.md#the-ledger).
 */
import { validRazorpaySignature } from '~/lib/razorpay-signature.server';
import { and, asc, desc, eq, isNull, lte, or } from 'drizzle-orm';
import { z } from 'zod';
import { db, type Executor } from '~/db/client.server';
import { paymentRequests, payments, razorpayEvents, refunds } from '~/db/schema';
import { MAX_AMOUNT_PAISE } from '~/lib/constants';
import { todayInIndia } from '~/lib/format';
import { isUuid, shortReference } from '~/lib/ids';
import { formatPaise } from '~/lib/money';
import type { AuditActor } from './audit.server';
import { afterCredit, creditPayment, markRefundFailed, markRefundProcessed, type CreditOutcome, type PaymentRequest } from './payments.server';
import { getSettings } from './settings.server';
import type { OutgoingEmail } from './outbox.server';
import { notifyNewMail } from '~/lib/mail-signal.server';
import { logger } from '~/lib/logger.server';
import { publishLive } from '~/lib/live-events.server';

/** Who the ledger and the audit log name for what Razorpay reported. */
export const RAZORPAY_ACTOR: AuditActor = { id: null, name: 'Razorpay' };

export type RazorpayEvent = typeof razorpayEvents.$inferSelect;

/** Razorpay's event ids are short tokens (`Ez1s...`); anything else is refused. */
export const eventIdSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'must be Razorpay’s event id');

const notesSchema = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .nullish()
  .transform((notes) => (notes && !Array.isArray(notes) ? notes : {}));

const paymentEntity = z.object({
  id: z.string().min(1).max(100),
  amount: z.number().int(),
  currency: z.string().default('INR'),
  status: z.string().optional(),
  order_id: z.string().nullish(),
  method: z.string().nullish(),
  notes: notesSchema,
  created_at: z.number().int().nonnegative().optional(),
  error_description: z.string().nullish(),
  error_reason: z.string().nullish(),
});

const paymentLinkEntity = z.object({
  id: z.string().min(1).max(100),
  amount: z.number().int().optional(),
  reference_id: z.string().nullish(),
  status: z.string().optional(),
  notes: notesSchema,
});

const refundEntity = z.object({
  id: z.string().min(1).max(100),
  payment_id: z.string().nullish(),
  amount: z.number().int().optional(),
  receipt: z.string().nullish(),
  notes: notesSchema,
  status: z.string().optional(),
  created_at: z.number().int().nonnegative().optional(),
});

/** The envelope every delivery has; the entities are read per event below. */
const envelopeSchema = z.object({
  event: z.string().min(1).max(100),
  created_at: z.number().int().optional(),
  payload: z.record(z.string(), z.unknown()).default({}),
});

const linkPayload = z.object({ payment_link: z.object({ entity: paymentLinkEntity }), payment: z.object({ entity: paymentEntity }) });
const paymentPayload = z.object({ payment: z.object({ entity: paymentEntity }) });
const refundPayload = z.object({ refund: z.object({ entity: refundEntity }), payment: z.object({ entity: paymentEntity.partial() }).optional() });

/** What one delivery did: the HTTP status and whether it was recorded, a repeat or refused. */
export type WebhookResult = { status: number; body: { status: 'received' | 'duplicate' | 'refused'; error?: string } };

/** What acting on an event did: its outcome for staff, the booking, a credit, and whether a refund of the booking changed state. */
type Handled = { outcome: string; bookingId: string | null; credit?: CreditOutcome; refundChanged?: boolean };

/** The day (Asia/Kolkata) of a Razorpay unix time in seconds; today when absent. */
function dayOf(unixSeconds: number | undefined): string {
  return unixSeconds === undefined ? todayInIndia() : todayInIndia(new Date(unixSeconds * 1000));
}

/** The string value of one of our ids in a `notes` object, when it is a UUID. */
function noteId(notes: Record<string, unknown>, key: string): string | null {
  const value = notes[key];
  return typeof value === 'string' && isUuid(value) ? value : null;
}

async function requestById(tx: Executor, id: string | null): Promise<PaymentRequest | null> {
  if (!id) return null;
  const [row] = await tx.select().from(paymentRequests).where(eq(paymentRequests.id, id));
  return row ?? null;
}

/**
 * Credit one Razorpay payment to `request`'s booking (docs/decisions/046-payments.md#webhooks).
 * Money that arrived is always credited, even when it differs from the request or the booking is
 * cancelled or rejected: the ledger must match what Razorpay will settle, and a refund can then be
 * recorded against it; the outcome says what staff must look at. Refused (recorded, not credited):
 * a currency other than INR, an amount outside 1 paisa–₹1 crore.
 */
async function creditToRequest(
  tx: Executor,
  request: PaymentRequest,
  payment: z.infer<typeof paymentEntity>,
  company: Parameters<typeof creditPayment>[4],
): Promise<Handled> {
  const bookingId = request.bookingId;
  if (payment.currency !== 'INR') return { outcome: `not credited: paid in ${payment.currency}, not INR`, bookingId };
  if (payment.amount <= 0 || payment.amount > MAX_AMOUNT_PAISE) return { outcome: `not credited: amount ${payment.amount} paise out of range`, bookingId };
  const credit = await creditPayment(
    tx,
    bookingId,
    {
      amountPaise: payment.amount,
      method: 'razorpay',
      razorpayPaymentId: payment.id,
      paymentRequestId: request.id,
      receivedOn: dayOf(payment.created_at),
      note: payment.method ? `Razorpay (${payment.method})` : 'Razorpay',
    },
    RAZORPAY_ACTOR,
    company,
  );
  if (!credit.entry) return { outcome: 'already credited', bookingId, credit };
  const flags: string[] = [];
  if (payment.amount !== request.amountPaise) flags.push(`amount differs: ${formatPaise(payment.amount)} paid, ${formatPaise(request.amountPaise)} requested`);
  if (credit.booking.status === 'cancelled' || credit.booking.status === 'rejected') flags.push(`booking is ${credit.booking.status}: refund it`);
  if (request.status === 'cancelled') flags.push('the payment request was cancelled');
  if (credit.clash) flags.push(`paid but clashing: ${credit.clash}`);
  return { outcome: flags.length ? `credited; ${flags.join('; ')}` : credit.confirmed ? 'credited; booking confirmed' : 'credited', bookingId, credit };
}

/** The outcome of a payload that does not have the shape its event promises (recorded, 2xx: a retry would not change it). */
function unreadable(error: z.ZodError): Handled {
  const issue = error.issues[0];
  return { outcome: `unreadable payload: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'bad shape'}`.slice(0, 300), bookingId: null };
}

async function handle(
  tx: Executor,
  event: string,
  payload: Record<string, unknown>,
  company: Parameters<typeof creditPayment>[4],
  mails: OutgoingEmail[],
): Promise<Handled> {
  switch (event) {
    case 'payment_link.paid':
    case 'payment_link.partially_paid': {
      const parsed = linkPayload.safeParse(payload);
      if (!parsed.success) return unreadable(parsed.error);
      const link = parsed.data.payment_link.entity;
      const [byLink] = await tx.select().from(paymentRequests).where(eq(paymentRequests.razorpayLinkId, link.id));
      // The link's reference_id is our request id (set when the link is made), a fallback for a link id not yet stored.
      const request = byLink ?? (await requestById(tx, link.reference_id && isUuid(link.reference_id) ? link.reference_id : null));
      if (!request) return { outcome: `unknown payment link ${link.id}`, bookingId: null };
      return creditToRequest(tx, request, parsed.data.payment.entity, company);
    }
    case 'payment.captured': {
      const parsed = paymentPayload.safeParse(payload);
      if (!parsed.success) return unreadable(parsed.error);
      const payment = parsed.data.payment.entity;
      // A payment of one of our links names our request in its notes (set on the link); without
      // them this event cannot be matched and payment_link.paid for the same payment credits it.
      const request = await requestById(tx, noteId(payment.notes, 'payment_request_id'));
      if (!request) {
        const [known] = await tx.select({ bookingId: payments.bookingId }).from(payments).where(eq(payments.razorpayPaymentId, payment.id)).limit(1);
        return known ? { outcome: 'already credited', bookingId: known.bookingId } : { outcome: `unknown payment ${payment.id}`, bookingId: null };
      }
      return creditToRequest(tx, request, payment, company);
    }
    case 'payment.failed': {
      const parsed = paymentPayload.safeParse(payload);
      if (!parsed.success) return unreadable(parsed.error);
      const payment = parsed.data.payment.entity;
      const request = await requestById(tx, noteId(payment.notes, 'payment_request_id'));
      const reason = payment.error_description ?? payment.error_reason ?? 'no reason given';
      return { outcome: `payment failed: ${reason}`.slice(0, 300), bookingId: request?.bookingId ?? null };
    }
    case 'refund.processed':
    case 'refund.failed': {
      const parsed = refundPayload.safeParse(payload);
      if (!parsed.success) return unreadable(parsed.error);
      const rz = parsed.data.refund.entity;
      const [byRazorpayId] = await tx.select().from(refunds).where(eq(refunds.razorpayRefundId, rz.id));
      const ourId = byRazorpayId?.id ?? noteId(rz.notes, 'refund_id') ?? (rz.receipt && isUuid(rz.receipt) ? rz.receipt : null);
      const [refund] = ourId ? await tx.select().from(refunds).where(eq(refunds.id, ourId)) : [];
      if (!refund) return { outcome: `unknown refund ${rz.id}`, bookingId: null };
      if (event === 'refund.processed') {
        await markRefundProcessed(tx, refund.id, RAZORPAY_ACTOR, { razorpayRefundId: rz.id, processedOn: dayOf(rz.created_at), company, mails });
        return { outcome: 'refund processed', bookingId: refund.bookingId, refundChanged: true };
      }
      if (refund.status !== 'pending') return { outcome: `refund already ${refund.status}; failure not applied`, bookingId: refund.bookingId };
      await markRefundFailed(tx, refund.id, 'Razorpay reported the refund failed', RAZORPAY_ACTOR);
      return { outcome: 'refund failed', bookingId: refund.bookingId, refundChanged: true };
    }
    default:
      return { outcome: 'ignored: event not used', bookingId: null };
  }
}

/**
 * Handle one delivery of POST /api/webhooks/razorpay (docs/decisions/046-payments.md#webhooks):
 * verify and record it, then answer; acting on it is the inbox's work (`processNextRazorpayEvent`).
 * `secret` undefined (not configured) → 503. A missing or wrong signature → 400 and nothing is
 * recorded; so is a missing event id or a body that is not a JSON event. Otherwise the event is
 * recorded by its id in one statement (a repeat → 200 `duplicate`, nothing else) and answered 200
 * `received`: Razorpay waits for the answer, so it comes before the booking, ledger and mails are
 * touched, and the event row, committed first, is the promise that they will be (after a crash too).
 * A database fault throws (the route answers 500 and Razorpay retries; nothing was recorded).
 */
export async function receiveRazorpayWebhook(
  body: Buffer,
  headers: { signature: string | null; eventId: string | null },
  secret: string | undefined,
): Promise<WebhookResult> {
  if (!secret) return { status: 503, body: { status: 'refused', error: 'Razorpay webhooks are not configured (RAZORPAY_WEBHOOK_SECRET)' } };
  if (!validRazorpaySignature(body, headers.signature, secret)) return { status: 400, body: { status: 'refused', error: 'Invalid X-Razorpay-Signature' } };
  const eventId = eventIdSchema.safeParse(headers.eventId ?? '');
  if (!eventId.success) return { status: 400, body: { status: 'refused', error: 'X-Razorpay-Event-Id is missing or malformed' } };
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return { status: 400, body: { status: 'refused', error: 'The body is not JSON' } };
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) return { status: 400, body: { status: 'refused', error: 'The body is not a Razorpay event' } };
  recording++;
  let row: { eventId: string } | undefined;
  try {
    [row] = await db()
      .insert(razorpayEvents)
      .values({ eventId: eventId.data, event: envelope.data.event, outcome: RECEIVED, payload: json as Record<string, unknown> })
      .onConflictDoNothing({ target: razorpayEvents.eventId })
      .returning({ eventId: razorpayEvents.eventId });
  } finally {
    recording--;
    lastRecordedAt = performance.now();
  }
  if (!row) return { status: 200, body: { status: 'duplicate' } };
  eventReceived?.();
  return { status: 200, body: { status: 'received' } };
}

/** The outcome of an event waiting in the inbox. */
export const RECEIVED = 'received';

/** Failed attempts after which an event is given up: its outcome says why, for staff to act on. */
export const MAX_EVENT_ATTEMPTS = 8;

/** Wait before the next attempt after `attempts` failed ones: 5 s doubling, at most an hour. */
function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** (attempts - 1), 3_600_000);
}

let eventReceived: (() => void) | undefined;

/** Deliveries of this process being recorded now, and when the last one was (performance.now(), ms). */
let recording = 0;
let lastRecordedAt = -Infinity;

/**
 * Whether this process is recording deliveries now or did within the last `quietMs`: the inbox
 * loop then holds back its work, so a burst of deliveries is answered first
 * (app/infrastructure/razorpay-inbox.server.ts).
 */
export function razorpayDeliveriesArriving(quietMs: number): boolean {
  return recording > 0 || performance.now() - lastRecordedAt < quietMs;
}

/** Let the inbox loop (app/infrastructure/razorpay-inbox.server.ts) hear of each newly recorded event, to act on it at once. */
export function onRazorpayEventReceived(listener: (() => void) | undefined): void {
  eventReceived = listener;
}

/**
 * Act on the oldest waiting event (docs/decisions/046-payments.md#webhooks), in one transaction
 * with the event's outcome: credit a paid link or payment, mark a refund processed or failed, note
 * a failed payment. The event row is claimed `FOR UPDATE SKIP LOCKED`, so instances sharing a
 * PostgreSQL server take different events and none is acted on twice; a crash rolls the work back
 * and the event waits for the next run (after a restart too). A fault in the work is recorded on
 * the event (attempts, last_error) and tried again later; after MAX_EVENT_ATTEMPTS the event is
 * given up with outcome `failed: <error>`. Returns false when nothing is waiting.
 */
export async function processNextRazorpayEvent(): Promise<boolean> {
  // Read before the transaction: PGlite has one connection, a read outside `tx` inside it would wait forever.
  const { company } = await getSettings(['company']);
  // Mails queued by a processed refund (the traveller's 'refund made'), to wake the mailer after commit.
  const mails: OutgoingEmail[] = [];
  let claimed: RazorpayEvent | undefined;
  let handled: Handled;
  try {
    const result = await db().transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(razorpayEvents)
        .where(and(isNull(razorpayEvents.processedAt), or(isNull(razorpayEvents.nextAttemptAt), lte(razorpayEvents.nextAttemptAt, new Date()))))
        .orderBy(asc(razorpayEvents.receivedAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      claimed = row;
      const envelope = envelopeSchema.parse(row.payload);
      const outcome = await handle(tx, row.event, envelope.payload, company, mails);
      await tx
        .update(razorpayEvents)
        .set({ outcome: outcome.outcome, bookingId: outcome.bookingId, processedAt: new Date(), lastError: null, nextAttemptAt: null })
        .where(eq(razorpayEvents.eventId, row.eventId));
      return outcome;
    });
    if (!result) return false;
    handled = result;
  } catch (error) {
    if (!claimed) throw error;
    const attempts = claimed.attempts + 1;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    const givenUp = attempts >= MAX_EVENT_ATTEMPTS;
    await db()
      .update(razorpayEvents)
      .set({
        attempts,
        lastError: message,
        nextAttemptAt: givenUp ? null : new Date(Date.now() + retryDelayMs(attempts)),
        ...(givenUp ? { processedAt: new Date(), outcome: `failed: ${message}`.slice(0, 300) } : {}),
      })
      .where(and(eq(razorpayEvents.eventId, claimed.eventId), isNull(razorpayEvents.processedAt)));
    logger.error({ err: error, eventId: claimed.eventId, attempts, givenUp }, 'a Razorpay event could not be acted on');
    return true;
  }
  if (handled.credit) await afterCredit(handled.credit);
  else if (handled.refundChanged && handled.bookingId) {
    // Open admin pages of the booking show the refund's new state (docs/decisions/018-live-updates.md).
    publishLive({ type: 'booking.updated', id: handled.bookingId, label: `Razorpay: ${handled.outcome} on booking #${shortReference(handled.bookingId)}` });
  }
  notifyNewMail(mails);
  return true;
}

/**
 * Act on waiting events until none is left that is due, or `limit` were taken (the inbox loop,
 * and tests that deliver a webhook and then look at its effects). Returns how many were taken.
 */
export async function drainRazorpayInbox(limit = 1_000): Promise<number> {
  let taken = 0;
  while (taken < limit && (await processNextRazorpayEvent())) taken++;
  return taken;
}

/** The latest `limit` deliveries, newest first (the staff list, /admin/payments/events). */
export async function recentRazorpayEvents(limit = 100): Promise<Omit<RazorpayEvent, 'payload' | 'nextAttemptAt'>[]> {
  return db()
    .select({
      eventId: razorpayEvents.eventId,
      event: razorpayEvents.event,
      outcome: razorpayEvents.outcome,
      bookingId: razorpayEvents.bookingId,
      receivedAt: razorpayEvents.receivedAt,
      processedAt: razorpayEvents.processedAt,
      attempts: razorpayEvents.attempts,
      lastError: razorpayEvents.lastError,
    })
    .from(razorpayEvents)
    .orderBy(desc(razorpayEvents.receivedAt))
    .limit(limit);
}
