import { beforeEach, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bikes, cars, tourPackages } from '~/db/schema';
import { getBike, listBikes } from '~/models/bike.server';
import { getCar, listCars } from '~/models/car.server';
import { getPackage, listPackages, listRelatedPackages } from '~/models/package.server';
import { createBike, createCar, createPackage } from '../factories';

// One database per file: start every test from empty catalogue tables.
beforeEach(async () => {
  await db().delete(tourPackages);
  await db().delete(bikes);
  await db().delete(cars);
});

const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);

describe('listPackages', () => {
  test('matches title or location as a case-insensitive substring', async () => {
    const a = await createPackage({ title: 'Pelling Sunrise Escape', location: 'Pelling' });
    const b = await createPackage({ title: 'Monastery Trail', location: 'Rumtek, RAVANGLA' });
    expect(ids(await listPackages({ q: 'SUNRISE esc' }))).toEqual([a.id]);
    expect(ids(await listPackages({ q: 'ravangla' }))).toEqual([b.id]);
    expect(ids(await listPackages({ q: 'rise' }))).toEqual([a.id]);
    expect(ids(await listPackages({ q: '  TRAIL  ' }))).toEqual([b.id]);
  });

  test('does not search the description or other fields', async () => {
    await createPackage({ title: 'Lake Tour', location: 'Gangtok', description: 'Includes a yak ride' });
    expect((await listPackages({ q: 'yak' })).total).toBe(0);
  });

  test('treats LIKE wildcards in the search literally', async () => {
    await createPackage({ title: 'Hundred Percent Tour' });
    expect((await listPackages({ q: '%' })).total).toBe(0);
    expect((await listPackages({ q: '_' })).total).toBe(0);
    const literal = await createPackage({ title: '100% Gangtok' });
    expect(ids(await listPackages({ q: '100%' }))).toEqual([literal.id]);
  });

  test("'popular' means featured; each other filter matches its category; 'all' matches everything", async () => {
    const featured = await createPackage({ title: 'Featured Cultural', category: 'cultural', featured: true });
    const rows = {
      adventure: await createPackage({ category: 'adventure' }),
      cultural: await createPackage({ category: 'cultural' }),
      rural: await createPackage({ category: 'rural' }),
      weekend: await createPackage({ category: 'weekend' }),
    };
    expect(ids(await listPackages({ category: 'popular' }))).toEqual([featured.id]);
    for (const [category, row] of Object.entries(rows)) {
      const found = ids(await listPackages({ category: category as keyof typeof rows }));
      expect(found).toContain(row.id);
      if (category !== 'cultural') expect(found).toEqual([row.id]);
    }
    expect(ids(await listPackages({ category: 'cultural' })).sort()).toEqual([featured.id, rows.cultural.id].sort());
    expect((await listPackages({ category: 'all' })).total).toBe(5);
  });

  test('search and category combine', async () => {
    const hit = await createPackage({ title: 'Zuluk Silk Route', category: 'adventure' });
    await createPackage({ title: 'Zuluk Homestay', category: 'rural' });
    expect(ids(await listPackages({ q: 'zuluk', category: 'adventure' }))).toEqual([hit.id]);
  });

  test('pages with limit and offset, featured first, and reports the total', async () => {
    for (let i = 0; i < 5; i++) await createPackage({ title: `Paged ${i}`, category: 'rural', createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    const star = await createPackage({ title: 'Paged star', category: 'rural', featured: true });
    const first = await listPackages({ category: 'rural', limit: 2 });
    expect(first.items[0]?.id).toBe(star.id);
    const page = await listPackages({ category: 'rural', limit: 2, offset: 2 });
    expect(page.items.map((p) => p.title)).toEqual(['Paged 1', 'Paged 2']);
    expect(page.total).toBe(6);
  });

  test('getPackage answers null for unknown and malformed ids', async () => {
    expect(await getPackage('not-a-uuid')).toBeNull();
    expect(await getPackage('00000000-0000-4000-8000-000000000000')).toBeNull();
    const p = await createPackage();
    expect((await getPackage(p.id))?.title).toBe(p.title);
  });

  test('related packages leave out the package itself', async () => {
    const a = await createPackage();
    const b = await createPackage();
    const c = await createPackage();
    const related = await listRelatedPackages(a.id, 2);
    expect(related.map((p) => p.id).sort()).toEqual([b.id, c.id].sort());
  });
});

describe('listBikes', () => {
  test('searches model or description, any case, as a substring', async () => {
    const big = await createBike({ model: 'Himalayan 450 Test', engineCapacity: '452cc', description: 'Tall tourer' });
    const classic = await createBike({ model: 'Classic Test', engineCapacity: '350cc', available: false, description: 'Thumping retro' });
    expect(ids(await listBikes({ q: 'THUMPING' }))).toEqual([classic.id]);
    expect(ids(await listBikes({ q: 'hiMALayan' }))).toEqual([big.id]);
    expect(ids(await listBikes({ q: 'our' }))).toEqual([big.id]);
    expect(await getBike('x')).toBeNull();
  });

  test('filters by availability', async () => {
    const on = await createBike({ available: true });
    const off = await createBike({ available: false });
    expect(ids(await listBikes({ filter: 'unavailable' }))).toEqual([off.id]);
    expect(ids(await listBikes({ filter: 'available' }))).toEqual([on.id]);
    expect((await listBikes({ filter: 'all' })).total).toBe(2);
  });

  test('450cc and 350cc match that number in the engine capacity text, not a longer number', async () => {
    const b450 = await createBike({ engineCapacity: '450cc' });
    const b450spaced = await createBike({ engineCapacity: '450 CC' });
    const b350 = await createBike({ engineCapacity: '350cc' });
    await createBike({ engineCapacity: '452cc' });
    await createBike({ engineCapacity: '1450cc' });
    await createBike({ engineCapacity: '3500cc' });
    expect(ids(await listBikes({ filter: '450cc' })).sort()).toEqual([b450.id, b450spaced.id].sort());
    expect(ids(await listBikes({ filter: '350cc' }))).toEqual([b350.id]);
  });
});

describe('listCars', () => {
  test('searches model, location or description and filters by category', async () => {
    const sedan = await createCar({ model: 'Dzire Test', category: 'sedan', location: 'Darjeeling' });
    const suv = await createCar({ model: 'Scorpio Test', category: 'suv', description: 'Rugged four-wheel drive' });
    expect(ids(await listCars({ q: 'darjee' }))).toEqual([sedan.id]);
    expect(ids(await listCars({ q: 'FOUR-WHEEL' }))).toEqual([suv.id]);
    expect(ids(await listCars({ q: 'scorp' }))).toEqual([suv.id]);
    expect(ids(await listCars({ category: 'sedan' }))).toEqual([sedan.id]);
    expect((await listCars({ category: 'all' })).total).toBe(2);
    expect(await getCar('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  test('each category filter matches only its category', async () => {
    const rows = {
      suv: await createCar({ category: 'suv' }),
      sedan: await createCar({ category: 'sedan' }),
      hatchback: await createCar({ category: 'hatchback' }),
      luxury: await createCar({ category: 'luxury' }),
    };
    for (const [category, row] of Object.entries(rows)) {
      expect(ids(await listCars({ category: category as keyof typeof rows }))).toEqual([row.id]);
    }
  });
});
