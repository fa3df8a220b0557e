/**
 * A new package, bike or car has no rating, and a rating shows only with reviews
 * (docs/decisions/006-display-fields.md): models, API, editor form data, detail loaders and JSON-LD.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { beforeAll, describe, expect, test } from 'vitest';
import { bikeStructuredData, carStructuredData } from '~/components/site/catalog/structured-data';
import { showsRating } from '~/lib/rating';
import { createBike as createBikeRecord } from '~/models/bike.server';
import { createCar as createCarRecord } from '~/models/car.server';
import { createPackage as createPackageRecord } from '~/models/package.server';
import { action as bikesAction } from '~/routes/api/bikes';
import { action as carsAction } from '~/routes/api/cars';
import { action as packagesAction } from '~/routes/api/packages';
import { loader as bikeLoader } from '~/routes/site/bike';
import { loader as carLoader } from '~/routes/site/car';
import { newBikeValues, HIMALAYAN_450_VALUES } from '~/routes/admin/bikes/+shared/bike-form';
import { newCarValues } from '~/routes/admin/cars/+shared/car-form';
import { newPackageValues } from '~/routes/admin/packages/+shared/package-form';
import { bikeWriteSchema } from '~/schemas/bike';
import { carWriteSchema } from '~/schemas/car';
import { packageWriteSchema } from '~/schemas/package';
import { createStaffSession } from '../auth-helpers';
import { createBike, createCar, createPackage } from '../factories';
import { routeArgs } from '../route-args';
import { call, issuePaths, validBike, validCar, validPackage } from './catalog-write-helpers';

let auth: Record<string, string>;
beforeAll(async () => {
  auth = { Authorization: (await createStaffSession()).authorization };
});

const none = { rating: 0, reviewCount: 0 };
const { rating: _r, reviewCount: _c, ...carWithoutRating } = validCar;
const { rating: _r2, reviewCount: _c2, ...bikeWithoutRating } = validBike;
const { rating: _r3, reviewCount: _c3, ...packageWithoutRating } = validPackage;

describe('a new record has no rating', () => {
  test('inserted without display fields (the column defaults)', async () => {
    for (const row of [await createCar(), await createBike(), await createPackage()]) {
      expect(row).toMatchObject(none);
      expect(showsRating(row)).toBe(false);
    }
  });

  test('created through the models from the write schemas', async () => {
    const car = await createCarRecord(carWriteSchema.parse(carWithoutRating));
    const bike = await createBikeRecord(bikeWriteSchema.parse(bikeWithoutRating));
    const pkg = await createPackageRecord(packageWriteSchema.parse(packageWithoutRating));
    for (const row of [car, bike, pkg]) expect(row).toMatchObject(none);
  });

  test('created through the API', async () => {
    for (const [action, url, body] of [
      [carsAction, '/api/cars', carWithoutRating],
      [bikesAction, '/api/bikes', bikeWithoutRating],
      [packagesAction, '/api/packages', packageWithoutRating],
    ] as const) {
      const res = await call(action, url, { body, headers: auth });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject(none);
    }
  });

  test('the editors start with blank rating and review count', () => {
    for (const values of [newCarValues(), newBikeValues(), newPackageValues(), HIMALAYAN_450_VALUES]) {
      expect(values.rating ?? '').toBe('');
      expect(values.reviewCount ?? '').toBe('');
    }
  });
});

describe('rating and review count go together', () => {
  test('the API refuses a rating with 0 reviews, naming reviewCount', async () => {
    const res = await call(carsAction, '/api/cars', { body: { ...validCar, rating: 4.8, reviewCount: 0 }, headers: auth });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toEqual(['reviewCount']);
    const absent = await call(bikesAction, '/api/bikes', { body: { ...bikeWithoutRating, rating: 4.5 }, headers: auth });
    expect(absent.status).toBe(400);
    expect(issuePaths(absent.body)).toEqual(['reviewCount']);
  });

  test('the API refuses reviews without a rating, and a rating below 1, naming rating', async () => {
    const res = await call(packagesAction, '/api/packages', { body: { ...packageWithoutRating, review_count: 12 }, headers: auth });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toEqual(['rating']);
    const low = await call(carsAction, '/api/cars', { body: { ...validCar, rating: 0.5, reviewCount: 3 }, headers: auth });
    expect(low.status).toBe(400);
    expect(issuePaths(low.body)).toEqual(['rating']);
  });

  test('the API reads rating 0 with 0 reviews (a stored "none" sent back) as none', async () => {
    const res = await call(carsAction, '/api/cars', { body: { ...validCar, rating: 0, reviewCount: 0 }, headers: auth });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(none);
  });

  test('the editor form data: a message under the missing field, both blank is none', () => {
    const parse = (entries: [string, string][]) => {
      const form = new FormData();
      const all: [string, string][] = [['model', 'Swift'], ['dailyRate', '2000'], ...entries];
      for (const [k, v] of all) form.append(k, v);
      return parseWithZod(form, { schema: carWriteSchema, disableAutoCoercion: true });
    };
    const noCount = parse([
      ['rating', '4.8'],
      ['reviewCount', ''],
    ]).reply();
    expect(Object.keys(noCount.error ?? {})).toEqual(['reviewCount']);
    expect(noCount.error?.reviewCount?.[0]).toMatch(/review/i);
    const noRating = parse([
      ['rating', ''],
      ['reviewCount', '7'],
    ]).reply();
    expect(Object.keys(noRating.error ?? {})).toEqual(['rating']);
    const blank = parse([
      ['rating', ''],
      ['reviewCount', ''],
    ]);
    expect(blank.status === 'success' && blank.value).toMatchObject(none);
    const both = parse([
      ['rating', '4.6'],
      ['reviewCount', '12'],
    ]);
    expect(both.status === 'success' && both.value).toMatchObject({ rating: 4.6, reviewCount: 12 });
  });
});

describe('public detail pages', () => {
  test('car and bike without reviews: no aggregateRating in the JSON-LD', async () => {
    const car = await createCar();
    const carData = await carLoader(routeArgs(`/cars/${car.id}`, { id: car.id }));
    expect(showsRating(carData.car)).toBe(false);
    expect(JSON.stringify(carStructuredData(carData.car, carData))).not.toContain('aggregateRating');
    const bike = await createBike({ rating: 4.8, reviewCount: 0 });
    const bikeData = await bikeLoader(routeArgs(`/bikes/${bike.id}`, { id: bike.id }));
    expect(JSON.stringify(bikeStructuredData(bikeData.bike, bikeData))).not.toContain('aggregateRating');
  });

  test('with reviews the JSON-LD carries the stored rating', async () => {
    const car = await createCar({ rating: 4.6, reviewCount: 12 });
    const data = await carLoader(routeArgs(`/cars/${car.id}`, { id: car.id }));
    expect(carStructuredData(data.car, data).aggregateRating).toMatchObject({ ratingValue: 4.6, reviewCount: 12 });
  });
});
