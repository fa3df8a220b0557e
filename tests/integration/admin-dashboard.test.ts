/**
 * The admin dashboard's figures (app/models/dashboard.server.ts) and the admin list routes' loaders
 * and delete action, on this file's own database.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bikes, bookings, cars, inquiries, tourPackages, type NewBooking, type NewInquiry } from '~/db/schema';
import { readToast } from '~/lib/toast.server';
import { getDashboardData } from '~/models/dashboard.server';
import * as carList from '~/routes/admin/cars/list';
import * as dashboardRoute from '~/routes/admin/dashboard';
import * as packageList from '~/routes/admin/packages/list';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBike, createCar, createPackage } from '../factories';
import { routeArgs, settle } from '../route-args';

beforeEach(async () => {
  await db().delete(bookings);
  await db().delete(inquiries);
  await db().delete(tourPackages);
  await db().delete(bikes);
  await db().delete(cars);
});

function booking(overrides: Partial<NewBooking> = {}): NewBooking {
  return {
    type: 'package',
    itemName: 'Custom tour',
    name: 'Asha',
    email: 'asha@example.com',
    phone: '+919800000000',
    startDate: '2030-01-10',
    ...overrides,
  };
}

function inquiry(overrides: Partial<NewInquiry> = {}): NewInquiry {
  return { type: 'contact', name: 'Ravi', email: 'ravi@example.com', message: 'Hello', ...overrides };
}

/** The flash toast a redirect carries, as the next page would read it. */
async function toastOf(headers: Headers) {
  const cookie = (headers.get('Set-Cookie') ?? '').split(';')[0]!;
  return (await readToast(new Request('http://localhost/admin', { headers: { Cookie: cookie } }))).toast;
}

/** `createdAt` n minutes ago, so "newest" is unambiguous. */
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('getDashboardData', () => {
  test('an empty database gives zeros and empty lists', async () => {
    expect(await getDashboardData()).toEqual({
      totalPackages: 0,
      totalBikes: 0,
      totalCars: 0,
      totalBookings: 0,
      pendingBookings: 0,
      openInquiries: 0,
      customers: 0,
      recentPackages: [],
      recentBikes: [],
      recentCars: [],
    });
  });

  test('counts catalogue items, bookings, pending bookings and open inquiries', async () => {
    for (let i = 0; i < 4; i++) await createPackage();
    for (let i = 0; i < 2; i++) await createBike();
    for (let i = 0; i < 5; i++) await createCar();
    await db()
      .insert(bookings)
      .values([
        booking({ status: 'pending', email: 'a@example.com' }),
        booking({ status: 'pending', email: 'b@example.com' }),
        booking({ status: 'confirmed', email: 'c@example.com' }),
        booking({ status: 'rejected', email: 'd@example.com' }),
      ]);
    await db()
      .insert(inquiries)
      .values([inquiry({ status: 'pending' }), inquiry({ status: 'completed' }), inquiry({ status: 'rejected' }), inquiry()]);
    const data = await getDashboardData();
    expect(data).toMatchObject({
      totalPackages: 4,
      totalBikes: 2,
      totalCars: 5,
      totalBookings: 4,
      pendingBookings: 2,
      openInquiries: 2,
      customers: 4,
    });
  });

  test('customers are distinct e-mail addresses, whatever their case (not bookings x 1.5)', async () => {
    await db()
      .insert(bookings)
      .values([
        booking({ email: 'traveller@example.com' }),
        booking({ email: 'Traveller@Example.com' }),
        booking({ email: 'TRAVELLER@EXAMPLE.COM', status: 'confirmed' }),
        booking({ email: 'other@example.com' }),
        booking({ email: 'other@example.com' }),
        booking({ email: 'third@example.com' }),
      ]);
    const data = await getDashboardData();
    expect(data.totalBookings).toBe(6);
    expect(data.customers).toBe(3);
  });

  test('lists the 3 newest packages, bikes and cars, newest first, with price or daily rate', async () => {
    const packages = [];
    for (let i = 0; i < 5; i++) packages.push(await createPackage({ title: `Package ${i}`, price: i * 1000, createdAt: minutesAgo(10 - i) }));
    const bikeRows = [];
    for (let i = 0; i < 4; i++) bikeRows.push(await createBike({ model: `Bike ${i}`, dailyRate: i === 3 ? null : 900, createdAt: minutesAgo(10 - i) }));
    const carRows = [];
    for (let i = 0; i < 2; i++) carRows.push(await createCar({ model: `Car ${i}`, dailyRate: 2500 + i, createdAt: minutesAgo(10 - i) }));

    const data = await getDashboardData();
    expect(data.recentPackages.map((p) => p.title)).toEqual(['Package 4', 'Package 3', 'Package 2']);
    expect(data.recentPackages[0]).toMatchObject({ id: packages[4]!.id, price: 4000, imageUrl: '/images/placeholder.svg' });
    expect(data.recentPackages[0]!.createdAt).toBeInstanceOf(Date);
    expect(data.recentBikes.map((b) => b.title)).toEqual(['Bike 3', 'Bike 2', 'Bike 1']);
    expect(data.recentBikes[0]!.price).toBeNull();
    expect(data.recentBikes[1]!.price).toBe(900);
    expect(data.recentCars.map((c) => c.id)).toEqual([carRows[1]!.id, carRows[0]!.id]);
    expect(data.recentCars[0]!.price).toBe(2501);
  });
});

describe('dashboard route', () => {
  test('refuses an anonymous visitor with a redirect to the login page', async () => {
    const result = await settle(() => dashboardRoute.loader(routeArgs('/admin')));
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/admin/login');
  });

  test('gives a signed-in user the figures', async () => {
    const { cookie } = await createStaffSession();
    await createCar();
    const result = await settle(() => dashboardRoute.loader(routeArgs('/admin', {}, { headers: { Cookie: cookie } })));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ totalCars: 1, totalPackages: 0 });
  });
});

describe('admin list routes', () => {
  test('page 20 rows newest first, search by title, and keep the search when paging', async () => {
    const { cookie } = await createStaffSession();
    for (let i = 0; i < 23; i++) await createPackage({ title: `Valley Tour ${i}`, createdAt: minutesAgo(100 - i) });
    await createPackage({ title: 'Lake Day', createdAt: minutesAgo(200) });
    const headers = { Cookie: cookie };

    const first = await settle(() => packageList.loader(routeArgs('/admin/packages', {}, { headers })));
    const firstBody = first.body as { rows: { title: string }[]; total: number; pages: number };
    expect(firstBody.total).toBe(24);
    expect(firstBody.pages).toBe(2);
    expect(firstBody.rows).toHaveLength(20);
    expect(firstBody.rows[0]!.title).toBe('Valley Tour 22');

    const search = await settle(() => packageList.loader(routeArgs('/admin/packages?q=valley&page=2', {}, { headers })));
    const searchBody = search.body as { rows: { title: string }[]; total: number; page: number };
    expect(searchBody).toMatchObject({ total: 23, page: 2 });
    expect(searchBody.rows.map((r) => r.title)).toEqual(['Valley Tour 2', 'Valley Tour 1', 'Valley Tour 0']);

    const past = await settle(() => packageList.loader(routeArgs('/admin/packages?q=lake&page=9', {}, { headers })));
    expect(past.status).toBe(302);
    expect(past.headers.get('Location')).toBe('/admin/packages?q=lake');
  });

  test('?delete=<id> opens the confirmation for that row', async () => {
    const { cookie } = await createStaffSession();
    const car = await createCar({ model: 'Confirm Me' });
    const result = await settle(() => carList.loader(routeArgs(`/admin/cars?delete=${car.id}`, {}, { headers: { Cookie: cookie } })));
    expect((result.body as { confirm: unknown }).confirm).toEqual({ id: car.id, name: 'Confirm Me' });
    const unknown = await settle(() =>
      carList.loader(routeArgs('/admin/cars?delete=00000000-0000-4000-8000-000000000000', {}, { headers: { Cookie: cookie } })),
    );
    expect((unknown.body as { confirm: unknown }).confirm).toBeNull();
  });

  test('delete removes the car and redirects to the same list with the success toast', async () => {
    const { cookie } = await createStaffSession();
    const car = await createCar();
    const body = new URLSearchParams({ intent: 'delete', id: car.id });
    const result = await settle(() => carList.action(routeArgs('/admin/cars?q=test&page=1', {}, { method: 'POST', headers: browserHeaders(cookie), body })));
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/admin/cars?q=test');
    expect(await toastOf(result.headers)).toEqual({ type: 'success', title: 'Car deleted successfully' });
    expect(await db().select().from(cars)).toHaveLength(0);
  });

  test('an unknown id or a wrong form ends in the error toast and deletes nothing', async () => {
    const { cookie } = await createStaffSession();
    await createCar();
    const forms: Record<string, string>[] = [
      { intent: 'delete', id: '00000000-0000-4000-8000-000000000000' },
      { intent: 'delete', id: 'not-a-uuid' },
      { intent: 'archive', id: '00000000-0000-4000-8000-000000000000' },
      {},
    ];
    for (const form of forms) {
      const result = await settle(() =>
        carList.action(routeArgs('/admin/cars', {}, { method: 'POST', headers: browserHeaders(cookie), body: new URLSearchParams(form) })),
      );
      expect(result.status).toBe(302);
      expect(result.headers.get('Location')).toBe('/admin/cars');
      expect(await toastOf(result.headers)).toEqual({ type: 'error', title: 'Failed to delete car' });
    }
    expect(await db().select().from(cars)).toHaveLength(1);
  });

  test('an anonymous delete is refused and deletes nothing', async () => {
    const car = await createCar();
    const body = new URLSearchParams({ intent: 'delete', id: car.id });
    const result = await settle(() => carList.action(routeArgs('/admin/cars', {}, { method: 'POST', body })));
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Fcars');
    expect(await db().select().from(cars)).toHaveLength(1);
  });
});
