/**
 * /api/bookings (docs/decisions/009-rest-api.md).
 *
 * POST (public): a package, bike or car booking (also a Book Your Tour request: type `package` with
 * adults and children, itemId `custom` for a custom tour), JSON in camelCase or snake_case
 * (docs/decisions/009-rest-api.md#input). 201 with the stored booking; 409 when the vehicle is
 * unavailable; 400/403/413/415/429 `{error, issues}` otherwise. The booking dialogs post here.
 *
 * GET (staff): the bookings as a bare array with the total in `X-Total-Count`, filtered like the
 * admin list (`q`, `status`, `type`, `sort`, `due=today`, `assigned=me|<staff id>`) and paged with
 * `limit` / `offset`; 400 naming a bad parameter.
 */
import { adminHeaders, orAdminRefusal } from '~/services/catalog-api.server';
import { parseQuery, pagingSchema, withReference } from '~/lib/api.server';
import { requireAdmin } from '~/services/admin-guard.server';
import { handleApiSubmission } from '~/infrastructure/submissions.server';
import { adminBookingQuery, listBookingsForAdmin } from '~/models/booking-list.server';
import { createBooking } from '~/models/booking.server';
import { bookingInputSchema, normalizeBookingInput } from '~/schemas/booking';
import { bookingApiQuerySchema } from '~/schemas/booking-admin';
import type { Route } from './+types/bookings';

export function action({ request }: Route.ActionArgs) {
  return handleApiSubmission(request, {
    normalize: normalizeBookingInput,
    schema: bookingInputSchema,
    create: createBooking,
    entity: 'booking',
  });
}

const listQuerySchema = bookingApiQuerySchema.extend(pagingSchema.shape);

export async function loader({ request }: Route.LoaderArgs) {
  const auth = await requireAdmin(request);
  const query = await orAdminRefusal(() => parseQuery(request, listQuerySchema));
  if (query instanceof Response) return query;
  const { items, total } = await listBookingsForAdmin({ ...adminBookingQuery(query, auth.user.id), limit: query.limit, offset: query.offset });
  return adminHeaders(Response.json(items.map(withReference), { headers: { 'X-Total-Count': String(total) } }));
}
