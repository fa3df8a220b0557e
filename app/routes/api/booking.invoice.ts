/**
 * POST /api/bookings/:id/invoice (staff and admin, like the rest of a booking's money:
 * docs/decisions/009-rest-api.md, docs/decisions/047-invoices-gst.md): issue the booking's tax
 * invoice now, for its quote paid in full, numbered in the invoice series and audited. No body is
 * needed. 201 with the document (as GET /api/documents/:id answers it, snapshot included); 404 for an
 * unknown booking; 409 `{error, issues: [{path: 'invoice'}]}` with the reason it cannot be issued
 * (no GSTIN in the tax settings, a rejected or cancelled booking, an invoice already current, no
 * quote, the quote not paid in full). Reading the documents afterwards is for the admin role.
 */
import { methodNotAllowed, notFound } from '~/lib/api.server';
import { DomainError, domainErrorResponse } from '~/lib/errors.server';
import { isUuid } from '~/lib/ids';
import { issueInvoice } from '~/models/invoices.server';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { adminHeaders } from '~/services/catalog-api.server';
import { documentView } from './+shared/tax-document-view';
import type { Route } from './+types/booking.invoice';

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  if (request.method.toUpperCase() !== 'POST') return adminHeaders(methodNotAllowed('POST'));
  if (!isUuid(params.id)) return adminHeaders(notFound('Booking'));
  try {
    const document = await issueInvoice(params.id, auditActor(auth, request));
    return adminHeaders(Response.json(documentView(document), { status: 201 }));
  } catch (error) {
    if (error instanceof DomainError) return adminHeaders(domainErrorResponse(error));
    throw error;
  }
}

/** GET and other loader methods: staff only, and nothing to read here (405); the invoice is listed by GET /api/documents. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return adminHeaders(methodNotAllowed('POST'));
}
