/**
 * GET /booked-dates.json?vehicle=bike:<id> (or car:<id>): the days that bike or car is already
 * confirmed for, from today in India on, as `{ ranges: [{ start, end }], today }` (days only, no
 * names). The booking dialog of a detail or list page fetches it when it opens, to list those days
 * and check the chosen dates at once as the /bikes/:id/book page does from its loader
 * (docs/decisions/048-trip-operations.md#availability-on-the-booking-forms). `no-store`: a
 * confirmation shows at the next opening. A malformed `vehicle` is 400; an unknown id has no
 * confirmed days (the booking itself says the vehicle does not exist).
 */
import { z } from 'zod';
import { apiError } from '~/lib/api.server';
import { todayInIndia } from '~/lib/format';
import { confirmedVehicleDates } from '~/models/booking-clashes.server';
import type { Route } from './+types/booked-dates';

const vehicleParam = z.string().regex(/^(bike|car):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export async function loader({ request }: Route.LoaderArgs) {
  const parsed = vehicleParam.safeParse(new URL(request.url).searchParams.get('vehicle') ?? '');
  if (!parsed.success) return apiError(400, 'vehicle must be bike:<id> or car:<id>', [{ path: 'vehicle', message: 'Expected bike:<id> or car:<id>' }]);
  const [type, id] = parsed.data.split(':') as ['bike' | 'car', string];
  const today = todayInIndia();
  const ranges = await confirmedVehicleDates(type, id.toLowerCase(), today);
  return Response.json({ ranges, today }, { headers: { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } });
}
