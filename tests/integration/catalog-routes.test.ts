/**
 * Loaders of the catalogue pages and their JSON API, on a real migrated database
 * (docs/product.md#catalogue-rules).
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bikes, cars, tourPackages } from '~/db/schema';
import { loader as bikeApi } from '~/routes/api/bike';
import { loader as bikesApi } from '~/routes/api/bikes';
import { loader as packagesApi } from '~/routes/api/packages';
import { loader as bikeLoader } from '~/routes/site/bike';
import { loader as bikesLoader } from '~/routes/site/bikes';
import { loader as carLoader } from '~/routes/site/car';
import { loader as carsLoader } from '~/routes/site/cars';
import { loader as packageLoader } from '~/routes/site/package';
import { loader as packagesLoader } from '~/routes/site/packages';
import { bikeStructuredData, carStructuredData, packageStructuredData } from '~/components/site/catalog/structured-data';
import { createBike, createCar, createPackage } from '../factories';
import { routeArgs, settle } from '../route-args';

beforeEach(async () => {
  await db().delete(tourPackages);
  await db().delete(bikes);
  await db().delete(cars);
});

const MISSING = '00000000-0000-4000-8000-000000000000';

async function thrownRedirect(run: () => unknown): Promise<string | null> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return thrown.headers.get('Location');
    throw thrown;
  }
  return null;
}

describe('/packages loader', () => {
  test('applies the search and category from the URL in the query', async () => {
    const hit = await createPackage({ title: 'Yuksom Trek', category: 'adventure' });
    await createPackage({ title: 'Yuksom Homestay', category: 'rural' });
    const data = await packagesLoader(routeArgs('/packages?q=YUKSOM&category=adventure'));
    expect(data.items.map((p) => p.id)).toEqual([hit.id]);
    expect(data).toMatchObject({ q: 'YUKSOM', category: 'adventure', total: 1, page: 1, pages: 1 });
  });

  test('an unknown category reads as all, and an over-long search is cut, not an error', async () => {
    await createPackage();
    const data = await packagesLoader(routeArgs(`/packages?category=nope&q=${'x'.repeat(600)}`));
    expect(data.category).toBe('all');
    expect(data.q).toBe('');
  });

  test('pages by 24 with ?page=, and a page past the end redirects to the last one', async () => {
    await db()
      .insert(tourPackages)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          title: `Bulk ${String(i).padStart(2, '0')}`,
          description: 'x',
          category: 'weekend',
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        })),
      );
    const first = await packagesLoader(routeArgs('/packages?category=weekend'));
    expect(first.items).toHaveLength(24);
    expect(first).toMatchObject({ total: 30, pages: 2, page: 1 });
    const second = await packagesLoader(routeArgs('/packages?category=weekend&page=2'));
    expect(second.items.map((p) => p.title)).toEqual(['Bulk 24', 'Bulk 25', 'Bulk 26', 'Bulk 27', 'Bulk 28', 'Bulk 29']);
    expect(await thrownRedirect(() => packagesLoader(routeArgs('/packages?category=weekend&page=7')))).toBe('/packages?category=weekend&page=2');
    expect(await thrownRedirect(() => packagesLoader(routeArgs('/packages?page=0')))).toBeNull();
  });
});

describe('/packages/:id loader', () => {
  test('answers 404 for an unknown or malformed id', async () => {
    expect((await settle(() => packageLoader(routeArgs(`/packages/${MISSING}`, { id: MISSING })))).status).toBe(404);
    expect((await settle(() => packageLoader(routeArgs('/packages/nope', { id: 'nope' })))).status).toBe(404);
  });

  test('returns the package, two others, the policies and TouristTrip JSON-LD', async () => {
    const p = await createPackage({ title: 'Sikkim <Explorer>', price: 0, gallery: ['/images/places/tsomgo-lake.svg'] });
    await createPackage();
    await createPackage();
    await createPackage();
    const data = await packageLoader(routeArgs(`/packages/${p.id}`, { id: p.id }));
    expect(data.tourPackage.id).toBe(p.id);
    expect(data.related).toHaveLength(2);
    expect(data.related.map((r) => r.id)).not.toContain(p.id);
    expect(data.policies.payment.length).toBeGreaterThan(0);
    // Only the travel policies the page shows; the rental terms are not sent with it.
    expect(Object.keys(data.policies).sort()).toEqual(['cancellation', 'payment', 'requirements']);
    const ld = packageStructuredData(data.tourPackage, data);
    expect(ld).toMatchObject({ '@type': 'TouristTrip', name: 'Sikkim <Explorer>', url: data.url, offers: { '@type': 'Offer', priceCurrency: 'INR' } });
    expect(ld.offers).not.toHaveProperty('price');
    // The agency is described once; the offer names it by its @id.
    expect(ld.provider).toMatchObject({ '@id': expect.stringMatching(/\/#agency$/), '@type': 'TravelAgency', name: expect.any(String) });
    expect((ld.offers as { offeredBy: unknown }).offeredBy).toEqual({ '@id': (ld.provider as { '@id': string })['@id'] });
    expect((ld.image as string[])[1]).toMatch(/^https?:\/\/.+\/images\/places\/tsomgo-lake\.svg$/);
  });
});

describe('/bikes and /cars loaders', () => {
  test('/bikes applies the filter from the URL', async () => {
    const off = await createBike({ available: false });
    await createBike();
    const data = await bikesLoader(routeArgs('/bikes?filter=unavailable'));
    expect(data.items.map((b) => b.id)).toEqual([off.id]);
    expect(data.filter).toBe('unavailable');
    expect(data.map.latitude).toBeCloseTo(27.3187);
  });

  test('/cars applies the search from the URL', async () => {
    const pelling = await createCar({ location: 'Pelling' });
    await createCar({ location: 'Gangtok' });
    const data = await carsLoader(routeArgs('/cars?q=pell'));
    expect(data.items.map((c) => c.id)).toEqual([pelling.id]);
  });

  test('bike and car details answer 404 for unknown ids', async () => {
    expect((await settle(() => bikeLoader(routeArgs(`/bikes/${MISSING}`, { id: MISSING })))).status).toBe(404);
    expect((await settle(() => carLoader(routeArgs('/cars/123', { id: '123' })))).status).toBe(404);
  });

  test('bike detail: Product JSON-LD, out of stock when unavailable, bike terms from the settings', async () => {
    const bike = await createBike({ model: 'Meteor Test', available: false, dailyRate: null });
    const data = await bikeLoader(routeArgs(`/bikes/${bike.id}`, { id: bike.id }));
    expect(bikeStructuredData(data.bike, data)).toMatchObject({
      '@type': 'Product',
      name: 'Meteor Test',
      offers: { availability: 'https://schema.org/OutOfStock' },
    });
    expect(data.terms.join(' ')).toMatch(/helmet is complimentary/i);
    expect(data.terms.join(' ')).toMatch(/may cost extra/i);
  });

  test('car detail: price per day in the JSON-LD, the town map for Darjeeling, car terms mention the driver charge', async () => {
    const car = await createCar({ model: 'Nexon Test', dailyRate: 2200, location: 'Darjeeling' });
    const data = await carLoader(routeArgs(`/cars/${car.id}`, { id: car.id }));
    expect(carStructuredData(data.car, data)).toMatchObject({
      '@type': 'Product',
      offers: { price: 2200, priceCurrency: 'INR', availability: 'https://schema.org/InStock' },
    });
    expect(data.map).toMatchObject({ title: 'Darjeeling' });
    expect(data.map.latitude).toBeCloseTo(27.041);
    expect(data.terms.join(' ')).toMatch(/driver .*additional charges/i);
  });
});

describe('JSON API', () => {
  test('/api/bikes filters by engine capacity and pages with limit/offset', async () => {
    const b450 = await createBike({ engineCapacity: '450cc' });
    await createBike({ engineCapacity: '350cc' });
    const result = await settle(() => bikesApi(routeArgs('/api/bikes?filter=450cc')));
    expect(result.status).toBe(200);
    expect((result.body as { id: string }[]).map((b) => b.id)).toEqual([b450.id]);
    expect(result.headers.get('X-Total-Count')).toBe('1');
  });

  test('/api/packages refuses an unknown category with 400 and names it', async () => {
    const result = await settle(() => packagesApi(routeArgs('/api/packages?category=nope')));
    expect(result.status).toBe(400);
    expect((result.body as { issues: { path: string }[] }).issues[0]?.path).toBe('category');
  });

  test('/api/bikes/:id answers 404 JSON for an unknown bike', async () => {
    const result = await settle(() => bikeApi(routeArgs('/api/bikes/nope', { id: 'nope' })));
    expect(result).toMatchObject({ status: 404, body: { error: 'Bike not found' } });
  });
});
