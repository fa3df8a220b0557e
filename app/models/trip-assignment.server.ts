/**
 * Trip assignments (docs/decisions/048-trip-operations.md): a driver and a car of the fleet given to
 * a confirmed booking for some days, with the pickup time and place. The database's two exclusion
 * constraints (drizzle/0021_trip_assignments.sql) refuse one driver or one car two overlapping
 * assignments; the check here comes first only to name the clashing booking in the message, and the
 * constraint's refusal (a concurrent assignment committed first) is named the same way.
 *
 * Also what the assignments are read for: the booking's panel, the day's duty sheet
 * (/admin/duty) and the traveller's booking page (from 18:00 IST the evening before).
 */
import { and, asc, eq, gte, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { isExclusionViolation, isRetryableTransactionError } from '~/db/errors.server';
import { bookings, cars, drivers, tripAssignments } from '~/db/schema';
import { addDays } from '~/lib/calendar-date';
import { Conflict, InvalidReference, NotFound } from '~/lib/errors.server';
import { formatDateRange, todayInIndia } from '~/lib/format';
import { isUuid, shortReference } from '~/lib/ids';
import type { TripAssignmentInput } from '~/schemas/trip-assignment';
import { recordAudit, type AuditActor } from './audit.server';

/** An assignment as the booking's panel shows it. */
export type AssignmentView = {
  id: string;
  bookingId: string;
  driverId: string;
  driverName: string;
  driverPhone: string;
  carId: string | null;
  carModel: string | null;
  registrationNumber: string | null;
  startsOn: string;
  endsOn: string;
  pickupTime: string;
  pickupPlace: string;
  notes: string;
};

const viewColumns = {
  id: tripAssignments.id,
  bookingId: tripAssignments.bookingId,
  driverId: tripAssignments.driverId,
  driverName: drivers.name,
  driverPhone: drivers.phone,
  carId: tripAssignments.carId,
  carModel: cars.model,
  registrationNumber: cars.registrationNumber,
  startsOn: tripAssignments.startsOn,
  endsOn: tripAssignments.endsOn,
  pickupTime: tripAssignments.pickupTime,
  pickupPlace: tripAssignments.pickupPlace,
  notes: tripAssignments.notes,
};

/** The booking's assignments, earliest first. */
export async function listBookingAssignments(bookingId: string): Promise<AssignmentView[]> {
  if (!isUuid(bookingId)) return [];
  return db()
    .select(viewColumns)
    .from(tripAssignments)
    .innerJoin(drivers, eq(drivers.id, tripAssignments.driverId))
    .leftJoin(cars, eq(cars.id, tripAssignments.carId))
    .where(eq(tripAssignments.bookingId, bookingId))
    .orderBy(asc(tripAssignments.startsOn), asc(tripAssignments.pickupTime), asc(tripAssignments.id));
}

/** Another assignment of the same driver or car on overlapping days, with its booking. */
export type AssignmentClash = { kind: 'driver' | 'car'; bookingId: string; guestName: string; startsOn: string; endsOn: string };

const storedDays = sql`daterange(${tripAssignments.startsOn}, ${tripAssignments.endsOn}, '[]')`;

/**
 * Assignments of `driverId` or of `carId` whose days overlap `startsOn`..`endsOn` (the assignment
 * `excludeId` left out), driver clashes first. The same test as the exclusion constraints.
 */
export async function findAssignmentClashes(
  executor: Executor,
  wanted: { driverId: string; carId: string | null; startsOn: string; endsOn: string; excludeId?: string },
): Promise<AssignmentClash[]> {
  const who: SQL[] = [eq(tripAssignments.driverId, wanted.driverId)];
  if (wanted.carId) who.push(eq(tripAssignments.carId, wanted.carId));
  const rows = await executor
    .select({
      driverId: tripAssignments.driverId,
      carId: tripAssignments.carId,
      bookingId: tripAssignments.bookingId,
      guestName: bookings.name,
      startsOn: tripAssignments.startsOn,
      endsOn: tripAssignments.endsOn,
    })
    .from(tripAssignments)
    .innerJoin(bookings, eq(bookings.id, tripAssignments.bookingId))
    .where(
      and(
        or(...who),
        wanted.excludeId ? ne(tripAssignments.id, wanted.excludeId) : undefined,
        sql`${storedDays} && daterange(${wanted.startsOn}::date, ${wanted.endsOn}::date, '[]')`,
      ),
    )
    .orderBy(asc(tripAssignments.startsOn), asc(tripAssignments.id))
    .limit(10);
  const clashes = rows.map((r) => ({
    kind: r.driverId === wanted.driverId ? ('driver' as const) : ('car' as const),
    bookingId: r.bookingId,
    guestName: r.guestName,
    startsOn: r.startsOn,
    endsOn: r.endsOn,
  }));
  return [...clashes.filter((c) => c.kind === 'driver'), ...clashes.filter((c) => c.kind === 'car')];
}

/**
 * Why an assignment is refused, naming the first clashing booking:
 * 'The driver is already on #A1B2C3 (Asha Rai, Jan 5 – Jan 7, 2027)' / 'The car is already …'.
 */
export function assignmentClashMessage(clashes: readonly AssignmentClash[]): string {
  const [first] = clashes;
  if (!first) return 'The driver or the car is already out on these days';
  const who = first.kind === 'driver' ? 'The driver' : 'The car';
  return `${who} is already on #${shortReference(first.bookingId)} (${first.guestName}, ${formatDateRange(first.startsOn, first.endsOn)})`;
}

function clashConflict(clashes: readonly AssignmentClash[]): Conflict {
  const message = assignmentClashMessage(clashes);
  return new Conflict(message, [{ path: clashes[0]?.kind === 'car' ? 'carId' : 'driverId', message }]);
}

/**
 * Give the booking a driver (and a car) for `startsOn`..`endsOn`. Only a confirmed booking can be
 * assigned (Conflict otherwise, path 'status'); an unknown booking is NotFound, an unknown driver or
 * car InvalidReference. An overlap with another assignment of the driver or the car is a Conflict
 * naming that booking, whether found by the check or refused by the database (23P01). With `actor`,
 * 'Assigned driver … to booking #…' is recorded in the same transaction. Returns the new row's id.
 */
export async function assignTrip(bookingId: string, input: TripAssignmentInput, actor?: AuditActor): Promise<string> {
  if (!isUuid(bookingId)) throw new NotFound('Booking not found');
  for (let attempt = 1; ; attempt++) {
    try {
      return await db().transaction(async (tx) => {
        // Share lock: a concurrent cancellation waits for this assignment, and this one sees its result.
        const [booking] = await tx.select({ id: bookings.id, status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId)).for('share');
        if (!booking) throw new NotFound('Booking not found');
        if (booking.status !== 'confirmed') {
          const message = 'Only a confirmed booking can be given a driver';
          throw new Conflict(message, [{ path: 'status', message }]);
        }
        const [driver] = await tx.select({ id: drivers.id, name: drivers.name }).from(drivers).where(eq(drivers.id, input.driverId));
        if (!driver) throw new InvalidReference('Choose a driver', [{ path: 'driverId', message: 'Choose a driver' }]);
        let carModel: string | null = null;
        if (input.carId) {
          const [car] = await tx.select({ model: cars.model }).from(cars).where(eq(cars.id, input.carId));
          if (!car) throw new InvalidReference('Choose a car', [{ path: 'carId', message: 'Choose a car' }]);
          carModel = car.model;
        }
        const clashes = await findAssignmentClashes(tx, input);
        if (clashes.length > 0) throw clashConflict(clashes);
        const [row] = await tx
          .insert(tripAssignments)
          .values({ bookingId, ...input })
          .returning({ id: tripAssignments.id });
        if (actor) {
          await recordAudit(tx, actor, {
            action: 'assign',
            entityType: 'booking',
            entityId: bookingId,
            summary: `Assigned driver ${driver.name}${carModel ? ` with ${carModel}` : ''} to booking #${shortReference(bookingId)} (${formatDateRange(input.startsOn, input.endsOn)})`,
            changes: { trip: { from: null, to: { driver: driver.name, car: carModel, ...input } } },
          });
        }
        return row!.id;
      });
    } catch (error) {
      if (isExclusionViolation(error)) {
        // Another assignment of the same driver or car committed first: name it (now visible).
        throw clashConflict(await findAssignmentClashes(db(), input));
      }
      if (isRetryableTransactionError(error) && attempt < 3) continue;
      throw error;
    }
  }
}

/** Remove one of the booking's assignments; false when there is no such assignment. */
export async function removeAssignment(bookingId: string, assignmentId: string, actor?: AuditActor): Promise<boolean> {
  if (!isUuid(bookingId) || !isUuid(assignmentId)) return false;
  return db().transaction(async (tx) => {
    const [row] = await tx
      .delete(tripAssignments)
      .where(and(eq(tripAssignments.id, assignmentId), eq(tripAssignments.bookingId, bookingId)))
      .returning();
    if (!row) return false;
    if (actor) {
      const [driver] = await tx.select({ name: drivers.name }).from(drivers).where(eq(drivers.id, row.driverId));
      await recordAudit(tx, actor, {
        action: 'assign',
        entityType: 'booking',
        entityId: bookingId,
        summary: `Removed driver ${driver?.name ?? ''} from booking #${shortReference(bookingId)} (${formatDateRange(row.startsOn, row.endsOn)})`,
        changes: { trip: { from: { driverId: row.driverId, carId: row.carId, startsOn: row.startsOn, endsOn: row.endsOn }, to: null } },
      });
    }
    return true;
  });
}

/** One pickup of the duty sheet. */
export type DutyPickup = AssignmentView & { guestName: string; guestPhone: string; itemName: string };

/** One driver's day: their pickups in time order. */
export type DutyDriver = { driverId: string; driverName: string; driverPhone: string; pickups: DutyPickup[] };

/**
 * The duty sheet of `date` ('YYYY-MM-DD', India): every assignment whose days include it, grouped
 * by driver, each driver's pickups by time, drivers in the order of their first pickup (then name).
 * The exclusion constraint gives a driver one assignment a day, so today that is one pickup each. Only confirmed bookings' assignments count (a
 * booking cancelled after it was assigned drops off the sheet).
 */
export async function dutySheet(date: string): Promise<DutyDriver[]> {
  const rows = await db()
    .select({ ...viewColumns, guestName: bookings.name, guestPhone: bookings.phone, itemName: bookings.itemName })
    .from(tripAssignments)
    .innerJoin(drivers, eq(drivers.id, tripAssignments.driverId))
    .innerJoin(bookings, eq(bookings.id, tripAssignments.bookingId))
    .leftJoin(cars, eq(cars.id, tripAssignments.carId))
    .where(and(lte(tripAssignments.startsOn, date), gte(tripAssignments.endsOn, date), eq(bookings.status, 'confirmed')))
    .orderBy(asc(tripAssignments.pickupTime), asc(drivers.name), asc(drivers.id), asc(tripAssignments.id));
  const byDriver = new Map<string, DutyDriver>();
  for (const row of rows) {
    let entry = byDriver.get(row.driverId);
    if (!entry) {
      entry = { driverId: row.driverId, driverName: row.driverName, driverPhone: row.driverPhone, pickups: [] };
      byDriver.set(row.driverId, entry);
    }
    entry.pickups.push(row);
  }
  return [...byDriver.values()];
}

/** The instant from which the traveller sees an assignment: 18:00 IST on the day before it starts. */
export function driverVisibleFrom(startsOn: string): Date {
  return new Date(`${addDays(startsOn, -1)}T18:00:00+05:30`);
}

/** What the traveller's booking page shows of a trip's driver and vehicle. */
export type TravellerDriver = Pick<
  AssignmentView,
  'driverName' | 'driverPhone' | 'carModel' | 'registrationNumber' | 'startsOn' | 'endsOn' | 'pickupTime' | 'pickupPlace'
>;

/**
 * The booking's assignments the traveller may see at `now`: from 18:00 IST the evening before each
 * starts until its last day ends (docs/decisions/048-trip-operations.md). Earliest first.
 */
export async function travellerDrivers(bookingId: string, now: Date = new Date()): Promise<TravellerDriver[]> {
  const today = todayInIndia(now);
  const all = await listBookingAssignments(bookingId);
  return all
    .filter((a) => now.getTime() >= driverVisibleFrom(a.startsOn).getTime() && a.endsOn >= today)
    .map(({ driverName, driverPhone, carModel, registrationNumber, startsOn, endsOn, pickupTime, pickupPlace }) => ({
      driverName,
      driverPhone,
      carModel,
      registrationNumber,
      startsOn,
      endsOn,
      pickupTime,
      pickupPlace,
    }));
}
