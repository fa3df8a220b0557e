/**
 * Robustness of the admin API writes (docs/decisions/009-rest-api.md: never a 500 for bad input, never
 * a half-written record): for each write endpoint (POST packages, bikes, cars; PUT package, bike,
 * car) at least 1,000 generated malformed bodies — valid bodies with one field removed or spoiled
 * (camelCase or snake_case), junk keys, and raw non-JSON or non-object text — give 0 responses of 5xx,
 * and no refused (non-2xx) body writes a row or changes the updated row.
 */
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bikes, cars, tourPackages } from '~/db/schema';
import { action as bikeAction } from '~/routes/api/bike';
import { action as bikesAction } from '~/routes/api/bikes';
import { action as carAction } from '~/routes/api/car';
import { action as carsAction } from '~/routes/api/cars';
import { action as packageAction } from '~/routes/api/package';
import { action as packagesAction } from '~/routes/api/packages';
import { createStaffSession } from '../auth-helpers';
import { createBike, createCar, createPackage } from '../factories';
import type { RouteFunction } from '../route-args';
import { call, validBike, validCar, validPackage } from './catalog-write-helpers';

/** Generated bodies per endpoint; at least MIN_REFUSED of them must be refused. */
const RUNS = 1300;
const MIN_REFUSED = 1000;
/** A run takes a few seconds on PGlite; the margin is for a busy machine. */
const TIMEOUT_MS = 120_000;

let headers: Record<string, string>;
beforeAll(async () => {
  headers = { Authorization: (await createStaffSession()).authorization };
});

/** Keep generated values small so a run stays fast. */
const SMALL = { maxDepth: 2, maxKeys: 4 } as const;

const DATES = ['2025-02-30', '0000-01-01', '9999-12-31', 'not-a-date', '26-11-2026', '2026-1-1', '2026-13-01'];
const URLS = ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/x.png', '/\\evil.example', 'vbscript:x', ' /a b '];
const MONEY = [-1, '-0.5', '1e5', 'NaN', 'Infinity', 1e20, '12.345', 0.001, '₹100', '3,500', true, [], {}];

/** Values that are wrong for most fields (or for every field of some type). */
const badValue = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(''),
  fc.constant('   '),
  fc.constant('\u0000'),
  fc.constant('\uD800 lone surrogate'),
  fc.string().map((s) => `${s}\u0007`),
  fc.constant('x'.repeat(6000)),
  fc.constant('x'.repeat(70 * 1024)), // over the 64 KB body limit
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  fc.constant({ __proto__: { polluted: true } }),
  fc.anything(SMALL),
);

/** Extra values that are wrong for one kind of field only. */
const badFor: Record<string, fc.Arbitrary<unknown>> = {
  startDate: fc.constantFrom(...DATES),
  endDate: fc.constantFrom(...DATES, '2000-01-01'),
  imageUrl: fc.constantFrom(...URLS),
  gallery: fc.oneof(
    fc.constantFrom(...URLS).map((u) => [u]),
    fc.constant(Array.from({ length: 40 }, () => '/a.svg')),
    fc.array(fc.anything(SMALL), { maxLength: 3 }),
  ),
  price: fc.constantFrom(...MONEY),
  dailyRate: fc.constantFrom(...MONEY),
  maxPersons: fc.constantFrom(0, -3, 2.5, '12 people', 1e12),
  rating: fc.constantFrom(5.5, 4.75, -1, '4,5', 'five'),
  reviewCount: fc.constantFrom(-1, 1.5, '1e3', 1e15),
  tag: fc.constantFrom('Cheapest', 'best seller', 'NEW'),
  category: fc.constantFrom('space', 'SUV', 'popular', 'all'),
  fuelType: fc.constantFrom('coal', 'Petrol'),
  transmission: fc.constantFrom('cvt', 'Manual'),
  gearType: fc.constantFrom('cvt', 'Automatic'),
  available: fc.constantFrom('maybe', 'yes', 1, 0),
  itinerary: fc.oneof(
    fc.constant([{ day: 0, title: 'Zero' }]),
    fc.constant([{ day: 'one', title: 'x' }]),
    fc.constant([{ day: 1, title: 'x', activities: 'not a list' }]),
    fc.constant([{ day: 1, title: { nested: true } }]),
    fc.constant([1, 'two']),
    fc.constant(Array.from({ length: 61 }, (_, i) => ({ day: i + 1, title: 'Day' }))),
    fc.array(fc.dictionary(fc.constantFrom('day', 'title', 'description', 'activities', 'meals', 'stay'), fc.anything(SMALL), { maxKeys: 6 }), {
      maxLength: 3,
    }),
  ),
  accommodation: fc.oneof(
    fc.constant([{ location: 'Gangtok', nights: -1 }]),
    fc.constant([{ hotel: 'H', rooms: 'many' }]),
    fc.array(fc.dictionary(fc.constantFrom('location', 'hotel', 'nights', 'category', 'rooms'), fc.anything(SMALL), { maxKeys: 5 }), { maxLength: 3 }),
  ),
  specifications: fc.oneof(
    fc.constantFrom('big', 42, [1, 2]),
    fc.dictionary(fc.constantFrom('weight', 'fuel_capacity', 'fuelCapacity', 'seat_height', 'mileage', 'boot_space', 'engineSize'), badValue, { maxKeys: 3 }),
  ),
};

/** Fields whose removal is an error (removing another field takes its default). */
const REQUIRED = new Set(['title', 'description', 'model', 'dailyRate']);

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A valid body with one field spoiled (or a required one removed), maybe in snake_case, plus junk keys. */
function mutated(valid: Record<string, unknown>) {
  const junkKeys = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'created_at', 'admin'), fc.anything(SMALL), { maxKeys: 3 });
  return fc
    .constantFrom(...Object.keys(valid))
    .chain((field) =>
      fc.record({
        field: fc.constant(field),
        remove: fc.integer({ min: 0, max: 9 }).map((n) => REQUIRED.has(field) && n < 3),
        value: badFor[field] ? fc.oneof(badFor[field], badValue) : badValue,
        snakeCase: fc.boolean(),
        extra: junkKeys,
      }),
    )
    .map(({ field, remove, value, snakeCase, extra }) => {
      const body: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(valid)) body[snakeCase ? snake(k) : k] = v;
      for (const [k, v] of Object.entries(extra)) Object.defineProperty(body, k, { value: v, enumerable: true, writable: true, configurable: true });
      const key = snakeCase ? snake(field) : field;
      if (remove) delete body[key];
      else body[key] = value;
      return JSON.stringify(body);
    });
}

const rawBodies = fc.oneof(
  fc.string(), // mostly not JSON at all
  fc.constantFrom('', '{', '[]', 'null', '42', '"text"', '{"__proto__":{"isAdmin":true}}', '{"model":"x","__proto__":null}', '{"a":1}{"b":2}'),
  fc.anything(SMALL).map((v) => JSON.stringify(v) ?? 'undefined'),
  fc.json(),
);

function bodies(valid: Record<string, unknown>) {
  return fc.oneof({ arbitrary: mutated(valid), weight: 3 }, { arbitrary: rawBodies, weight: 1 });
}

type Table = typeof tourPackages | typeof bikes | typeof cars;

const rowCount = async (table: Table) => (await db().select({ n: count() }).from(table))[0]!.n;
const snapshot = async (table: Table, id: string) => JSON.stringify((await db().select().from(table).where(eq(table.id, id)))[0]);

async function fuzz<P extends object>({
  action,
  url,
  method,
  params,
  table,
  valid,
  id,
}: {
  action: RouteFunction<P>;
  url: string;
  method: 'POST' | 'PUT';
  params: P;
  table: Table;
  valid: Record<string, unknown>;
  id?: string;
}) {
  let fiveHundreds = 0;
  let refused = 0;
  let accepted = 0;
  let rows = await rowCount(table);
  let row = id ? await snapshot(table, id) : '';
  await fc.assert(
    fc.asyncProperty(bodies(valid), async (text) => {
      const res = await call(action, url, { method, params, body: text, headers });
      if (res.status >= 500) {
        fiveHundreds++;
        throw new Error(`${res.status} for ${text.slice(0, 300)}: ${String(res.error)}`);
      }
      const ok = res.status >= 200 && res.status < 300;
      if (ok) accepted++;
      else refused++;
      const nowRows = await rowCount(table);
      expect(nowRows, `rows after ${res.status}`).toBe(rows + (ok && method === 'POST' ? 1 : 0));
      rows = nowRows;
      if (id) {
        const now = await snapshot(table, id);
        if (!ok) expect(now, `row changed by a refused body: ${text.slice(0, 200)}`).toBe(row);
        row = now;
      }
    }),
    { numRuns: RUNS },
  );
  expect(fiveHundreds).toBe(0);
  expect(refused).toBeGreaterThanOrEqual(MIN_REFUSED);
  return { refused, accepted };
}

describe('admin API writes: 1,000+ malformed bodies each, 0 5xx, 0 rows written by a refused body', () => {
  test(
    'POST /api/packages',
    async () => {
      await fuzz({ action: packagesAction, url: '/api/packages', method: 'POST', params: {}, table: tourPackages, valid: validPackage });
    },
    TIMEOUT_MS,
  );

  test(
    'PUT /api/packages/:id',
    async () => {
      const { id } = await createPackage();
      await fuzz({ action: packageAction, url: `/api/packages/${id}`, method: 'PUT', params: { id }, table: tourPackages, valid: validPackage, id });
    },
    TIMEOUT_MS,
  );

  test(
    'POST /api/bikes',
    async () => {
      await fuzz({ action: bikesAction, url: '/api/bikes', method: 'POST', params: {}, table: bikes, valid: validBike });
    },
    TIMEOUT_MS,
  );

  test(
    'PUT /api/bikes/:id',
    async () => {
      const { id } = await createBike();
      await fuzz({ action: bikeAction, url: `/api/bikes/${id}`, method: 'PUT', params: { id }, table: bikes, valid: validBike, id });
    },
    TIMEOUT_MS,
  );

  test(
    'POST /api/cars',
    async () => {
      await fuzz({ action: carsAction, url: '/api/cars', method: 'POST', params: {}, table: cars, valid: validCar });
    },
    TIMEOUT_MS,
  );

  test(
    'PUT /api/cars/:id',
    async () => {
      const { id } = await createCar();
      await fuzz({ action: carAction, url: `/api/cars/${id}`, method: 'PUT', params: { id }, table: cars, valid: validCar, id });
    },
    TIMEOUT_MS,
  );
});
