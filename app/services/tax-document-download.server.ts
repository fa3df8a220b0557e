/**
 * The download of a receipt, tax invoice or credit note (docs/decisions/047-invoices-gst.md#downloads):
 * its PDF, drawn from the document's frozen snapshot, as an attachment named after its number
 * ('INV-26-27-0001.pdf'). Used by the staff route (/admin/bookings/:id/documents/:documentId) and the
 * traveller's (/booking/:token/documents/:documentId); each checks who may have the document first.
 *
 * `Cache-Control: private, no-store`: a document names the traveller (and their address and GSTIN
 * on an invoice), so no shared cache or browser cache keeps it. (`X-Content-Type-Options: nosniff` comes
 * with every answer from the security headers, server/app.ts.)
 */
import { storedDocumentPdf } from '~/infrastructure/pdf/tax-document-pdf.server';
import { documentFileName, type TaxDocument } from '~/models/tax-documents.server';

/** The PDF answer for `document`; `headers` add to (or replace) the defaults. */
export async function documentPdfResponse(document: TaxDocument, headers: Record<string, string> = {}): Promise<Response> {
  const bytes = await storedDocumentPdf(document);
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${documentFileName(document)}"`,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'private, no-store',
      ...headers,
    },
  });
}
