/**
 * GET /api/documents/:id/pdf (admin role only, the `accounts` permission;
 * docs/decisions/047-invoices-gst.md#the-pdf): the document's PDF, drawn from its frozen snapshot,
 * so it is the same file every time. A download (`Content-Disposition: attachment`, named after its
 * number: INV-26-27-0001.pdf), never cached (`private, no-store`: it names the traveller). 404 `{error}`
 * for an unknown id, 401 without a session, 403 for the staff role.
 */
import { db } from '~/db/client.server';
import { storedDocumentPdf } from '~/infrastructure/pdf/tax-document-pdf.server';
import { methodNotAllowed, notFound } from '~/lib/api.server';
import { documentFileName, getTaxDocument } from '~/models/tax-documents.server';
import { requirePermission } from '~/services/admin-guard.server';
import { adminHeaders } from '~/services/catalog-api.server';
import type { Route } from './+types/document.pdf';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, 'accounts');
  const document = await getTaxDocument(db(), params.id);
  if (!document) return adminHeaders(notFound('Document'));
  // A copy on an ArrayBuffer of its own: Response takes Uint8Array<ArrayBuffer>, pdfkit gives ArrayBufferLike.
  const pdf = new Uint8Array(await storedDocumentPdf(document));
  return new Response(pdf, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.byteLength),
      'Content-Disposition': `attachment; filename="${documentFileName(document)}"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export async function action({ request }: Route.ActionArgs) {
  await requirePermission(request, 'accounts');
  return adminHeaders(methodNotAllowed('GET'));
}
