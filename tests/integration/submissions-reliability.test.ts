/**
 * Reliability figures (docs/decisions/003-visitor-submissions-stored.md): at least 1,000 generated
 * malformed bodies per POST endpoint give 0 responses 5xx and 0 rows written; a burst of 200
 * concurrent valid submissions is stored exactly once each.
 */
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bookings, emailOutbox, inquiries } from '~/db/schema';
import { action as bookingsAction } from '~/routes/api/bookings';
import { action as inquiriesAction } from '~/routes/api/inquiries';
import { createBike, createPackage } from '../factories';
import { inDays, post, traveller } from './submissions-helpers';

process.env.RATE_LIMIT_SUBMISSIONS_PER_MINUTE = '1000000';

const total = async () =>
  (await db().select({ n: count() }).from(bookings))[0]!.n +
  (await db().select({ n: count() }).from(inquiries))[0]!.n +
  (await db().select({ n: count() }).from(emailOutbox))[0]!.n;

/** Values that are wrong for any required field of these forms. */
const badValue = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(''),
  fc.constant('   '),
  fc.constant('\u0000'),
  fc.string().map((s) => `${s}\u0000`),
  fc.constant('x'.repeat(1_048_576)), // 1 MB string
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  fc.constant({ __proto__: { polluted: true } }),
);

/** Extra values that are wrong for one kind of field only. */
const badFor: Record<string, fc.Arbitrary<unknown>> = {
  date: fc.constantFrom('2025-02-30', '0000-01-01', '9999-12-31', 'not-a-date', '2020-01-01', '26-11-2026'),
  startDate: fc.constantFrom('2025-02-30', '0000-01-01', '9999-12-31', 'not-a-date', '2020-01-01', '26-11-2026'),
  itemId: fc.constantFrom('not-an-id', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"),
  type: fc.constantFrom('unknown', 'PACKAGE', 'admin'),
  email: fc.constantFrom('not-an-email', 'a@', '@b.com', 'a b@c.com'),
  phone: fc.constantFrom('abc', '12', '+91 ' + '9'.repeat(30)),
};

/** A valid body with one required field removed or replaced by a bad value, plus junk keys. */
function mutated(valid: Record<string, unknown>, required: string[]) {
  const junkKeys = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'status', 'id', 'admin'), fc.anything(), { maxKeys: 3 });
  return fc
    .constantFrom(...required)
    .chain((field) =>
      fc.record({ field: fc.constant(field), remove: fc.boolean(), value: badFor[field] ? fc.oneof(badValue, badFor[field]) : badValue, extra: junkKeys }),
    )
    .map(({ field, remove, value, extra }) => {
      const body: Record<string, unknown> = { ...valid };
      for (const [k, v] of Object.entries(extra)) Object.defineProperty(body, k, { value: v, enumerable: true, writable: true, configurable: true });
      if (remove) delete body[field];
      else body[field] = value;
      return JSON.stringify(body);
    });
}

const rawBodies = fc.oneof(
  fc.string(), // mostly not JSON at all
  fc.constantFrom('{', '[]', 'null', '42', '"text"', '{"__proto__":{"isAdmin":true}}', '{"type":"bike","__proto__":null}'),
  fc.anything().map((v) => JSON.stringify(v) ?? 'undefined'),
  fc.json(),
);

async function fuzz(action: typeof inquiriesAction | typeof bookingsAction, url: string, body: fc.Arbitrary<string>, runs: number) {
  let fiveHundreds = 0;
  let successes = 0;
  await fc.assert(
    fc.asyncProperty(body, async (text) => {
      const res = await post(action, url, text);
      if (res.status >= 500) fiveHundreds++;
      if (res.status < 300) successes++;
      return res.status >= 400 && res.status < 500;
    }),
    { numRuns: runs },
  );
  return { fiveHundreds, successes };
}

describe('malformed bodies (fast-check)', () => {
  test('POST /api/inquiries: 1,000+ malformed bodies, 0 5xx, 0 rows', async () => {
    const before = await total();
    const valid = { type: 'cabs', ...traveller, pickupLocation: 'Siliguri', dropoffLocation: 'Gangtok', date: inDays(4) };
    const required = ['type', 'name', 'email', 'phone', 'pickupLocation', 'dropoffLocation', 'date'];
    const a = await fuzz(inquiriesAction, '/api/inquiries', rawBodies, 500);
    const b = await fuzz(inquiriesAction, '/api/inquiries', mutated(valid, required), 600);
    expect(a.fiveHundreds + b.fiveHundreds).toBe(0);
    expect(a.successes + b.successes).toBe(0);
    expect(await total()).toBe(before);
  }, 120_000);

  test('POST /api/bookings: 1,000+ malformed bodies, 0 5xx, 0 rows', async () => {
    const bike = await createBike();
    const before = await total();
    const valid = { type: 'bike', itemId: bike.id, ...traveller, startDate: inDays(4), endDate: inDays(6), needHelmet: true };
    const required = ['type', 'itemId', 'name', 'email', 'phone', 'startDate'];
    const a = await fuzz(bookingsAction, '/api/bookings', rawBodies, 500);
    const b = await fuzz(bookingsAction, '/api/bookings', mutated(valid, required), 600);
    expect(a.fiveHundreds + b.fiveHundreds).toBe(0);
    expect(a.successes + b.successes).toBe(0);
    expect(await total()).toBe(before);
  }, 120_000);
});

describe('burst', () => {
  test('200 concurrent valid submissions: every 2xx is stored exactly once', async () => {
    const pkg = await createPackage();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? post(bookingsAction, '/api/bookings', {
              type: 'package',
              itemId: pkg.id,
              ...traveller,
              email: `burst${i}@example.com`,
              startDate: inDays(9),
              adults: 2,
            })
          : post(inquiriesAction, '/api/inquiries', {
              type: 'contact',
              name: 'Burst',
              email: `burst${i}@example.com`,
              subject: `Burst ${i}`,
              message: 'Hello',
            }),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    expect(ok).toHaveLength(200);
    const ids = ok.map((r) => (r.body as { id: string }).id);
    expect(new Set(ids).size).toBe(200);
    const storedBookings = await db().select({ email: bookings.email }).from(bookings);
    const storedInquiries = await db().select({ email: inquiries.email }).from(inquiries);
    const emails = [...storedBookings, ...storedInquiries].map((r) => r.email).filter((e) => e.startsWith('burst'));
    expect(emails).toHaveLength(200);
    expect(new Set(emails).size).toBe(200);
  }, 120_000);
});
