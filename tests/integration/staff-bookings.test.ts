/**
 * Bookings staff enter and change (docs/product.md#bookings-and-inquiries): /admin/bookings/new
 * (fields, source, the 'create' audit entry, the traveller's acknowledgement without the office's
 * notification, bad input refused naming the field with nothing written), /admin/bookings/:id/edit
 * (item, travellers, helmet or driver, message, audited from/to; a confirmed vehicle booking moved
 * onto a clash refused with nothing written), POST /api/bookings with a staff session and `source`
 * (and a visitor's `source` refused), PATCH /api/bookings/:id's new fields, and the CSV's source.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, bookings, emailOutbox, type NewBooking } from '~/db/schema';
import { todayInIndia } from '~/lib/format';
import { shortReference } from '~/lib/ids';
import { readToast } from '~/lib/toast.server';
import { getBooking, setBookingStatus } from '~/models/booking.server';
import { action as editAction, loader as editLoader } from '~/routes/admin/bookings/edit';
import { action as newAction, loader as newLoader } from '~/routes/admin/bookings/new';
import { action as bookingAction } from '~/routes/api/booking';
import { action as bookingsAction, loader as bookingsLoader } from '~/routes/api/bookings';
import { loader as listLoader } from '~/routes/admin/bookings/list';
import { loader as exportLoader } from '~/routes/api/bookings.export';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBike, createBooking, createCar, createPackage } from '../factories';
import { routeArgs, settle } from '../route-args';
import { call, issuePaths } from './catalog-write-helpers';

let staff: Awaited<ReturnType<typeof createStaffSession>>;
let actor: { id: string; name: string; ip: string };

beforeAll(async () => {
  staff = await createStaffSession();
  actor = { id: staff.user.id, name: staff.user.username, ip: '127.0.0.1' };
});

const uid = () => randomUUID().slice(0, 8);

/** The day `days` after today in India, 'YYYY-MM-DD' (the forms take today or later). */
function daysAhead(days: number): string {
  return new Date(Date.parse(`${todayInIndia()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function postForm<P extends object>(url: string, fields: Record<string, string>, params: P) {
  return routeArgs(url, params, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: browserHeaders(staff.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
  });
}

async function toastOf(headers: Headers) {
  const cookie = (headers.get('Set-Cookie') ?? '').split(';')[0]!;
  return (await readToast(new Request('http://localhost/admin', { headers: { Cookie: cookie } }))).toast;
}

async function auditOf(id: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.createdAt);
}

async function bookingsByEmail(email: string) {
  return db().select().from(bookings).where(eq(bookings.email, email));
}

/** A booking in `status` reached the legal way. */
async function bookingIn(status: 'pending' | 'confirmed', overrides: Partial<NewBooking>) {
  const booking = await createBooking(overrides);
  if (status === 'confirmed') await setBookingStatus(booking.id, 'confirmed', actor);
  return (await getBooking(booking.id))!;
}

describe('/admin/bookings/new', () => {
  test('stores a phone booking for a car as pending with its source, audited, the traveller acknowledged and the office not notified', async () => {
    const car = await createCar();
    const email = `tenzin-${uid()}@example.com`;
    const start = daysAhead(20);
    const res = await settle(() =>
      newAction(
        postForm(
          '/admin/bookings/new',
          {
            type: 'car',
            source: 'phone',
            itemId: car.id,
            name: 'Tenzin Bhutia',
            email,
            phone: '+91 98320 12345',
            startDate: start,
            endDate: daysAhead(22),
            needDriver: 'on',
            message: 'Pickup at MG Marg',
          },
          {},
        ),
      ),
    );
    expect(res.status).toBe(302);
    const [row] = await bookingsByEmail(email);
    expect(row).toMatchObject({
      type: 'car',
      carId: car.id,
      itemName: car.model,
      source: 'phone',
      status: 'pending',
      startDate: start,
      endDate: daysAhead(22),
      needDriver: true,
      message: 'Pickup at MG Marg',
      publicityConsent: false,
    });
    expect(res.headers.get('Location')).toBe(`/admin/bookings/${row!.id}`);
    expect((await toastOf(res.headers))?.title).toBe(`Booking #${shortReference(row!.id)} added`);

    const [entry, ...more] = await auditOf(row!.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ action: 'create', actorId: staff.user.id });
    expect(entry!.summary).toContain('Phone');
    expect(entry!.changes).toMatchObject({
      source: { from: null, to: 'phone' },
      itemName: { from: null, to: car.model },
      name: { from: null, to: 'Tenzin Bhutia' },
    });

    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%#${shortReference(row!.id)}%`));
    expect(mails.map((m) => [m.to, m.kind])).toEqual([[email, 'acknowledgement']]);
  });

  test('refuses bad input naming each field and writes nothing', async () => {
    const email = `bad-${uid()}@example.com`;
    const res = await settle(() =>
      newAction(
        postForm(
          '/admin/bookings/new',
          { type: 'package', source: 'website', itemId: '', name: ' ', email, phone: '12', startDate: '2020-01-01', adults: '0' },
          {},
        ),
      ),
    );
    expect(res.status).toBe(400);
    const errors = (res.body as { result: { error: Record<string, string[]> } }).result.error;
    expect(Object.keys(errors).sort()).toEqual(['adults', 'itemId', 'name', 'phone', 'source', 'startDate']);
    expect(errors.startDate).toEqual(['Please choose today or a later date']);
    expect(await bookingsByEmail(email)).toHaveLength(0);
  });

  test('an unknown car is refused under itemId (400), an unavailable one like the public form (409); nothing written', async () => {
    const email = `item-${uid()}@example.com`;
    const base = { type: 'car', source: 'whatsapp', name: 'Dawa', email, phone: '+91 98320 12345', startDate: daysAhead(10) };
    const unknown = await settle(() => newAction(postForm('/admin/bookings/new', { ...base, itemId: randomUUID() }, {})));
    expect(unknown.status).toBe(400);
    expect((unknown.body as { result: { error: Record<string, string[]> } }).result.error.itemId).toEqual(['This car does not exist']);
    const off = await createCar({ available: false });
    const unavailable = await settle(() => newAction(postForm('/admin/bookings/new', { ...base, itemId: off.id }, {})));
    expect(unavailable.status).toBe(409);
    expect((unavailable.body as { result: { error: Record<string, string[]> } }).result.error.itemId).toEqual([`${off.model} is currently unavailable`]);
    expect(await bookingsByEmail(email)).toHaveLength(0);
  });

  test('offers the items of the chosen type (packages with the custom tour; unavailable vehicles marked)', async () => {
    const pkg = await createPackage();
    const off = await createBike({ available: false });
    const packages = await newLoader(routeArgs('/admin/bookings/new', {}, { headers: { Cookie: staff.cookie } }));
    expect(packages.type).toBe('package');
    expect(packages.items).toContainEqual({ value: pkg.id, label: pkg.title });
    expect(packages.items.at(-1)).toEqual({ value: 'custom', label: 'Custom tour' });
    const bikes = await newLoader(routeArgs('/admin/bookings/new?type=bike', {}, { headers: { Cookie: staff.cookie } }));
    expect(bikes.items).toContainEqual({ value: off.id, label: `${off.model} (unavailable)` });
  });
});

describe('/admin/bookings/:id/edit', () => {
  test('changes the package, travellers and message; the audit entry shows each from/to', async () => {
    const [first, second] = [await createPackage(), await createPackage()];
    const booking = await createBooking({ packageId: first.id, itemName: first.title, adults: 2, children: 0, email: `edit-${uid()}@example.com` });
    const loaded = await editLoader(routeArgs(`/admin/bookings/${booking.id}/edit`, { id: booking.id }, { headers: { Cookie: staff.cookie } }));
    expect(loaded.values).toMatchObject({ itemId: first.id, adults: '2', children: '0' });

    const res = await settle(() =>
      editAction(
        postForm(
          `/admin/bookings/${booking.id}/edit`,
          { ...loaded.values, itemId: second.id, adults: '3', children: '1', message: 'Two rooms, one with an extra bed' },
          { id: booking.id },
        ),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`/admin/bookings/${booking.id}`);
    expect((await toastOf(res.headers))?.title).toBe('Booking updated');
    expect(await getBooking(booking.id)).toMatchObject({ packageId: second.id, itemName: second.title, adults: 3, children: 1 });
    const [entry] = await auditOf(booking.id);
    expect(entry).toMatchObject({ action: 'update', summary: `Changed booking #${shortReference(booking.id)} to ${second.title}` });
    expect(entry!.changes).toEqual({
      packageId: { from: first.id, to: second.id },
      itemName: { from: first.title, to: second.title },
      adults: { from: 2, to: 3 },
      children: { from: 0, to: 1 },
      message: { from: '', to: 'Two rooms, one with an extra bed' },
    });
  });

  test('a confirmed bike booking moved to a bike booked those days is refused with the clash; nothing written', async () => {
    const [taken, free] = [await createBike(), await createBike()];
    const holder = await bookingIn('confirmed', {
      type: 'bike',
      bikeId: taken.id,
      itemName: taken.model,
      name: 'Asha Rai',
      startDate: '2027-03-05',
      endDate: '2027-03-07',
    });
    const moving = await bookingIn('confirmed', {
      type: 'bike',
      bikeId: free.id,
      itemName: free.model,
      needHelmet: true,
      startDate: '2027-03-06',
      endDate: '2027-03-06',
    });
    const before = await auditOf(moving.id);
    const loaded = await editLoader(routeArgs(`/admin/bookings/${moving.id}/edit`, { id: moving.id }, { headers: { Cookie: staff.cookie } }));
    const res = await settle(() =>
      editAction(postForm(`/admin/bookings/${moving.id}/edit`, { ...loaded.values, itemId: taken.id, needHelmet: 'false' }, { id: moving.id })),
    );
    expect(res.status).toBe(409);
    const clash = `Already booked: #${shortReference(holder.id)} (Asha Rai, Mar 5 – Mar 7, 2027)`;
    expect((res.body as { result: { error: Record<string, string[]> } }).result.error.itemId).toEqual([clash]);
    expect(await getBooking(moving.id)).toMatchObject({ bikeId: free.id, itemName: free.model, needHelmet: true });
    expect(await auditOf(moving.id)).toHaveLength(before.length);
  });

  test('a booking whose car was deleted keeps its item name when the item is left empty', async () => {
    const booking = await createBooking({ type: 'car', carId: null, itemName: 'Old Sumo', needDriver: true, startDate: '2027-05-01' });
    const loaded = await editLoader(routeArgs(`/admin/bookings/${booking.id}/edit`, { id: booking.id }, { headers: { Cookie: staff.cookie } }));
    expect(loaded).toMatchObject({ deletedItem: 'Old Sumo', values: { itemId: '' } });
    const res = await settle(() =>
      editAction(postForm(`/admin/bookings/${booking.id}/edit`, { ...loaded.values, needDriver: 'on', endDate: '2027-05-02' }, { id: booking.id })),
    );
    expect(res.status).toBe(302);
    expect(await getBooking(booking.id)).toMatchObject({ carId: null, itemName: 'Old Sumo', endDate: '2027-05-02' });
  });

  test('an unknown id is 404', async () => {
    const res = await settle(() => editLoader(routeArgs(`/admin/bookings/${randomUUID()}/edit`, { id: randomUUID() }, { headers: { Cookie: staff.cookie } })));
    expect(res.status).toBe(404);
  });
});

describe('POST /api/bookings', () => {
  const body = (email: string, extra: Record<string, unknown> = {}) => ({
    type: 'package',
    itemId: 'custom',
    name: 'Karma Lepcha',
    email,
    phone: '+91 98320 55555',
    startDate: daysAhead(40),
    ...extra,
  });

  test('with a staff Bearer token and a source stores a staff-entered booking, audited, without the office notification', async () => {
    const email = `api-${uid()}@example.com`;
    const res = await call(bookingsAction, '/api/bookings', {
      body: body(email, { source: 'whatsapp', adults: 4 }),
      headers: { Authorization: staff.authorization },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ source: 'whatsapp', status: 'pending', itemName: 'Custom tour', adults: 4, children: 0 });
    const id = (res.body as { id: string }).id;
    expect((await auditOf(id)).map((e) => [e.action, e.actorId])).toEqual([['create', staff.user.id]]);
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%#${shortReference(id)}%`));
    expect(mails.map((m) => m.kind)).toEqual(['acknowledgement']);
  });

  test("a visitor's source is refused naming it; a staff call with the public 'website' source too; nothing stored", async () => {
    const email = `visitor-${uid()}@example.com`;
    const visitor = await call(bookingsAction, '/api/bookings', { body: body(email, { source: 'phone' }) });
    expect(visitor.status).toBe(400);
    expect(issuePaths(visitor.body)).toEqual(['source']);
    const website = await call(bookingsAction, '/api/bookings', { body: body(email, { source: 'website' }), headers: { Authorization: staff.authorization } });
    expect(website.status).toBe(400);
    expect(issuePaths(website.body)).toEqual(['source']);
    expect(await bookingsByEmail(email)).toHaveLength(0);
  });

  test('a cookie session from another origin is refused (403); without source a staff call is a website booking', async () => {
    const email = `cookie-${uid()}@example.com`;
    const crossSite = await call(bookingsAction, '/api/bookings', {
      body: body(email, { source: 'phone' }),
      headers: { Cookie: staff.cookie, Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await bookingsByEmail(email)).toHaveLength(0);
    const plain = await call(bookingsAction, '/api/bookings', { body: body(email), headers: { Authorization: staff.authorization } });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ source: 'website' });
  });
});

describe('PATCH /api/bookings/:id (item, travellers, extras)', () => {
  const patch = (id: string, payload: unknown) =>
    call(bookingAction, `/api/bookings/${id}`, { method: 'PATCH', body: payload, params: { id }, headers: { Authorization: staff.authorization } });

  test('an unknown item is 400 naming itemId; a field of another type 400 naming it; an unavailable bike 409; nothing written', async () => {
    const bike = await createBike();
    const booking = await createBooking({ type: 'bike', bikeId: bike.id, itemName: bike.model, needHelmet: true });
    const unknown = await patch(booking.id, { itemId: randomUUID() });
    expect(unknown.status).toBe(400);
    expect(issuePaths(unknown.body)).toEqual(['itemId']);
    const adults = await patch(booking.id, { adults: 2 });
    expect(adults.status).toBe(400);
    expect(issuePaths(adults.body)).toEqual(['adults']);
    const off = await createBike({ available: false });
    const unavailable = await patch(booking.id, { itemId: off.id, needHelmet: false });
    expect(unavailable.status).toBe(409);
    expect(issuePaths(unavailable.body)).toEqual(['itemId']);
    expect(await getBooking(booking.id)).toMatchObject({ bikeId: bike.id, needHelmet: true });
    expect(await auditOf(booking.id)).toHaveLength(0);
  });

  test('a confirmed car moved onto a booked car is 409 naming the clash; another free car is saved and audited', async () => {
    const [taken, free, spare] = [await createCar(), await createCar(), await createCar()];
    const holder = await bookingIn('confirmed', { type: 'car', carId: taken.id, itemName: taken.model, name: 'Asha Rai', startDate: '2027-04-10' });
    const moving = await bookingIn('confirmed', { type: 'car', carId: free.id, itemName: free.model, needDriver: false, startDate: '2027-04-10' });
    const refused = await patch(moving.id, { itemId: taken.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: `Already booked: #${shortReference(holder.id)} (Asha Rai, Apr 10, 2027)`, issues: [{ path: 'itemId' }] });
    expect((await getBooking(moving.id))!.carId).toBe(free.id);

    const saved = await patch(moving.id, { itemId: spare.id, needDriver: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ carId: spare.id, itemName: spare.model, needDriver: true, status: 'confirmed' });
    const update = (await auditOf(moving.id)).find((e) => e.action === 'update');
    expect(update!.changes).toEqual({
      carId: { from: free.id, to: spare.id },
      itemName: { from: free.model, to: spare.model },
      needDriver: { from: false, to: true },
    });
  });

  test("a GET record sent back unchanged is no change, even with another type's null fields", async () => {
    const car = await createCar();
    const booking = await createBooking({ type: 'car', carId: car.id, itemName: car.model, needDriver: false });
    const record = JSON.parse(JSON.stringify(await getBooking(booking.id)));
    const res = await call(bookingAction, `/api/bookings/${booking.id}`, {
      method: 'PUT',
      body: record,
      params: { id: booking.id },
      headers: { Authorization: staff.authorization },
    });
    expect(res.status).toBe(200);
    expect(await auditOf(booking.id)).toHaveLength(0);
  });
});

test('the list, the API and the export filter by source; a bad source is 400 naming it', async () => {
  const tag = uid();
  const phone = await createBooking({ name: `Src ${tag} phone`, source: 'phone' });
  await createBooking({ name: `Src ${tag} web` });
  const page = await listLoader(routeArgs(`/admin/bookings?q=${tag}&source=phone`, {}, { headers: { Cookie: staff.cookie } }));
  expect(page.rows.map((r) => [r.id, r.source])).toEqual([[phone.id, 'Phone']]);
  expect(page.filters.source).toBe('phone');
  expect(page.exportHref).toContain('source=phone');
  const api = await call(bookingsLoader, `/api/bookings?q=${tag}&source=website`, { method: 'GET', headers: { Authorization: staff.authorization } });
  expect((api.body as { name: string }[]).map((b) => b.name)).toEqual([`Src ${tag} web`]);
  const bad = await call(bookingsLoader, '/api/bookings?source=fax', { method: 'GET', headers: { Authorization: staff.authorization } });
  expect(bad.status).toBe(400);
  expect(issuePaths(bad.body)).toEqual(['source']);
});

test('the CSV export has the source column', async () => {
  const tag = uid();
  await createBooking({ name: `Csv ${tag}`, source: 'walk-in' });
  const res = await exportLoader(routeArgs(`/api/bookings/export?q=${tag}`, {}, { headers: { Authorization: staff.authorization } }));
  const [header, line] = (await res.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const columns = header!.split(',');
  expect(columns).toContain('Source');
  expect(line!.split(',')[columns.indexOf('Source')]).toBe('walk-in');
});
