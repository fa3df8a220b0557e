/**
 * Rate limit of public submissions (docs/product.md#shared-field-rules): per IP, from
 * RATE_LIMIT_SUBMISSIONS_PER_MINUTE, 429 + Retry-After.
 */
import { describe, expect, test } from 'vitest';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { CLIENT_IP_HEADER, consumePoint } from '~/infrastructure/rate-limit.server';
import { action as inquiriesAction } from '~/routes/api/inquiries';
import { post } from './submissions-helpers';

process.env.RATE_LIMIT_SUBMISSIONS_PER_MINUTE = '3';

describe('consumePoint', () => {
  test('allows the points per window per key, then tells how long to wait', async () => {
    const limiter = new RateLimiterMemory({ points: 2, duration: 60 });
    expect((await consumePoint(limiter, 'a')).ok).toBe(true);
    expect(await consumePoint(limiter, 'a')).toEqual({ ok: true, remaining: 0 });
    const refused = await consumePoint(limiter, 'a');
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect((await consumePoint(limiter, 'b')).ok).toBe(true);
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
