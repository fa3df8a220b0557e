/**
 * The staff bookings API (docs/decisions/009-rest-api.md, docs/product.md#booking-status): GET
 * /api/bookings (bare array, X-Total-Count, filters, paging, 400 on a bad parameter), GET / PATCH /
 * PUT / DELETE /api/bookings/:id with every legal and illegal transition (409 `{error, issues}`), the
 * overlap refusal, corrections of contact fields and dates with their validation, the pipeline
 * fields, unknown fields, audit entries for changes and deletes, and the guard. The public POST stays
 * public.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, users, type NewBooking } from '~/db/schema';
import { BOOKING_STATUSES, canTransition, type BookingStatus } from '~/lib/constants';
import { todayInIndia } from '~/lib/format';
import { shortReference } from '~/lib/ids';
import { getBooking, setBookingStatus } from '~/models/booking.server';
import * as bookingsOpenApi from '~/routes/api/+openapi/bookings';
import { action as bookingAction, loader as bookingLoader } from '~/routes/api/booking';
import { action as bookingsAction, loader as bookingsLoader } from '~/routes/api/bookings';
import { BOOKING_TRANSITIONS } from '~/schemas/booking-admin';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBike, createBooking, createPackage } from '../factories';
import { call, issuePaths } from './catalog-write-helpers';

let staff: Awaited<ReturnType<typeof createStaffSession>>;
let auth: Record<string, string>;
let actor: { id: string; name: string; ip: string };

beforeAll(async () => {
  staff = await createStaffSession();
  auth = { Authorization: staff.authorization };
  actor = { id: staff.user.id, name: staff.user.username, ip: '127.0.0.1' };
});

const uid = () => randomUUID().slice(0, 8);

async function bookingIn(status: BookingStatus, overrides: Partial<NewBooking> = {}) {
  const booking = await createBooking(overrides);
  if (status !== 'pending') await setBookingStatus(booking.id, status, actor);
  return (await getBooking(booking.id))!;
}

const change = (id: string, body: unknown, method = 'PATCH', headers = auth) =>
  call(bookingAction, `/api/bookings/${id}`, { method, body, params: { id }, headers });
const read = (id: string, headers = auth) => call(bookingLoader, `/api/bookings/${id}`, { method: 'GET', params: { id }, headers });
const listing = (query: string, headers = auth) => call(bookingsLoader, `/api/bookings${query}`, { method: 'GET', headers });

async function auditOf(id: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.createdAt);
}

describe('GET /api/bookings', () => {
  test('answers a bare camelCase array with X-Total-Count, filtered and paged', async () => {
    const tag = uid();
    const today = todayInIndia();
    const a = await createBooking({ name: `Api ${tag} A`, followUpOn: today, assignedTo: staff.user.id });
    await bookingIn('confirmed', { name: `Api ${tag} B` });
    await bookingIn('rejected', { name: `Api ${tag} C`, followUpOn: today });
    const all = await listing(`?q=${tag}`);
    expect(all.status).toBe(200);
    expect(all.headers.get('X-Total-Count')).toBe('3');
    expect(all.headers.get('Cache-Control')).toBe('no-store');
    const items = all.body as Record<string, unknown>[];
    expect(Array.isArray(items)).toBe(true);
    expect(items.map((b) => b.name)).toEqual([`Api ${tag} C`, `Api ${tag} B`, `Api ${tag} A`]);
    expect(items[2]).toMatchObject({
      id: a.id,
      reference: shortReference(a.id),
      startDate: '2027-01-05',
      itemName: 'Sikkim Explorer',
      followUpOn: today,
      confirmedAt: null,
    });
    expect(Object.keys(items[0]!).some((k) => k.includes('_'))).toBe(false);

    const names = async (q: string) => ((await listing(`?q=${tag}&${q}`)).body as { name: string }[]).map((b) => b.name.at(-1));
    expect(await names('status=confirmed')).toEqual(['B']);
    expect(await names('due=today')).toEqual(['A']);
    expect(await names('assigned=me')).toEqual(['A']);
    expect(await names(`assigned=${staff.user.id}`)).toEqual(['A']);
    expect(await names('type=bike')).toEqual([]);
    expect(await names('sort=oldest&limit=2')).toEqual(['A', 'B']);
    const paged = await listing(`?q=${tag}&sort=oldest&limit=1&offset=2`);
    expect((paged.body as { name: string }[]).map((b) => b.name.at(-1))).toEqual(['C']);
    expect(paged.headers.get('X-Total-Count')).toBe('3');
  });

  test('answers 400 naming each bad parameter, 401 without a session', async () => {
    const bad = await listing('?status=done&type=boat&sort=up&due=tomorrow&assigned=someone&limit=0');
    expect(bad.status).toBe(400);
    expect(issuePaths(bad.body)).toEqual(['assigned', 'due', 'limit', 'sort', 'status', 'type']);
    expect((await listing('', {})).status).toBe(401);
  });

  test('POST stays public: a visitor books without a session', async () => {
    const pkg = await createPackage();
    const res = await call(bookingsAction, '/api/bookings', {
      body: { type: 'package', itemId: pkg.id, name: 'Visitor', email: 'v@example.com', phone: '+91 90000 11111', startDate: todayInIndia() },
      headers: { Origin: 'http://localhost' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', itemName: pkg.title });
  });
});

describe('GET /api/bookings/:id', () => {
  test('answers the booking, 404 for an unknown or malformed id, 401 without a session', async () => {
    const booking = await createBooking();
    const res = await read(booking.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: booking.id, reference: shortReference(booking.id), status: 'pending' });
    expect((await read(randomUUID())).status).toBe(404);
    expect((await read('nope')).status).toBe(404);
    expect((await read(booking.id, {})).status).toBe(401);
  });
});

describe('status changes through PATCH and PUT', () => {
  const cases = BOOKING_STATUSES.flatMap((from) => BOOKING_STATUSES.map((to) => ({ from, to })));

  test.each(cases)('$from → $to', async ({ from, to }) => {
    for (const method of ['PATCH', 'PUT']) {
      const booking = await bookingIn(from);
      const res = await change(booking.id, { status: to }, method);
      const stored = (await getBooking(booking.id))!;
      if (canTransition(BOOKING_TRANSITIONS, from, to)) {
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ id: booking.id, status: to });
        expect(stored.status).toBe(to);
        expect(stored.confirmedAt === null).toBe(to !== 'confirmed');
        const entries = await auditOf(booking.id);
        expect(entries.at(-1)).toMatchObject({ action: 'status', changes: { status: { from, to } }, actorName: staff.user.username });
      } else {
        expect(res.status).toBe(409);
        const body = res.body as { error: string; issues: { path: string; message: string }[] };
        expect(body.error).toBe(
          from === to ? `This booking is already ${from}` : to === 'pending' ? 'A booking never goes back to pending' : `A ${from} booking cannot be ${to}`,
        );
        expect(body.issues).toEqual([{ path: 'status', message: body.error }]);
        expect(stored.status).toBe(from);
        expect(stored.updatedAt).toEqual(booking.updatedAt);
      }
    }
  });

  test('snake_case, unknown and read-only fields; the current status with other changes is no transition', async () => {
    const booking = await bookingIn('confirmed');
    const roundTrip = (await read(booking.id)).body as Record<string, unknown>;
    const res = await change(booking.id, { ...roundTrip, phone: '+91 99999 88888' }, 'PUT');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: '+91 99999 88888', status: 'confirmed' });
    const typo = await change(booking.id, { stauts: 'rejected', follow_up_on: '2027-01-01' });
    expect(typo.status).toBe(400);
    expect(issuePaths(typo.body)).toEqual(['stauts']);
    expect((await getBooking(booking.id))!.followUpOn).toBeNull();
    const snake = await change(booking.id, { follow_up_on: '2027-01-01' });
    expect(snake.status).toBe(200);
    expect(snake.body).toMatchObject({ followUpOn: '2027-01-01' });
  });

  test('an overlapping confirmation of the same bike is 409 naming the clash', async () => {
    const bike = await createBike();
    const first = await bookingIn('confirmed', {
      type: 'bike',
      bikeId: bike.id,
      itemName: bike.model,
      name: 'Asha Rai',
      startDate: '2025-01-05',
      endDate: '2025-01-07',
    });
    const second = await createBooking({ type: 'bike', bikeId: bike.id, itemName: bike.model, startDate: '2025-01-06' });
    const res = await change(second.id, { status: 'confirmed' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: `Already booked: #${shortReference(first.id)} (Asha Rai, Jan 5 – Jan 7, 2025)`,
      issues: [{ path: 'status', message: `Already booked: #${shortReference(first.id)} (Asha Rai, Jan 5 – Jan 7, 2025)` }],
    });
    // Moving a confirmed booking's dates onto another one is refused the same way.
    const third = await bookingIn('confirmed', { type: 'bike', bikeId: bike.id, itemName: bike.model, startDate: '2025-02-01', endDate: '2025-02-02' });
    const moved = await change(third.id, { startDate: '2025-01-07', endDate: '2025-01-08' });
    expect(moved.status).toBe(409);
    expect(issuePaths(moved.body)).toEqual(['startDate']);
    expect((await getBooking(third.id))!.startDate).toBe('2025-02-01');
    // Moving it to free days is fine.
    expect((await change(third.id, { startDate: '2025-01-08', endDate: '2025-01-09' })).status).toBe(200);
  });
});

describe('corrections and pipeline fields', () => {
  test('change contact fields, dates, follow-up and assignment, each audited', async () => {
    const booking = await createBooking();
    const [other] = await db()
      .insert(users)
      .values({ username: `other-${uid()}`, name: 'Other Staff', passwordHash: 'x' })
      .returning();
    const res = await change(booking.id, {
      name: '  Asha R. Rai ',
      email: 'asha.new@example.com',
      phone: '+91 98765 43210',
      startDate: '2027-02-01',
      endDate: '2027-02-03',
      followUpOn: '2027-01-20',
      assignedTo: other!.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Asha R. Rai',
      email: 'asha.new@example.com',
      startDate: '2027-02-01',
      endDate: '2027-02-03',
      followUpOn: '2027-01-20',
      assignedTo: other!.id,
    });
    const entries = await auditOf(booking.id);
    expect(entries.map((e) => e.action).sort()).toEqual(['assign', 'follow_up', 'update']);
    expect(entries.find((e) => e.action === 'assign')).toMatchObject({ summary: `Assigned booking #${shortReference(booking.id)} to Other Staff` });
    expect(entries.find((e) => e.action === 'update')!.changes).toEqual({
      name: { from: 'Asha Rai', to: 'Asha R. Rai' },
      email: { from: 'asha.rai@example.com', to: 'asha.new@example.com' },
      phone: { from: '+91 90000 00001', to: '+91 98765 43210' },
      startDate: { from: '2027-01-05', to: '2027-02-01' },
      endDate: { from: null, to: '2027-02-03' },
    });

    const cleared = await change(booking.id, { followUpOn: null, assignedTo: null, endDate: null });
    expect(cleared.body).toMatchObject({ followUpOn: null, assignedTo: null, endDate: null });
    // Sending what is already stored changes nothing and writes nothing.
    const count = (await auditOf(booking.id)).length;
    expect((await change(booking.id, { phone: '+91 98765 43210' })).status).toBe(200);
    expect(await auditOf(booking.id)).toHaveLength(count);
  });

  test('refuse bad values with 400 naming the field, and write nothing', async () => {
    const booking = await createBooking({ startDate: '2027-03-10', endDate: '2027-03-12' });
    const cases: [unknown, string[]][] = [
      [{ email: 'not-an-email' }, ['email']],
      [{ name: '   ' }, ['name']],
      [{ phone: 'call me' }, ['phone']],
      [{ startDate: '2027-02-30' }, ['startDate']],
      [{ endDate: '2027-03-01' }, ['endDate']],
      [{ startDate: '2027-03-05', endDate: '2027-03-01' }, ['endDate']],
      [{ followUpOn: 'soon' }, ['followUpOn']],
      [{ assignedTo: 'bob' }, ['assignedTo']],
      [{ assignedTo: randomUUID() }, ['assignedTo']],
      [{ status: 'done' }, ['status']],
      [{}, ['']],
    ];
    for (const [body, paths] of cases) {
      const res = await change(booking.id, body);
      expect({ body, status: res.status, paths: issuePaths(res.body) }).toEqual({ body, status: 400, paths });
    }
    expect(await getBooking(booking.id)).toEqual(booking);
    expect(await auditOf(booking.id)).toEqual([]);
    expect((await change(booking.id, 'not json')).status).toBe(400);
    expect((await change(booking.id, [1, 2])).status).toBe(400);
    expect(
      (
        await call(bookingAction, `/api/bookings/${booking.id}`, {
          method: 'PATCH',
          body: 'a=1',
          params: { id: booking.id },
          headers: { ...auth, 'Content-Type': 'text/plain' },
        })
      ).status,
    ).toBe(415);
  });

  test('an unknown id is 404, a cross-site cookie change 403, no session 401, POST 405', async () => {
    expect((await change(randomUUID(), { status: 'confirmed' })).status).toBe(404);
    expect((await change('not-a-uuid', { status: 'confirmed' })).status).toBe(404);
    const booking = await createBooking();
    expect((await change(booking.id, { status: 'confirmed' }, 'PATCH', {})).status).toBe(401);
    expect((await change(booking.id, { status: 'confirmed' }, 'PATCH', { Cookie: staff.cookie, Origin: 'https://evil.example' })).status).toBe(403);
    expect((await change(booking.id, { status: 'confirmed' }, 'PATCH', browserHeaders(staff.cookie))).status).toBe(200);
    const post = await change(booking.id, { status: 'rejected' }, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('Allow')).toBe('GET, PUT, PATCH, DELETE');
  });
});

describe('DELETE /api/bookings/:id', () => {
  test('answers 204, removes the booking and audits the delete; 404 afterwards', async () => {
    const booking = await bookingIn('confirmed', { name: 'Gone Person' });
    const res = await change(booking.id, undefined, 'DELETE');
    expect(res.status).toBe(204);
    expect(await getBooking(booking.id)).toBeNull();
    const entries = await auditOf(booking.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'delete',
      actorId: staff.user.id,
      summary: `Deleted booking #${shortReference(booking.id)} (Gone Person, Sikkim Explorer)`,
      changes: { name: { from: 'Gone Person', to: null }, status: { from: 'confirmed', to: null } },
    });
    expect((await change(booking.id, undefined, 'DELETE')).status).toBe(404);
    expect((await read(booking.id)).status).toBe(404);
    expect((await change('nope', undefined, 'DELETE')).status).toBe(404);
  });

  test('needs a session', async () => {
    const booking = await createBooking();
    expect((await change(booking.id, undefined, 'DELETE', {})).status).toBe(401);
    expect(await getBooking(booking.id)).not.toBeNull();
  });
});

describe('the OpenAPI description', () => {
  test('describes every method with the staff security schemes (the public POST without)', () => {
    const paths = bookingsOpenApi.paths as Record<string, Record<string, { security?: unknown[] }>>;
    expect(Object.keys(paths).sort()).toEqual(['/api/bookings', '/api/bookings/export', '/api/bookings/{id}']);
    expect(Object.keys(paths['/api/bookings/{id}']!).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // Public, or a staff session entering a booking with `source`: `{}` (no credential) comes first.
        if (path === '/api/bookings' && method === 'post') expect(operation.security?.[0]).toEqual({});
        else expect(operation.security?.length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
    expect(bookingsOpenApi.schemas.Booking).toBeDefined();
    expect(bookingsOpenApi.schemas.BookingChange).toBeDefined();
    expect(bookingsOpenApi.schemas.StaffBookingInput).toBeDefined();
  });
});
