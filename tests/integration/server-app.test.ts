/**
 * The Express layer around React Router (server/app.ts, docs/decisions/021-production-hardening.md):
 * health checks, request ids, security headers, and the error answer of last resort.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { beginShutdown, errorHandler, front, markReady } from '../../server/app';

let base = '';
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  const app = express();
  app.use(front);
  app.get('/boom', () => {
    throw new Error('SELECT password_hash FROM users failed');
  });
  app.get('/api/boom', async () => {
    throw new Error('relation "secrets" does not exist');
  });
  app.get('/late', (_req, res, next) => {
    res.write('partial');
    next(new Error('failed after the first byte'));
  });
  app.get('/bad', (_req, _res, next) => next(Object.assign(new Error('bad json'), { status: 400 })));
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(() => close());

describe('health checks', () => {
  test('/healthz answers 200 while the process runs, never cached', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  test('/readyz answers 200 when the database answers, 503 once shutdown has begun', async () => {
    markReady();
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });

    beginShutdown();
    const stopping = await fetch(`${base}/readyz`);
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toMatchObject({ status: 'unavailable' });
    markReady();
  });
});

describe('request ids and headers', () => {
  test('every response carries a request id, a sane incoming one is kept', async () => {
    const fresh = await fetch(`${base}/healthz`);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${base}/healthz`, { headers: { 'X-Request-Id': 'proxy-1234abcd' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-1234abcd');
    const replaced = await fetch(`${base}/healthz`, { headers: { 'X-Request-Id': '<script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('security headers: a fresh CSP nonce per response, no unsafe script sources, no HSTS over http', async () => {
    const [a, b] = await Promise.all([fetch(`${base}/healthz`), fetch(`${base}/healthz`)]);
    const csp = a.headers.get('content-security-policy') ?? '';
    const nonce = (value: string) => /'nonce-([^']+)'/.exec(value)?.[1];
    expect(nonce(csp)).toBeTruthy();
    expect(nonce(csp)).not.toBe(nonce(b.headers.get('content-security-policy') ?? ''));
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '));
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
    expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    expect(a.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(a.headers.get('permissions-policy')).toContain('camera=()');
    expect(a.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('errors that escape to Express', () => {
  test('a page error answers the branded 500 page with the request id, no SQL or stack', async () => {
    const response = await fetch(`${base}/boom`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    const id = response.headers.get('x-request-id') ?? '';
    expect(id).not.toBe('');
    expect(html).toContain('Something went wrong');
    expect(html).toContain(id);
    expect(html).not.toMatch(/SELECT|password_hash|at .*\.ts:\d+/);
    expect(html).not.toContain('Internal Server Error');
  });

  test('an API error answers {error, requestId} as JSON, without the cause', async () => {
    const response = await fetch(`${base}/api/boom`);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: string; requestId: string };
    expect(body).toEqual({ error: 'Internal server error', requestId: response.headers.get('x-request-id') });
    expect(JSON.stringify(body)).not.toContain('secrets');
  });

  test('an error after the answer has started closes the connection instead of appending a page', async () => {
    const read = async () => (await fetch(`${base}/late`)).text();
    await expect(read()).rejects.toThrow();
  });

  test("a client error carrying a 4xx status stays that status and isn't logged as a crash", async () => {
    const response = await fetch(`${base}/bad`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Bad request', issues: [] });
  });
});
