/**
 * A booking's money (docs/decisions/046-payments.md): its quote, what the ledger says was paid and
 * refunded, what is due and when, and the one way money is credited (`creditPayment`), shared by
 * payments staff record by hand and payments Razorpay reports. Amounts are integer paise.
 *
 * Every write runs in one transaction with its audit entry; the booking row is locked FOR UPDATE
 * first, so two credits for one booking (a webhook and a staff entry, or two instances) are
 * serialised and the confirmation check sees both.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { bookingQuotes, bookings, paymentRequests, payments, refunds, type Booking, type QuoteLine } from '~/db/schema';
import { MAX_AMOUNT_PAISE, type ManualPaymentMethod, type PaymentKind, type PaymentMethod } from '~/lib/constants';
import { addDays, dayNumber } from '~/lib/calendar-date';
import { Conflict, DomainError, NotFound } from '~/lib/errors.server';
import { todayInIndia } from '~/lib/format';
import { isUuid, shortReference } from '~/lib/ids';
import { publishLive } from '~/lib/live-events.server';
import { notifyNewMail } from '~/lib/mail-signal.server';
import { logger } from '~/lib/logger.server';
import { formatPaise } from '~/lib/money';
import { paymentReceivedMail, refundMadeMail } from '~/lib/payment-mail-texts.server';
import { publicContentChanged } from '~/lib/public-content.server';
import { issuesTaxInvoices, TAX_ITEM_FIELDS, type Settings } from '~/schemas/settings';
import { taxLine } from '~/lib/gst/tax';
import { recordAudit, type AuditActor } from './audit.server';
import { confirmPaidBooking } from './booking.server';
import { issueBookingLink } from './booking-link.server';
import { enqueueEmails, type OutgoingEmail } from './outbox.server';
import { getSettings } from './settings.server';
import { creditNoteForRefund, itemKindOf } from './invoices.server';
import { issueReceipt, type TaxDocument } from './tax-documents.server';

export type BookingQuote = typeof bookingQuotes.$inferSelect;
export type LedgerEntry = typeof payments.$inferSelect;
export type PaymentRequest = typeof paymentRequests.$inferSelect;

/** A money change refused with 400: the field at fault is named (amount above what was paid, say). */
export class InvalidMoneyChange extends DomainError {}

/**
 * Where a booking's money stands. `paidPaise` is the ledger's sum (payments less refunds and
 * reversals); `due` is what the traveller should pay next: the rest of the advance while it is
 * short, then the rest of the total, or null when nothing is due (no quote, all paid, or the
 * booking is rejected or cancelled).
 */
export type MoneySummary = {
  quote: BookingQuote | null;
  totalPaise: number;
  advancePaise: number;
  balanceDueOn: string | null;
  /** Money received, counting reversals of payments (positive). */
  receivedPaise: number;
  /** Money returned (positive). */
  refundedPaise: number;
  /** The ledger's sum: received − refunded. */
  paidPaise: number;
  due: { kind: PaymentKind; amountPaise: number; dueOn: string } | null;
};

/** The latest quote revision of a booking, or null. */
export async function currentQuote(executor: Executor, bookingId: string): Promise<BookingQuote | null> {
  const [quote] = await executor.select().from(bookingQuotes).where(eq(bookingQuotes.bookingId, bookingId)).orderBy(desc(bookingQuotes.revision)).limit(1);
  return quote ?? null;
}

/** The booking's ledger, oldest first. */
export async function ledgerOf(executor: Executor, bookingId: string): Promise<LedgerEntry[]> {
  return executor.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.createdAt), asc(payments.id));
}

/**
 * Sum the ledger into received / refunded / paid. A reversal counts against what it reverses: a
 * reversed payment lowers `receivedPaise`, a reversed refund lowers `refundedPaise`.
 */
export function ledgerTotals(entries: Pick<LedgerEntry, 'id' | 'entryType' | 'amountPaise' | 'reversesId'>[]): {
  receivedPaise: number;
  refundedPaise: number;
  paidPaise: number;
} {
  const typeOf = new Map(entries.map((e) => [e.id, e.entryType]));
  let receivedPaise = 0;
  let refundedPaise = 0;
  for (const e of entries) {
    const counts = e.entryType === 'reversal' ? typeOf.get(e.reversesId ?? '') : e.entryType;
    if (counts === 'payment') receivedPaise += e.amountPaise;
    else if (counts === 'refund') refundedPaise -= e.amountPaise;
  }
  return { receivedPaise, refundedPaise, paidPaise: receivedPaise - refundedPaise };
}

/** Where the booking's money stands (see MoneySummary), read in `executor` (a transaction sees its own writes). */
export async function moneySummary(
  executor: Executor,
  booking: Pick<Booking, 'id' | 'status' | 'createdAt'>,
  today: string = todayInIndia(),
): Promise<MoneySummary> {
  const [quote, entries] = await Promise.all([currentQuote(executor, booking.id), ledgerOf(executor, booking.id)]);
  return summariseMoney(booking, quote, entries, today);
}

/**
 * `moneySummary` of a quote and a ledger already read (a caller that also shows the ledger reads it
 * once): what is paid, and what is due next and when.
 */
export function summariseMoney(
  booking: Pick<Booking, 'status'>,
  quote: BookingQuote | null,
  entries: Pick<LedgerEntry, 'id' | 'entryType' | 'amountPaise' | 'reversesId'>[],
  today: string = todayInIndia(),
): MoneySummary {
  const totals = ledgerTotals(entries);
  const totalPaise = quote?.totalPaise ?? 0;
  const advancePaise = quote?.advancePaise ?? 0;
  let due: MoneySummary['due'] = null;
  if (quote && booking.status !== 'rejected' && booking.status !== 'cancelled') {
    if (totals.paidPaise < advancePaise) due = { kind: 'advance', amountPaise: advancePaise - totals.paidPaise, dueOn: today };
    else if (totals.paidPaise < totalPaise) due = { kind: 'balance', amountPaise: totalPaise - totals.paidPaise, dueOn: quote.balanceDueOn };
  }
  return { quote, totalPaise, advancePaise, balanceDueOn: quote?.balanceDueOn ?? null, ...totals, due };
}

// ---------------------------------------------------------------------------------------------
// Quotes

/** A quote as staff save it: lines, the advance and the balance due day. */
export type QuoteInput = { lines: QuoteLine[]; advancePaise: number; balanceDueOn: string };

/**
 * The quote a new booking starts from (docs/decisions/046-payments.md#quotes): one line with the
 * package's price per person times the travellers, or the vehicle's daily rate times the days; the
 * advance at the settings' percentage (rounded down to the rupee); the balance due
 * `balanceDueDaysBeforeTravel` days before travel for a package (not before today), at pickup for a
 * rental. Prices in the catalogue are rupees; lines are paise.
 */
export function suggestedQuote(
  booking: Pick<Booking, 'type' | 'itemName' | 'startDate' | 'endDate' | 'adults' | 'children'>,
  unitRupees: number | null,
  payments: Pick<Settings['payments'], 'advancePercent' | 'balanceDueDaysBeforeTravel'>,
  today: string = todayInIndia(),
): QuoteInput {
  let lines: QuoteLine[];
  if (booking.type === 'package') {
    const travellers = Math.max(1, (booking.adults ?? 1) + (booking.children ?? 0));
    lines = [{ description: `${booking.itemName} (per person)`, quantity: travellers, unitPaise: Math.round((unitRupees ?? 0) * 100) }];
  } else {
    const days = booking.endDate ? Math.max(1, dayNumber(booking.endDate) - dayNumber(booking.startDate) + 1) : 1;
    lines = [{ description: `${booking.itemName} (per day)`, quantity: days, unitPaise: Math.round((unitRupees ?? 0) * 100) }];
  }
  const totalPaise = quoteTotal(lines);
  const advancePaise = Math.floor((totalPaise * payments.advancePercent) / 100 / 100) * 100;
  const dueBeforeTravel = addDays(booking.startDate, -payments.balanceDueDaysBeforeTravel);
  const balanceDueOn = booking.type === 'package' ? (dueBeforeTravel < today ? today : dueBeforeTravel) : booking.startDate;
  return { lines, advancePaise, balanceDueOn };
}

/** The sum of the lines, in paise. */
export function quoteTotal(lines: QuoteLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitPaise, 0);
}

/**
 * The GST a quote adds on top of its lines (paise): nothing when prices include GST (the default) or
 * the business has no GSTIN; with prices that exclude it, each line's tax at the rate of the
 * booking's item kind, rounded per line exactly as the tax invoice will (taxLine, app/lib/gst/tax.ts),
 * so the quote's total is what the invoice charges (docs/decisions/047-invoices-gst.md#tax-invoices).
 */
export function quoteGst(lines: QuoteLine[], booking: Pick<Booking, 'type' | 'needDriver'>, tax: Settings['tax']): number {
  if (!issuesTaxInvoices(tax) || tax.prices !== 'exclusive') return 0;
  const { ratePercent } = tax[TAX_ITEM_FIELDS[itemKindOf(booking)]];
  return lines.reduce(
    (sum, line) =>
      sum +
      taxLine({ description: '', sac: '', quantity: line.quantity, unitPricePaise: line.unitPaise, ratePercent }, { pricesIncludeTax: false, interState: true })
        .taxPaise,
    0,
  );
}

/**
 * Save a new revision of the booking's quote (audited as 'quote'). Its total is the lines' sum, plus
 * the GST when the tax settings' prices exclude it (`quoteGst`). Refused with InvalidMoneyChange
 * (400) when the total is above ₹1 crore, the advance above the total, or the total below what was
 * already paid ('lines'); Conflict when the booking is rejected or cancelled; NotFound for an
 * unknown booking.
 */
export async function saveQuote(bookingId: string, input: QuoteInput, actor: AuditActor): Promise<BookingQuote> {
  if (!isUuid(bookingId)) throw new NotFound('Booking not found');
  // Read before the transaction: PGlite has one connection.
  const { tax } = await getSettings(['tax']);
  const quote = await db().transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    const totalPaise = quoteTotal(input.lines) + quoteGst(input.lines, booking, tax);
    if (totalPaise > MAX_AMOUNT_PAISE) {
      throw new InvalidMoneyChange('The total is above ₹1 crore', [{ path: 'lines', message: 'The total may be at most ₹1,00,00,000 (₹1 crore)' }]);
    }
    if (input.advancePaise > totalPaise) {
      throw new InvalidMoneyChange('The advance is more than the total', [
        { path: 'advancePaise', message: `The advance may be at most the total, ${formatPaise(totalPaise)}` },
      ]);
    }
    if (booking.status === 'rejected' || booking.status === 'cancelled') throw new Conflict(`A ${booking.status} booking cannot be quoted`);
    const { paidPaise } = ledgerTotals(await ledgerOf(tx, bookingId));
    if (totalPaise < paidPaise) {
      const message = `The total cannot be less than what was already paid, ${formatPaise(paidPaise)}`;
      throw new InvalidMoneyChange(message, [{ path: 'lines', message }]);
    }
    const before = await currentQuote(tx, bookingId);
    const [row] = await tx
      .insert(bookingQuotes)
      .values({
        bookingId,
        revision: (before?.revision ?? 0) + 1,
        lines: input.lines,
        totalPaise,
        advancePaise: input.advancePaise,
        balanceDueOn: input.balanceDueOn,
        createdBy: actor.id,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'quote',
      entityType: 'booking',
      entityId: bookingId,
      summary: `${before ? 'Revised' : 'Quoted'} booking #${shortReference(bookingId)}: ${formatPaise(totalPaise)}, advance ${formatPaise(input.advancePaise)}`,
      changes: {
        totalPaise: { from: before?.totalPaise ?? null, to: totalPaise },
        advancePaise: { from: before?.advancePaise ?? null, to: input.advancePaise },
        balanceDueOn: { from: before?.balanceDueOn ?? null, to: input.balanceDueOn },
      },
    });
    return row!;
  });
  publishLive({ type: 'booking.updated', id: bookingId, label: `Booking #${shortReference(bookingId)} quoted` });
  return quote;
}

// ---------------------------------------------------------------------------------------------
// Crediting money

/** The booking, locked FOR UPDATE for the rest of the transaction; NotFound when unknown. */
export async function lockBooking(tx: Executor, bookingId: string): Promise<Booking> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking) throw new NotFound('Booking not found');
  return booking;
}

/** One incoming payment to credit. */
export type Credit = {
  amountPaise: number;
  method: PaymentMethod;
  reference?: string;
  /** The day the money moved (Asia/Kolkata); default today. */
  receivedOn?: string;
  paymentRequestId?: string | null;
  /** Razorpay's payment id (`pay_...`): a second credit of the same id is no credit. */
  razorpayPaymentId?: string | null;
  note?: string;
};

/** What a credit did, for the caller to finish after commit (`afterCredit`). */
export type CreditOutcome = {
  /** The new ledger row, or null when this Razorpay payment was already credited. */
  entry: LedgerEntry | null;
  booking: Booking;
  /** The booking confirmed itself because the advance is in. */
  confirmed: boolean;
  /** The advance is in but the vehicle is booked those days: the clash message (stays pending, flagged). */
  clash: string | null;
  mails: OutgoingEmail[];
  /** The payment's receipt (docs/decisions/047-invoices-gst.md#numbered-documents), or null when none was issued. */
  receipt: TaxDocument | null;
};

/**
 * Credit a payment inside `tx` (docs/decisions/046-payments.md#the-ledger): lock the booking, add
 * the ledger row (idempotent by Razorpay payment id), audit it ('payment'), close the payment
 * requests it settles, queue the receipt mail, and, when a pending booking's advance is now in,
 * confirm it through the state machine and the no-double-booking check
 * (docs/decisions/046-payments.md#confirmation); a clash leaves it pending with `paid_but_clashing`.
 * Call `afterCredit` with the outcome once the transaction has committed. `company` (the settings,
 * read before the transaction: PGlite has one connection, so a read outside `tx` would wait for it)
 * names the office in the mails.
 */
export async function creditPayment(tx: Executor, bookingId: string, credit: Credit, actor: AuditActor, company: Settings['company']): Promise<CreditOutcome> {
  let booking = await lockBooking(tx, bookingId);
  const [entry] = await tx
    .insert(payments)
    .values({
      bookingId,
      entryType: 'payment',
      amountPaise: credit.amountPaise,
      method: credit.method,
      reference: credit.reference ?? credit.razorpayPaymentId ?? '',
      receivedOn: credit.receivedOn ?? todayInIndia(),
      paymentRequestId: credit.paymentRequestId ?? null,
      razorpayPaymentId: credit.razorpayPaymentId ?? null,
      note: credit.note ?? '',
      recordedBy: actor.id,
    })
    .onConflictDoNothing({ target: payments.razorpayPaymentId, where: sql`${payments.entryType} = 'payment'` })
    .returning();
  if (!entry) return { entry: null, booking, confirmed: false, clash: null, mails: [], receipt: null };

  const reference = `#${shortReference(bookingId)}`;
  await recordAudit(tx, actor, {
    action: 'payment',
    entityType: 'booking',
    entityId: bookingId,
    summary: `Received ${formatPaise(entry.amountPaise)} for booking ${reference} (${credit.method}${entry.reference ? `, ${entry.reference}` : ''})`,
    changes: { amountPaise: { from: null, to: entry.amountPaise }, method: { from: null, to: entry.method }, receivedOn: { from: null, to: entry.receivedOn } },
  });

  const summary = await moneySummary(tx, booking);
  // Requests this payment settles are paid: the advance once the advance is in, the balance once all is.
  const settled: PaymentKind[] = summary.quote
    ? summary.paidPaise >= summary.totalPaise
      ? ['advance', 'balance']
      : summary.paidPaise >= summary.advancePaise
        ? ['advance']
        : []
    : [];
  for (const kind of settled) {
    await tx
      .update(paymentRequests)
      .set({ status: 'paid', paidAt: new Date() })
      .where(and(eq(paymentRequests.bookingId, bookingId), eq(paymentRequests.kind, kind), eq(paymentRequests.status, 'open')));
  }
  if (credit.paymentRequestId) {
    await tx
      .update(paymentRequests)
      .set({ status: 'paid', paidAt: new Date() })
      .where(
        and(eq(paymentRequests.id, credit.paymentRequestId), eq(paymentRequests.status, 'open'), sql`${paymentRequests.amountPaise} <= ${entry.amountPaise}`),
      );
  }

  let confirmed = false;
  let clash: string | null = null;
  const mails: OutgoingEmail[] = [];
  const advanceIn = summary.quote !== null && summary.paidPaise >= summary.advancePaise && summary.paidPaise > 0;
  if (booking.status === 'pending' && advanceIn) {
    const result = await confirmPaidBooking(tx, bookingId, actor, company);
    if (result.confirmed) {
      confirmed = true;
      booking = result.booking;
      mails.push(...result.mails);
    } else {
      clash = result.clash;
    }
  }
  const link = await issueBookingLink(tx, bookingId);
  // The receipt's number goes into the mail, so it is issued first; the mail's insert takes no lock
  // another issue waits for, so the series' counter row is still held only briefly.
  const receipt = await issueReceiptOf(tx, entry, actor);
  const receiptMail = paymentReceivedMail(booking, entry, summary, company, link.url, receipt?.number ?? null);
  await enqueueEmails(tx, [receiptMail]);
  mails.push(receiptMail);
  return { entry, booking, confirmed, clash, mails, receipt };
}

/**
 * The receipt of a payment just credited (docs/decisions/047-invoices-gst.md#numbered-documents),
 * issued last in the credit's transaction, so that the receipt series' counter row is locked for as
 * short a time as possible. It runs in a savepoint: a receipt that cannot be issued (a 5-character
 * prefix past receipt 9999 of the year, which formatDocumentNumber refuses) must not stop the money
 * being credited, and rolling the savepoint back returns its number too, so no gap is left. The
 * error is logged and the payment stays without a receipt.
 */
async function issueReceiptOf(tx: Executor, entry: LedgerEntry, actor: AuditActor): Promise<TaxDocument | null> {
  try {
    return await tx.transaction((savepoint) => issueReceipt(savepoint, entry, { actor }));
  } catch (error) {
    logger.error({ err: error, paymentId: entry.id, bookingId: entry.bookingId }, 'the receipt of a payment could not be issued');
    return null;
  }
}

/** After the credit's transaction committed: wake the mailer, tell open admin pages, refresh the public toast on a confirmation. */
export async function afterCredit(outcome: CreditOutcome): Promise<void> {
  notifyNewMail(outcome.mails);
  if (!outcome.entry) return;
  const ref = `#${shortReference(outcome.booking.id)}`;
  const label = outcome.confirmed
    ? `Booking ${ref} paid and confirmed: ${outcome.booking.name}`
    : outcome.clash
      ? `Booking ${ref} paid but clashing: ${outcome.clash}`
      : `Payment of ${formatPaise(outcome.entry.amountPaise)} for booking ${ref}`;
  publishLive({ type: 'booking.updated', id: outcome.booking.id, label });
  if (outcome.confirmed) await publicContentChanged('booking paid and confirmed');
}

/** A payment staff record by hand (UPI to the office's ID, a bank transfer, cash). */
export type ManualPaymentInput = { amountPaise: number; method: ManualPaymentMethod; reference: string; receivedOn: string; note: string };

/**
 * Record a payment received by hand (docs/decisions/046-payments.md#payments-recorded-by-hand),
 * credited like an online one (`creditPayment`). Conflict for a rejected or cancelled booking;
 * NotFound for an unknown one.
 */
export async function recordManualPayment(bookingId: string, input: ManualPaymentInput, actor: AuditActor): Promise<CreditOutcome> {
  if (!isUuid(bookingId)) throw new NotFound('Booking not found');
  const { company } = await getSettings(['company']);
  const outcome = await db().transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (booking.status === 'rejected' || booking.status === 'cancelled') {
      throw new Conflict(`A ${booking.status} booking takes no payments`, [{ path: 'amountPaise', message: `This booking is ${booking.status}` }]);
    }
    return creditPayment(tx, bookingId, { ...input, paymentRequestId: null, razorpayPaymentId: null }, actor, company);
  });
  await afterCredit(outcome);
  return outcome;
}

/**
 * Correct a mistaken ledger entry by a reversal (docs/decisions/046-payments.md#the-ledger): a new
 * row of the opposite amount naming it, audited as 'reversal' with the reason. Nothing is edited or
 * deleted. Refused: an unknown entry (NotFound), a reversal itself or an entry already reversed
 * (Conflict), a payment whose reversal would leave less paid than refunded (InvalidMoneyChange), an
 * empty reason (InvalidMoneyChange on 'reason').
 */
export async function reverseLedgerEntry(bookingId: string, entryId: string, reason: string, actor: AuditActor): Promise<LedgerEntry> {
  if (!isUuid(bookingId) || !isUuid(entryId)) throw new NotFound('Payment not found');
  if (reason.trim() === '') throw new InvalidMoneyChange('Give a reason', [{ path: 'reason', message: 'Say why this entry is reversed' }]);
  const row = await db().transaction(async (tx) => {
    await lockBooking(tx, bookingId);
    const entries = await ledgerOf(tx, bookingId);
    const entry = entries.find((e) => e.id === entryId);
    if (!entry) throw new NotFound('Payment not found');
    if (entry.entryType === 'reversal') throw new Conflict('A reversal cannot be reversed; record the payment again instead');
    if (entries.some((e) => e.reversesId === entryId)) throw new Conflict('This entry is already reversed');
    if (entry.method === 'razorpay') throw new Conflict('An online payment cannot be reversed by hand; refund it instead');
    const after = ledgerTotals([...entries, { id: 'new', entryType: 'reversal', amountPaise: -entry.amountPaise, reversesId: entryId }]);
    if (after.paidPaise < 0) {
      throw new InvalidMoneyChange('More would be refunded than paid', [
        { path: 'entryId', message: 'Reversing this payment would leave more refunded than paid' },
      ]);
    }
    const [reversal] = await tx
      .insert(payments)
      .values({
        bookingId,
        entryType: 'reversal',
        amountPaise: -entry.amountPaise,
        method: entry.method,
        reference: entry.reference,
        receivedOn: todayInIndia(),
        reversesId: entryId,
        note: reason.trim().slice(0, 500),
        recordedBy: actor.id,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'reversal',
      entityType: 'booking',
      entityId: bookingId,
      summary: `Reversed ${formatPaise(entry.amountPaise)} (${entry.entryType} of ${entry.receivedOn}) on booking #${shortReference(bookingId)}: ${reason.trim().slice(0, 200)}`,
      changes: { reversesId: { from: null, to: entryId }, amountPaise: { from: null, to: -entry.amountPaise } },
    });
    return reversal!;
  });
  publishLive({ type: 'booking.updated', id: bookingId, label: `Booking #${shortReference(bookingId)}: payment reversed` });
  return row;
}

// ---------------------------------------------------------------------------------------------
// Refunds (docs/decisions/046-payments.md#cancellation-and-refunds). The decision (`refunds` row)
// and the money moving back (a negative ledger row) are separate steps: by hand both happen at
// once; online, the ledger row is written when Razorpay reports the refund processed.

export type Refund = typeof refunds.$inferSelect;

/** What `markRefundProcessed` records: the company (read before the transaction) names the office in the mail. */
export type RefundProcessedDetails = {
  company: Settings['company'];
  razorpayRefundId?: string | null;
  reference?: string;
  /** The day the money went back (Asia/Kolkata); default today. */
  processedOn?: string;
  /** Collects the mail queued, for the caller's `notifyNewMail` after commit. */
  mails?: OutgoingEmail[];
};

/**
 * Write the negative ledger row of a refund that has happened and mark it `processed`, in `tx`
 * (idempotent: a refund already processed returns its ledger row unchanged, so a repeated
 * `refund.processed` webhook changes nothing and mails nobody again). `razorpayRefundId` is recorded
 * when Razorpay reports it. Audited as 'refund'; the traveller's 'refund made' mail
 * (`refundMadeMail`) is queued in `tx`, so a refund by hand and an online one reported by Razorpay
 * both send it exactly once; the caller wakes the mailer after commit (`notifyNewMail` with
 * `details.mails`, else the mailer's next tick sends it). Throws
 * NotFound for an unknown refund.
 */
export async function markRefundProcessed(tx: Executor, refundId: string, actor: AuditActor, details: RefundProcessedDetails): Promise<LedgerEntry> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!refund) throw new NotFound('Refund not found');
  const [existing] = await tx.select().from(payments).where(eq(payments.refundId, refundId));
  if (existing) return existing;
  const booking = await lockBooking(tx, refund.bookingId);
  await tx
    .update(refunds)
    .set({ status: 'processed', processedAt: new Date(), failureReason: null, razorpayRefundId: details.razorpayRefundId ?? refund.razorpayRefundId })
    .where(eq(refunds.id, refundId));
  const [entry] = await tx
    .insert(payments)
    .values({
      bookingId: refund.bookingId,
      entryType: 'refund',
      amountPaise: -refund.amountPaise,
      method: refund.method,
      reference: details.reference ?? details.razorpayRefundId ?? refund.razorpayRefundId ?? '',
      receivedOn: details.processedOn ?? todayInIndia(),
      refundId,
      razorpayPaymentId: refund.razorpayPaymentId,
      note: refund.reason,
      recordedBy: actor.id,
    })
    .returning();
  await recordAudit(tx, actor, {
    action: 'refund',
    entityType: 'booking',
    entityId: refund.bookingId,
    summary: `Refunded ${formatPaise(refund.amountPaise)} on booking #${shortReference(refund.bookingId)} (${refund.method})`,
    changes: { amountPaise: { from: null, to: -refund.amountPaise }, refundId: { from: null, to: refundId } },
  });
  const standing = await moneySummary(tx, booking);
  const link = await issueBookingLink(tx, refund.bookingId);
  // A refund after the booking's tax invoice lowers it: the credit note (docs/decisions/047-invoices-gst.md#credit-notes).
  const creditNote = await creditNoteForRefund(tx, refund.bookingId, refund, actor);
  const mail = refundMadeMail(
    booking,
    { amountPaise: refund.amountPaise, method: refund.method, reference: entry!.reference, processedOn: entry!.receivedOn },
    standing,
    details.company,
    link.url,
    creditNote?.number ?? null,
  );
  await enqueueEmails(tx, [mail]);
  details.mails?.push(mail);
  return entry!;
}

/** One refund by id, or null. */
export async function getRefund(refundId: string): Promise<Refund | null> {
  if (!isUuid(refundId)) return null;
  const [row] = await db().select().from(refunds).where(eq(refunds.id, refundId));
  return row ?? null;
}

/** An online refund Razorpay reports failed: `failed` with the reason, audited; no ledger row. Idempotent. */
export async function markRefundFailed(tx: Executor, refundId: string, reason: string, actor: AuditActor): Promise<void> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!refund) throw new NotFound('Refund not found');
  if (refund.status !== 'pending') return;
  await tx
    .update(refunds)
    .set({ status: 'failed', failureReason: reason.slice(0, 500) })
    .where(eq(refunds.id, refundId));
  await recordAudit(tx, actor, {
    action: 'refund',
    entityType: 'booking',
    entityId: refund.bookingId,
    summary: `Refund of ${formatPaise(refund.amountPaise)} on booking #${shortReference(refund.bookingId)} failed: ${reason.slice(0, 200)}`,
    changes: { status: { from: 'pending', to: 'failed' } },
  });
}
