/**
 * POST /api/bookings : a package, bike or car booking (also a Book Your Tour request: type
 * `package` with adults and children, itemId `custom` for a custom tour), JSON in camelCase or
 * snake_case (docs/decisions/009-rest-api.md#input). 201 with the stored booking; 409 when the
 * vehicle is unavailable; 400/403/413/415/429 `{error, issues}` otherwise. The booking dialogs post
 * here.
 */
import { apiError } from '~/lib/api.server';
import { handleApiSubmission } from '~/lib/submissions.server';
import { createBooking } from '~/models/booking.server';
import { bookingInputSchema, normalizeBookingInput } from '~/schemas/booking';
import type { Route } from './+types/bookings';

export function action({ request }: Route.ActionArgs) {
  return handleApiSubmission(request, {
    normalize: normalizeBookingInput,
    schema: bookingInputSchema,
    create: createBooking,
    entity: 'booking',
  });
}

/** Listing bookings is an admin call (a later issue); the public endpoint only accepts POST. */
export function loader() {
  return apiError(405, 'Method not allowed', [], { Allow: 'POST' });
}
