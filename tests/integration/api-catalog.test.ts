import { describe, expect, test } from 'vitest';
import { loader as bikeLoader } from '~/routes/api/bike';
import { loader as bikesLoader } from '~/routes/api/bikes';
import { loader as carLoader } from '~/routes/api/car';
import { loader as carsLoader } from '~/routes/api/cars';
import { loader as packageLoader } from '~/routes/api/package';
import { loader as packagesLoader } from '~/routes/api/packages';
import { createBike, createCar, createPackage } from '../factories';
import { routeArgs, settle } from '../route-args';

describe('GET /api/packages', () => {
  test('answers a bare camelCase array with X-Total-Count, filtered by q and category', async () => {
    const a = await createPackage({ title: 'Zuluk Silk Route', category: 'adventure', price: 18500 });
    await createPackage({ title: 'Darjeeling Tea Trail', category: 'cultural' });
    const res = await settle(() => packagesLoader(routeArgs('/api/packages?q=zuluk&category=adventure')));
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('1');
    expect(res.body).toEqual([expect.objectContaining({ id: a.id, title: 'Zuluk Silk Route', imageUrl: expect.any(String), price: 18500 })]);
  });

  test('pages with limit and offset', async () => {
    for (let i = 0; i < 3; i++) await createPackage({ title: `Weekend ${i}`, category: 'weekend' });
    const res = await settle(() => packagesLoader(routeArgs('/api/packages?category=weekend&limit=2&offset=1')));
    expect((res.body as unknown[]).length).toBe(2);
    expect(res.headers.get('X-Total-Count')).toBe('3');
  });

  test.each([
    ['/api/packages?category=bogus', 'category'],
    ['/api/packages?limit=0', 'limit'],
    ['/api/packages?limit=abc', 'limit'],
    ['/api/packages?offset=-1', 'offset'],
    [`/api/packages?q=${'x'.repeat(101)}`, 'q'],
  ])('%s answers 400 naming %s', async (url, field) => {
    const res = await settle(() => packagesLoader(routeArgs(url)));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Invalid query parameters', issues: [expect.objectContaining({ path: field })] });
  });

  test('an oversized query string answers 400, not 500', async () => {
    const res = await settle(() => packagesLoader(routeArgs(`/api/packages?junk=${'y'.repeat(5000)}`)));
    expect(res.status).toBe(400);
  });
});

describe('detail endpoints', () => {
  test('return the record, or 404 {error} for unknown and malformed ids', async () => {
    const p = await createPackage({ highlights: ['Tsomgo Lake'] });
    const ok = await settle(() => packageLoader(routeArgs(`/api/packages/${p.id}`, { id: p.id })));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: p.id, highlights: ['Tsomgo Lake'], itinerary: [expect.objectContaining({ day: 1 })] });

    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
      const res = await settle(() => packageLoader(routeArgs(`/api/packages/${id}`, { id })));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Package not found', issues: [] });
    }
  });

  test('bikes and cars by id, with filters on their lists', async () => {
    const bike = await createBike({ model: 'Api Bike', available: false });
    const car = await createCar({ model: 'Api Car', category: 'luxury', dailyRate: 4500 });
    expect((await settle(() => bikeLoader(routeArgs(`/api/bikes/${bike.id}`, { id: bike.id })))).body).toMatchObject({ model: 'Api Bike', available: false });
    expect((await settle(() => carLoader(routeArgs(`/api/cars/${car.id}`, { id: car.id })))).body).toMatchObject({ model: 'Api Car', dailyRate: 4500 });
    expect((await settle(() => bikeLoader(routeArgs('/api/bikes/x', { id: 'x' })))).status).toBe(404);
    expect((await settle(() => carLoader(routeArgs('/api/cars/x', { id: 'x' })))).status).toBe(404);

    const unavailable = await settle(() => bikesLoader(routeArgs('/api/bikes?filter=unavailable')));
    expect((unavailable.body as { id: string }[]).map((b) => b.id)).toEqual([bike.id]);
    const luxury = await settle(() => carsLoader(routeArgs('/api/cars?category=luxury')));
    expect((luxury.body as { id: string }[]).map((c) => c.id)).toEqual([car.id]);
    expect((await settle(() => bikesLoader(routeArgs('/api/bikes?filter=999cc')))).status).toBe(400);
  });
});
