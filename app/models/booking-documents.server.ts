/**
 * A booking's receipts, tax invoices and credit notes as its pages list them
 * (docs/decisions/047-invoices-gst.md#downloads): the staff money panel of /admin/bookings/:id and
 * the traveller's /booking/:token. Plain, serialisable rows; the PDF of each is drawn from its frozen
 * snapshot (`storedDocumentPdf`, app/infrastructure/pdf/) when it is downloaded.
 */
import type { Executor } from '~/db/client.server';
import { formatDate } from '~/lib/format';
import type { DocumentKind } from '~/lib/gst/document-number';
import { DOCUMENT_TITLES, getTaxDocument, listBookingDocuments, type TaxDocument } from './tax-documents.server';

/** One document of a booking, as a list shows it. */
export type BookingDocumentRow = {
  id: string;
  kind: DocumentKind;
  /** 'Receipt', 'Tax Invoice', 'Credit Note'. */
  title: string;
  /** As printed: 'INV/26-27/0001'. */
  number: string;
  /** The issue day in India: 'Dec 1, 2026'. */
  date: string;
  /** The document's total, tax included (paise). */
  totalPaise: number;
  /** The number of the invoice a credit note corrects; null for the other kinds. */
  invoiceNumber: string | null;
  /** The ledger payment a receipt is for; null for the other kinds. */
  paymentId: string | null;
};

/** `documents` (oldest first, as `listBookingDocuments` reads them) as rows. */
export function documentRows(documents: readonly TaxDocument[]): BookingDocumentRow[] {
  const numbers = new Map(documents.map((d) => [d.id, d.number]));
  return documents.map((d) => ({
    id: d.id,
    kind: d.kind as DocumentKind,
    title: DOCUMENT_TITLES[d.kind as DocumentKind] ?? d.kind,
    number: d.number,
    date: formatDate(d.issuedAt),
    totalPaise: d.totalPaise,
    invoiceNumber: d.invoiceId ? (numbers.get(d.invoiceId) ?? null) : null,
    paymentId: d.paymentId,
  }));
}

/** The booking's documents as rows, oldest first. */
export async function bookingDocumentRows(executor: Executor, bookingId: string): Promise<BookingDocumentRow[]> {
  return documentRows(await listBookingDocuments(executor, bookingId));
}

/**
 * The document `documentId` when it belongs to booking `bookingId`, else null (unknown or malformed
 * id, or another booking's document): a download answers both the same 404.
 */
export async function findBookingDocument(executor: Executor, bookingId: string, documentId: string): Promise<TaxDocument | null> {
  const document = await getTaxDocument(executor, documentId);
  return document && document.bookingId === bookingId ? document : null;
}
