/**
 * Tax invoices and credit notes (docs/decisions/047-invoices-gst.md#tax-invoices and #credit-notes),
 * numbered like receipts (`nextSequence`, app/models/tax-documents.server.ts) in the transaction that
 * issues them, never edited. Amounts are integer paise; days are India's calendar.
 *
 * - **A tax invoice per booking**, for its quote once the quote is paid in full, issued by staff or
 *   by the timer on the first day of the trip (`issueDueInvoices`), whichever comes first. Only an
 *   operator with a GSTIN issues invoices. The quote's lines are taxed at the SAC and rate of the
 *   booking's item kind (`itemKindOf`) from the tax settings, with the place of supply from the
 *   traveller's invoice details (`placeOfSupply`).
 * - **A credit note** lowers an invoice: for a refund processed after the invoice (issued with the
 *   refund, `creditNoteForRefund`) or by staff (a mistake, a discount), never above what is left of
 *   the invoice. An invoice credited in full may be followed by a new one: that is how a mistake is
 *   corrected.
 *
 * Settings are read before each transaction (PGlite has one connection; see
 * app/models/payments.server.ts), except in the functions that take a `tx` and are called inside
 * another write, which read them through `tx`.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { bookings, taxDocuments, type Booking, type TaxDocumentSnapshot } from '~/db/schema';
import { Conflict, NotFound, zodIssues, type Issue } from '~/lib/errors.server';
import { formatDate, todayInIndia } from '~/lib/format';
import type { ItemKind } from '~/lib/gst/defaults';
import { financialYearOf, formatDocumentNumber } from '~/lib/gst/document-number';
import { formatStateWithCode, gstStateByCode } from '~/lib/gst/states';
import { placeOfSupply, taxDocument, taxLine, type TaxAmounts, type TaxedLine } from '~/lib/gst/tax';
import { rupeesInWords } from '~/lib/gst/words';
import { isUuid, shortReference } from '~/lib/ids';
import { logger } from '~/lib/logger.server';
import { publishLive } from '~/lib/live-events.server';
import { formatPaise } from '~/lib/money';
import { CREDIT_NOTE_REASON_MAX, invoiceDetailsSchema, type CreditNoteInput, type InvoiceDetails } from '~/schemas/invoice';
import { issuesTaxInvoices, TAX_ITEM_FIELDS, TAX_PREFIX_FIELDS, type Settings } from '~/schemas/settings';
import { recordAudit, type AuditActor } from './audit.server';
import { InvalidBookingChange } from './booking.server';
import { InvalidMoneyChange, lockBooking, moneySummary } from './payments.server';
import { getSettings } from './settings.server';
import { DOCUMENT_TITLES, insertIssuedDocument, nextSequence, supplierOf, type TaxDocument } from './tax-documents.server';

/** Who issues documents on their own: the timer at the start of a trip. */
export const INVOICE_TIMER_ACTOR: AuditActor = { id: null, name: 'Invoicing' };

/**
 * The item kind a booking sells, for its SAC and rate: a package is a tour package, a car booked with
 * its driver is a car with driver, a bike or a car without a driver is a self-drive rental.
 */
export function itemKindOf(booking: Pick<Booking, 'type' | 'needDriver'>): ItemKind {
  if (booking.type === 'package') return 'tour_package';
  if (booking.type === 'car' && booking.needDriver) return 'car_with_driver';
  return 'self_drive';
}

/** An invoice and what its credit notes have taken off it so far (paise). */
export type InvoiceStanding = {
  invoice: TaxDocument;
  creditNotes: TaxDocument[];
  credited: TaxAmounts;
  /** What a further credit note may still take off: the invoice's amounts less its credit notes'. */
  remaining: TaxAmounts;
};

function amountsOf(d: Pick<TaxDocument, 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise'>): TaxAmounts {
  return {
    taxablePaise: d.taxablePaise,
    cgstPaise: d.cgstPaise,
    sgstPaise: d.sgstPaise,
    igstPaise: d.igstPaise,
    taxPaise: d.cgstPaise + d.sgstPaise + d.igstPaise,
    totalPaise: d.totalPaise,
  };
}

function minus(a: TaxAmounts, b: TaxAmounts): TaxAmounts {
  return {
    taxablePaise: a.taxablePaise - b.taxablePaise,
    cgstPaise: a.cgstPaise - b.cgstPaise,
    sgstPaise: a.sgstPaise - b.sgstPaise,
    igstPaise: a.igstPaise - b.igstPaise,
    taxPaise: a.taxPaise - b.taxPaise,
    totalPaise: a.totalPaise - b.totalPaise,
  };
}

const ZERO: TaxAmounts = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0, totalPaise: 0 };

/**
 * The booking's invoices, newest first, each with its credit notes and what is left of it. The
 * first one with something left (`remaining.totalPaise > 0`) is the booking's current invoice.
 */
export async function invoiceStandings(executor: Executor, bookingId: string): Promise<InvoiceStanding[]> {
  const docs = await executor
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.bookingId, bookingId), inArray(taxDocuments.kind, ['invoice', 'credit_note'])))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.sequence));
  return docs
    .filter((d) => d.kind === 'invoice')
    .reverse()
    .map((invoice) => {
      const creditNotes = docs.filter((d) => d.kind === 'credit_note' && d.invoiceId === invoice.id);
      const credited = creditNotes.reduce((sum, note) => {
        const a = amountsOf(note);
        return {
          taxablePaise: sum.taxablePaise + a.taxablePaise,
          cgstPaise: sum.cgstPaise + a.cgstPaise,
          sgstPaise: sum.sgstPaise + a.sgstPaise,
          igstPaise: sum.igstPaise + a.igstPaise,
          taxPaise: sum.taxPaise + a.taxPaise,
          totalPaise: sum.totalPaise + a.totalPaise,
        };
      }, ZERO);
      return { invoice, creditNotes, credited, remaining: minus(amountsOf(invoice), credited) };
    });
}

/** The booking's current invoice (the newest with something left to credit), or null. */
export async function currentInvoice(executor: Executor, bookingId: string): Promise<InvoiceStanding | null> {
  const standings = await invoiceStandings(executor, bookingId);
  return standings.find((s) => s.remaining.totalPaise > 0) ?? null;
}

/** A rate as the invoice prints it: '2.5 % + 2.5 %' intra-state, '5 %' inter-state. */
function rateLabel(ratePercent: number, interState: boolean): string {
  const pct = (n: number) => `${Number(n.toFixed(2))} %`;
  return interState ? pct(ratePercent) : `${pct(ratePercent / 2)} + ${pct(ratePercent / 2)}`;
}

/** '10,000.00': a table figure, without the rupee sign. */
function figure(paise: number): string {
  return formatPaise(paise).replace('₹', '');
}

function lineView(line: Pick<TaxedLine, 'description' | 'sac' | 'quantity' | 'ratePercent' | keyof TaxAmounts>, interState: boolean) {
  return {
    description: line.description,
    sac: line.sac,
    quantity: String(line.quantity),
    taxableValue: figure(line.taxablePaise),
    rateLabel: rateLabel(line.ratePercent, interState),
    ...(interState ? { igst: figure(line.igstPaise) } : { cgst: figure(line.cgstPaise), sgst: figure(line.sgstPaise) }),
    total: figure(line.totalPaise),
  };
}

function totalsView(t: TaxAmounts, interState: boolean) {
  return interState
    ? { taxable: formatPaise(t.taxablePaise), igst: formatPaise(t.igstPaise), grandTotal: formatPaise(t.totalPaise) }
    : { taxable: formatPaise(t.taxablePaise), cgst: formatPaise(t.cgstPaise), sgst: formatPaise(t.sgstPaise), grandTotal: formatPaise(t.totalPaise) };
}

/** The recipient block: the traveller's name, the address they gave, and their GSTIN when registered. */
function recipientOf(booking: Pick<Booking, 'name' | 'travellerAddress' | 'travellerGstin' | 'travellerStateCode'>) {
  const addressLines = booking.travellerAddress
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const state = booking.travellerStateCode ? gstStateByCode(booking.travellerStateCode) : undefined;
  if (state) addressLines.push(`State: ${formatStateWithCode(state.code)}`);
  return { name: booking.name, addressLines, ...(booking.travellerGstin ? { gstin: booking.travellerGstin } : {}) };
}

/** The note each item kind's invoice carries (the tour operator's 5 % needs the bill to say what it includes). */
function kindNotes(kind: ItemKind, pricesIncludeTax: boolean): string[] {
  const notes = [pricesIncludeTax ? 'Prices include GST.' : 'GST is charged on the prices shown.'];
  if (kind === 'tour_package') notes.push('Tour operator services; the price includes accommodation and transport. GST at 5 % without input tax credit.');
  if (kind === 'car_with_driver') notes.push('Renting of a motor vehicle with driver, fuel included.');
  return notes;
}

/** Why an invoice cannot be issued for this booking now, or null when it can (`summary` read in the same transaction). */
function invoiceRefusal(
  booking: Pick<Booking, 'status'>,
  tax: Settings['tax'],
  summary: Awaited<ReturnType<typeof moneySummary>>,
  current: InvoiceStanding | null,
): string | null {
  if (!issuesTaxInvoices(tax)) return 'The business has no GSTIN in the tax settings, so it issues receipts only, no tax invoices';
  if (booking.status === 'rejected' || booking.status === 'cancelled') return `A ${booking.status} booking gets no tax invoice`;
  if (current) return `This booking already has tax invoice ${current.invoice.number}; issue a credit note for all of it first to replace it`;
  if (!summary.quote || summary.totalPaise <= 0) return 'Save a quote first: an invoice is issued for the quote';
  if (summary.paidPaise < summary.totalPaise) {
    return `The quote is not paid in full: ${formatPaise(summary.totalPaise - summary.paidPaise)} is still due. An invoice is issued once the quote is paid`;
  }
  return null;
}

/**
 * Issue the booking's tax invoice inside `tx`, after locking the booking: the quote's lines at the
 * item kind's SAC and rate, the place of supply from the traveller's details, the next number of the
 * invoice series, audited ('document'). Throws Conflict (409) with the reason when the business has no
 * GSTIN, the booking is rejected or cancelled, already has a current invoice, has no quote, or less
 * than the invoice's total is paid (the quote's total; more with prices that exclude GST). `tax` is
 * the settings read before the transaction.
 */
export async function issueInvoiceIn(
  tx: Executor,
  bookingId: string,
  tax: Settings['tax'],
  actor: AuditActor,
  issuedAt: Date = new Date(),
): Promise<TaxDocument> {
  const booking = await lockBooking(tx, bookingId);
  const [summary, current] = await Promise.all([moneySummary(tx, booking), currentInvoice(tx, bookingId)]);
  const refusal = invoiceRefusal(booking, tax, summary, current);
  if (refusal) throw new Conflict(refusal, [{ path: 'invoice', message: refusal }]);

  const kind = itemKindOf(booking);
  const item = tax[TAX_ITEM_FIELDS[kind]];
  const place = placeOfSupply({
    kind,
    travellerStateCode: booking.travellerStateCode,
    recipientGstin: booking.travellerGstin || null,
    homeStateCode: tax.stateCode,
  });
  const pricesIncludeTax = tax.prices === 'inclusive';
  const taxed = taxDocument({
    lines: summary.quote!.lines.map((l) => ({
      description: l.description,
      sac: item.sac,
      quantity: l.quantity,
      unitPricePaise: l.unitPaise,
      ratePercent: item.ratePercent,
    })),
    pricesIncludeTax,
    supplierStateCode: tax.stateCode,
    placeOfSupplyStateCode: place.stateCode,
  });
  // Prices that exclude GST make the invoice more than the quote: it is issued once that much is paid.
  if (summary.paidPaise < taxed.totals.totalPaise) {
    const message = `The invoice comes to ${formatPaise(taxed.totals.totalPaise)} with GST added to the quote's prices, which exclude it, and ${formatPaise(summary.paidPaise)} is paid: ${formatPaise(taxed.totals.totalPaise - summary.paidPaise)} is still due. An invoice is issued once it is paid in full`;
    throw new Conflict(message, [{ path: 'invoice', message }]);
  }
  const interState = taxed.supplyType === 'inter_state';
  const rateBasisPoints = taxed.lines[0]?.rateBasisPoints ?? Math.round(item.ratePercent * 100);

  const fy = financialYearOf(issuedAt);
  const prefix = tax[TAX_PREFIX_FIELDS.invoice];
  const sequence = await nextSequence(tx, 'invoice', fy.start);
  const number = formatDocumentNumber(prefix, fy.label, sequence);
  const bookingReference = `#${shortReference(booking.id)}`;
  const placeState = gstStateByCode(place.stateCode)!;
  const snapshot: TaxDocumentSnapshot = {
    kind: 'invoice',
    title: DOCUMENT_TITLES.invoice,
    number,
    date: formatDate(issuedAt),
    issuedAt: issuedAt.toISOString(),
    supplier: supplierOf(tax),
    recipient: recipientOf(booking),
    placeOfSupply: { stateName: placeState.name, stateCode: placeState.code },
    reverseCharge: false,
    bookingReference,
    lines: taxed.lines.map((l) => lineView(l, interState)),
    totals: totalsView(taxed.totals, interState),
    amountInWords: rupeesInWords(taxed.totals.totalPaise),
    notes: [...kindNotes(kind, pricesIncludeTax), `Booking ${bookingReference}: ${booking.itemName}, ${formatDate(booking.startDate)}.`],
    signature: { forLine: `For ${tax.legalName}`, signatoryLabel: 'Authorised signatory' },
  };
  return insertIssuedDocument(
    tx,
    {
      kind: 'invoice',
      prefix,
      financialYear: fy.start,
      sequence,
      number,
      bookingId: booking.id,
      issuedAt,
      taxablePaise: taxed.totals.taxablePaise,
      cgstPaise: taxed.totals.cgstPaise,
      sgstPaise: taxed.totals.sgstPaise,
      igstPaise: taxed.totals.igstPaise,
      totalPaise: taxed.totals.totalPaise,
      placeOfSupplyCode: place.stateCode,
      rateBasisPoints,
      snapshot,
    },
    actor,
    {
      summary: `Issued tax invoice ${number} for ${formatPaise(taxed.totals.totalPaise)} (booking ${bookingReference}, place of supply ${formatStateWithCode(place.stateCode)})`,
      changes: { invoice: { from: null, to: number } },
    },
  );
}

/**
 * Staff issue the booking's tax invoice now (`issueInvoiceIn` in its own transaction); open admin
 * pages of the booking are told. Throws NotFound for an unknown booking and Conflict as `issueInvoiceIn`.
 */
export async function issueInvoice(bookingId: string, actor: AuditActor, issuedAt: Date = new Date()): Promise<TaxDocument> {
  if (!isUuid(bookingId)) throw new NotFound('Booking not found');
  const { tax } = await getSettings(['tax']);
  const document = await db().transaction((tx) => issueInvoiceIn(tx, bookingId, tax, actor, issuedAt));
  publishLive({ type: 'booking.updated', id: bookingId, label: `Booking #${shortReference(bookingId)}: tax invoice ${document.number}` });
  return document;
}

/**
 * The amounts of a credit note of `amountPaise` (tax included, as the money went back) against an
 * invoice with `remaining` left (docs/decisions/047-invoices-gst.md#credit-notes): all of what is
 * left when it credits the rest; else the tax of one tax-inclusive line at the invoice's rate, with
 * no column above what is left of it. Earlier credit notes were rounded to the paisa, so what is left
 * can be a paisa or two off the rate: a tax the line would take beyond what is left of it stays in
 * the taxable value, and a taxable value beyond what is left of it goes to the taxes that still have
 * room. So the columns always add up to `amountPaise`, no credit note takes more of a column than the
 * invoice had, and the last one leaves exactly zero in each. Throws a RangeError for an amount that
 * is not a whole number of paise from 1 to what is left (`issueCreditNoteIn` refuses those first).
 */
export function creditNoteAmounts(amountPaise: number, ratePercent: number, interState: boolean, remaining: TaxAmounts): TaxAmounts {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 1 || amountPaise > remaining.totalPaise) {
    throw new RangeError(`A credit note is a whole number of paise from 1 to what is left of the invoice, ${remaining.totalPaise}`);
  }
  if (amountPaise === remaining.totalPaise) return { ...remaining };
  const line = taxLine({ description: '', sac: '', quantity: 1, unitPricePaise: amountPaise, ratePercent }, { pricesIncludeTax: true, interState });
  const tax = {
    cgstPaise: Math.min(line.cgstPaise, remaining.cgstPaise),
    sgstPaise: Math.min(line.sgstPaise, remaining.sgstPaise),
    igstPaise: Math.min(line.igstPaise, remaining.igstPaise),
  };
  // amountPaise ≤ remaining.totalPaise, so the taxes' room always takes all of the excess.
  let excess = amountPaise - (tax.cgstPaise + tax.sgstPaise + tax.igstPaise) - remaining.taxablePaise;
  for (const column of ['cgstPaise', 'sgstPaise', 'igstPaise'] as const) {
    if (excess <= 0) break;
    const added = Math.min(excess, remaining[column] - tax[column]);
    tax[column] += added;
    excess -= added;
  }
  const taxPaise = tax.cgstPaise + tax.sgstPaise + tax.igstPaise;
  return { taxablePaise: amountPaise - taxPaise, ...tax, taxPaise, totalPaise: amountPaise };
}

/**
 * Issue a credit note against the booking's current invoice inside `tx` (the booking locked first):
 * `amountPaise` (tax included) with `reason`, at the invoice's rate and place of supply, referring to
 * it, audited ('document'). Throws Conflict (409) when the booking has no invoice with anything left,
 * and InvalidMoneyChange (400) naming `amountPaise` for an amount that is not a whole number of paise
 * from 1 to what is left of the invoice, and `reason` for an empty reason; nothing is written then.
 */
export async function issueCreditNoteIn(
  tx: Executor,
  bookingId: string,
  input: CreditNoteInput,
  tax: Settings['tax'],
  actor: AuditActor,
  issuedAt: Date = new Date(),
): Promise<TaxDocument> {
  const booking = await lockBooking(tx, bookingId);
  const current = await currentInvoice(tx, bookingId);
  if (!current) {
    const message = 'This booking has no tax invoice to credit';
    throw new Conflict(message, [{ path: 'invoice', message }]);
  }
  const { invoice, remaining } = current;
  const issues: Issue[] = [];
  if (!Number.isSafeInteger(input.amountPaise)) issues.push({ path: 'amountPaise', message: 'amountPaise must be a whole number of paise' });
  else if (input.amountPaise < 1) issues.push({ path: 'amountPaise', message: 'Enter an amount above zero' });
  else if (input.amountPaise > remaining.totalPaise) {
    issues.push({
      path: 'amountPaise',
      message: `A credit note cannot be more than what is left of invoice ${invoice.number}: ${formatPaise(remaining.totalPaise)}`,
    });
  }
  // The reason is printed on the credit note: one without it would not say what it corrects.
  const reason = input.reason.trim().slice(0, CREDIT_NOTE_REASON_MAX);
  if (reason === '') issues.push({ path: 'reason', message: 'Say why the credit note is issued' });
  if (issues.length > 0) throw new InvalidMoneyChange(issues[0]!.message, issues);
  const interState = invoice.placeOfSupplyCode !== (invoice.snapshot.supplier as { stateCode?: string } | undefined)?.stateCode;
  const ratePercent = (invoice.rateBasisPoints ?? 0) / 100;
  const amounts = creditNoteAmounts(input.amountPaise, ratePercent, interState, remaining);
  const invoiceSnapshot = invoice.snapshot as TaxDocumentSnapshot & {
    lines?: { sac?: string }[];
    placeOfSupply?: unknown;
    supplier?: unknown;
    recipient?: unknown;
  };

  const fy = financialYearOf(issuedAt);
  const prefix = tax[TAX_PREFIX_FIELDS.credit_note];
  const sequence = await nextSequence(tx, 'credit_note', fy.start);
  const number = formatDocumentNumber(prefix, fy.label, sequence);
  const bookingReference = `#${shortReference(booking.id)}`;
  const snapshot: TaxDocumentSnapshot = {
    kind: 'credit_note',
    title: DOCUMENT_TITLES.credit_note,
    number,
    date: formatDate(issuedAt),
    issuedAt: issuedAt.toISOString(),
    // The parties and the place of supply are the invoice's: a credit note corrects that supply.
    supplier: invoiceSnapshot.supplier,
    recipient: invoiceSnapshot.recipient,
    placeOfSupply: invoiceSnapshot.placeOfSupply,
    reverseCharge: false,
    originalInvoice: { number: invoice.number, date: formatDate(invoice.issuedAt) },
    bookingReference,
    lines: [
      lineView(
        { description: `${reason} (against invoice ${invoice.number})`, sac: invoiceSnapshot.lines?.[0]?.sac ?? '', quantity: 1, ratePercent, ...amounts },
        interState,
      ),
    ],
    totals: totalsView(amounts, interState),
    amountInWords: rupeesInWords(amounts.totalPaise),
    notes: [`Reduces the value of tax invoice ${invoice.number} by ${formatPaise(amounts.totalPaise)}, tax included.`],
    signature: { forLine: `For ${tax.legalName}`, signatoryLabel: 'Authorised signatory' },
  };
  return insertIssuedDocument(
    tx,
    {
      kind: 'credit_note',
      prefix,
      financialYear: fy.start,
      sequence,
      number,
      bookingId: booking.id,
      invoiceId: invoice.id,
      issuedAt,
      taxablePaise: amounts.taxablePaise,
      cgstPaise: amounts.cgstPaise,
      sgstPaise: amounts.sgstPaise,
      igstPaise: amounts.igstPaise,
      totalPaise: amounts.totalPaise,
      placeOfSupplyCode: invoice.placeOfSupplyCode,
      rateBasisPoints: invoice.rateBasisPoints,
      snapshot,
    },
    actor,
    {
      summary: `Issued credit note ${number} for ${formatPaise(amounts.totalPaise)} against tax invoice ${invoice.number} (booking ${bookingReference}): ${reason}`,
      changes: { creditNote: { from: null, to: number }, amountPaise: { from: null, to: amounts.totalPaise } },
    },
  );
}

/** Staff issue a credit note (`issueCreditNoteIn` in its own transaction). Throws NotFound, Conflict, InvalidMoneyChange. */
export async function issueCreditNote(bookingId: string, input: CreditNoteInput, actor: AuditActor, issuedAt: Date = new Date()): Promise<TaxDocument> {
  if (!isUuid(bookingId)) throw new NotFound('Booking not found');
  const { tax } = await getSettings(['tax']);
  const document = await db().transaction((tx) => issueCreditNoteIn(tx, bookingId, input, tax, actor, issuedAt));
  publishLive({ type: 'booking.updated', id: bookingId, label: `Booking #${shortReference(bookingId)}: credit note ${document.number}` });
  return document;
}

/**
 * The credit note of a refund processed after the booking was invoiced, inside `tx` (called by
 * `markRefundProcessed`): for the refund's amount, or what is left of the invoice when less, with
 * the refund's reason. Nothing when the booking has no current invoice. In a savepoint, like the
 * receipt of a payment: a credit note that cannot be numbered must not stop the refund being
 * recorded, so the error is logged and its number rolled back.
 */
export async function creditNoteForRefund(
  tx: Executor,
  bookingId: string,
  refund: { amountPaise: number; reason: string },
  actor: AuditActor,
): Promise<TaxDocument | null> {
  const current = await currentInvoice(tx, bookingId);
  if (!current) return null;
  try {
    const { tax } = await getSettings(['tax'], tx);
    return await tx.transaction((savepoint) =>
      issueCreditNoteIn(
        savepoint,
        bookingId,
        {
          amountPaise: Math.min(refund.amountPaise, current.remaining.totalPaise),
          reason: refund.reason.trim() ? `Refund: ${refund.reason.trim()}` : 'Refund',
        },
        tax,
        actor,
      ),
    );
  } catch (error) {
    logger.error({ err: error, bookingId }, 'the credit note of a refund could not be issued');
    return null;
  }
}

/**
 * The timer's part (docs/decisions/047-invoices-gst.md#tax-invoices): issue the tax invoice of every
 * confirmed booking whose trip has started by `today` (India's calendar), whose quote is paid in full
 * and that has never had an invoice. Each in its own transaction; a booking that another instance
 * invoiced first, or that cannot be invoiced any more, is skipped; one that fails otherwise is logged
 * and skipped, so it does not hold up the others. Nothing without a GSTIN. Returns the invoices issued.
 */
export async function issueDueInvoices(today: string = todayInIndia(), issuedAt: Date = new Date()): Promise<TaxDocument[]> {
  const { tax } = await getSettings(['tax']);
  if (!issuesTaxInvoices(tax)) return [];
  const candidates = await db()
    .select({ id: bookings.id })
    .from(bookings)
    .leftJoin(taxDocuments, and(eq(taxDocuments.bookingId, bookings.id), eq(taxDocuments.kind, 'invoice')))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        lte(bookings.startDate, today),
        isNull(taxDocuments.id),
        sql`exists (select 1 from booking_quotes q where q.booking_id = ${bookings.id})`,
      ),
    );
  const issued: TaxDocument[] = [];
  for (const { id } of candidates) {
    try {
      issued.push(await db().transaction((tx) => issueInvoiceIn(tx, id, tax, INVOICE_TIMER_ACTOR, issuedAt)));
      publishLive({ type: 'booking.updated', id, label: `Booking #${shortReference(id)}: tax invoice issued` });
    } catch (error) {
      // Invoiced by another instance meanwhile, or no longer invoiceable: nothing to do.
      if (error instanceof Conflict) continue;
      // Anything else is this booking's alone: the others are still invoiced, and the next run tries it again.
      logger.error({ err: error, bookingId: id }, 'the tax invoice of a trip that started could not be issued');
    }
  }
  return issued;
}

/**
 * Save the traveller's invoice details on the booking, audited ('update') with who gave them: staff,
 * or the traveller on their booking page (`actor` named 'Traveller'). They are checked here too, by
 * `invoiceDetailsSchema` (a caller has usually parsed them already; parsing again changes nothing), so
 * what is stored is what an invoice can use: the GSTIN upper-case, a state code in use, a GSTIN of the
 * chosen state. Documents already issued keep what they were issued with. Throws NotFound, and
 * InvalidBookingChange (400, the fields at fault: `stateCode`, `address`, `gstin`) with nothing saved.
 */
export async function saveInvoiceDetails(bookingId: string, details: InvoiceDetails, actor: AuditActor): Promise<Booking> {
  if (!isUuid(bookingId)) throw new NotFound('Booking not found');
  const parsed = invoiceDetailsSchema.safeParse(details);
  if (!parsed.success) {
    const issues = zodIssues(parsed.error);
    throw new InvalidBookingChange(issues[0]!.message, issues);
  }
  const checked = parsed.data;
  return db().transaction(async (tx) => {
    const before = await lockBooking(tx, bookingId);
    const next = { travellerStateCode: checked.stateCode || null, travellerAddress: checked.address, travellerGstin: checked.gstin };
    const [row] = await tx.update(bookings).set(next).where(eq(bookings.id, bookingId)).returning();
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of Object.keys(next) as (keyof typeof next)[]) if (before[key] !== next[key]) changes[key] = { from: before[key], to: next[key] };
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, actor, {
        action: 'update',
        entityType: 'booking',
        entityId: bookingId,
        summary: `Invoice details of booking #${shortReference(bookingId)} updated`,
        changes,
      });
    }
    return row!;
  });
}
