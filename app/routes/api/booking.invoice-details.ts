/**
 * PUT /api/bookings/:id/invoice-details (staff and admin: docs/decisions/009-rest-api.md,
 * docs/decisions/047-invoices-gst.md): the traveller's details for the tax invoice, replaced whole:
 * `{ stateCode, address, gstin }` (snake_case accepted: `state_code`), a field left out is saved
 * blank. `stateCode` is '' or a GST state code in use, `address` at most 300 characters, `gstin` '' or
 * a valid GSTIN registered in `stateCode` when both are given. Audited when something changed;
 * documents already issued keep what they were issued with. 200 with the saved details; 400
 * `{error, issues}` naming the field (and any unknown field), nothing written; 404 for an unknown
 * booking.
 */
import { apiError, methodNotAllowed, notFound, readJsonBody } from '~/lib/api.server';
import { DomainError, domainErrorResponse } from '~/lib/errors.server';
import { isUuid } from '~/lib/ids';
import { saveInvoiceDetails } from '~/models/invoices.server';
import { normalizeInputNames } from '~/schemas/input-names';
import { invoiceDetailsSchema } from '~/schemas/invoice';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { adminHeaders, orAdminRefusal } from '~/services/catalog-api.server';
import { moneyIssues } from './+shared/money-issues';
import type { Route } from './+types/booking.invoice-details';

const detailsBody = invoiceDetailsSchema.strict();

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  if (request.method.toUpperCase() !== 'PUT') return adminHeaders(methodNotAllowed('PUT'));
  if (!isUuid(params.id)) return adminHeaders(notFound('Booking'));
  const body = await orAdminRefusal(() => readJsonBody(request));
  if (body instanceof Response) return body;
  const parsed = detailsBody.safeParse(normalizeInputNames(body));
  if (!parsed.success) return adminHeaders(apiError(400, 'Invalid invoice details', moneyIssues(parsed.error)));
  try {
    const booking = await saveInvoiceDetails(params.id, parsed.data, auditActor(auth, request));
    return adminHeaders(
      Response.json({ bookingId: booking.id, stateCode: booking.travellerStateCode ?? '', address: booking.travellerAddress, gstin: booking.travellerGstin }),
    );
  } catch (error) {
    if (error instanceof DomainError) return adminHeaders(domainErrorResponse(error));
    throw error;
  }
}

/** GET and other loader methods: staff only (405); the details are part of GET /api/bookings/:id. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return adminHeaders(methodNotAllowed('PUT'));
}
