/**
 * The week of cars and drivers (/admin/calendar, docs/decisions/048-trip-operations.md#the-week-view):
 * for each of the 7 days from `start`, which trip assignments each driver and each car has, and
 * which confirmed car rentals each car has. Only confirmed bookings count.
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bookings, cars, drivers, tripAssignments } from '~/db/schema';
import { addDays } from '~/lib/calendar-date';

/** One booking on one row of the week: a trip (assignment) or a rental (a confirmed car booking). */
export type WeekEntry = { bookingId: string; guestName: string; kind: 'trip' | 'rental'; startsOn: string; endsOn: string; pickupTime: string | null };

/** A driver or a car with its entries per day (index 0 = `start`). */
export type WeekRow = { id: string; label: string; detail: string; days: WeekEntry[][] };

export type WeekCalendar = { start: string; days: string[]; drivers: WeekRow[]; cars: WeekRow[] };

function spread(rowsById: Map<string, WeekRow>, ownerId: string, entry: WeekEntry, days: string[]) {
  const row = rowsById.get(ownerId);
  if (!row) return;
  days.forEach((day, i) => {
    if (entry.startsOn <= day && day <= entry.endsOn) row.days[i]!.push(entry);
  });
}

export async function weekCalendar(start: string): Promise<WeekCalendar> {
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  const end = days[6]!;
  const week = sql`daterange(${start}::date, ${end}::date, '[]')`;
  const [driverRows, carRows, trips, rentals] = await Promise.all([
    db().select({ id: drivers.id, name: drivers.name, phone: drivers.phone }).from(drivers).orderBy(asc(drivers.name), asc(drivers.id)),
    db().select({ id: cars.id, model: cars.model, plate: cars.registrationNumber }).from(cars).orderBy(asc(cars.model), asc(cars.id)),
    db()
      .select({
        driverId: tripAssignments.driverId,
        carId: tripAssignments.carId,
        bookingId: tripAssignments.bookingId,
        guestName: bookings.name,
        startsOn: tripAssignments.startsOn,
        endsOn: tripAssignments.endsOn,
        pickupTime: tripAssignments.pickupTime,
      })
      .from(tripAssignments)
      .innerJoin(bookings, eq(bookings.id, tripAssignments.bookingId))
      .where(and(eq(bookings.status, 'confirmed'), sql`daterange(${tripAssignments.startsOn}, ${tripAssignments.endsOn}, '[]') && ${week}`))
      .orderBy(asc(tripAssignments.startsOn), asc(tripAssignments.pickupTime)),
    db()
      .select({ carId: bookings.carId, bookingId: bookings.id, guestName: bookings.name, startsOn: bookings.startDate, endDate: bookings.endDate })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          isNotNull(bookings.carId),
          sql`daterange(${bookings.startDate}, coalesce(${bookings.endDate}, ${bookings.startDate}), '[]') && ${week}`,
        ),
      )
      .orderBy(asc(bookings.startDate)),
  ]);
  const empty = () => days.map(() => [] as WeekEntry[]);
  const driverMap = new Map(driverRows.map((d) => [d.id, { id: d.id, label: d.name, detail: d.phone, days: empty() } satisfies WeekRow]));
  const carMap = new Map(carRows.map((c) => [c.id, { id: c.id, label: c.model, detail: c.plate, days: empty() } satisfies WeekRow]));
  for (const t of trips) {
    const entry: WeekEntry = { bookingId: t.bookingId, guestName: t.guestName, kind: 'trip', startsOn: t.startsOn, endsOn: t.endsOn, pickupTime: t.pickupTime };
    spread(driverMap, t.driverId, entry, days);
    if (t.carId) spread(carMap, t.carId, entry, days);
  }
  for (const r of rentals) {
    spread(
      carMap,
      r.carId!,
      { bookingId: r.bookingId, guestName: r.guestName, kind: 'rental', startsOn: r.startsOn, endsOn: r.endDate ?? r.startsOn, pickupTime: null },
      days,
    );
  }
  return { start, days, drivers: [...driverMap.values()], cars: [...carMap.values()] };
}
