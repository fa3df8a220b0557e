import { describe, expect, test } from 'vitest';
import { getBike, listBikes } from '~/models/bike.server';
import { getCar, listCars } from '~/models/car.server';
import { getPackage, listPackages } from '~/models/package.server';
import { createBike, createCar, createPackage } from '../factories';

describe('listPackages', () => {
  test('matches title or location as a case-insensitive substring', async () => {
    const a = await createPackage({ title: 'Pelling Sunrise Escape', location: 'Pelling' });
    const b = await createPackage({ title: 'Monastery Trail', location: 'Rumtek, RAVANGLA' });
    const byTitle = await listPackages({ q: 'SUNRISE esc' });
    expect(byTitle.items.map((p) => p.id)).toEqual([a.id]);
    const byLocation = await listPackages({ q: 'ravangla' });
    expect(byLocation.items.map((p) => p.id)).toEqual([b.id]);
  });

  test('treats LIKE wildcards in the search literally', async () => {
    await createPackage({ title: 'Hundred Percent Tour' });
    expect((await listPackages({ q: '%' })).total).toBe(0);
    expect((await listPackages({ q: '_' })).total).toBe(0);
  });

  test("'popular' means featured; other filters match the category", async () => {
    const featured = await createPackage({ title: 'Featured Cultural', category: 'cultural', featured: true });
    const weekend = await createPackage({ title: 'Weekend Getaway', category: 'weekend' });
    const popular = await listPackages({ category: 'popular' });
    expect(popular.items.map((p) => p.id)).toContain(featured.id);
    expect(popular.items.map((p) => p.id)).not.toContain(weekend.id);
    const weekends = await listPackages({ category: 'weekend' });
    expect(weekends.items.map((p) => p.id)).toEqual([weekend.id]);
  });

  test('pages with limit and offset and reports the total', async () => {
    for (let i = 0; i < 5; i++) await createPackage({ title: `Paged ${i}`, category: 'rural' });
    const page = await listPackages({ category: 'rural', limit: 2, offset: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(5);
  });

  test('getPackage answers null for unknown and malformed ids', async () => {
    expect(await getPackage('not-a-uuid')).toBeNull();
    expect(await getPackage('00000000-0000-4000-8000-000000000000')).toBeNull();
    const p = await createPackage();
    expect((await getPackage(p.id))?.title).toBe(p.title);
  });
});

describe('listBikes', () => {
  test('searches model or description and filters by availability and engine capacity', async () => {
    const big = await createBike({ model: 'Himalayan 450 Test', engineCapacity: '452cc', description: 'Tall tourer' });
    const classic = await createBike({ model: 'Classic Test', engineCapacity: '350cc', available: false, description: 'Thumping retro' });
    expect((await listBikes({ q: 'THUMPING' })).items.map((b) => b.id)).toEqual([classic.id]);
    expect((await listBikes({ filter: 'unavailable' })).items.map((b) => b.id)).toEqual([classic.id]);
    expect((await listBikes({ filter: 'available' })).items.map((b) => b.id)).toContain(big.id);
    expect((await listBikes({ filter: '350cc' })).items.map((b) => b.id)).toEqual([classic.id]);
    expect((await listBikes({ filter: '450cc' })).items.map((b) => b.id)).toEqual([]);
    expect(await getBike('x')).toBeNull();
  });
});

describe('listCars', () => {
  test('searches model, location or description and filters by category', async () => {
    const sedan = await createCar({ model: 'Dzire Test', category: 'sedan', location: 'Darjeeling' });
    const suv = await createCar({ model: 'Scorpio Test', category: 'suv', description: 'Rugged four-wheel drive' });
    expect((await listCars({ q: 'darjee' })).items.map((c) => c.id)).toEqual([sedan.id]);
    expect((await listCars({ q: 'FOUR-WHEEL' })).items.map((c) => c.id)).toEqual([suv.id]);
    expect((await listCars({ category: 'sedan' })).items.map((c) => c.id)).toEqual([sedan.id]);
    expect((await listCars({ category: 'all' })).total).toBe(2);
    expect(await getCar('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
