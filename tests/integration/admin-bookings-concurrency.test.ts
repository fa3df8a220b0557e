/**
 * No double-booked vehicle under concurrency (docs/decisions/015-no-double-booking.md): 20
 * confirmations of overlapping bookings of one bike at the same time, through the model and through
 * PATCH /api/bookings/:id, confirm exactly one; the others are refused with the clash named. The
 * database's exclusion constraint refuses an overlapping confirmed row even when the application's
 * check is bypassed (SQLSTATE 23P01), and that error is recognised through Drizzle's wrapping.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL (where the transactions really overlap).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { databaseHandle, db } from '~/db/client.server';
import { bookings, type NewBooking } from '~/db/schema';
import { Conflict } from '~/lib/errors.server';
import { shortReference } from '~/lib/ids';
import { isExclusionViolation as isOverlapViolation } from '~/db/errors.server';
import { setBookingStatus } from '~/models/booking.server';
import { action as bookingApi } from '~/routes/api/booking';
import { createStaffSession } from '../auth-helpers';
import { createBike, createCar } from '../factories';
import { call } from './catalog-write-helpers';

const N = 20;
let staff: Awaited<ReturnType<typeof createStaffSession>>;

beforeAll(async () => {
  staff = await createStaffSession();
});

async function overlappingBookings(vehicle: Pick<NewBooking, 'type' | 'bikeId' | 'carId'>) {
  const values: NewBooking[] = Array.from({ length: N }, (_, i) => ({
    ...vehicle,
    itemName: 'Contested vehicle',
    name: `Rider ${i}`,
    email: `rider${i}@example.com`,
    phone: '+91 90000 00000',
    // Every range contains 2027-02-10; they start and end on different days.
    startDate: `2027-02-${String(1 + (i % 10)).padStart(2, '0')}`,
    endDate: `2027-02-${String(10 + (i % 7)).padStart(2, '0')}`,
    status: 'pending',
  }));
  return db().insert(bookings).values(values).returning();
}

async function confirmedCount(column: typeof bookings.bikeId | typeof bookings.carId, id: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(column, id), eq(bookings.status, 'confirmed')));
  return row!.n;
}

describe(`${N} concurrent confirmations of overlapping bookings of one vehicle`, () => {
  test('through the model: exactly one succeeds, the others name it', async () => {
    const bike = await createBike();
    const rows = await overlappingBookings({ type: 'bike', bikeId: bike.id });
    const actor = { id: staff.user.id, name: staff.user.username, ip: '127.0.0.1' };
    const results = await Promise.allSettled(rows.map((row) => setBookingStatus(row.id, 'confirmed', actor)));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    console.info(`[${databaseHandle().kind}] model: ${won.length} confirmed, ${lost.length} refused`);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(N - 1);
    const winner = (won[0] as PromiseFulfilledResult<{ id: string; name: string }>).value;
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(Conflict);
      expect((r.reason as Error).message).toMatch(
        new RegExp(`^Already booked: #${shortReference(winner.id)} \\(${winner.name}, Feb \\d+ – Feb \\d+, 2027\\)$`),
      );
    }
    expect(await confirmedCount(bookings.bikeId, bike.id)).toBe(1);
  });

  test('through PATCH /api/bookings/:id: exactly one 200, the others 409 with the clash', async () => {
    const car = await createCar();
    const rows = await overlappingBookings({ type: 'car', carId: car.id });
    const results = await Promise.all(
      rows.map((row) =>
        call(bookingApi, `/api/bookings/${row.id}`, {
          method: 'PATCH',
          body: { status: 'confirmed' },
          params: { id: row.id },
          headers: { Authorization: staff.authorization },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    console.info(`[${databaseHandle().kind}] API: ${statuses.filter((s) => s === 200).length} × 200, ${statuses.filter((s) => s === 409).length} × 409`);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(N - 1);
    const winner = results.find((r) => r.status === 200)!.body as { id: string };
    for (const r of results.filter((x) => x.status === 409)) {
      expect((r.body as { error: string }).error).toContain(`Already booked: #${shortReference(winner.id)}`);
      expect((r.body as { issues: { path: string }[] }).issues[0]!.path).toBe('status');
    }
    expect(await confirmedCount(bookings.carId, car.id)).toBe(1);
  });
});

describe('the exclusion constraint', () => {
  test('refuses an overlapping confirmed row written around the application (23P01)', async () => {
    const bike = await createBike();
    const [a, b] = await overlappingBookings({ type: 'bike', bikeId: bike.id });
    await db().update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, a!.id));
    let caught: unknown;
    try {
      await db().update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, b!.id));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeDefined();
    expect(isOverlapViolation(caught)).toBe(true);
    // Pending and rejected rows never take part; a different vehicle never clashes.
    await db().update(bookings).set({ status: 'rejected' }).where(eq(bookings.id, b!.id));
    expect(await confirmedCount(bookings.bikeId, bike.id)).toBe(1);
  });

  test('treats a missing end date as the start day alone', async () => {
    const bike = await createBike();
    const base = { type: 'bike', bikeId: bike.id, itemName: 'x', name: 'x', email: 'x@example.com', phone: '+91 90000 00000' } as const;
    await db()
      .insert(bookings)
      .values({ ...base, startDate: '2027-07-01', status: 'confirmed' });
    await db()
      .insert(bookings)
      .values({ ...base, startDate: '2027-07-02', endDate: '2027-07-03', status: 'confirmed' });
    await expect(
      db().execute(sql`insert into bookings (type, bike_id, item_name, name, email, phone, start_date, end_date, status)
      values ('bike', ${bike.id}, 'x', 'x', 'x@example.com', '1', '2027-06-30', '2027-07-01', 'confirmed')`),
    ).rejects.toSatisfy(isOverlapViolation);
  });
});
