/**
 * GET /booking/:token/documents/:documentId: the traveller downloads a receipt, tax invoice or
 * credit note of their booking from their booking page (docs/decisions/047-invoices-gst.md#downloads).
 * The token is the key, as for the page: an unknown, malformed or revoked token, an unknown document
 * and another booking's document all answer the same bare 404, so nothing tells them apart. The PDF
 * is never stored by a cache (`private, no-store`) nor indexed (`X-Robots-Tag`).
 */
import { db } from '~/db/client.server';
import { findBookingByToken } from '~/models/booking-link.server';
import { findBookingDocument } from '~/models/booking-documents.server';
import { documentPdfResponse } from '~/services/tax-document-download.server';
import type { Route } from './+types/document';

const PRIVATE = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...PRIVATE } });
}

export async function loader({ params }: Route.LoaderArgs) {
  const booking = await findBookingByToken(params.token);
  if (!booking) return notFound();
  const document = await findBookingDocument(db(), booking.id, params.documentId);
  if (!document) return notFound();
  return documentPdfResponse(document, PRIVATE);
}
