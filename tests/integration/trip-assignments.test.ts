/**
 * Trip assignments (docs/decisions/048-trip-operations.md): only confirmed bookings get a driver;
 * one driver or one car is never given two overlapping assignments, and a refusal names the
 * clashing booking; 20 concurrent assignments of one driver (or one car) to overlapping trips leave
 * exactly one, on PGlite and, with DATABASE_URL, on PostgreSQL (where the transactions overlap and
 * the exclusion constraint decides). The duty sheet and the traveller's view of the driver.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { databaseHandle, db } from '~/db/client.server';
import { isExclusionViolation } from '~/db/errors.server';
import { bookings, tripAssignments, type NewBooking } from '~/db/schema';
import { Conflict } from '~/lib/errors.server';
import { shortReference } from '~/lib/ids';
import { assignTrip, driverVisibleFrom, dutySheet, travellerDrivers } from '~/models/trip-assignment.server';
import type { TripAssignmentInput } from '~/schemas/trip-assignment';
import { createBooking, createCar, createDriver } from '../factories';

const N = 20;

function trip(driverId: string, overrides: Partial<TripAssignmentInput> = {}): TripAssignmentInput {
  return {
    driverId,
    carId: null,
    startsOn: '2027-03-10',
    endsOn: '2027-03-12',
    pickupTime: '08:30',
    pickupPlace: 'Hotel Mayfair, Gangtok',
    notes: '',
    ...overrides,
  };
}

describe('assigning a driver', () => {
  test('is refused for a booking that is not confirmed', async () => {
    const driver = await createDriver();
    for (const status of ['pending', 'cancelled', 'rejected'] as const) {
      const booking = await createBooking({ status });
      await expect(assignTrip(booking.id, trip(driver.id))).rejects.toThrow('Only a confirmed booking can be given a driver');
    }
    const [row] = await db().select({ n: count() }).from(tripAssignments);
    expect(row!.n).toBe(0);
  });

  test('an overlap of the driver or the car is refused naming the clashing booking', async () => {
    const driver = await createDriver();
    const other = await createDriver();
    const car = await createCar();
    const first = await createBooking({ status: 'confirmed', name: 'Asha Rai' });
    const second = await createBooking({ status: 'confirmed', name: 'Karma Lepcha' });
    await assignTrip(first.id, trip(driver.id, { carId: car.id }));

    const driverClash = assignTrip(second.id, trip(driver.id, { startsOn: '2027-03-12', endsOn: '2027-03-14' }));
    await expect(driverClash).rejects.toBeInstanceOf(Conflict);
    await expect(driverClash).rejects.toThrow(`The driver is already on #${shortReference(first.id)} (Asha Rai, Mar 10 – Mar 12, 2027)`);

    const carClash = assignTrip(second.id, trip(other.id, { carId: car.id, startsOn: '2027-03-09', endsOn: '2027-03-10' }));
    await expect(carClash).rejects.toThrow(`The car is already on #${shortReference(first.id)} (Asha Rai`);

    // The next day is free for both.
    await expect(assignTrip(second.id, trip(driver.id, { carId: car.id, startsOn: '2027-03-13', endsOn: '2027-03-14' }))).resolves.toBeTypeOf('string');
  });

  test('the database refuses an overlap even when the check is bypassed (23P01)', async () => {
    const driver = await createDriver();
    const a = await createBooking({ status: 'confirmed' });
    const b = await createBooking({ status: 'confirmed' });
    await db()
      .insert(tripAssignments)
      .values({ bookingId: a.id, ...trip(driver.id) });
    const error = await db()
      .insert(tripAssignments)
      .values({ bookingId: b.id, ...trip(driver.id, { startsOn: '2027-03-12', endsOn: '2027-03-12' }) })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(isExclusionViolation(error)).toBe(true);
  });
});

async function confirmedTrips(): Promise<string[]> {
  const values: NewBooking[] = Array.from({ length: N }, (_, i) => ({
    type: 'package',
    itemName: 'Sikkim Explorer',
    name: `Guest ${i}`,
    email: `guest${i}@example.com`,
    phone: '+91 90000 00000',
    startDate: '2027-04-01',
    status: 'confirmed',
  }));
  const rows = await db().insert(bookings).values(values).returning({ id: bookings.id });
  return rows.map((r) => r.id);
}

// Every range contains 2027-04-10; they start and end on different days.
const days = (i: number) => ({ startsOn: `2027-04-${String(1 + (i % 10)).padStart(2, '0')}`, endsOn: `2027-04-${String(10 + (i % 7)).padStart(2, '0')}` });

describe(`${N} concurrent assignments to overlapping trips`, () => {
  test('of one driver: exactly one succeeds, the others name it', async () => {
    const driver = await createDriver();
    const ids = await confirmedTrips();
    const results = await Promise.allSettled(ids.map((id, i) => assignTrip(id, trip(driver.id, days(i)))));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    console.info(`[${databaseHandle().kind}] driver: ${won.length} assigned, ${lost.length} refused`);
    expect(won).toHaveLength(1);
    const [winner] = await db().select({ bookingId: tripAssignments.bookingId }).from(tripAssignments).where(eq(tripAssignments.driverId, driver.id));
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(Conflict);
      expect((r.reason as Error).message).toContain(`The driver is already on #${shortReference(winner!.bookingId)}`);
    }
  });

  test('of one car with different drivers: exactly one succeeds, the others name it', async () => {
    const car = await createCar();
    const driverIds = await Promise.all(Array.from({ length: N }, () => createDriver().then((d) => d.id)));
    const ids = await confirmedTrips();
    const results = await Promise.allSettled(ids.map((id, i) => assignTrip(id, trip(driverIds[i]!, { ...days(i), carId: car.id }))));
    const won = results.filter((r) => r.status === 'fulfilled');
    console.info(`[${databaseHandle().kind}] car: ${won.length} assigned`);
    expect(won).toHaveLength(1);
    const [winner] = await db().select({ bookingId: tripAssignments.bookingId }).from(tripAssignments).where(eq(tripAssignments.carId, car.id));
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as Error).message).toContain(`The car is already on #${shortReference(winner!.bookingId)}`);
    }
  });
});

describe('the duty sheet', () => {
  test("lists each driver's pickups of the day in time order, confirmed bookings only", async () => {
    const tashi = await createDriver({ name: 'Aaa Tashi' });
    const pemba = await createDriver({ name: 'Bbb Pemba' });
    const car = await createCar({ model: 'Innova Crysta', registrationNumber: 'SK 01 P 1234' });
    const late = await createBooking({ status: 'confirmed', name: 'Late Guest', phone: '+91 90000 00002', itemName: 'Tsomgo Lake day trip' });
    const early = await createBooking({ status: 'confirmed', name: 'Early Guest', itemName: 'North Sikkim 3 days' });
    const other = await createBooking({ status: 'confirmed', name: 'Pemba Guest' });
    const elsewhere = await createBooking({ status: 'confirmed', name: 'Another Day' });
    await assignTrip(late.id, trip(tashi.id, { startsOn: '2027-05-02', endsOn: '2027-05-02', pickupTime: '14:00', carId: car.id, notes: 'Two big bags' }));
    await assignTrip(early.id, trip(tashi.id, { startsOn: '2027-05-01', endsOn: '2027-05-01', pickupTime: '06:15' }));
    await assignTrip(other.id, trip(pemba.id, { startsOn: '2027-05-01', endsOn: '2027-05-03', pickupTime: '09:00' }));
    await assignTrip(elsewhere.id, trip(pemba.id, { startsOn: '2027-05-05', endsOn: '2027-05-05' }));

    // Tashi has one trip on the 1st and one on the 2nd; the sheet of the 2nd shows the 2nd's.
    const sheet = await dutySheet('2027-05-02');
    // One pickup per driver and day (the exclusion constraint), so the sheet runs in pickup-time order.
    expect(sheet.map((d) => d.driverName)).toEqual(['Bbb Pemba', 'Aaa Tashi']);
    expect(sheet[1]!.pickups.map((p) => [p.pickupTime, p.guestName, p.guestPhone, p.itemName, p.notes, p.carModel, p.registrationNumber])).toEqual([
      ['14:00', 'Late Guest', '+91 90000 00002', 'Tsomgo Lake day trip', 'Two big bags', 'Innova Crysta', 'SK 01 P 1234'],
    ]);
    expect(sheet[0]!.pickups.map((p) => p.guestName)).toEqual(['Pemba Guest']);

    // A cancelled booking drops off.
    await db().update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, other.id));
    const first = await dutySheet('2027-05-01');
    expect(first.map((d) => d.driverName)).toEqual(['Aaa Tashi']);
    expect(first[0]!.pickups.map((p) => p.guestName)).toEqual(['Early Guest']);
    expect(await dutySheet('2027-05-04')).toEqual([]);
  });
});

describe("the traveller's view of the driver", () => {
  test('shows from 18:00 IST on the day before the trip, not a minute earlier', async () => {
    const driver = await createDriver({ name: 'Tashi Bhutia', phone: '+91 94340 12345' });
    const car = await createCar({ model: 'Innova Crysta', registrationNumber: 'SK 01 P 1234' });
    const booking = await createBooking({ status: 'confirmed' });
    await assignTrip(booking.id, trip(driver.id, { carId: car.id, startsOn: '2027-03-10', endsOn: '2027-03-12' }));

    expect(driverVisibleFrom('2027-03-10').toISOString()).toBe('2027-03-09T12:30:00.000Z');
    expect(await travellerDrivers(booking.id, new Date('2027-03-09T12:29:59Z'))).toEqual([]);
    const shown = await travellerDrivers(booking.id, new Date('2027-03-09T12:30:00Z'));
    expect(shown).toMatchObject([
      { driverName: 'Tashi Bhutia', driverPhone: '+91 94340 12345', carModel: 'Innova Crysta', registrationNumber: 'SK 01 P 1234' },
    ]);
    // Still shown on the last day; gone the day after.
    expect(await travellerDrivers(booking.id, new Date('2027-03-12T17:00:00Z'))).toHaveLength(1);
    expect(await travellerDrivers(booking.id, new Date('2027-03-12T18:31:00Z'))).toEqual([]);
  });
});
