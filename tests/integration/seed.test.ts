import { count, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bikes, bookings, cars, inquiries, siteSettings, tourPackages } from '~/db/schema';
import { seedDatabase } from '~/db/seed';
import { listBikes } from '~/models/bike.server';
import { listCars } from '~/models/car.server';
import { listPackages } from '~/models/package.server';
import { getSettings } from '~/models/settings.server';
import { defaultSettings } from '~/schemas/settings';

const countOf = async (table: typeof tourPackages | typeof bikes | typeof cars | typeof bookings | typeof inquiries | typeof siteSettings) =>
  (await db().select({ n: count() }).from(table))[0]!.n;

test('seeds the spec sample content once, and never twice', async () => {
  expect(await seedDatabase(db())).toBe(true);
  expect(await seedDatabase(db())).toBe(false);

  expect(await countOf(tourPackages)).toBe(2);
  expect(await countOf(bikes)).toBe(5);
  expect(await countOf(cars)).toBe(6);
  expect(await countOf(bookings)).toBe(3);
  expect(await countOf(inquiries)).toBe(3);
  expect(await countOf(siteSettings)).toBeGreaterThanOrEqual(8);

  const packages = (await listPackages()).items;
  expect(packages.map((p) => [p.tag, p.rating, p.reviewCount, p.discountLabel, p.featured, p.price])).toEqual([
    ['Best Seller', 4.7, 59, '20% Off', true, 0],
    ['Popular', 4.8, 86, '20% Off', true, 0],
  ]);

  const bikeList = (await listBikes()).items;
  expect(bikeList.map((b) => b.tag)).toEqual(['Most Popular', 'Best Value', 'New Arrival', 'New Arrival', 'New Arrival']);
  expect(new Set(bikeList.map((b) => b.category))).toEqual(new Set(['Adventure', 'Dual Sport', 'Scooter', 'Cruiser']));
  expect(bikeList.every((b) => b.dailyRate === null)).toBe(true);
  expect((await listBikes({ filter: '450cc' })).total).toBeGreaterThanOrEqual(1);
  expect((await listBikes({ filter: '350cc' })).total).toBeGreaterThanOrEqual(1);

  const carList = (await listCars()).items;
  const rates = Object.fromEntries(carList.map((c) => [c.model.split(' ').slice(-2).join(' '), c.dailyRate]));
  expect(Object.values(rates).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1600, 1800, 2200, 2800, 3500, 4500]);
  const fortuner = carList.find((c) => c.model.includes('Fortuner'));
  expect(fortuner?.available).toBe(false);

  const { map, policies } = await getSettings(['map', 'policies']);
  expect(map).toMatchObject({ latitude: 27.3187, longitude: 88.5963, zoom: 15 });
  expect(policies.payment.join(' ')).toContain('50% advance');

  // A fresh install has the tax settings stored with their defaults and no GSTIN: receipts only
  // (docs/decisions/047-invoices-gst.md#tax-settings).
  const [taxRow] = await db().select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, 'tax'));
  expect(taxRow?.value).toEqual(defaultSettings.tax);
  expect(taxRow?.value).toMatchObject({ gstin: '', stateCode: '11', prices: 'inclusive', tourPackage: { sac: '998555', ratePercent: 5 } });
});
