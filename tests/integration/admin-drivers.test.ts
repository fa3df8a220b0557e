/**
 * /admin/drivers (docs/decisions/048-trip-operations.md): add, edit and delete through the pages'
 * actions with their audit entries; the validation messages (required fields, the phone's shape, a
 * real expiry date); an expired licence flagged in the list; delete for the admin role only; and
 * the duty sheet's loader (/admin/duty) with its WhatsApp link.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, drivers } from '~/db/schema';
import { addDays } from '~/lib/calendar-date';
import { todayInIndia } from '~/lib/format';
import { getDriver } from '~/models/driver.server';
import { assignTrip } from '~/models/trip-assignment.server';
import { loader as calendarLoader } from '~/routes/admin/calendar';
import { loader as dutyLoader } from '~/routes/admin/duty';
import { action as editAction } from '~/routes/admin/drivers/edit';
import { action as listAction, loader as listLoader } from '~/routes/admin/drivers/list';
import { action as newAction } from '~/routes/admin/drivers/new';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBooking, createCar, createDriver } from '../factories';
import { routeArgs, settle, type NoParams } from '../route-args';

let admin: string;
let staff: string;

beforeAll(async () => {
  admin = (await createStaffSession()).cookie;
  staff = (await createStaffSession(undefined, 'staff')).cookie;
});

function post<P extends object = NoParams>(url: string, fields: Record<string, string>, params?: P, cookie = admin) {
  return routeArgs(url, params, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: browserHeaders(cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
  });
}

const valid = { name: 'Tashi Bhutia', phone: '+91 94340 12345', licenceNumber: 'SK01 20150001234', licenceExpiresOn: '2030-06-30', languages: 'Nepali, Hindi' };

type Reply = { result: { error?: Record<string, string[] | null> } };

describe('adding and editing a driver', () => {
  test('saves, redirects with the toast and records the audit entries', async () => {
    const created = await settle(() => newAction(post('/admin/drivers/new', valid)));
    expect(created.status).toBe(302);
    expect(created.headers.get('Location')).toBe('/admin/drivers');
    const [row] = await db().select().from(drivers).where(eq(drivers.licenceNumber, valid.licenceNumber));
    expect(row).toMatchObject({ name: 'Tashi Bhutia', phone: '+91 94340 12345', licenceExpiresOn: '2030-06-30', languages: 'Nepali, Hindi' });

    const edited = await settle(() => editAction(post(`/admin/drivers/edit/${row!.id}`, { ...valid, phone: '9434012399' }, { id: row!.id })));
    expect(edited.status).toBe(302);
    expect((await getDriver(row!.id))!.phone).toBe('9434012399');

    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, row!.id)).orderBy(desc(auditLog.createdAt));
    expect(entries.map((e) => e.summary)).toEqual(['Updated driver Tashi Bhutia', 'Created driver Tashi Bhutia']);
    expect(entries[0]!.changes).toEqual({ phone: { from: '+91 94340 12345', to: '9434012399' } });
  });

  test('names each bad field', async () => {
    const missing = await settle(() => newAction(post('/admin/drivers/new', { languages: 'Nepali' })));
    expect(missing.status).toBe(400);
    const errors = (missing.body as Reply).result.error!;
    expect(errors.name).toEqual(['Please enter the driver’s name']);
    expect(errors.phone).toEqual(['Please enter your phone number']);
    expect(errors.licenceNumber).toEqual(['Please enter the licence number']);
    expect(errors.licenceExpiresOn).toEqual(['Please enter the licence’s expiry date']);

    const bad = await settle(() => newAction(post('/admin/drivers/new', { ...valid, phone: 'call me', licenceExpiresOn: '2027-02-30' })));
    expect(bad.status).toBe(400);
    const badErrors = (bad.body as Reply).result.error!;
    expect(badErrors.phone).toEqual(['Please enter a valid phone number']);
    expect(badErrors.licenceExpiresOn).toEqual(['Enter a real date as YYYY-MM-DD']);
  });

  test('an unknown id is a 404', async () => {
    const id = '3f2a5c1e-8b4d-4c6e-9a7b-1d2e3f4a5b6c';
    const outcome = await settle(() => editAction(post(`/admin/drivers/edit/${id}`, valid, { id })));
    expect(outcome.status).toBe(404);
  });
});

describe('the list', () => {
  test('flags an expired licence', async () => {
    const expired = await createDriver({ name: 'Expired Licence', licenceExpiresOn: addDays(todayInIndia(), -1) });
    const valid = await createDriver({ name: 'Valid Licence', licenceExpiresOn: todayInIndia() });
    const data = await listLoader(routeArgs('/admin/drivers', {}, { headers: browserHeaders(admin) }));
    const rows = new Map(data.rows.map((r) => [r.id, r]));
    expect(rows.get(expired.id)!.expired).toBe(true);
    expect(rows.get(valid.id)!.expired).toBe(false);
  });

  test('delete is for the admin role; a driver with trips is kept', async () => {
    const driver = await createDriver();
    const refused = await settle(() => listAction(post('/admin/drivers', { intent: 'delete', id: driver.id }, {}, staff)));
    expect(refused.status).toBe(403);

    const busy = await createDriver();
    const booking = await createBooking({ status: 'confirmed' });
    await assignTrip(booking.id, {
      driverId: busy.id,
      carId: null,
      startsOn: '2027-01-05',
      endsOn: '2027-01-05',
      pickupTime: '09:00',
      pickupPlace: 'MG Marg',
      notes: '',
    });
    await settle(() => listAction(post('/admin/drivers', { intent: 'delete', id: busy.id })));
    expect(await getDriver(busy.id)).not.toBeNull();

    const deleted = await settle(() => listAction(post('/admin/drivers', { intent: 'delete', id: driver.id })));
    expect(deleted.status).toBe(302);
    expect(await getDriver(driver.id)).toBeNull();
  });
});

describe('the duty sheet page', () => {
  test("shows the day's pickups with a WhatsApp link to the driver, and today by default", async () => {
    const driver = await createDriver({ name: 'Pemba Sherpa', phone: '94340 55555' });
    const booking = await createBooking({ status: 'confirmed', name: 'Asha Rai', phone: '+91 90000 00001', itemName: 'Tsomgo Lake day trip' });
    await assignTrip(booking.id, {
      driverId: driver.id,
      carId: null,
      startsOn: '2027-08-01',
      endsOn: '2027-08-03',
      pickupTime: '07:30',
      pickupPlace: 'Hotel Norkhill',
      notes: 'Vegetarian lunch',
    });

    const data = await dutyLoader(routeArgs('/admin/duty?date=2027-08-02', {}, { headers: browserHeaders(staff) }));
    expect(data.date).toBe('2027-08-02');
    expect(data.drivers).toHaveLength(1);
    const [sheet] = data.drivers;
    expect(sheet!.pickups).toMatchObject([
      {
        pickupTime: '07:30',
        guestName: 'Asha Rai',
        guestPhone: '+91 90000 00001',
        pickupPlace: 'Hotel Norkhill',
        itemName: 'Tsomgo Lake day trip',
        notes: 'Vegetarian lunch',
        days: 'Day 2 of 3',
      },
    ]);
    const link = new URL(sheet!.whatsapp);
    expect(link.origin + link.pathname).toBe('https://wa.me/919434055555');
    const text = link.searchParams.get('text')!;
    expect(text).toContain('Namaste Pemba Sherpa, your pickups for Mon, Aug 2, 2027:');
    expect(text).toContain('07:30 – Asha Rai (+91 90000 00001)\nPickup: Hotel Norkhill\nTrip: Tsomgo Lake day trip');
    expect(text).toContain('Notes: Vegetarian lunch');

    const fallback = await dutyLoader(routeArgs('/admin/duty?date=2027-02-30', {}, { headers: browserHeaders(staff) }));
    expect(fallback.date).toBe(todayInIndia());
  });

  test('sends an anonymous visitor to the login page', async () => {
    const outcome = await settle(() => dutyLoader(routeArgs('/admin/duty')));
    expect(outcome.status).toBe(302);
  });
});

describe('the week calendar', () => {
  test("shows each driver's and car's trips and the cars' confirmed rentals in the week from Monday", async () => {
    const driver = await createDriver({ name: 'Karma Lepcha' });
    const car = await createCar({ model: 'Mahindra Bolero', registrationNumber: 'SK 02 A 7777' });
    const trip = await createBooking({ status: 'confirmed', name: 'Trip Guest' });
    await assignTrip(trip.id, {
      driverId: driver.id,
      carId: car.id,
      startsOn: '2027-09-07',
      endsOn: '2027-09-08',
      pickupTime: '06:00',
      pickupPlace: 'Hotel',
      notes: '',
    });
    const rental = await createBooking({
      status: 'confirmed',
      type: 'car',
      carId: car.id,
      itemName: 'Mahindra Bolero',
      name: 'Rental Guest',
      startDate: '2027-09-11',
      endDate: '2027-09-14',
    });
    await createBooking({ status: 'pending', type: 'car', carId: car.id, itemName: 'Mahindra Bolero', name: 'Pending Guest', startDate: '2027-09-09' });

    // 2027-09-08 is a Wednesday: the week runs Monday 6 to Sunday 12 September.
    const data = await calendarLoader(routeArgs('/admin/calendar?week=2027-09-08', {}, { headers: browserHeaders(staff) }));
    expect(data.start).toBe('2027-09-06');
    expect(data.days.map((d) => d.date)).toEqual(['2027-09-06', '2027-09-07', '2027-09-08', '2027-09-09', '2027-09-10', '2027-09-11', '2027-09-12']);
    const driverRow = data.drivers.find((r) => r.id === driver.id)!;
    expect(driverRow.days.map((d) => d.map((e) => e.guestName))).toEqual([[], ['Trip Guest'], ['Trip Guest'], [], [], [], []]);
    const carRow = data.cars.find((r) => r.id === car.id)!;
    expect(carRow.detail).toBe('SK 02 A 7777');
    expect(carRow.days.map((d) => d.map((e) => `${e.kind}:${e.guestName}`))).toEqual([
      [],
      ['trip:Trip Guest'],
      ['trip:Trip Guest'],
      [],
      [],
      ['rental:Rental Guest'],
      ['rental:Rental Guest'],
    ]);
    expect(carRow.days[5]![0]!.bookingId).toBe(rental.id);
  });
});
