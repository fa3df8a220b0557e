/** Rate limit of public submissions (D12): per IP, from RATE_LIMIT_SUBMISSIONS_PER_MINUTE, 429 + Retry-After. */
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER, SlidingWindowLimiter } from '~/lib/rate-limit.server';
import { action as inquiriesAction } from '~/routes/api/inquiries';
import { post } from './submissions-helpers';

process.env.RATE_LIMIT_SUBMISSIONS_PER_MINUTE = '3';

describe('SlidingWindowLimiter', () => {
  test('allows `limit` hits per window per key, then tells how long to wait', () => {
    let now = 1_000_000;
    const limiter = new SlidingWindowLimiter({ limit: () => 2, windowMs: 60_000, now: () => now });
    expect(limiter.hit('a').ok).toBe(true);
    now += 10_000;
    expect(limiter.hit('a').ok).toBe(true);
    expect(limiter.hit('a')).toEqual({ ok: false, retryAfterSeconds: 50 });
    expect(limiter.hit('b').ok).toBe(true);
    now += 50_001; // the first hit left the window
    expect(limiter.hit('a').ok).toBe(true);
    expect(limiter.hit('a').ok).toBe(false);
  });

  test('memory stays bounded under a flood of distinct keys', () => {
    const limiter = new SlidingWindowLimiter({ limit: () => 1, windowMs: 60_000, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) limiter.hit(`ip-${i}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
  });
});

describe('submission endpoints', () => {
  test('the 4th submission in a minute from one address answers 429 with Retry-After; others are not affected', async () => {
    const body = { type: 'contact', name: 'Tenzin', email: 't@example.com', subject: 'Hi', message: 'Hello' };
    const from = (ip: string) => ({ [CLIENT_IP_HEADER]: ip });
    for (let i = 0; i < 3; i++) expect((await post(inquiriesAction, '/api/inquiries', body, from('10.0.0.1'))).status).toBe(201);
    const limited = await post(inquiriesAction, '/api/inquiries', body, from('10.0.0.1'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ error: 'Too many submissions. Please wait a minute and try again.' });
    expect((await post(inquiriesAction, '/api/inquiries', body, from('10.0.0.2'))).status).toBe(201);
  });
});
