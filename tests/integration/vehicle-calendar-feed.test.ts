/**
 * The vehicles' calendar feeds (docs/decisions/048-trip-operations.md#ical-feed-per-vehicle):
 * GET /calendars/<bikes|cars>/<id>/<token>.ics answers an RFC 5545 calendar with one all-day event
 * per confirmed rental and per trip assignment using the car (DTSTART;VALUE=DATE, DTEND the day
 * after the last day, UIDs stable between fetches), without cancelled or pending bookings; private
 * and not indexed. A wrong token, another vehicle's token, an unknown vehicle or no key: a bare 404.
 * A token made with OLD_SECRETS_KEY still works while keys are rotated.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { tripAssignments } from '~/db/schema';
import { shortReference } from '~/lib/ids';
import { newSecretsKey, parseSecretsKey, setSecretsKeysForTests } from '~/lib/secrets.server';
import { vehicleFeedPath, vehicleFeedToken } from '~/lib/vehicle-feed.server';
import { robotsTxt } from '~/lib/sitemap';
import { loader as feedLoader } from '~/routes/calendars/vehicle';
import { createBike, createBooking, createCar, createDriver } from '../factories';
import { routeArgs } from '../route-args';
import { inDays } from './submissions-helpers';

afterEach(() => setSecretsKeysForTests());

/** GET a feed path through the route's loader. */
async function get(path: string): Promise<Response> {
  const [, , type, id, file] = path.split('/');
  return feedLoader(routeArgs(path, { type: type!, id: id!, file: file! }));
}

type Property = { name: string; params: Record<string, string>; value: string };

/** RFC 5545 content lines: CRLF, folded lines (CRLF + space) joined, 'NAME;PARAM=V:value' split. */
function parseIcs(text: string): { calendar: Property[]; events: Property[][] } {
  expect(text).toMatch(/\r\n/);
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const calendar: Property[] = [];
  const events: Property[][] = [];
  let current: Property[] | null = null;
  for (const line of lines) {
    const colon = line.indexOf(':');
    const [name, ...params] = line.slice(0, colon).split(';');
    const property: Property = { name: name!, params: Object.fromEntries(params.map((p) => p.split('=') as [string, string])), value: line.slice(colon + 1) };
    if (property.name === 'BEGIN' && property.value === 'VEVENT') current = [];
    else if (property.name === 'END' && property.value === 'VEVENT') {
      events.push(current!);
      current = null;
    } else (current ?? calendar).push(property);
  }
  return { calendar, events };
}

function prop(event: Property[], name: string): Property | undefined {
  return event.find((p) => p.name === name);
}

const compact = (day: string) => day.replaceAll('-', '');

describe('GET /calendars/:type/:id/:token.ics', () => {
  test("a car's feed: its confirmed rentals and trips as all-day events, nothing cancelled, stable UIDs", async () => {
    const car = await createCar({ model: 'Feed Innova', registrationNumber: 'SK 01 J 1234' });
    const otherCar = await createCar({ model: 'Feed Other Car' });
    const base = { type: 'car' as const, carId: car.id, itemName: car.model };
    const rental = await createBooking({
      ...base,
      name: 'Dorjee Lepcha',
      phone: '+91 90000 11111',
      status: 'confirmed',
      startDate: inDays(10),
      endDate: inDays(12),
    });
    const oneDay = await createBooking({ ...base, name: 'One Day Guest', status: 'confirmed', startDate: inDays(20), endDate: null });
    await createBooking({ ...base, name: 'Cancelled Guest', status: 'cancelled', startDate: inDays(14), endDate: inDays(15) });
    await createBooking({ ...base, name: 'Pending Guest', status: 'pending', startDate: inDays(16), endDate: inDays(16) });
    await createBooking({ type: 'car', carId: otherCar.id, itemName: otherCar.model, name: 'Other Car Guest', status: 'confirmed', startDate: inDays(10) });
    const tour = await createBooking({
      type: 'package',
      itemName: 'North Sikkim 3 days',
      name: 'Mingma Sherpa',
      phone: '+91 90000 22222',
      status: 'confirmed',
      startDate: inDays(30),
    });
    const cancelledTour = await createBooking({ type: 'package', itemName: 'Tsomgo day trip', name: 'Gone Guest', status: 'cancelled', startDate: inDays(40) });
    const driver = await createDriver({ name: 'Pemba Tamang', phone: '+91 94340 12345' });
    const [trip] = await db()
      .insert(tripAssignments)
      .values({
        bookingId: tour.id,
        driverId: driver.id,
        carId: car.id,
        startsOn: inDays(30),
        endsOn: inDays(32),
        pickupTime: '07:30',
        pickupPlace: 'Hotel Tashi Delek, MG Marg',
        notes: 'Two big bags',
      })
      .returning();
    await db()
      .insert(tripAssignments)
      .values({
        bookingId: cancelledTour.id,
        driverId: (await createDriver()).id,
        carId: car.id,
        startsOn: inDays(40),
        endsOn: inDays(40),
        pickupTime: '08:00',
        pickupPlace: 'Gone',
      });

    const path = vehicleFeedPath('car', car.id)!;
    expect(path).toMatch(new RegExp(`^/calendars/cars/${car.id}/[A-Za-z0-9_-]{22}\\.ics$`));
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('X-Robots-Tag')).toContain('noindex');
    const text = await res.text();
    const { calendar, events } = parseIcs(text);
    expect(calendar.find((p) => p.name === 'BEGIN')?.value).toBe('VCALENDAR');
    expect(calendar.find((p) => p.name === 'VERSION')?.value).toBe('2.0');
    expect(calendar.find((p) => p.name === 'PRODID')).toBeDefined();
    expect(calendar.find((p) => p.name === 'X-WR-CALNAME')?.value).toContain('Feed Innova (SK 01 J 1234)');

    expect(events).toHaveLength(3);
    const byUid = new Map(events.map((e) => [prop(e, 'UID')!.value, e]));
    // A three-day rental: its first day, and DTEND the day after its last day (exclusive).
    const r = byUid.get(`booking-${rental.id}@localhost`)!;
    expect(r).toBeDefined();
    expect(prop(r, 'DTSTART')).toEqual({ name: 'DTSTART', params: { VALUE: 'DATE' }, value: compact(inDays(10)) });
    expect(prop(r, 'DTEND')).toEqual({ name: 'DTEND', params: { VALUE: 'DATE' }, value: compact(inDays(13)) });
    expect(prop(r, 'SUMMARY')!.value).toBe(`#${shortReference(rental.id)} Dorjee Lepcha: Feed Innova`);
    expect(prop(r, 'DESCRIPTION')!.value).toContain('Phone: +91 90000 11111');
    // A booking without an end date is its start day alone.
    const o = byUid.get(`booking-${oneDay.id}@localhost`)!;
    expect(prop(o, 'DTSTART')!.value).toBe(compact(inDays(20)));
    expect(prop(o, 'DTEND')!.value).toBe(compact(inDays(21)));
    // The trip: driver, pickup time and place.
    const t = byUid.get(`trip-${trip!.id}@localhost`)!;
    expect(prop(t, 'DTSTART')).toEqual({ name: 'DTSTART', params: { VALUE: 'DATE' }, value: compact(inDays(30)) });
    expect(prop(t, 'DTEND')!.value).toBe(compact(inDays(33)));
    expect(prop(t, 'SUMMARY')!.value).toBe(`07:30 pickup\\, Pemba Tamang: #${shortReference(tour.id)} Mingma Sherpa`);
    expect(prop(t, 'LOCATION')!.value).toBe('Hotel Tashi Delek\\, MG Marg');
    expect(prop(t, 'DESCRIPTION')!.value).toContain('Driver: Pemba Tamang (+91 94340 12345)');
    expect(prop(t, 'DESCRIPTION')!.value).toContain('Notes: Two big bags');
    // Nothing of the cancelled, pending or other car's bookings, nor of a cancelled booking's trip.
    for (const absent of ['Cancelled Guest', 'Pending Guest', 'Other Car Guest', 'Gone Guest']) expect(text).not.toContain(absent);

    // Fetched again: the same UIDs (a phone updates its events in place).
    const again = parseIcs(await (await get(path)).text());
    expect(again.events.map((e) => prop(e, 'UID')!.value).sort()).toEqual([...byUid.keys()].sort());
  });

  test("a bike's feed has its rentals; a wrong or another vehicle's token, an unknown vehicle: a bare 404", async () => {
    const bike = await createBike({ model: 'Feed Himalayan' });
    const other = await createBike({ model: 'Feed Other Bike' });
    await createBooking({
      type: 'bike',
      bikeId: bike.id,
      itemName: bike.model,
      name: 'Rider Guest',
      status: 'confirmed',
      startDate: inDays(5),
      endDate: inDays(6),
    });
    const path = vehicleFeedPath('bike', bike.id)!;
    const { events } = parseIcs(await (await get(path)).text());
    expect(events).toHaveLength(1);

    const token = path.split('/').at(-1)!.replace('.ics', '');
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const bad of [
      `/calendars/bikes/${bike.id}/${wrong}.ics`,
      `/calendars/bikes/${other.id}/${token}.ics`,
      `/calendars/cars/${bike.id}/${token}.ics`,
      `/calendars/bikes/${bike.id}/${token}.ical`,
      `/calendars/bikes/${bike.id}/${token}`,
      `/calendars/planes/${bike.id}/${token}.ics`,
      vehicleFeedPath('bike', missing)!,
    ]) {
      const res = await get(bad);
      expect(res.status, bad).toBe(404);
      expect(await res.text()).toBe('Not Found');
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    }
    expect(robotsTxt('https://tours.example')).toMatch(/^Disallow: \/calendars\/$/m);
  });

  test('keys: a token of OLD_SECRETS_KEY works during a rotation; without any key there is no feed', async () => {
    const bike = await createBike({ model: 'Feed Rotation Bike' });
    const oldKey = parseSecretsKey(newSecretsKey());
    const newKey = parseSecretsKey(newSecretsKey());
    setSecretsKeysForTests({ current: oldKey, old: null });
    const before = vehicleFeedPath('bike', bike.id)!;
    setSecretsKeysForTests({ current: newKey, old: oldKey });
    expect(vehicleFeedPath('bike', bike.id)).not.toBe(before);
    expect((await get(before)).status).toBe(200);
    expect((await get(vehicleFeedPath('bike', bike.id)!)).status).toBe(200);
    setSecretsKeysForTests({ current: newKey, old: null });
    expect((await get(before)).status).toBe(404);
    setSecretsKeysForTests({ current: null, old: null });
    expect(vehicleFeedPath('bike', bike.id)).toBeNull();
    expect((await get(`/calendars/bikes/${bike.id}/${vehicleFeedToken('bike', bike.id, newKey)}.ics`)).status).toBe(404);
  });
});
