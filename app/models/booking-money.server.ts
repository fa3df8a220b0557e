/**
 * The staff side of a booking's money beyond the ledger itself (docs/decisions/046-payments.md):
 * what the money panel of /admin/bookings/:id and /api/bookings/:id/payments read, the quote a
 * booking starts from (the catalogue price), payment requests (mail + WhatsApp text), and rotating
 * the traveller's booking-page link. Amounts are integer paise; days are 'YYYY-MM-DD' in Asia/Kolkata.
 *
 * Settings are read before each transaction: PGlite has one connection, so a db() read inside a
 * transaction would wait for it forever.
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { bikes, cars, paymentRequests, payments, tourPackages, users, type Booking } from '~/db/schema';
import { PAYMENT_METHOD_LABELS, type PaymentKind, type PaymentMethod } from '~/lib/constants';
import { todayInIndia } from '~/lib/format';
import { Conflict, NotFound } from '~/lib/errors.server';
import { isUuid, shortReference } from '~/lib/ids';
import { publishLive } from '~/lib/live-events.server';
import { notifyNewMail } from '~/lib/mail-signal.server';
import { formatPaise, paiseInputText } from '~/lib/money';
import type { QuoteDraft } from '~/schemas/money';
import { issuesTaxInvoices } from '~/schemas/settings';
import { paymentRequestMail, paymentRequestWhatsappText } from '~/lib/payment-mail-texts.server';
import { whatsappDigits, whatsappLink } from '~/lib/whatsapp';
import { recordAudit, type AuditActor } from './audit.server';
import { issueBookingLink, revokeBookingLinks } from './booking-link.server';
import { bookingDocumentRows } from './booking-documents.server';
import { currentInvoice } from './invoices.server';
import { enqueueEmails } from './outbox.server';
import {
  lockBooking,
  moneySummary,
  quoteTotal,
  suggestedQuote,
  type LedgerEntry,
  type MoneySummary,
  type PaymentRequest,
  type QuoteInput,
} from './payments.server';
import { getSettings } from './settings.server';

/** A ledger row with the name of the staff member who recorded it (null: Razorpay or the reconciliation). */
export type LedgerRow = LedgerEntry & { recordedByName: string | null };

/** The booking's ledger, oldest first, with who recorded each entry. */
export async function ledgerWithNames(executor: Executor, bookingId: string): Promise<LedgerRow[]> {
  const rows = await executor
    .select({ entry: payments, recordedByName: users.name })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(eq(payments.bookingId, bookingId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map((r) => ({ ...r.entry, recordedByName: r.recordedByName }));
}

/** The booking's payment requests, newest first. */
export async function paymentRequestsOf(executor: Executor, bookingId: string): Promise<PaymentRequest[]> {
  return executor
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.bookingId, bookingId))
    .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id));
}

/**
 * The quote a booking starts from (docs/decisions/046-payments.md#quotes): `suggestedQuote` with the
 * booked item's current catalogue price (a package's price per person, a bike's or car's daily
 * rate; 0 when the item was deleted or has no price) and the `payments` settings.
 */
export async function quoteSuggestionFor(
  booking: Pick<Booking, 'type' | 'itemName' | 'startDate' | 'endDate' | 'adults' | 'children' | 'packageId' | 'bikeId' | 'carId'>,
): Promise<QuoteInput> {
  const { payments: settings } = await getSettings(['payments']);
  let unitRupees: number | null = null;
  if (booking.packageId) {
    const [row] = await db().select({ price: tourPackages.price }).from(tourPackages).where(eq(tourPackages.id, booking.packageId));
    unitRupees = row?.price ?? null;
  } else if (booking.bikeId) {
    const [row] = await db().select({ rate: bikes.dailyRate }).from(bikes).where(eq(bikes.id, booking.bikeId));
    unitRupees = row?.rate ?? null;
  } else if (booking.carId) {
    const [row] = await db().select({ rate: cars.dailyRate }).from(cars).where(eq(cars.id, booking.carId));
    unitRupees = row?.rate ?? null;
  }
  return suggestedQuote(booking, unitRupees, settings);
}

/** What `sendPaymentRequest` did: the request, and what staff need to send it on WhatsApp too. */
export type SentPaymentRequest = {
  request: PaymentRequest;
  /** The booking page link issued for this request (the token exists only here and in the mail). */
  pageUrl: string;
  /** The prefilled WhatsApp text and its wa.me link to the traveller's number. */
  whatsappText: string;
  whatsappUrl: string;
  summary: MoneySummary;
};

/**
 * Ask the traveller for what is due now (`moneySummary().due`: the advance, or the balance), per
 * docs/decisions/046-payments.md#notifications: a `payment_requests` row (kind, amountPaise = the due
 * amount, dueOn), a `payment` mail with a fresh booking-page link naming the amount and due day, and
 * an audit entry ('payment_request'), all in one transaction. An open request of the same kind for
 * another amount (or, for the balance, another due day) is cancelled (superseded); a repeat is
 * mailed again rather than duplicated. Throws NotFound (unknown booking), Conflict (rejected or cancelled
 * booking, no quote yet, nothing due).
 */
export async function sendPaymentRequest(bookingId: string, actor: AuditActor): Promise<SentPaymentRequest> {
  if (!isUuid(bookingId)) throw new NotFound('Booking not found');
  const { company } = await getSettings(['company']);
  const result = await db().transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (booking.status === 'rejected' || booking.status === 'cancelled') throw new Conflict(`A ${booking.status} booking takes no payments`);
    const summary = await moneySummary(tx, booking);
    if (!summary.quote) throw new Conflict('Save a quote first: there is nothing to ask for yet');
    const due = summary.due;
    if (!due) throw new Conflict('Nothing is due on this booking');
    const open = await tx
      .select()
      .from(paymentRequests)
      .where(and(eq(paymentRequests.bookingId, bookingId), eq(paymentRequests.kind, due.kind), eq(paymentRequests.status, 'open')));
    // The advance is due 'today', so only its amount tells a new request from a repeat; the balance's day comes from the quote.
    let request = open.find((r) => r.amountPaise === due.amountPaise && (due.kind === 'advance' || r.dueOn === due.dueOn));
    const superseded = open.filter((r) => r !== request);
    if (superseded.length > 0) {
      await tx
        .update(paymentRequests)
        .set({ status: 'cancelled' })
        .where(
          and(
            eq(paymentRequests.bookingId, bookingId),
            eq(paymentRequests.kind, due.kind),
            eq(paymentRequests.status, 'open'),
            request ? ne(paymentRequests.id, request.id) : undefined,
          ),
        );
    }
    if (!request) {
      [request] = await tx
        .insert(paymentRequests)
        .values({ bookingId, kind: due.kind, amountPaise: due.amountPaise, dueOn: due.dueOn, createdBy: actor.id })
        .returning();
    }
    const link = await issueBookingLink(tx, bookingId);
    const mail = paymentRequestMail(booking, due, summary, company, link.url);
    await enqueueEmails(tx, [mail]);
    await recordAudit(tx, actor, {
      action: 'payment_request',
      entityType: 'booking',
      entityId: bookingId,
      summary: `Asked for the ${kindWord(due.kind)} of ${formatPaise(due.amountPaise)} by ${due.dueOn} on booking #${shortReference(bookingId)}${
        superseded.length > 0 ? ` (replacing ${superseded.map((r) => formatPaise(r.amountPaise)).join(', ')})` : ''
      }`,
      changes: {
        kind: { from: null, to: due.kind },
        amountPaise: { from: superseded[0]?.amountPaise ?? null, to: due.amountPaise },
        dueOn: { from: superseded[0]?.dueOn ?? null, to: due.dueOn },
      },
    });
    const whatsappText = paymentRequestWhatsappText(booking, due, company, link.url);
    return {
      request: request!,
      pageUrl: link.url,
      whatsappText,
      whatsappUrl: whatsappLink(whatsappDigits(booking.phone), whatsappText),
      summary,
      mail,
    };
  });
  notifyNewMail([result.mail]);
  publishLive({ type: 'booking.updated', id: bookingId, label: `Booking #${shortReference(bookingId)}: payment requested` });
  const { mail: _mail, ...sent } = result;
  return sent;
}

function kindWord(kind: PaymentKind): string {
  return kind === 'advance' ? 'advance' : 'balance';
}

/**
 * 'Rotate link' (docs/decisions/046-payments.md#the-travellers-booking-page): revoke every link to
 * the booking's page and issue one fresh link for staff to pass on, audited ('booking_link'), in one
 * transaction. Old links stop working at once. Throws NotFound for an unknown booking.
 */
export async function rotateBookingLink(bookingId: string, actor: AuditActor): Promise<{ url: string; revoked: number }> {
  if (!isUuid(bookingId)) throw new NotFound('Booking not found');
  return db().transaction(async (tx) => {
    await lockBooking(tx, bookingId);
    const revoked = await revokeBookingLinks(tx, bookingId);
    const link = await issueBookingLink(tx, bookingId);
    await recordAudit(tx, actor, {
      action: 'booking_link',
      entityType: 'booking',
      entityId: bookingId,
      summary: `Rotated the booking page link of booking #${shortReference(bookingId)} (${revoked} old link${revoked === 1 ? '' : 's'} revoked)`,
      changes: { revokedLinks: { from: revoked, to: 0 } },
    });
    return { url: link.url, revoked };
  });
}

/** A money summary without its quote row, as the API and the panel show it (paise, days). */
export function summaryView(summary: MoneySummary) {
  const { quote: _quote, ...rest } = summary;
  return rest;
}

/** A quote revision as the API shows it. */
export function quoteView(quote: NonNullable<MoneySummary['quote']>) {
  return {
    revision: quote.revision,
    lines: quote.lines,
    totalPaise: quote.totalPaise,
    advancePaise: quote.advancePaise,
    balanceDueOn: quote.balanceDueOn,
    createdAt: quote.createdAt,
  };
}

/** A ledger row as the API shows it. */
export function ledgerView(entry: LedgerRow) {
  return {
    id: entry.id,
    entryType: entry.entryType,
    amountPaise: entry.amountPaise,
    method: entry.method,
    reference: entry.reference,
    receivedOn: entry.receivedOn,
    note: entry.note,
    paymentRequestId: entry.paymentRequestId,
    refundId: entry.refundId,
    razorpayPaymentId: entry.razorpayPaymentId,
    reversesId: entry.reversesId,
    recordedBy: entry.recordedBy,
    recordedByName: entry.recordedByName,
    createdAt: entry.createdAt,
  };
}

/** A payment request as the API shows it. */
export function paymentRequestView(request: PaymentRequest) {
  return {
    id: request.id,
    kind: request.kind,
    amountPaise: request.amountPaise,
    dueOn: request.dueOn,
    status: request.status,
    razorpayLinkUrl: request.razorpayLinkUrl,
    createdAt: request.createdAt,
    paidAt: request.paidAt,
  };
}

// ---------------------------------------------------------------------------------------------
// The money panel of /admin/bookings/:id (app/components/admin/money-panel.tsx)

/** An empty row of the quote form. */
export const BLANK_ROW = { description: '', quantity: '', unitPrice: '' };

/**
 * The money panel's data: where the money stands, the quote form's starting values, the ledger (each
 * payment with its receipt's number), the requests, and the tax documents part
 * (docs/decisions/047-invoices-gst.md#downloads): every receipt, tax invoice and credit note, the
 * current invoice with what is left of it, whether the business issues invoices at all (a GSTIN in
 * the tax settings), and the traveller's invoice details.
 */
export async function loadMoneyPanel(booking: Booking) {
  const [summary, ledger, requests, suggestion, { payments, tax }, documents, current] = await Promise.all([
    moneySummary(db(), booking),
    ledgerWithNames(db(), booking.id),
    paymentRequestsOf(db(), booking.id),
    quoteSuggestionFor(booking),
    getSettings(['payments', 'tax']),
    bookingDocumentRows(db(), booking.id),
    currentInvoice(db(), booking.id),
  ]);
  const from = summary.quote ?? suggestion;
  const draft: QuoteDraft = {
    rows: [
      ...from.lines.map((l) => ({ description: l.description, quantity: String(l.quantity), unitPrice: l.unitPaise > 0 ? paiseInputText(l.unitPaise) : '' })),
      BLANK_ROW,
    ],
    advance: paiseInputText(from.advancePaise),
    balanceDueOn: from.balanceDueOn,
  };
  const reversed = new Set(ledger.map((e) => e.reversesId).filter(Boolean));
  const receipts = new Map(documents.filter((d) => d.paymentId).map((d) => [d.paymentId, d.number]));
  const open = booking.status !== 'rejected' && booking.status !== 'cancelled';
  return {
    open,
    paidButClashing: booking.paidButClashing,
    summary: summaryView(summary),
    quote: summary.quote
      ? {
          revision: summary.quote.revision,
          lines: summary.quote.lines,
          // GST on top of the lines, when the tax settings' prices exclude it (quoteGst).
          gstPaise: summary.quote.totalPaise - quoteTotal(summary.quote.lines),
        }
      : null,
    suggested: !summary.quote,
    advancePercent: payments.advancePercent,
    draft,
    today: todayInIndia(),
    ledger: ledger.map((e) => ({
      id: e.id,
      entryType: e.entryType,
      amountPaise: e.amountPaise,
      method: PAYMENT_METHOD_LABELS[e.method as PaymentMethod] ?? e.method,
      reference: e.reference,
      receivedOn: e.receivedOn,
      note: e.note,
      recordedBy: e.recordedByName ?? (e.method === 'razorpay' ? 'Razorpay' : '—'),
      reversed: reversed.has(e.id),
      // Only an entry recorded by hand can be reversed here (an online payment is refunded instead).
      reversible: e.entryType !== 'reversal' && e.method !== 'razorpay' && !reversed.has(e.id),
      receiptNumber: receipts.get(e.id) ?? null,
    })),
    requests: requests.map((r) => ({ id: r.id, kind: r.kind, amountPaise: r.amountPaise, dueOn: r.dueOn, status: r.status })),
    taxDocuments: {
      issuesInvoices: issuesTaxInvoices(tax),
      list: documents,
      current: current
        ? { id: current.invoice.id, number: current.invoice.number, totalPaise: current.invoice.totalPaise, remainingPaise: current.remaining.totalPaise }
        : null,
      // A new invoice is for an open booking without a current one; the model says why not when it refuses.
      canIssueInvoice: open && !current,
      details: { stateCode: booking.travellerStateCode ?? '', address: booking.travellerAddress, gstin: booking.travellerGstin },
    },
  };
}

export type MoneyPanelData = Awaited<ReturnType<typeof loadMoneyPanel>>;

/** What a money form's action answers with (under `money` in the action's data). */
export type MoneyResult =
  | { form: 'quote'; values: QuoteDraft; errors: Record<string, string> }
  | { form: 'payment'; values: Record<string, string>; errors: Record<string, string> }
  | { form: 'reverse'; entryId: string; values: Record<string, string>; errors: Record<string, string> }
  | {
      form: 'payment-request';
      errors: Record<string, string>;
      sent?: { kind: string; amountPaise: number; dueOn: string; to: string; pageUrl: string; whatsappUrl: string };
    }
  | { form: 'rotate-link'; url: string; revoked: number }
  /** 'Issue tax invoice' refused: `errors.invoice` is why. */
  | { form: 'invoice'; errors: Record<string, string> }
  | { form: 'credit-note'; values: Record<string, string>; errors: Record<string, string> }
  | { form: 'invoice-details'; values: Record<string, string>; errors: Record<string, string> };
