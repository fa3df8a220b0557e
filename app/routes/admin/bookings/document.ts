/**
 * GET /admin/bookings/:id/documents/:documentId: the PDF of one of the booking's receipts, tax
 * invoices or credit notes, as a download (docs/decisions/047-invoices-gst.md#downloads). Staff of
 * either role (`requireAdmin`); 404 for an unknown document or one of another booking, so a document
 * id alone opens nothing. A resource route: the money panel links to it with a plain `<a>`.
 */
import { data } from 'react-router';
import { db } from '~/db/client.server';
import { isUuid } from '~/lib/ids';
import { findBookingDocument } from '~/models/booking-documents.server';
import { requireAdmin } from '~/services/admin-guard.server';
import { documentPdfResponse } from '~/services/tax-document-download.server';
import type { Route } from './+types/document';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const document = isUuid(params.id) ? await findBookingDocument(db(), params.id, params.documentId ?? '') : null;
  if (!document) throw data('Document not found', { status: 404 });
  return documentPdfResponse(document);
}
