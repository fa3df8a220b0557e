/**
 * /api/bookings (docs/decisions/009-rest-api.md).
 *
 * POST (public): a package, bike or car booking (also a Book Your Tour request: type `package` with
 * adults and children, itemId `custom` for a custom tour), JSON in camelCase or snake_case
 * (docs/decisions/009-rest-api.md#input). 201 with the stored booking; 409 when the vehicle is
 * unavailable; 400/403/413/415/429 `{error, issues}` otherwise. The booking dialogs post here.
 * A visitor's body may not name `source` (400 naming it).
 *
 * POST (staff, Bearer token or session): a body with `source` ('phone', 'whatsapp', 'walk-in') is a
 * booking staff entered by hand (docs/product.md#bookings-and-inquiries): the same fields and rules,
 * stored with its source, audited ('create'), the traveller acknowledged and the office not
 * notified (`createBooking` in app/models/booking.server.ts). No submission rate limit; the
 * `Idempotency-Key` header works as for visitors. Without `source` a staff call is handled like a
 * visitor's (the public booking dialog of a signed-in staff member).
 *
 * GET (staff): the bookings as a bare array with the total in `X-Total-Count`, filtered like the
 * admin list (`q`, `status`, `type`, `source`, `sort`, `due=today`, `balance=due`, `assigned=me|<staff id>`) and paged with
 * `limit` / `offset`; 400 naming a bad parameter.
 */
import { adminHeaders, orAdminRefusal } from '~/services/catalog-api.server';
import { parseQuery, pagingSchema, withReference } from '~/lib/api.server';
import { auditActor, getAdmin, requireAdmin } from '~/services/admin-guard.server';
import { handleApiSubmission, readSubmissionBody } from '~/infrastructure/submissions.server';
import { adminBookingQuery, listBookingsForAdmin } from '~/models/booking-list.server';
import { createBooking } from '~/models/booking.server';
import { resolveLeadCode } from '~/models/whatsapp-leads.server';
import { normalizeBookingInput } from '~/schemas/booking';
import { bookingApiQuerySchema } from '~/schemas/booking-admin';
import { publicBookingApiSchema, staffBookingInputSchema } from '~/schemas/booking-staff';
import type { Route } from './+types/bookings';

/** Whether a signed-in staff member's POST names a `source` (read from a copy; the body stays unread). */
async function isStaffEntry(request: Request): Promise<boolean> {
  if (request.method.toUpperCase() !== 'POST' || !(await getAdmin(request))) return false;
  try {
    const body = normalizeBookingInput(await readSubmissionBody(request.clone()));
    return body.source !== undefined;
  } catch {
    return false; // a malformed body is answered by the visitor path with its 4xx
  }
}

export async function action({ request }: Route.ActionArgs) {
  if (await isStaffEntry(request)) {
    // The staff guard instead of the visitor's (no submission rate limit): a live session and, for
    // a cookie, the site's own Origin (403 otherwise).
    const auth = await orAdminRefusal(() => requireAdmin(request));
    if (auth instanceof Response) return auth;
    const actor = auditActor(auth, request);
    return handleApiSubmission(request, {
      normalize: normalizeBookingInput,
      schema: staffBookingInputSchema,
      guard: () => Promise.resolve(null),
      // `whatsappRef` links the booking to a WhatsApp click (400 naming it for an unknown code;
      // docs/decisions/049-whatsapp-leads.md).
      create: async (input, options) =>
        createBooking(input, { ...options, source: input.source, actor, whatsappLeadId: await resolveLeadCode(input.whatsappRef, 'whatsappRef') }),
      entity: 'booking',
    });
  }
  return handleApiSubmission(request, {
    normalize: normalizeBookingInput,
    schema: publicBookingApiSchema,
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
