/**
 * What a bike's or car's calendar feed holds (docs/decisions/048-trip-operations.md#ical-feed-per-vehicle):
 * the vehicle, its confirmed bookings (a bike's or car's rentals) and, for a car, the trip
 * assignments of confirmed bookings that use it, from `from` on. Cancelled, rejected and pending
 * bookings are left out, as on the duty sheet and the week view.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bikes, bookings, cars, drivers, tripAssignments } from '~/db/schema';
import { isUuid } from '~/lib/ids';

/** A confirmed rental of the vehicle: its days (both ends included) and who to call. */
export type FeedRental = { bookingId: string; itemName: string; guestName: string; phone: string; startDate: string; endDate: string; updatedAt: Date };

/** A trip assignment using the car: its days, the driver and the pickup. */
export type FeedTrip = {
  id: string;
  bookingId: string;
  itemName: string;
  guestName: string;
  phone: string;
  driverName: string;
  driverPhone: string;
  startsOn: string;
  endsOn: string;
  pickupTime: string;
  pickupPlace: string;
  notes: string;
  updatedAt: Date;
};

export type VehicleFeed = { type: 'bike' | 'car'; id: string; model: string; plate: string; rentals: FeedRental[]; trips: FeedTrip[] };

/** How many rentals and trips a feed holds at most (each list, earliest first). */
export const FEED_MAX_EVENTS = 500;

/**
 * The feed of bike or car `id`: its rentals and (cars) trips ending on or after `from`
 * ('YYYY-MM-DD'), or null when there is no such vehicle.
 */
export async function vehicleFeed(type: 'bike' | 'car', id: string, from: string): Promise<VehicleFeed | null> {
  if (!isUuid(id)) return null;
  const [vehicle] =
    type === 'bike'
      ? await db()
          .select({ id: bikes.id, model: bikes.model, plate: sql<string>`''` })
          .from(bikes)
          .where(eq(bikes.id, id))
      : await db().select({ id: cars.id, model: cars.model, plate: cars.registrationNumber }).from(cars).where(eq(cars.id, id));
  if (!vehicle) return null;
  const column = type === 'bike' ? bookings.bikeId : bookings.carId;
  const lastDay = sql<string>`coalesce(${bookings.endDate}, ${bookings.startDate})::text`;
  const [rentals, trips] = await Promise.all([
    db()
      .select({
        bookingId: bookings.id,
        itemName: bookings.itemName,
        guestName: bookings.name,
        phone: bookings.phone,
        startDate: bookings.startDate,
        endDate: lastDay,
        updatedAt: bookings.updatedAt,
      })
      .from(bookings)
      .where(and(eq(bookings.status, 'confirmed'), eq(column, id), sql`coalesce(${bookings.endDate}, ${bookings.startDate}) >= ${from}::date`))
      .orderBy(asc(bookings.startDate), asc(bookings.id))
      .limit(FEED_MAX_EVENTS),
    type === 'car'
      ? db()
          .select({
            id: tripAssignments.id,
            bookingId: bookings.id,
            itemName: bookings.itemName,
            guestName: bookings.name,
            phone: bookings.phone,
            driverName: drivers.name,
            driverPhone: drivers.phone,
            startsOn: tripAssignments.startsOn,
            endsOn: tripAssignments.endsOn,
            pickupTime: tripAssignments.pickupTime,
            pickupPlace: tripAssignments.pickupPlace,
            notes: tripAssignments.notes,
            updatedAt: tripAssignments.updatedAt,
          })
          .from(tripAssignments)
          .innerJoin(bookings, eq(bookings.id, tripAssignments.bookingId))
          .innerJoin(drivers, eq(drivers.id, tripAssignments.driverId))
          .where(and(eq(tripAssignments.carId, id), eq(bookings.status, 'confirmed'), sql`${tripAssignments.endsOn} >= ${from}::date`))
          .orderBy(asc(tripAssignments.startsOn), asc(tripAssignments.pickupTime), asc(tripAssignments.id))
          .limit(FEED_MAX_EVENTS)
      : Promise.resolve([]),
  ]);
  return { type, id: vehicle.id, model: vehicle.model, plate: vehicle.plate, rentals, trips };
}
