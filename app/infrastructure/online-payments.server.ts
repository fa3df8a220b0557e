/**
 * Online payment through Razorpay payment links (docs/decisions/046-payments.md#razorpay): the
 * traveller's Pay button (`startOnlinePayment`), the return from Razorpay (`creditVerifiedReturn`)
 * and the reconciliation that asks Razorpay what a lost webhook missed
 * (docs/decisions/046-payments.md#reconciliation: `reconcilePaymentRequest`, `reconcilePayments`).
 *
 * What is paid is always what the server computes is due (`moneySummary().due`), never an amount
 * from the browser. Every credit goes through `creditPayment`, idempotent by Razorpay's payment id,
 * so the return, the webhook and the reconciliation may all report one payment: it is credited once.
 * No transaction is held open across a call to Razorpay (PGlite has one connection).
 */
import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bookings, paymentRequests, refunds, type Booking } from '~/db/schema';
import {
  cancelPaymentLink,
  createPaymentLink,
  fetchPayment,
  fetchPaymentLink,
  fetchRefund,
  razorpayConfigured,
  RazorpayError,
  type PaymentLink,
  type RazorpayPayment,
} from './razorpay.server';
import { sendRefundToRazorpay } from './razorpay-refunds.server';
import { env } from '~/lib/env.server';
import { todayInIndia } from '~/lib/format';
import { shortReference } from '~/lib/ids';
import { logger } from '~/lib/logger.server';
import { formatPaise } from '~/lib/money';
import { recordAudit, type AuditActor } from '~/models/audit.server';
import { bookingPagePath } from '~/models/booking-link.server';
import { afterCredit, creditPayment, lockBooking, markRefundFailed, markRefundProcessed, moneySummary, type PaymentRequest } from '~/models/payments.server';
import { getSettings } from '~/models/settings.server';
import type { OutgoingEmail } from '~/models/outbox.server';
import { notifyNewMail } from '~/lib/mail-signal.server';

/** Who the audit log names for what Razorpay reported (a payment, a link expired, a refund processed). */
export const RAZORPAY_ACTOR: AuditActor = { id: null, name: 'Razorpay' };
/** Who the audit log names for a payment link the traveller asked for on their booking page. */
export const TRAVELLER_ACTOR: AuditActor = { id: null, name: 'Traveller (booking page)' };

/** Razorpay's smallest payment: ₹1 (https://razorpay.com/docs/api/payments/payment-links/create-standard/). */
const MIN_LINK_PAISE = 100;

/** What pressing Pay leads to. */
export type PayOutcome =
  /** Go to Razorpay's page for the link. */
  | { kind: 'razorpay'; url: string; request: PaymentRequest }
  /** Online payment is off: the booking page shows the UPI ID and bank details. */
  | { kind: 'offline' }
  /** Nothing is due (no quote, all paid, or the booking rejected or cancelled). */
  | { kind: 'nothing-due' }
  /** Razorpay refused or did not answer; `message` is for the traveller. */
  | { kind: 'failed'; message: string };

/** The contact number Razorpay accepts (digits with an optional +, 8-15 digits), or null to leave it out. */
function contactOf(phone: string | null): string | null {
  const compact = (phone ?? '').replace(/[\s()-]/g, '');
  return /^\+?\d{8,15}$/.test(compact) ? compact : null;
}

/**
 * The open payment request for what is due now (kind and amount), created when there is none, in
 * one transaction with the booking locked (two Pay presses at once get the same request). Audited
 * as 'payment_request' when created. Null when nothing is due.
 */
async function requestForDue(bookingId: string): Promise<PaymentRequest | null> {
  return db().transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    const { due } = await moneySummary(tx, booking);
    if (!due || due.amountPaise < MIN_LINK_PAISE) return null;
    const [open] = await tx
      .select()
      .from(paymentRequests)
      .where(
        and(
          eq(paymentRequests.bookingId, bookingId),
          eq(paymentRequests.status, 'open'),
          eq(paymentRequests.kind, due.kind),
          eq(paymentRequests.amountPaise, due.amountPaise),
        ),
      )
      // One with a link first, then the newest.
      .orderBy(asc(isNull(paymentRequests.razorpayLinkId)), desc(paymentRequests.createdAt))
      .limit(1);
    if (open) return open;
    const [created] = await tx
      .insert(paymentRequests)
      .values({ bookingId, kind: due.kind, amountPaise: due.amountPaise, dueOn: due.dueOn < todayInIndia() ? todayInIndia() : due.dueOn })
      .returning();
    await recordAudit(tx, TRAVELLER_ACTOR, {
      action: 'payment_request',
      entityType: 'booking',
      entityId: bookingId,
      summary: `Online payment of ${formatPaise(due.amountPaise)} (${due.kind}) started for booking #${shortReference(bookingId)}`,
      changes: { kind: { from: null, to: due.kind }, amountPaise: { from: null, to: due.amountPaise } },
    });
    return created!;
  });
}

/**
 * The traveller pressed Pay on their booking page (`token` is the page's token, for the callback
 * URL): find or create the payment request for what is due now and its Razorpay payment link, and
 * say where to send the traveller (docs/decisions/046-payments.md#razorpay). A request's link is
 * reused while Razorpay says it is payable (`created`); a link paid meanwhile is credited and one
 * expired, cancelled or no longer matching what is due is retired (`reconcilePaymentRequest`), then
 * it starts again once. Never throws for Razorpay's faults: they come back as `failed`.
 */
export async function startOnlinePayment(booking: Booking, token: string): Promise<PayOutcome> {
  if (!razorpayConfigured()) return { kind: 'offline' };
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      const request = await requestForDue(booking.id);
      if (!request) return { kind: 'nothing-due' };
      if (request.razorpayLinkId && request.razorpayLinkUrl) {
        const link = await fetchPaymentLink(request.razorpayLinkId);
        if (link.status === 'created') return { kind: 'razorpay', url: request.razorpayLinkUrl, request };
        await reconcilePaymentRequest(request, link);
        continue;
      }
      return await attachLink(booking, request, token);
    }
    return { kind: 'failed', message: 'Your payment could not be started. Please try again in a minute.' };
  } catch (error) {
    if (!(error instanceof RazorpayError)) throw error;
    logger.warn({ bookingId: booking.id, err: error }, 'starting an online payment failed');
    return { kind: 'failed', message: 'Online payment is not available just now. Please try again in a few minutes, or pay by UPI or bank transfer.' };
  }
}

/** The request once another press has stored its link (polled for up to 3 s), or null. */
async function linkStoredSoon(requestId: string): Promise<PaymentRequest | null> {
  for (let i = 0; i < 15; i++) {
    const [row] = await db().select().from(paymentRequests).where(eq(paymentRequests.id, requestId));
    if (row?.razorpayLinkUrl) return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return null;
}

/** Create the Razorpay link of `request` and store it; when another press stored one first, use that one and cancel ours. */
async function attachLink(booking: Booking, request: PaymentRequest, token: string): Promise<PayOutcome> {
  const reference = `#${shortReference(booking.id)}`;
  let link: PaymentLink;
  try {
    link = await createPaymentLink({
      amountPaise: request.amountPaise,
      referenceId: request.id,
      description: `${request.kind === 'advance' ? 'Advance' : 'Balance'} for booking ${reference}: ${booking.itemName}`,
      customer: { name: booking.name, email: booking.email, contact: contactOf(booking.phone) },
      callbackUrl: `${env().PUBLIC_URL}${bookingPagePath(token)}/return`,
      notes: { booking_id: booking.id, booking_reference: reference, payment_request_id: request.id, kind: request.kind },
    });
  } catch (error) {
    // A second press while the first one's link is being made: Razorpay refuses the same
    // reference_id twice, and the first press stores its link in a moment.
    const stored = error instanceof RazorpayError && error.status === 400 ? await linkStoredSoon(request.id) : null;
    if (stored) return { kind: 'razorpay', url: stored.razorpayLinkUrl!, request: stored };
    throw error;
  }
  const [stored] = await db()
    .update(paymentRequests)
    .set({ razorpayLinkId: link.id, razorpayLinkUrl: link.short_url })
    .where(and(eq(paymentRequests.id, request.id), isNull(paymentRequests.razorpayLinkId)))
    .returning();
  if (stored) return { kind: 'razorpay', url: link.short_url, request: stored };
  await cancelPaymentLink(link.id).catch((error: unknown) => logger.warn({ err: error, linkId: link.id }, 'cancelling a spare payment link failed'));
  const [winner] = await db().select().from(paymentRequests).where(eq(paymentRequests.id, request.id));
  if (winner?.razorpayLinkUrl) return { kind: 'razorpay', url: winner.razorpayLinkUrl, request: winner };
  return { kind: 'failed', message: 'Your payment could not be started. Please try again in a minute.' };
}

/** The Asia/Kolkata day of a Razorpay timestamp (Unix seconds). */
function dayOf(unixSeconds: number): string {
  return todayInIndia(new Date(unixSeconds * 1000));
}

/**
 * Credit one Razorpay payment to the booking of `request` (idempotent by payment id: a payment the
 * webhook or an earlier run already credited changes nothing). Only a captured payment in INR is
 * money received (a payment refunded since was captured first). Returns whether this call credited it.
 */
export async function creditRazorpayPayment(request: Pick<PaymentRequest, 'id' | 'bookingId'>, payment: RazorpayPayment): Promise<boolean> {
  if ((payment.status !== 'captured' && payment.status !== 'refunded') || payment.currency !== 'INR') return false;
  const { company } = await getSettings(['company']);
  const outcome = await db().transaction((tx) =>
    creditPayment(
      tx,
      request.bookingId,
      {
        amountPaise: payment.amount,
        method: 'razorpay',
        reference: payment.id,
        receivedOn: dayOf(payment.created_at),
        paymentRequestId: request.id,
        razorpayPaymentId: payment.id,
        note: payment.method ? `Paid online (${payment.method})` : 'Paid online',
      },
      RAZORPAY_ACTOR,
      company,
    ),
  );
  await afterCredit(outcome);
  return outcome.entry !== null;
}

/** The query of Razorpay's return to the callback URL, already signature-checked by the caller. */
export type VerifiedReturn = { paymentId: string; linkId: string; referenceId: string; status: string };

/**
 * After a verified return (docs/decisions/046-payments.md#razorpay): when it names a payment link
 * of this booking that Razorpay says is paid, fetch the payment and credit it now, so the page the
 * traveller lands on already shows it (the webhook's later credit of the same payment id is no
 * credit). Returns true when the payment is in the ledger (credited now or before).
 */
export async function creditVerifiedReturn(bookingId: string, verified: VerifiedReturn): Promise<boolean> {
  if (verified.status !== 'paid' && verified.status !== 'partially_paid') return false;
  const [request] = await db()
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.bookingId, bookingId), eq(paymentRequests.razorpayLinkId, verified.linkId)));
  if (!request || request.id !== verified.referenceId) return false;
  const payment = await fetchPayment(verified.paymentId);
  if (payment.status !== 'captured' && payment.status !== 'refunded') return false;
  await creditRazorpayPayment(request, payment);
  return true;
}

/** Mark an open request cancelled (its link expired, was cancelled, or no longer matches what is due); audited. */
async function retireRequest(request: PaymentRequest, why: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(paymentRequests)
      .set({ status: 'cancelled' })
      .where(and(eq(paymentRequests.id, request.id), eq(paymentRequests.status, 'open')))
      .returning();
    if (!row) return false;
    await recordAudit(tx, RAZORPAY_ACTOR, {
      action: 'payment_request',
      entityType: 'booking',
      entityId: request.bookingId,
      summary: `Payment request of ${formatPaise(request.amountPaise)} (${request.kind}) for booking #${shortReference(request.bookingId)} closed: ${why}`,
      changes: { status: { from: 'open', to: 'cancelled' } },
    });
    return true;
  });
}

/** What reconciling did. */
export type ReconcileResult = { checked: number; credited: number; retired: number; refundsProcessed: number; refundsFailed: number; errors: number };

const emptyResult = (): ReconcileResult => ({ checked: 0, credited: 0, retired: 0, refundsProcessed: 0, refundsFailed: 0, errors: 0 });

/**
 * Bring one payment request in line with its Razorpay link (docs/decisions/046-payments.md#reconciliation):
 * credit every captured payment of the link (idempotent), then close a request whose link expired
 * or was cancelled, and cancel the link of one that no longer matches what is due (the quote
 * changed, money came in by hand). `link` is the link when the caller fetched it already. Throws
 * RazorpayError when Razorpay cannot be asked.
 */
export async function reconcilePaymentRequest(request: PaymentRequest, link?: PaymentLink): Promise<Pick<ReconcileResult, 'credited' | 'retired'>> {
  const result = { credited: 0, retired: 0 };
  if (!request.razorpayLinkId) return result;
  const current = link ?? (await fetchPaymentLink(request.razorpayLinkId));
  for (const entry of current.payments ?? []) {
    if (entry.status !== 'captured' && entry.status !== 'refunded') continue;
    if (await creditRazorpayPayment(request, await fetchPayment(entry.payment_id))) result.credited++;
  }
  if (current.status === 'expired' || current.status === 'cancelled') {
    if (await retireRequest(request, `the payment link was ${current.status}`)) result.retired++;
    return result;
  }
  if (current.status !== 'created') return result;
  const [still] = await db().select().from(paymentRequests).where(eq(paymentRequests.id, request.id));
  if (!still || still.status !== 'open') return result;
  const [booking] = await db().select().from(bookings).where(eq(bookings.id, request.bookingId));
  const due = booking ? (await moneySummary(db(), booking)).due : null;
  if (due && due.kind === still.kind && due.amountPaise === still.amountPaise) return result;
  try {
    await cancelPaymentLink(current.id);
  } catch (error) {
    // Paid between the fetch and the cancel: the next run credits it.
    logger.warn({ err: error, linkId: current.id }, 'cancelling an outdated payment link failed');
    return result;
  }
  if (await retireRequest(still, due ? `what is due is now ${formatPaise(due.amountPaise)} (${due.kind})` : 'nothing is due any more')) result.retired++;
  return result;
}

/**
 * Ask Razorpay about every open payment request with a link and every pending online refund, and
 * record what a lost webhook missed (docs/decisions/046-payments.md#reconciliation): payments are
 * credited once (by payment id), refunds marked processed or failed, a refund whose call never got
 * through is sent (idempotently). One failure is logged and counted; the others go on.
 */
export async function reconcilePayments(): Promise<ReconcileResult> {
  const result = emptyResult();
  if (!razorpayConfigured()) return result;
  const open = await db()
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.status, 'open'), isNotNull(paymentRequests.razorpayLinkId)))
    .orderBy(asc(paymentRequests.createdAt));
  for (const request of open) {
    result.checked++;
    try {
      const done = await reconcilePaymentRequest(request);
      result.credited += done.credited;
      result.retired += done.retired;
    } catch (error) {
      result.errors++;
      logger.warn({ err: error, paymentRequestId: request.id }, 'reconciling a payment request failed');
    }
  }
  const pending = await db()
    .select()
    .from(refunds)
    .where(and(eq(refunds.method, 'razorpay'), eq(refunds.status, 'pending')))
    .orderBy(asc(refunds.createdAt));
  // Read before the transactions (PGlite has one connection); the 'refund made' mails name the office.
  const { company } = pending.length > 0 ? await getSettings(['company']) : { company: null };
  const mails: OutgoingEmail[] = [];
  for (const refund of pending) {
    result.checked++;
    try {
      if (!refund.razorpayRefundId) {
        await sendRefundToRazorpay(refund.id);
      } else {
        const remote = await fetchRefund(refund.razorpayRefundId);
        if (remote.status === 'processed') {
          await db().transaction((tx) =>
            markRefundProcessed(tx, refund.id, RAZORPAY_ACTOR, { razorpayRefundId: remote.id, processedOn: todayInIndia(), company: company!, mails }),
          );
          notifyNewMail(mails.splice(0));
        } else if (remote.status === 'failed') {
          await db().transaction((tx) => markRefundFailed(tx, refund.id, 'Razorpay reports the refund failed', RAZORPAY_ACTOR));
        }
      }
      const [after] = await db().select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refund.id));
      if (after?.status === 'processed') result.refundsProcessed++;
      else if (after?.status === 'failed') result.refundsFailed++;
    } catch (error) {
      result.errors++;
      logger.warn({ err: error, refundId: refund.id }, 'reconciling a refund failed');
    }
  }
  return result;
}
