/**
 * Which confirmed bookings of the same bike or car share days with a booking
 * (docs/decisions/015-no-double-booking.md): the check before a confirmation or a date change, for a
 * message naming the clash (the database's exclusion constraints are the guarantee), and the
 * vehicle's calendar shown beside a booking.
 */
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { bookings, type Booking } from '~/db/schema';

/** Another confirmed booking of the same vehicle. */
export type BookingClash = { id: string; name: string; startDate: string; endDate: string | null };

export type VehicleBooking = Pick<Booking, 'id' | 'bikeId' | 'carId' | 'startDate' | 'endDate'>;

/** The bike or car a booking holds, or null (a package, or a vehicle deleted since). */
export function vehicleOf(booking: Pick<Booking, 'bikeId' | 'carId'>): { column: typeof bookings.bikeId | typeof bookings.carId; id: string } | null {
  if (booking.bikeId) return { column: bookings.bikeId, id: booking.bikeId };
  if (booking.carId) return { column: bookings.carId, id: booking.carId };
  return null;
}

/** The booked days as a closed range: start to end, or the start day alone. */
function daysOf(start: SQL | string, end: SQL | string | null): SQL {
  return sql`daterange(${start}::date, coalesce(${end}::date, ${start}::date), '[]')`;
}
const storedDays = sql`daterange(${bookings.startDate}, coalesce(${bookings.endDate}, ${bookings.startDate}), '[]')`;

/**
 * Confirmed bookings of the same vehicle whose days overlap `booking`'s (its own row left out),
 * earliest first. The same test as the database's exclusion constraints.
 */
export async function findClashes(executor: Executor, booking: VehicleBooking): Promise<BookingClash[]> {
  const vehicle = vehicleOf(booking);
  if (!vehicle) return [];
  return executor
    .select({ id: bookings.id, name: bookings.name, startDate: bookings.startDate, endDate: bookings.endDate })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        eq(vehicle.column, vehicle.id),
        ne(bookings.id, booking.id),
        sql`${storedDays} && ${daysOf(booking.startDate, booking.endDate)}`,
      ),
    )
    .orderBy(asc(bookings.startDate), asc(bookings.id))
    .limit(5);
}

/** A confirmed booking of the same vehicle near this one, and whether it overlaps it. */
export type CalendarEntry = BookingClash & { overlaps: boolean };

/**
 * The vehicle's other confirmed bookings from `days` days before this booking's start to `days`
 * days after its end, earliest first (at most 50), each marked when it overlaps this booking.
 * Empty for a package booking or a deleted vehicle.
 */
export async function vehicleCalendar(booking: VehicleBooking, days = 30): Promise<CalendarEntry[]> {
  const vehicle = vehicleOf(booking);
  if (!vehicle) return [];
  const end = booking.endDate ?? booking.startDate;
  const window = sql`daterange(${booking.startDate}::date - ${days}::int, ${end}::date + ${days}::int, '[]')`;
  return db()
    .select({
      id: bookings.id,
      name: bookings.name,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      overlaps: sql<boolean>`${storedDays} && ${daysOf(booking.startDate, booking.endDate)}`,
    })
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), eq(vehicle.column, vehicle.id), ne(bookings.id, booking.id), sql`${storedDays} && ${window}`))
    .orderBy(asc(bookings.startDate), asc(bookings.id))
    .limit(50);
}

/**
 * The days bike or car `vehicleId` is taken by confirmed bookings, from `from` ('YYYY-MM-DD', today
 * in India) on, earliest first (at most 100 ranges): what its public booking forms show and check
 * (docs/decisions/048-trip-operations.md#availability-on-the-booking-forms). Days only, no names.
 * `executor`: a transaction to read in (the database by default).
 */
export async function confirmedVehicleDates(
  type: 'bike' | 'car',
  vehicleId: string,
  from: string,
  executor: Executor = db(),
): Promise<{ start: string; end: string }[]> {
  const column = type === 'bike' ? bookings.bikeId : bookings.carId;
  return executor
    .select({ start: bookings.startDate, end: sql<string>`coalesce(${bookings.endDate}, ${bookings.startDate})::text` })
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), eq(column, vehicleId), sql`coalesce(${bookings.endDate}, ${bookings.startDate}) >= ${from}::date`))
    .orderBy(asc(bookings.startDate), asc(bookings.id))
    .limit(100);
}
