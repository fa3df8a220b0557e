/**
 * The "Driver and vehicle" panel of /admin/bookings/:id (docs/decisions/048-trip-operations.md):
 * its forms post `assign-trip` and `remove-trip` like the page's other intents; a saved assignment
 * shows in the loader's data; a pending booking is refused; an overlap answers 409 naming the
 * clashing booking with what was typed kept; the car's registration number is saved by the car form.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, tripAssignments } from '~/db/schema';
import { shortReference } from '~/lib/ids';
import { getCar } from '~/models/car.server';
import { action, loader } from '~/routes/admin/bookings/detail';
import { action as editCarAction } from '~/routes/admin/cars/edit';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBooking, createCar, createDriver } from '../factories';
import { routeArgs, settle } from '../route-args';

let cookie: string;

beforeAll(async () => {
  cookie = (await createStaffSession(undefined, 'staff')).cookie;
});

function post(id: string, fields: Record<string, string>) {
  return routeArgs(
    `/admin/bookings/${id}`,
    { id },
    {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: browserHeaders(cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
    },
  );
}

const form = (driverId: string, carId = '') => ({
  intent: 'assign-trip',
  driverId,
  carId,
  startsOn: '2027-01-05',
  endsOn: '2027-01-07',
  pickupTime: '08:30',
  pickupPlace: 'Hotel Mayfair',
  notes: 'Oxygen cylinder in the boot',
});

type TripReply = { trip: { values: Record<string, string>; errors: Record<string, string> } };

describe('the driver and vehicle panel', () => {
  test('assigns, shows and removes a driver and a car, audited', async () => {
    const driver = await createDriver({ name: 'Tashi Bhutia' });
    const car = await createCar({ model: 'Innova Crysta', registrationNumber: 'SK 01 P 1234' });
    const booking = await createBooking({ status: 'confirmed', startDate: '2027-01-05', endDate: '2027-01-07' });

    const before = await loader(routeArgs(`/admin/bookings/${booking.id}`, { id: booking.id }, { headers: browserHeaders(cookie) }));
    expect(before.trip.confirmed).toBe(true);
    expect(before.trip.defaults).toEqual({ startsOn: '2027-01-05', endsOn: '2027-01-07' });
    expect(before.trip.drivers.some((d) => d.id === driver.id)).toBe(true);
    expect(before.trip.cars).toContainEqual({ id: car.id, label: 'Innova Crysta · SK 01 P 1234' });

    const saved = await settle(() => action(post(booking.id, form(driver.id, car.id))));
    expect(saved.status).toBe(302);
    expect(saved.headers.get('Location')).toBe(`/admin/bookings/${booking.id}`);

    const after = await loader(routeArgs(`/admin/bookings/${booking.id}`, { id: booking.id }, { headers: browserHeaders(cookie) }));
    expect(after.trip.assignments).toMatchObject([
      {
        days: 'Jan 5 – Jan 7, 2027',
        driverName: 'Tashi Bhutia',
        car: 'Innova Crysta · SK 01 P 1234',
        pickupTime: '08:30',
        pickupPlace: 'Hotel Mayfair',
        notes: 'Oxygen cylinder in the boot',
      },
    ]);

    const removed = await settle(() => action(post(booking.id, { intent: 'remove-trip', assignmentId: after.trip.assignments[0]!.id })));
    expect(removed.status).toBe(302);
    expect(await db().select().from(tripAssignments).where(eq(tripAssignments.bookingId, booking.id))).toEqual([]);
    const entries = await db().select({ summary: auditLog.summary }).from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(entries.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Assigned driver Tashi Bhutia with Innova Crysta'),
        expect.stringContaining('Removed driver Tashi Bhutia'),
      ]),
    );
  });

  test('refuses a pending booking, bad fields and an overlap, keeping what was typed', async () => {
    const driver = await createDriver();
    const pending = await createBooking({ status: 'pending' });
    const refused = await settle(() => action(post(pending.id, form(driver.id))));
    expect(refused.status).toBe(409);
    expect((refused.body as TripReply).trip.errors['']).toBe('Only a confirmed booking can be given a driver');

    const first = await createBooking({ status: 'confirmed', name: 'Asha Rai' });
    const second = await createBooking({ status: 'confirmed' });
    const bad = await settle(() => action(post(second.id, { ...form(driver.id), pickupTime: '25:00', endsOn: '2027-01-01', pickupPlace: ' ' })));
    expect(bad.status).toBe(400);
    expect((bad.body as TripReply).trip.errors).toMatchObject({
      pickupTime: 'Enter the pickup time as HH:MM',
      pickupPlace: 'Enter the pickup place',
    });

    expect((await settle(() => action(post(first.id, form(driver.id))))).status).toBe(302);
    const clash = await settle(() => action(post(second.id, { ...form(driver.id), startsOn: '2027-01-07', endsOn: '2027-01-09' })));
    expect(clash.status).toBe(409);
    const reply = (clash.body as TripReply).trip;
    expect(reply.errors.driverId).toBe(`The driver is already on #${shortReference(first.id)} (Asha Rai, Jan 5 – Jan 7, 2027)`);
    expect(reply.values.startsOn).toBe('2027-01-07');
  });

  test("the car form saves the car's registration number", async () => {
    const admin = (await createStaffSession()).cookie;
    const car = await createCar();
    const outcome = await settle(() =>
      editCarAction(
        routeArgs(
          `/admin/cars/edit/${car.id}`,
          { id: car.id },
          {
            method: 'POST',
            body: new URLSearchParams({ model: car.model, dailyRate: '3000', registrationNumber: 'SK 04 J 0042' }),
            headers: browserHeaders(admin, { 'Content-Type': 'application/x-www-form-urlencoded' }),
          },
        ),
      ),
    );
    expect(outcome.status).toBe(302);
    expect((await getCar(car.id))!.registrationNumber).toBe('SK 04 J 0042');
  });
});
