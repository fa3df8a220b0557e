/**
 * Availability on the bike and car booking forms
 * (docs/decisions/048-trip-operations.md#availability-on-the-booking-forms): the booking page's
 * loader and /booked-dates.json list the days a vehicle is confirmed for, from today on, without
 * names; a visitor's request over them is refused on the start date with the message the form shows
 * (409, nothing stored), by the page's action and by the public API alike; adjacent days, a
 * cancelled or pending booking's days and another vehicle's days are free.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bookings } from '~/db/schema';
import { bookedDatesMessage, formatBookedRange } from '~/lib/booked-dates';
import { todayInIndia } from '~/lib/format';
import { loader as bookedDatesLoader } from '~/routes/booked-dates';
import { action as vehicleAction, loader as vehicleLoader } from '~/routes/site/vehicle-booking';
import { createBike, createBooking, createCar } from '../factories';
import { routeArgs, settle } from '../route-args';
import { inDays, post, traveller } from './submissions-helpers';
import { action as bookingsAction } from '~/routes/api/bookings';

process.env.RATE_LIMIT_SUBMISSIONS_PER_MINUTE = '100000';

function postForm(url: string, id: string, fields: [string, string][]) {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' },
    body: new URLSearchParams(fields).toString(),
  };
  return settle(() => vehicleAction(routeArgs(url, { id }, init)));
}

const contact: [string, string][] = Object.entries(traveller);

function bikeForm(bikeId: string, start: string, end: string | null): [string, string][] {
  return [
    ['type', 'bike'],
    ['itemId', bikeId],
    ...contact,
    ['startDate', start],
    ...(end ? [['endDate', end] as [string, string]] : []),
    ['needHelmet', 'false'],
    ['publicityConsent', 'false'],
  ];
}

describe('a bike with confirmed days', () => {
  test('lists them from today on, refuses an overlapping request and accepts the days next to them', async () => {
    const bike = await createBike({ model: 'Availability Classic 350', available: true });
    const other = await createBike({ model: 'Availability Other', available: true });
    const base = { type: 'bike' as const, bikeId: bike.id, itemName: bike.model };
    await createBooking({ ...base, name: 'Past Guest', status: 'confirmed', startDate: inDays(-10), endDate: inDays(-8) });
    await createBooking({ ...base, name: 'Karma Bhutia', status: 'confirmed', startDate: inDays(40), endDate: inDays(42) });
    await createBooking({ ...base, name: 'Single Day', status: 'confirmed', startDate: inDays(50), endDate: null });
    await createBooking({ ...base, name: 'Cancelled Guest', status: 'cancelled', startDate: inDays(60), endDate: inDays(61) });
    await createBooking({ ...base, name: 'Pending Guest', status: 'pending', startDate: inDays(70), endDate: inDays(71) });
    await createBooking({ type: 'bike', bikeId: other.id, itemName: other.model, status: 'confirmed', startDate: inDays(80), endDate: inDays(81) });

    const loaded = await settle(() => vehicleLoader(routeArgs(`/bikes/${bike.id}/book`, { id: bike.id })));
    expect(loaded.status).toBe(200);
    const booked = (loaded.body as { booked: { ranges: unknown[]; today: string } }).booked;
    expect(booked).toEqual({
      today: todayInIndia(),
      ranges: [
        { start: inDays(40), end: inDays(42) },
        { start: inDays(50), end: inDays(50) },
      ],
    });
    // Days only: no guest's name reaches the public page.
    expect(JSON.stringify(loaded.body)).not.toContain('Karma');

    // The same for the dialog, fresh (no-store).
    const json = await bookedDatesLoader(routeArgs(`/booked-dates.json?vehicle=bike:${bike.id}`));
    expect(json.status).toBe(200);
    expect(json.headers.get('Cache-Control')).toBe('no-store');
    expect(await json.json()).toEqual(booked);
    expect((await bookedDatesLoader(routeArgs('/booked-dates.json?vehicle=plane:1'))).status).toBe(400);

    // Overlapping the end of the confirmed stay: refused on the start date, nothing stored.
    const before = (await db().select().from(bookings).where(eq(bookings.bikeId, bike.id))).length;
    const refused = await postForm(`/bikes/${bike.id}/book`, bike.id, bikeForm(bike.id, inDays(42), inDays(44)));
    expect(refused.status).toBe(409);
    const message = bookedDatesMessage('bike', [{ start: inDays(40), end: inDays(42) }], todayInIndia());
    expect(message).toBe(
      `This bike is already booked on ${formatBookedRange({ start: inDays(40), end: inDays(42) }, todayInIndia().slice(0, 4))}. Please choose other dates.`,
    );
    const result = (refused.body as { result: { error: Record<string, string[]> } }).result;
    expect(result.error.startDate).toEqual([message]);
    expect(refused.body).not.toHaveProperty('sent');
    // A one-day request on the single confirmed day, through the public API as the dialog sends it.
    const api = await post(bookingsAction, '/api/bookings', {
      type: 'bike',
      itemId: bike.id,
      ...traveller,
      startDate: inDays(50),
    });
    expect(api.status).toBe(409);
    expect(api.body).toMatchObject({ issues: [{ path: 'startDate', message: expect.stringMatching(/^This bike is already booked on /) }] });
    expect((await db().select().from(bookings).where(eq(bookings.bikeId, bike.id))).length).toBe(before);

    // The days right before and after, a cancelled booking's and a pending one's days are free.
    for (const [start, end] of [
      [inDays(37), inDays(39)],
      [inDays(43), inDays(49)],
      [inDays(51), null],
      [inDays(60), inDays(61)],
      [inDays(70), inDays(70)],
    ] as const) {
      const accepted = await postForm(`/bikes/${bike.id}/book`, bike.id, bikeForm(bike.id, start, end));
      expect(accepted.status, `${start}..${end}`).toBe(200);
      expect(accepted.body).toMatchObject({ sent: { reference: expect.stringMatching(/^[A-Z0-9]{6}$/) } });
    }
  });

  test("a car's page lists nothing while it has no confirmed days, and another car's days do not count", async () => {
    const car = await createCar({ model: 'Availability Innova', available: true });
    const other = await createCar({ model: 'Availability Bolero', available: true });
    await createBooking({ type: 'car', carId: other.id, itemName: other.model, status: 'confirmed', startDate: inDays(20), endDate: inDays(22) });
    const loaded = await settle(() => vehicleLoader(routeArgs(`/cars/${car.id}/book`, { id: car.id })));
    expect((loaded.body as { booked: { ranges: unknown[] } }).booked.ranges).toEqual([]);
    const res = await postForm(`/cars/${car.id}/book`, car.id, [
      ['type', 'car'],
      ['itemId', car.id],
      ...contact,
      ['startDate', inDays(21)],
      ['needDriver', 'false'],
    ]);
    expect(res.status).toBe(200);
  });
});
