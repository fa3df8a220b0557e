/**
 * Idempotency-Key on POST /api/bookings and /api/inquiries (docs/decisions/009-rest-api.md#idempotency-key):
 * a retry with the same key answers the first answer again and stores nothing more, also when the
 * attempts arrive together; the same key with another body is refused; a bad key is a 400; without
 * a key nothing changes; keys are forgotten after 24 hours.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, like, sql } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { db } from '~/db/client.server';
import { bookings, emailOutbox, idempotencyKeys, inquiries } from '~/db/schema';
import { action as bookingsAction } from '~/routes/api/bookings';
import { action as inquiriesAction } from '~/routes/api/inquiries';
import { openApiDocument } from '~/routes/api/openapi';
import { inDays, post, traveller } from './submissions-helpers';

process.env.RATE_LIMIT_SUBMISSIONS_PER_MINUTE = '100000';

/** Rows of `table` whose message carries `marker`. */
async function stored(table: typeof bookings | typeof inquiries, marker: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(table)
    .where(like(table.message, `%${marker}%`));
  return row!.n;
}

const outboxRows = async () => (await db().select({ n: count() }).from(emailOutbox))[0]!.n;

function booking(marker: string) {
  return { type: 'package', itemId: 'custom', ...traveller, startDate: inDays(20), adults: 2, message: `Booking ${marker}` };
}

function inquiry(marker: string) {
  return { type: 'contact', name: 'Karma Bhutia', email: 'karma@example.com', subject: 'Permits', message: `Inquiry ${marker}` };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a retry with the same Idempotency-Key', () => {
  test('gets the first answer again, marked as replayed, and stores no second booking or mail', async () => {
    const marker = randomUUID();
    const key = randomUUID();
    const first = await post(bookingsAction, '/api/bookings', booking(marker), { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const outboxAfterFirst = await outboxRows();

    const retry = await post(bookingsAction, '/api/bookings', booking(marker), { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await stored(bookings, marker)).toBe(1);
    expect(await outboxRows()).toBe(outboxAfterFirst);
  });

  test('works the same for inquiries, and a body with its fields in another order is the same body', async () => {
    const marker = randomUUID();
    const key = randomUUID();
    const body = inquiry(marker);
    const first = await post(inquiriesAction, '/api/inquiries', body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const retry = await post(inquiriesAction, '/api/inquiries', reordered, { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await stored(inquiries, marker)).toBe(1);
  });

  test('sent 12 times at once stores one booking; every answer names it', async () => {
    const marker = randomUUID();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(bookingsAction, '/api/bookings', booking(marker), { 'Idempotency-Key': key })));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    const ids = new Set(answers.map((a) => (a.body as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(11);
    expect(await stored(bookings, marker)).toBe(1);
  });

  test('with a different body is refused with 422 naming the header, and stores nothing', async () => {
    const marker = randomUUID();
    const key = randomUUID();
    expect((await post(inquiriesAction, '/api/inquiries', inquiry(marker), { 'Idempotency-Key': key })).status).toBe(201);
    const other = randomUUID();
    const reuse = await post(inquiriesAction, '/api/inquiries', inquiry(other), { 'Idempotency-Key': key });
    expect(reuse.status).toBe(422);
    expect(reuse.body).toMatchObject({
      error: 'This Idempotency-Key was already used with a different request body',
      issues: [{ path: 'Idempotency-Key' }],
    });
    expect(await stored(inquiries, other)).toBe(0);
  });

  test('on another endpoint is a different key', async () => {
    const marker = randomUUID();
    const key = randomUUID();
    expect((await post(bookingsAction, '/api/bookings', booking(marker), { 'Idempotency-Key': key })).status).toBe(201);
    const inquiryAnswer = await post(inquiriesAction, '/api/inquiries', inquiry(marker), { 'Idempotency-Key': key });
    expect(inquiryAnswer.status).toBe(201);
    expect(inquiryAnswer.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await stored(inquiries, marker)).toBe(1);
  });

  test('after a refused attempt (bad input) is judged afresh: nothing was remembered', async () => {
    const marker = randomUUID();
    const key = randomUUID();
    const refused = await post(bookingsAction, '/api/bookings', { ...booking(marker), email: 'not-an-email' }, { 'Idempotency-Key': key });
    expect(refused.status).toBe(400);
    const fixed = await post(bookingsAction, '/api/bookings', booking(marker), { 'Idempotency-Key': key });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await stored(bookings, marker)).toBe(1);
  });
});

describe('without an Idempotency-Key', () => {
  test('every POST stores a record, as before', async () => {
    const marker = randomUUID();
    const first = await post(bookingsAction, '/api/bookings', booking(marker));
    const second = await post(bookingsAction, '/api/bookings', booking(marker));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((first.body as { id: string }).id).not.toBe((second.body as { id: string }).id);
    expect(second.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await stored(bookings, marker)).toBe(2);
  });
});

describe('an invalid Idempotency-Key', () => {
  test.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a space', 'two words'],
    ['a non-ASCII letter', 'clé-1'],
  ])('(%s) answers 400 naming the header and stores nothing', async (_label, key) => {
    const marker = randomUUID();
    const res = await post(inquiriesAction, '/api/inquiries', inquiry(marker), { 'Idempotency-Key': key });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Invalid Idempotency-Key header', issues: [{ path: 'Idempotency-Key' }] });
    expect(await stored(inquiries, marker)).toBe(0);
  });

  test('of 255 visible characters is valid', async () => {
    const marker = randomUUID();
    const res = await post(inquiriesAction, '/api/inquiries', inquiry(marker), { 'Idempotency-Key': `~!${'a'.repeat(253)}` });
    expect(res.status).toBe(201);
  });
});

describe('expiry', () => {
  test('a key older than 24 hours is forgotten, and expired keys are deleted', async () => {
    const marker = randomUUID();
    const key = randomUUID();
    const staleKey = randomUUID();
    expect((await post(bookingsAction, '/api/bookings', booking(marker), { 'Idempotency-Key': key })).status).toBe(201);
    expect((await post(bookingsAction, '/api/bookings', booking(randomUUID()), { 'Idempotency-Key': staleKey })).status).toBe(201);
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`${idempotencyKeys.key} in (${key}, ${staleKey})`);

    // Expired keys are deleted at most once a minute per process: move the clock on.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000);
    const again = await post(bookingsAction, '/api/bookings', booking(marker), { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await stored(bookings, marker)).toBe(2);
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, staleKey))).toEqual([]);
    const [renewed] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(renewed?.responseBody).toMatchObject({ id: (again.body as { id: string }).id });
  });
});

describe('OpenAPI', () => {
  test('documents the Idempotency-Key header and the 422 on both submission endpoints', () => {
    const paths = openApiDocument().paths as Record<string, { post?: { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> } }>;
    for (const path of ['/api/bookings', '/api/inquiries']) {
      expect(paths[path]?.post?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]));
      expect(paths[path]?.post?.responses).toHaveProperty('422');
    }
  });
});
