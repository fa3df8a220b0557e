/**
 * Numbered GST documents (docs/decisions/047-invoices-gst.md#numbered-documents): receipts, tax
 * invoices and credit notes, each series counted from 1 in every financial year, never edited.
 *
 * A number is allocated by `nextSequence` in the transaction that inserts the document: the
 * series' counter row is incremented with INSERT ... ON CONFLICT DO UPDATE ... RETURNING, which
 * locks the row until that transaction ends. A second instance issuing in the same series waits for
 * it and then gets the next number; a transaction that rolls back takes its increment with it. So no
 * number is given twice and none is skipped. Amounts are integer paise.
 *
 * Receipts are issued here (`issueReceipt`); tax invoices and credit notes in
 * app/models/invoices.server.ts, with the same allocation. `documentFileName` is the name a
 * document downloads as; its PDF is `storedDocumentPdf` (app/infrastructure/pdf/).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { bookings, taxDocumentCounters, taxDocuments, type TaxDocumentSnapshot } from '~/db/schema';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '~/lib/constants';
import { formatDate } from '~/lib/format';
import { financialYearOf, formatDocumentNumber, type DocumentKind } from '~/lib/gst/document-number';
import { gstStateByCode } from '~/lib/gst/states';
import { rupeesInWords } from '~/lib/gst/words';
import { isUuid, shortReference } from '~/lib/ids';
import { formatPaise } from '~/lib/money';
import { issuesTaxInvoices, TAX_PREFIX_FIELDS, type Settings } from '~/schemas/settings';
import { recordAudit, type AuditActor, type AuditChanges } from './audit.server';
import { getSettings } from './settings.server';

export type TaxDocument = typeof taxDocuments.$inferSelect;

/** What a document of each kind is called, on the document and in the audit log. */
export const DOCUMENT_TITLES: Readonly<Record<DocumentKind, string>> = { receipt: 'Receipt', invoice: 'Tax Invoice', credit_note: 'Credit Note' };

/**
 * The next number of the series `kind` in the financial year starting in `financialYear` (2026 for
 * 26-27): 1 for the first document, then one more each time. Call it inside the transaction that
 * inserts the document (docs/decisions/047-invoices-gst.md#numbered-documents): the counter row
 * stays locked until that transaction commits or rolls back.
 */
export async function nextSequence(tx: Executor, kind: DocumentKind, financialYear: number): Promise<number> {
  const [row] = await tx
    .insert(taxDocumentCounters)
    .values({ kind, financialYear, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [taxDocumentCounters.kind, taxDocumentCounters.financialYear],
      set: { lastSequence: sql`${taxDocumentCounters.lastSequence} + 1` },
    })
    .returning({ sequence: taxDocumentCounters.lastSequence });
  return row!.sequence;
}

/** A ledger payment as `issueReceipt` needs it (a row of `payments`). */
export type ReceiptPayment = {
  id: string;
  bookingId: string;
  entryType: string;
  amountPaise: number;
  method: string;
  reference: string;
  receivedOn: string;
};

/** The supplier block of a document from the tax settings; the GSTIN only when registered. */
export function supplierOf(tax: Settings['tax']) {
  const state = gstStateByCode(tax.stateCode);
  return {
    legalName: tax.legalName,
    addressLines: tax.address
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    ...(issuesTaxInvoices(tax) ? { gstin: tax.gstin } : {}),
    stateName: state?.name ?? tax.stateCode,
    stateCode: tax.stateCode,
  };
}

/**
 * Issue the receipt of a payment received (docs/decisions/047-invoices-gst.md#numbered-documents),
 * inside `tx`, the transaction that credits it: the next number of the receipt series for the
 * financial year of `issuedAt` (India's calendar), printed with the settings' receipt prefix
 * (`RCT/26-27/0001`), the amount, and the frozen snapshot of what its PDF shows (the view
 * `renderTaxDocumentPdf` draws, `issuedAt` as ISO text). Audited ('document') when `actor` is given.
 *
 * - A payment that already has its receipt gets that receipt back; nothing new is issued.
 * - Only a ledger `payment` has a receipt: a refund or reversal is a RangeError, as is a number
 *   longer than 16 characters (a 5-character prefix past 9999 in one year: the settings must
 *   shorten it). Either error rolls the whole transaction back.
 * - Receipts carry no tax figures in this part: the tax is the invoice's.
 */
export async function issueReceipt(
  tx: Executor,
  payment: ReceiptPayment,
  { actor, issuedAt = new Date() }: { actor?: AuditActor; issuedAt?: Date } = {},
): Promise<TaxDocument> {
  if (payment.entryType !== 'payment' || payment.amountPaise <= 0) throw new RangeError('A receipt is issued for a payment received, not a refund or reversal');
  const [existing] = await tx.select().from(taxDocuments).where(eq(taxDocuments.paymentId, payment.id)).limit(1);
  if (existing) return existing;

  const { tax } = await getSettings(['tax'], tx);
  const [booking] = await tx
    .select({ id: bookings.id, name: bookings.name, itemName: bookings.itemName })
    .from(bookings)
    .where(eq(bookings.id, payment.bookingId))
    .limit(1);
  if (!booking) throw new RangeError(`No booking ${payment.bookingId} for this payment`);

  const fy = financialYearOf(issuedAt);
  const prefix = tax[TAX_PREFIX_FIELDS.receipt];
  const sequence = await nextSequence(tx, 'receipt', fy.start);
  const number = formatDocumentNumber(prefix, fy.label, sequence);
  const bookingReference = `#${shortReference(booking.id)}`;
  const method = PAYMENT_METHOD_LABELS[payment.method as PaymentMethod] ?? payment.method;
  const amount = formatPaise(payment.amountPaise);
  const snapshot: TaxDocumentSnapshot = {
    kind: 'receipt',
    title: DOCUMENT_TITLES.receipt,
    number,
    date: formatDate(issuedAt),
    issuedAt: issuedAt.toISOString(),
    supplier: supplierOf(tax),
    recipient: { name: booking.name, addressLines: [] },
    bookingReference,
    lines: [
      {
        description: `Payment received on ${formatDate(payment.receivedOn)} for ${booking.itemName} (${method}${payment.reference ? `, ${payment.reference}` : ''})`,
        sac: '',
        quantity: '',
        taxableValue: '',
        rateLabel: '',
        total: amount,
      },
    ],
    totals: { grandTotal: amount },
    amountInWords: rupeesInWords(payment.amountPaise),
    notes: issuesTaxInvoices(tax)
      ? ['Receipt of a payment for the booking above; the tax invoice for the booking states the tax.']
      : ['The supplier is not registered for GST: this is a receipt, not a tax invoice.'],
    signature: { forLine: `For ${tax.legalName}`, signatoryLabel: 'Authorised signatory' },
  };
  return insertIssuedDocument(
    tx,
    {
      kind: 'receipt',
      prefix,
      financialYear: fy.start,
      sequence,
      number,
      bookingId: booking.id,
      paymentId: payment.id,
      issuedAt,
      taxablePaise: payment.amountPaise,
      totalPaise: payment.amountPaise,
      snapshot,
    },
    actor,
    { summary: `Issued receipt ${number} for ${amount} (booking ${bookingReference})`, changes: { receipt: { from: null, to: number } } },
  );
}

/**
 * Insert an issued document (its number already taken with `nextSequence` in `tx`) and, when `actor`
 * is given, its audit entry (action 'document', on the booking) in the same transaction; who issued
 * it is the actor. Returns the stored row.
 */
export async function insertIssuedDocument(
  tx: Executor,
  values: Omit<typeof taxDocuments.$inferInsert, 'issuedBy'>,
  actor: AuditActor | undefined,
  audit: { summary: string; changes: AuditChanges },
): Promise<TaxDocument> {
  const [document] = await tx
    .insert(taxDocuments)
    .values({ ...values, issuedBy: actor?.id ?? null })
    .returning();
  if (actor) await recordAudit(tx, actor, { action: 'document', entityType: 'booking', entityId: values.bookingId, ...audit });
  return document!;
}

/** A booking's documents, oldest first. */
export async function listBookingDocuments(executor: Executor, bookingId: string): Promise<TaxDocument[]> {
  return executor.select().from(taxDocuments).where(eq(taxDocuments.bookingId, bookingId)).orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.sequence));
}

/** The documents of one series and financial year, in number order (the accountant's register). */
export async function listSeries(executor: Executor, kind: DocumentKind, financialYear: number): Promise<TaxDocument[]> {
  return executor
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.kind, kind), eq(taxDocuments.financialYear, financialYear)))
    .orderBy(asc(taxDocuments.sequence));
}

/** A document by id, or null (an id that is not a uuid is null too). */
export async function getTaxDocument(executor: Executor, id: string): Promise<TaxDocument | null> {
  if (!isUuid(id)) return null;
  const [row] = await executor.select().from(taxDocuments).where(eq(taxDocuments.id, id)).limit(1);
  return row ?? null;
}

/** The file name a document downloads as: its number with '/' as '-', `INV-26-27-0001.pdf`. */
export function documentFileName(document: Pick<TaxDocument, 'number'>): string {
  return `${document.number.replace(/\//g, '-')}.pdf`;
}
