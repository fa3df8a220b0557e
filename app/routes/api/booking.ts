/**
 * /api/bookings/:id (staff; docs/decisions/009-rest-api.md, docs/product.md#booking-status).
 *
 * - GET: the booking (camelCase, with its short `reference`); 404 for an unknown id.
 * - PATCH (and PUT, its synonym: both change only the fields sent): `status` along the state
 *   machine, `followUpOn` and `assignedTo` (null clears), corrections of `name`, `email`, `phone`,
 *   `startDate`, `endDate`, and what was booked: `itemId` (another package, or 'custom', for a
 *   package booking; another bike or car for a vehicle booking), `adults` and `children` (packages),
 *   `needHelmet` (bikes), `needDriver` (cars), `message`. 200 with the saved booking; 400
 *   `{error, issues}` naming a bad or unknown field, an unknown item or a field of another booking
 *   type (read-only fields of the record, such as `id` or `createdAt`, are ignored); 404; 409 for an
 *   illegal transition, a cancellation of a booking with money paid (POST /api/bookings/:id/refunds
 *   cancels it), a vehicle marked unavailable or a vehicle already booked on overlapping days
 *   (docs/decisions/015-no-double-booking.md).
 * - DELETE (admin role; 403 for staff, docs/decisions/045-security-round-two.md section 9): 204, audited; 404 for an unknown id.
 */
import { apiError, methodNotAllowed, notFound, readJsonBody, withReference } from '~/lib/api.server';
import { auditActor, refuseUnless, requireAdmin } from '~/services/admin-guard.server';
import { adminHeaders, orAdminRefusal } from '~/services/catalog-api.server';
import { DomainError, domainErrorResponse, zodIssues } from '~/lib/errors.server';
import { isUuid } from '~/lib/ids';
import { deleteBookingForAdmin, getBooking, updateBookingForAdmin } from '~/models/booking.server';
import { bookingPatchSchema, normalizeBookingPatch } from '~/schemas/booking-admin';
import type { Route } from './+types/booking';

const ALLOW = 'GET, PUT, PATCH, DELETE';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const booking = await getBooking(params.id);
  return adminHeaders(booking ? Response.json(withReference(booking)) : notFound('Booking'));
}

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  const method = request.method.toUpperCase();
  if (method === 'DELETE') {
    refuseUnless(auth, request, 'delete');
    const removed = await deleteBookingForAdmin(params.id, auditActor(auth, request));
    return adminHeaders(removed ? new Response(null, { status: 204 }) : notFound('Booking'));
  }
  if (method !== 'PATCH' && method !== 'PUT') return adminHeaders(methodNotAllowed(ALLOW));
  if (!isUuid(params.id)) return adminHeaders(notFound('Booking'));

  const body = await orAdminRefusal(() => readJsonBody(request));
  if (body instanceof Response) return body;
  const { input, unknown } = normalizeBookingPatch(body);
  if (unknown.length > 0) {
    return adminHeaders(
      apiError(
        400,
        'Unknown fields',
        unknown.map((path) => ({
          path,
          message:
            'Not a field of a booking change (status, followUpOn, assignedTo, name, email, phone, startDate, endDate, itemId, adults, children, needHelmet, needDriver, message)',
        })),
      ),
    );
  }
  const parsed = bookingPatchSchema.safeParse(input);
  if (!parsed.success) return adminHeaders(apiError(400, 'Invalid booking change', zodIssues(parsed.error)));
  try {
    const saved = await updateBookingForAdmin(params.id, parsed.data, auditActor(auth, request));
    return adminHeaders(Response.json(withReference(saved)));
  } catch (error) {
    if (error instanceof DomainError) return adminHeaders(domainErrorResponse(error));
    throw error;
  }
}
