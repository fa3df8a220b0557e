/**
 * Cancelling a booking by its policy, and refunds (docs/decisions/046-payments.md#cancellation-and-refunds).
 *
 * Staff see what was paid, the cancellation policy that applies (the copy the booking was sold
 * under, `bookings.cancellation_policy`, or the current settings' policy for its type when the
 * booking predates payments) and the refund it gives today in India; they may give another amount
 * with a reason, never more than was paid, and choose how it goes back: online through Razorpay
 * (only money paid online, against one Razorpay payment) or by hand (UPI, bank transfer, cash, with
 * a reference). One transaction (`decideRefund`) cancels the booking (the state machine of
 * app/models/booking.server.ts, which also cancels open payment requests and queues the cancelled
 * mail), writes the `refunds` row and audits it; a refund by hand is processed at once
 * (`markRefundProcessed`: ledger row and 'refund made' mail), an online one stays `pending` and is
 * sent to Razorpay after commit by app/services/refunds.server.ts. A refund without cancelling (goodwill, a
 * second refund) follows the same rules. Amounts are integer paise.
 */
import { and, eq } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { bookings, payments, refunds, type Booking } from '~/db/schema';
import { describePolicy, policyRefund, type CancellationPolicy } from '~/lib/cancellation-policy';
import { MAX_AMOUNT_PAISE, PAYMENT_METHOD_LABELS, type BookingStatus, type RefundMethod } from '~/lib/constants';
import { Conflict, NotFound, type Issue } from '~/lib/errors.server';
import { isUuid, shortReference } from '~/lib/ids';
import { publishLive } from '~/lib/live-events.server';
import { notifyNewMail } from '~/lib/mail-signal.server';
import { formatPaise } from '~/lib/money';
import { publicContentChanged } from '~/lib/public-content.server';
import type { Settings } from '~/schemas/settings';
import { recordAudit, type AuditActor } from './audit.server';
import { cancelBookingIn } from './booking.server';
import type { OutgoingEmail } from './outbox.server';
import { InvalidMoneyChange, lockBooking, markRefundFailed, markRefundProcessed, moneySummary, type Refund } from './payments.server';
import { getSettings } from './settings.server';

/**
 * Razorpay refunds one payment at a time (POST /v1/payments/:id/refund), in part or in full, several
 * partial refunds summing to at most what was captured, each at least ₹1.00
 * (razorpay.com/docs/api/refunds/create-normal, razorpay.com/docs/payments/refunds/issue).
 */
const MIN_ONLINE_REFUND_PAISE = 100;

/** One online payment that can still be refunded through Razorpay. */
export type RefundablePayment = {
  razorpayPaymentId: string;
  receivedOn: string;
  amountPaise: number;
  /** Its amount less the refunds against it that are pending or processed. */
  refundablePaise: number;
};

/** What staff see before deciding: the money, the policy and the refund it gives. */
export type RefundTerms = {
  bookingId: string;
  status: BookingStatus;
  /** The ledger's sum (received − refunded), `moneySummary().paidPaise`. */
  paidPaise: number;
  /** What may still be refunded: `paidPaise` less online refunds still pending. */
  refundablePaise: number;
  policy: CancellationPolicy;
  /** 'booking': the copy it was sold under; 'settings': today's policy for its type (older bookings). */
  policySource: 'booking' | 'settings';
  /** The policy in words, one line per tier. */
  policyLines: string[];
  /** The policy's percentage and refund for cancelling at `now` (rounded down to the paisa). */
  refundPercent: number;
  computedPaise: number;
  onlinePayments: RefundablePayment[];
  refunds: Refund[];
};

/** A refund decision: with `cancel`, the cancellation's refund (0 = nothing back); without, a refund alone. */
export type RefundInput = {
  cancel: boolean;
  amountPaise: number;
  /** Required when `amountPaise` > 0. */
  method?: RefundMethod | null;
  reason: string;
  /** The UPI / bank transfer reference (required for those; optional for cash). */
  reference: string;
  /** Online only: the Razorpay payment (`pay_...`) refunded. */
  razorpayPaymentId?: string | null;
};

/** What a decision did: the booking after it, and the refund written (null when nothing goes back). */
export type RefundOutcome = { booking: Booking; refund: Refund | null; cancelled: boolean };

type PolicySettings = Pick<Settings['payments'], 'packageCancellation' | 'rentalCancellation'>;

function policyOf(booking: Pick<Booking, 'type' | 'cancellationPolicy'>, settings: PolicySettings): Pick<RefundTerms, 'policy' | 'policySource'> {
  if (booking.cancellationPolicy) return { policy: booking.cancellationPolicy, policySource: 'booking' };
  return { policy: booking.type === 'package' ? settings.packageCancellation : settings.rentalCancellation, policySource: 'settings' };
}

async function termsIn(executor: Executor, booking: Booking, settings: PolicySettings, now: Date): Promise<RefundTerms> {
  const [summary, entries, decided] = await Promise.all([
    moneySummary(executor, booking),
    executor
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.entryType, 'payment'), eq(payments.method, 'razorpay'))),
    executor.select().from(refunds).where(eq(refunds.bookingId, booking.id)).orderBy(refunds.createdAt),
  ]);
  const live = decided.filter((r) => r.status !== 'failed');
  const pendingPaise = live.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amountPaise, 0);
  const onlinePayments: RefundablePayment[] = entries
    .filter((e): e is typeof e & { razorpayPaymentId: string } => e.razorpayPaymentId !== null)
    .map((e) => {
      const refunded = live.filter((r) => r.razorpayPaymentId === e.razorpayPaymentId).reduce((sum, r) => sum + r.amountPaise, 0);
      return {
        razorpayPaymentId: e.razorpayPaymentId,
        receivedOn: e.receivedOn,
        amountPaise: e.amountPaise,
        refundablePaise: Math.max(0, e.amountPaise - refunded),
      };
    });
  const { policy, policySource } = policyOf(booking, settings);
  const { refundPercent, amountPaise } = policyRefund(policy, summary.paidPaise, booking.startDate, now);
  return {
    bookingId: booking.id,
    status: booking.status as BookingStatus,
    paidPaise: summary.paidPaise,
    refundablePaise: Math.max(0, summary.paidPaise - pendingPaise),
    policy,
    policySource,
    policyLines: describePolicy(policy, booking.type === 'package' ? 'package' : 'rental'),
    refundPercent,
    computedPaise: amountPaise,
    onlinePayments,
    refunds: decided,
  };
}

/** The refund terms of booking `bookingId` at `now` (default: now); NotFound for an unknown booking. */
export async function refundTerms(bookingId: string, now: Date = new Date()): Promise<RefundTerms> {
  if (!isUuid(bookingId)) throw new NotFound('Booking not found');
  const { payments: settings } = await getSettings(['payments']);
  const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new NotFound('Booking not found');
  return termsIn(db(), booking, settings, now);
}

/** The fields at fault in a decision, judged against the terms (empty when it may be made). */
export function refundIssues(input: RefundInput, terms: RefundTerms): Issue[] {
  const issues: Issue[] = [];
  const amount = input.amountPaise;
  if (!Number.isSafeInteger(amount) || amount < 0) issues.push({ path: 'amountPaise', message: 'Give the amount as a whole number of paise, zero or more' });
  else if (amount > MAX_AMOUNT_PAISE) issues.push({ path: 'amountPaise', message: 'The amount may be at most ₹1,00,00,000 (₹1 crore)' });
  else if (amount === 0 && !input.cancel) issues.push({ path: 'amountPaise', message: 'Enter an amount above zero' });
  else if (amount > terms.refundablePaise) {
    const pending = terms.paidPaise - terms.refundablePaise;
    issues.push({
      path: 'amountPaise',
      message: `The refund may be at most what was paid, ${formatPaise(terms.refundablePaise)}${pending > 0 ? ` (${formatPaise(pending)} is already being refunded)` : ''}`,
    });
  }
  const reason = input.reason.trim();
  if (reason === '') {
    if (!input.cancel) issues.push({ path: 'reason', message: 'Say why this refund is made' });
    else if (amount !== terms.computedPaise)
      issues.push({ path: 'reason', message: `Say why the refund differs from the ${formatPaise(terms.computedPaise)} the policy gives` });
  }
  if (amount > 0) {
    if (!input.method) issues.push({ path: 'method', message: 'Choose how the money goes back' });
    else if (input.method === 'razorpay') {
      const online = terms.onlinePayments.find((p) => p.razorpayPaymentId === input.razorpayPaymentId);
      if (!input.razorpayPaymentId) issues.push({ path: 'razorpayPaymentId', message: 'Choose the online payment to refund' });
      else if (!online) issues.push({ path: 'razorpayPaymentId', message: 'Not an online payment of this booking' });
      else if (amount > online.refundablePaise) {
        issues.push({ path: 'amountPaise', message: `At most ${formatPaise(online.refundablePaise)} of this online payment can still be refunded` });
      } else if (amount < MIN_ONLINE_REFUND_PAISE) {
        issues.push({ path: 'amountPaise', message: 'An online refund must be at least ₹1.00; give a smaller one by hand' });
      }
    } else if (input.method !== 'cash' && input.reference.trim() === '') {
      issues.push({ path: 'reference', message: `Enter the ${PAYMENT_METHOD_LABELS[input.method]} reference of the refund` });
    }
  }
  return issues;
}

/**
 * Decide a refund, cancelling the booking when `input.cancel` (see the module comment). In one
 * transaction: the booking locked, the decision checked against the terms read in it, the booking
 * cancelled (`cancelBookingIn`), the `refunds` row written with the policy's computed amount (a
 * cancellation's; null for a refund alone) and audited as 'refund'; by hand it is processed at once
 * (ledger row and 'refund made' mail), an online one is left `pending` for the caller to send
 * (app/services/refunds.server.ts: models do not call Razorpay). After commit: the mails signalled,
 * open admin pages told, the public toast refreshed when a confirmed booking was cancelled.
 *
 * Throws NotFound (unknown booking), InvalidMoneyChange (400, the fields at fault: `amountPaise`,
 * `reason`, `method`, `reference`, `razorpayPaymentId`), Conflict (409, `status`: a booking already
 * cancelled or rejected cannot be cancelled). Nothing is written when it throws.
 */
export async function decideRefund(bookingId: string, input: RefundInput, actor: AuditActor, now: Date = new Date()): Promise<RefundOutcome> {
  if (!isUuid(bookingId)) throw new NotFound('Booking not found');
  // Read before the transaction: PGlite has one connection (see app/models/payments.server.ts).
  const { company, payments: settings } = await getSettings(['company', 'payments']);
  const result = await db().transaction(async (tx) => {
    const before = await lockBooking(tx, bookingId);
    if (input.cancel && before.status !== 'pending' && before.status !== 'confirmed') {
      const message = before.status === 'cancelled' ? 'This booking is already cancelled' : `A ${before.status} booking cannot be cancelled`;
      throw new Conflict(message, [{ path: 'status', message }]);
    }
    const terms = await termsIn(tx, before, settings, now);
    const issues = refundIssues(input, terms);
    if (issues.length > 0) throw new InvalidMoneyChange(issues[0]!.message, issues);

    let booking = before;
    const mails: OutgoingEmail[] = [];
    if (input.cancel) {
      const change = await cancelBookingIn(tx, bookingId, actor, company, { amountPaise: input.amountPaise, paidPaise: terms.paidPaise });
      booking = change.row;
      mails.push(...change.mails);
    }
    let refund: Refund | null = null;
    if (input.amountPaise > 0 && input.method) {
      const online = input.method === 'razorpay';
      const reason = input.reason.trim().slice(0, 500);
      const [row] = await tx
        .insert(refunds)
        .values({
          bookingId,
          amountPaise: input.amountPaise,
          computedPaise: input.cancel ? terms.computedPaise : null,
          reason,
          method: input.method,
          status: 'pending',
          razorpayPaymentId: online ? (input.razorpayPaymentId ?? null) : null,
          createdBy: actor.id,
        })
        .returning();
      const policyNote = input.cancel ? ` (the policy gives ${formatPaise(terms.computedPaise)})` : '';
      await recordAudit(tx, actor, {
        action: 'refund',
        entityType: 'booking',
        entityId: bookingId,
        summary: `Decided a refund of ${formatPaise(input.amountPaise)} on booking #${shortReference(bookingId)}${policyNote}, ${PAYMENT_METHOD_LABELS[input.method]}${reason ? `: ${reason.slice(0, 200)}` : ''}`,
        changes: {
          amountPaise: { from: null, to: input.amountPaise },
          computedPaise: { from: null, to: row!.computedPaise },
          method: { from: null, to: input.method },
          ...(reason ? { reason: { from: null, to: reason } } : {}),
        },
      });
      refund = row!;
      if (!online) {
        await markRefundProcessed(tx, row!.id, actor, { company, reference: input.reference.trim().slice(0, 200), mails });
        const [processed] = await tx.select().from(refunds).where(eq(refunds.id, row!.id));
        refund = processed ?? row!;
      }
    }
    return { before, booking, refund, mails };
  });

  notifyNewMail(result.mails);
  const ref = `#${shortReference(bookingId)}`;
  const label = input.cancel
    ? `Booking ${ref} cancelled${result.refund ? `, refund ${formatPaise(result.refund.amountPaise)}` : ''}: ${result.booking.name}`
    : `Refund of ${formatPaise(input.amountPaise)} on booking ${ref}`;
  publishLive({ type: 'booking.updated', id: bookingId, label });
  // The site's 'someone just booked' toast shows confirmed bookings only.
  if (input.cancel && result.before.status === 'confirmed') await publicContentChanged('booking cancelled');

  return { booking: result.booking, refund: result.refund, cancelled: input.cancel };
}

/** An online refund refused before Razorpay took it: `failed` with `reason`, audited (`markRefundFailed` in its own transaction). */
export async function recordRefundRefused(refundId: string, reason: string, actor: AuditActor): Promise<void> {
  await db().transaction((tx) => markRefundFailed(tx, refundId, reason, actor));
}
