/**
 * What visitors can and cannot do to the page cache (docs/decisions/041-page-cache.md):
 * only a staff write empties the cache, so a visitor's own submissions, failed sign-ins and requests
 * bounced to the login page must leave it alone (otherwise anyone could empty it at will and make
 * every page render again); a stored page is the same bytes for every anonymous visitor.
 *
 * Runs against a production server of its own (port E2E_PORT + 3, a fresh database), so no other
 * spec's requests can empty the cache under these checks. Each test also uses a page of its own
 * (a query string would not give it a fresh entry: the cache keys only on the parameters a page
 * reads, docs/decisions/045-security-round-two.md, section 12).
 */
import { rmSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { startServer, type ServerProcess } from '../support/server-process';
import { uid } from './csp-helpers';

const PORT = Number(process.env.E2E_PORT ?? 3210) + 3;

let server: ServerProcess;
let request: APIRequestContext;

// One worker runs these in order: the server (one port) is started once.
test.describe.configure({ mode: 'default' });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(150_000);
  server = await startServer({ port: PORT, env: { ADMIN_PASSWORD: `cache-${uid()}-${uid()}`, LOG_LEVEL: 'warn', RATE_LIMIT_LOGIN_FAILURES: '1000' } });
  request = await playwright.request.newContext({ baseURL: server.url });
});

test.afterAll(async () => {
  await request?.dispose();
  if (server) {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

/** Wait until `path` is stored (a HEAD neither renders nor stores), after a first, rendering visit. */
async function stored(path: string): Promise<void> {
  const first = await request.get(path);
  expect(first.status()).toBe(200);
  expect(first.headers()['x-page-cache']).toBe('MISS');
  await expect.poll(async () => (await request.head(path)).headers()['x-page-cache']).toBe('HIT');
}

/** True when `path` is still answered from the cache. */
async function stillCached(path: string): Promise<boolean> {
  return (await request.head(path)).headers()['x-page-cache'] === 'HIT';
}

test('a stored page is the same bytes for every anonymous visitor, with its ETag and shared caching', async ({ playwright }) => {
  const path = '/about';
  await stored(path);
  const other = await playwright.request.newContext({ baseURL: server.url, extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
  try {
    const [a, b] = await Promise.all([request.get(path), other.get(path)]);
    expect(a.headers()['x-page-cache']).toBe('HIT');
    expect(b.headers()['x-page-cache']).toBe('HIT');
    expect(b.headers()['content-encoding']).toBe('gzip');
    expect(await a.text()).toBe(await b.text());
    expect(a.headers()['etag']).toBe(b.headers()['etag']);
    expect(a.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(a.headers()['vary']).toMatch(/Accept-Encoding/i);
    expect(a.headers()['set-cookie']).toBeUndefined();
    const notModified = await other.get(path, { headers: { 'If-None-Match': a.headers()['etag']! } });
    expect(notModified.status()).toBe(304);
  } finally {
    await other.dispose();
  }
});

test('the first, rendering visit already carries the ETag and caching headers its copies will have', async () => {
  const path = '/contact';
  const first = await request.get(path);
  expect(first.headers()['x-page-cache']).toBe('MISS');
  expect(first.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  expect(first.headers()['etag']).toMatch(/^"[\w-]{27}"$/);
  await expect.poll(async () => (await request.head(path)).headers()['x-page-cache']).toBe('HIT');
  const hit = await request.get(path);
  expect(hit.headers()['etag']).toBe(first.headers()['etag']);
  expect(await hit.text()).toBe(await first.text());
  const revalidated = await request.get(path, { headers: { 'If-None-Match': first.headers()['etag']! } });
  expect(revalidated.status()).toBe(304);
});

test("visitors' own submissions and failed sign-ins leave the cache alone", async () => {
  const path = '/gallery';
  await stored(path);
  const visitorWrites = [
    () =>
      request.post('/api/inquiries', {
        data: { type: 'contact', name: 'Cache Visitor', email: 'cache@example.com', subject: 'Hello', message: 'Just asking' },
      }),
    () => request.post('/api/auth/login', { data: { username: 'admin', password: 'not-the-password' } }),
    () => request.post('/admin/login', { form: { username: 'admin', password: 'not-the-password' }, headers: { Origin: server.url }, maxRedirects: 0 }),
  ];
  for (const write of visitorWrites) {
    const response = await write();
    expect(response.status(), response.url()).toBeLessThan(500);
    expect(await stillCached(path), `cache after ${response.url()} (${response.status()})`).toBe(true);
  }
});

test('anonymous requests bounced to the login page leave the cache alone', async () => {
  const path = '/testimonials';
  await stored(path);
  const bounced = [
    // A signed-out visitor (or a bot) posting to admin pages is sent to the login page: no change was made.
    () => request.post('/admin/packages/new', { form: { title: 'x' }, headers: { Origin: server.url }, maxRedirects: 0 }),
    () => request.post('/admin/logout', { headers: { Origin: server.url }, maxRedirects: 0 }),
    () => request.post('/admin/login', { form: { intent: 'cancel' }, headers: { Origin: server.url }, maxRedirects: 0 }),
    // A made-up session cookie does not make a staff member either.
    () => request.post('/admin/settings', { form: { intent: 'company' }, headers: { Origin: server.url, Cookie: 'hx_session=made-up' }, maxRedirects: 0 }),
  ];
  const emptiedBy: string[] = [];
  for (const write of bounced) {
    const response = await write();
    expect(response.status(), response.url()).toBeLessThan(500);
    if (!(await stillCached(path))) {
      emptiedBy.push(`POST ${new URL(response.url()).pathname} → ${response.status()} ${response.headers()['location'] ?? ''}`);
      // Store it again for the next request.
      await stored(path);
    }
  }
  expect(emptiedBy, 'anonymous requests that emptied the page cache').toEqual([]);
});
