/**
 * A tax document as the API answers it (docs/decisions/009-rest-api.md#output,
 * docs/decisions/047-invoices-gst.md#numbered-documents): its number, series, links and amounts in
 * integer paise, the recipient's name from its snapshot, and where its PDF downloads. One document
 * (GET /api/documents/:id, and the 201 of an issue) also carries the `snapshot`: everything its PDF
 * shows, as it was frozen at issue.
 */
import type { TaxDocumentListItem } from '~/models/tax-document-list.server';
import type { TaxDocument } from '~/models/tax-documents.server';

/** Where a document's PDF downloads: GET /api/documents/:id/pdf. */
export function documentPdfUrl(id: string): string {
  return `/api/documents/${id}/pdf`;
}

function recipientNameOf(snapshot: TaxDocument['snapshot']): string {
  const recipient = snapshot.recipient as { name?: unknown } | undefined;
  return typeof recipient?.name === 'string' ? recipient.name : '';
}

/** A row of GET /api/documents. */
export function documentListView(doc: TaxDocumentListItem | TaxDocument) {
  return {
    id: doc.id,
    kind: doc.kind,
    number: doc.number,
    financialYear: doc.financialYear,
    sequence: doc.sequence,
    bookingId: doc.bookingId,
    paymentId: doc.paymentId,
    invoiceId: doc.invoiceId,
    issuedAt: doc.issuedAt,
    taxablePaise: doc.taxablePaise,
    cgstPaise: doc.cgstPaise,
    sgstPaise: doc.sgstPaise,
    igstPaise: doc.igstPaise,
    totalPaise: doc.totalPaise,
    placeOfSupplyCode: doc.placeOfSupplyCode,
    rateBasisPoints: doc.rateBasisPoints,
    recipientName: 'recipientName' in doc ? doc.recipientName : recipientNameOf(doc.snapshot),
    issuedBy: doc.issuedBy,
    pdfUrl: documentPdfUrl(doc.id),
  };
}

/** One whole document: the list's fields and its snapshot. */
export function documentView(doc: TaxDocument) {
  return { ...documentListView(doc), snapshot: doc.snapshot };
}
