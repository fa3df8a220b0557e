/**
 * What the traveller's own booking page shows (docs/decisions/046-payments.md#the-travellers-booking-page):
 * the booking a token opens, turned into plain, serialisable facts for the page. Only what the
 * traveller needs is read out of the booking: their first name, never their e-mail, phone or message;
 * and the invoice details they gave, with their documents (docs/decisions/047-invoices-gst.md#downloads).
 * Amounts are integer paise; dates are 'YYYY-MM-DD' (Asia/Kolkata).
 */
import { z } from 'zod';
import { db } from '~/db/client.server';
import { razorpayConfigured } from '~/infrastructure/razorpay.server';
import type { Booking } from '~/db/schema';
import { describePolicy, policyRefund, type CancellationPolicy } from '~/lib/cancellation-policy';
import { PAYMENT_METHOD_LABELS, type BookingStatus, type PaymentKind, type PaymentMethod } from '~/lib/constants';
import { shortReference } from '~/lib/ids';
import { findBookingByToken } from '~/models/booking-link.server';
import { bookingDocumentRows, type BookingDocumentRow } from '~/models/booking-documents.server';
import { currentInvoice } from '~/models/invoices.server';
import { currentQuote, ledgerOf, summariseMoney, type LedgerEntry } from '~/models/payments.server';
import { getSettings } from '~/models/settings.server';
import { travellerDrivers, type TravellerDriver } from '~/models/trip-assignment.server';
import type { InvoiceDetails } from '~/schemas/invoice';
import { issuesTaxInvoices, type Settings } from '~/schemas/settings';

/** One receipt: a payment received (positive) or a refund made (negative), as the ledger has it. */
export type Receipt = { id: string; kind: 'payment' | 'refund'; receivedOn: string; method: string; reference: string; amountPaise: number };

/** A receipt, tax invoice or credit note the traveller can download (its PDF: /booking/<token>/documents/<id>). */
export type TravellerDocument = Pick<BookingDocumentRow, 'id' | 'kind' | 'title' | 'number' | 'date' | 'totalPaise' | 'invoiceNumber'>;

/**
 * The invoice details part of the page (docs/decisions/047-invoices-gst.md#downloads): `offered`
 * when the traveller may give or change them (the business issues tax invoices, the booking is
 * pending or confirmed, and it has no current invoice); `invoiceNumber` names the current invoice,
 * which keeps the details it was issued with (staff correct it with a credit note and a new one).
 */
export type InvoiceDetailsOffer = { offered: boolean; invoiceNumber: string | null };

/** How the traveller pays what is due: online through the Pay button, or by UPI / bank transfer. */
export type PayBy = { online: true } | { online: false; upiId: string; bankDetails: string[] };

export type TravellerBookingView = {
  /** '#A1B2C3' without the '#'. */
  reference: string;
  /** The first word of the name the traveller gave. */
  firstName: string;
  type: Booking['type'];
  itemName: string;
  startDate: string;
  endDate: string | null;
  /**
   * The driver and vehicle of each trip assignment of a confirmed booking, from 18:00 IST on the
   * evening before it starts until its last day (docs/decisions/048-trip-operations.md#the-travellers-page).
   */
  drivers: TravellerDriver[];
  /** Who travels: '2 adults, 1 child'; a rental's helmet or driver: 'Helmet included'. */
  party: string[];
  status: BookingStatus;
  quote: {
    lines: { description: string; quantity: number; unitPaise: number; amountPaise: number }[];
    totalPaise: number;
    advancePaise: number;
    balanceDueOn: string;
  } | null;
  paidPaise: number;
  receipts: Receipt[];
  due: { kind: PaymentKind; amountPaise: number; dueOn: string } | null;
  payBy: PayBy;
  policy: { lines: string[]; ifCancelledToday: { refundPercent: number; amountPaise: number } | null };
  /** Every receipt, tax invoice and credit note of the booking, oldest first. */
  documents: TravellerDocument[];
  /**
   * The traveller's details for the tax invoice and whether the form is offered. The page shows the
   * values they gave: they are printed on the invoice the page links to anyway.
   */
  invoiceDetails: InvoiceDetailsOffer & { values: InvoiceDetails };
  /** The office's public details (the page's footer, phone and WhatsApp). */
  company: Settings['company'];
};

/**
 * The ledger as receipts: each payment and refund that stands, oldest first. A reversal and the
 * entry it reverses both leave the list (the traveller sees what counts; staff see both).
 */
export function receiptsOf(entries: readonly LedgerEntry[]): Receipt[] {
  const reversed = new Set(entries.filter((e) => e.entryType === 'reversal' && e.reversesId).map((e) => e.reversesId));
  return entries
    .filter((e) => e.entryType !== 'reversal' && !reversed.has(e.id))
    .map((e) => ({
      id: e.id,
      kind: e.entryType === 'refund' ? ('refund' as const) : ('payment' as const),
      receivedOn: e.receivedOn,
      method: PAYMENT_METHOD_LABELS[e.method as PaymentMethod] ?? e.method,
      reference: e.reference,
      amountPaise: e.amountPaise,
    }));
}

const PAYMENT_NOTICE = z.enum(['received', 'checking', 'unavailable']).nullable().catch(null);

/** What `?payment=` asks the page to say. */
export type PaymentNotice = 'received' | 'checking' | 'unavailable';

/**
 * The notice `?payment=` asks for, or null for anything else (a missing, mistyped or hostile value
 * shows nothing): 'received' and 'checking' from the return from Razorpay (app/routes/booking/return.ts),
 * 'unavailable' when Pay could not reach Razorpay (app/routes/booking/pay.ts).
 */
export function paymentNotice(value: string | null): PaymentNotice | null {
  return PAYMENT_NOTICE.parse(value);
}

/** Who travels, or what comes with a rental, in words. */
export function partyOf(booking: Pick<Booking, 'type' | 'adults' | 'children' | 'needHelmet' | 'needDriver'>): string[] {
  if (booking.type === 'package') {
    const adults = booking.adults ?? 1;
    const children = booking.children ?? 0;
    const words = [`${adults} ${adults === 1 ? 'adult' : 'adults'}`];
    if (children > 0) words.push(`${children} ${children === 1 ? 'child' : 'children'}`);
    return [words.join(', ')];
  }
  if (booking.type === 'bike') return [booking.needHelmet ? 'Helmet included' : 'No helmet requested'];
  return [booking.needDriver ? 'With a driver' : 'Self-drive'];
}

/** The policy the booking was sold under, or today's settings for a booking made before payments existed. */
export function policyOf(booking: Pick<Booking, 'type' | 'cancellationPolicy'>, payments: Settings['payments']): CancellationPolicy {
  return booking.cancellationPolicy ?? (booking.type === 'package' ? payments.packageCancellation : payments.rentalCancellation);
}

/**
 * The page's facts for the booking `token` opens, or null when it opens none (unknown, malformed or
 * revoked token). `now` is when "cancelling today" is computed for; `online` whether the Pay button
 * is offered (default: both Razorpay keys are set) instead of the UPI ID and bank details. `opened`:
 * the booking `findBookingByToken(token)` already gave the caller, so it is not looked up twice.
 */
export async function travellerBooking(
  token: string,
  { now = new Date(), online = razorpayConfigured(), opened }: { now?: Date; online?: boolean; opened?: Booking | null } = {},
): Promise<TravellerBookingView | null> {
  const booking = opened === undefined ? await findBookingByToken(token) : opened;
  if (!booking) return null;
  // The ledger is read once: for the receipts and for what is paid and due.
  const [{ company, payments }, quote, entries, documents, offer, drivers] = await Promise.all([
    getSettings(['company', 'payments']),
    currentQuote(db(), booking.id),
    ledgerOf(db(), booking.id),
    bookingDocumentRows(db(), booking.id),
    invoiceDetailsOffer(booking),
    booking.status === 'confirmed' ? travellerDrivers(booking.id, now) : [],
  ]);
  const summary = summariseMoney(booking, quote, entries);
  const policy = policyOf(booking, payments);
  const open = booking.status === 'pending' || booking.status === 'confirmed';
  return {
    reference: shortReference(booking.id),
    firstName: booking.name.trim().split(/\s+/)[0] ?? '',
    type: booking.type,
    itemName: booking.itemName,
    startDate: booking.startDate,
    endDate: booking.endDate,
    drivers,
    party: partyOf(booking),
    status: booking.status as BookingStatus,
    quote: summary.quote
      ? {
          lines: summary.quote.lines.map((line) => ({ ...line, amountPaise: line.quantity * line.unitPaise })),
          totalPaise: summary.quote.totalPaise,
          advancePaise: summary.quote.advancePaise,
          balanceDueOn: summary.quote.balanceDueOn,
        }
      : null,
    paidPaise: summary.paidPaise,
    receipts: receiptsOf(entries),
    due: summary.due,
    payBy: online ? { online: true } : { online: false, upiId: payments.upiId, bankDetails: payments.bankDetails },
    policy: {
      lines: describePolicy(policy, booking.type === 'package' ? 'package' : 'rental'),
      ifCancelledToday: open ? policyRefund(policy, summary.paidPaise, booking.startDate, now) : null,
    },
    documents: documents.map(({ id, kind, title, number, date, totalPaise, invoiceNumber }) => ({ id, kind, title, number, date, totalPaise, invoiceNumber })),
    invoiceDetails: {
      ...offer,
      values: { stateCode: booking.travellerStateCode ?? '', address: booking.travellerAddress, gstin: booking.travellerGstin },
    },
    company,
  };
}

/** Whether the traveller may give their invoice details now (see `InvoiceDetailsOffer`). */
export async function invoiceDetailsOffer(booking: Pick<Booking, 'id' | 'status'>): Promise<InvoiceDetailsOffer> {
  const [{ tax }, current] = await Promise.all([getSettings(['tax']), currentInvoice(db(), booking.id)]);
  const open = booking.status === 'pending' || booking.status === 'confirmed';
  return { offered: issuesTaxInvoices(tax) && open && !current, invoiceNumber: current?.invoice.number ?? null };
}

/** The office's details for the page a token does not open (it still offers phone and WhatsApp). */
export async function officeContact(): Promise<Settings['company']> {
  const { company } = await getSettings(['company']);
  return company;
}
