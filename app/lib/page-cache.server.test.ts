/**
 * The page cache of anonymous public pages (docs/decisions/041-page-cache.md),
 * driven through a tiny Express app with the real middlewares: which requests may share a page,
 * which answers are stored, HIT / 304 answers, and emptying after staff writes only.
 */
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import express, { type Request } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cachedPage,
  MAX_QUEUED_RENDERS,
  pageCacheKey,
  RENDER_CONCURRENCY,
  renderQueue,
  invalidateOnStaffWrite,
  invalidatePageCache,
  onPageCacheInvalidated,
  PAGE_TTL_MS,
  pageCacheTicket,
  PUBLIC_PAGE_CACHE_CONTROL,
  servePageCache,
  setPageCacheEnabled,
  storePage,
  type PageCacheTicket,
} from './page-cache.server';
import { markStaffWrite, requestStore } from './request-store.server';

/** Credentials the fake `requireAdmin` below accepts; anything else is signed out. */
const STAFF_COOKIE = 'hx_session=valid-session';
const STAFF_BEARER = 'Bearer valid-token-abcdefghijklmnop';

/** What the fake renderer answers: status, headers and body of the page. */
type Answer = { status: number; headers: Record<string, string>; html: string };

const HTML = { 'Content-Type': 'text/html; charset=utf-8' };
const HASH_CSP = "script-src 'self' 'sha256-test'";

let answer: (req: Request) => Answer = () => ({ status: 200, headers: HTML, html: '<p>page</p>' });
/** How many times the fake renderer ran (a HIT does not run it). */
let renders = 0;
/** Release of a render held back by a test (to write while it runs). */
let hold: Promise<void> | undefined;

let base = '';
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  const app = express();
  // As server/app.ts: every request runs inside its own request store.
  app.use((_req, _res, next) => requestStore.run({ requestId: 'test', staffWrite: false }, next));
  app.use(invalidateOnStaffWrite);
  app.use(servePageCache);
  // The renderer's part (app/entry.server.tsx): render, then store when the request had a ticket.
  app.all('*splat', async (req, res) => {
    renders += 1;
    // The part of requireAdmin (app/services/admin-guard.server.ts) that matters here: a change sent with a
    // live session is marked as a staff write.
    const signedIn = (req.headers.cookie ?? '').includes(STAFF_COOKIE) || req.headers.authorization === STAFF_BEARER;
    if (signedIn && !['GET', 'HEAD', 'OPTIONS'].includes(req.method)) markStaffWrite();
    const ticket = res.locals.pageCache;
    if (hold) await hold;
    const { status, headers, html } = answer(req);
    if (ticket) await storePage(ticket, status, new Headers(headers), html, HASH_CSP);
    res
      .status(status)
      .set(headers)
      .send(req.method === 'HEAD' ? undefined : html);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(() => close());

beforeEach(() => {
  setPageCacheEnabled(true);
  answer = () => ({ status: 200, headers: HTML, html: '<p>page</p>' });
  renders = 0;
  hold = undefined;
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${base}${path}`, { method, headers });
const cacheHeader = (response: Response) => response.headers.get('x-page-cache');

/** A request object with just what `pageCacheTicket` reads. */
function fakeRequest(path: string, { method = 'GET', headers = {} as Record<string, string> } = {}): Request {
  const url = new URL(path, 'http://site.test');
  return { method, originalUrl: url.pathname + url.search, path: url.pathname, headers } as unknown as Request;
}

describe('pageCacheTicket', () => {
  it('gives anonymous GET and HEAD requests of public pages a ticket keyed by date and URL', () => {
    const ticket = pageCacheTicket(fakeRequest('/packages?category=trek'));
    expect(ticket?.key).toMatch(/^\d{4}-\d{2}-\d{2} \/packages\?category=trek$/);
    expect(pageCacheTicket(fakeRequest('/', { method: 'HEAD' }))).toBeDefined();
    expect(pageCacheTicket(fakeRequest('/about', { headers: { cookie: 'theme=dark; promo_dismissed=1' } }))).toBeDefined();
  });

  it.each([
    ['POST', '/contact', {}],
    ['PUT', '/about', {}],
    ['GET', '/admin', {}],
    ['GET', '/admin/login', {}],
    ['GET', '/admin.data', {}],
    ['GET', '/api/packages', {}],
    ['GET', '/packages.data', {}],
    ['GET', '/_root.data', {}],
    ['GET', '/assets/entry.client-abc.js', {}],
    ['GET', '/uploads/x.webp', {}],
    ['GET', '/sitemap.xml', {}],
    ['GET', '/robots.txt', {}],
    // The WhatsApp redirect counts every request (docs/decisions/049-whatsapp-leads.md).
    ['GET', '/go/whatsapp?from=/', {}],
    ['GET', '/Go/WhatsApp?item=package:x&from=/', {}],
    // A vehicle's secret calendar feed and the booking dialog's confirmed days (docs/decisions/048-trip-operations.md).
    ['GET', `/calendars/cars/00000000-0000-4000-8000-000000000000/${'A'.repeat(22)}.ics`, {}],
    ['GET', '/booked-dates.json?vehicle=bike:x', {}],
    ['GET', `/packages?q=${'x'.repeat(1100)}`, {}],
    ['GET', '/about', { cookie: 'hx_session=abc' }],
    ['GET', '/about', { cookie: 'theme=dark; __Host-hx_session=abc' }],
    ['GET', '/about', { cookie: '__Host-hx_flash=eyJ0eXBlIjoic3VjY2VzcyJ9' }],
    ['GET', '/about', { cookie: 'hx_flash=abc' }],
    ['GET', '/about', { cookie: 'hx_login=abc' }],
    ['GET', '/about', { authorization: 'Bearer abcdefghijklmnopqrstuvwxyz' }],
    ['GET', '/about', { range: 'bytes=0-10' }],
    // A traveller's own booking page (docs/decisions/046-payments.md#the-travellers-booking-page), however spelled.
    ['GET', `/booking/${'A'.repeat(43)}`, {}],
    ['GET', `/Booking/${'a'.repeat(43)}?payment=received`, {}],
    ['GET', `/booking/${'a'.repeat(43)}/return`, {}],
  ])('%s %s %j gets no ticket', (method, path, headers) => {
    expect(pageCacheTicket(fakeRequest(path, { method, headers }))).toBeUndefined();
  });

  it('still gives the public booking form a ticket', () => {
    expect(pageCacheTicket(fakeRequest('/booking?package=abc'))).toBeDefined();
    expect(pageCacheTicket(fakeRequest('/booking/'))).toBeDefined();
  });

  it('gives no ticket while the cache is switched off', () => {
    setPageCacheEnabled(false);
    expect(pageCacheTicket(fakeRequest('/about'))).toBeUndefined();
    setPageCacheEnabled(true);
    expect(pageCacheTicket(fakeRequest('/about'))).toBeDefined();
  });
});

describe('storePage', () => {
  const ticketFor = (path: string): PageCacheTicket => pageCacheTicket(fakeRequest(path))!;

  it('stores a 200 HTML answer with its compressed copies, replaying only harmless headers', async () => {
    const ticket = ticketFor('/store-ok');
    const headers = new Headers({ ...HTML, Link: '</assets/a.css>; rel=preload; as=style', 'X-Secret': 'no', 'X-Robots-Tag': 'noindex' });
    await storePage(ticket, 200, headers, '<p>héllo</p>', HASH_CSP);
    const page = cachedPage(ticket)!;
    expect(page.html.toString('utf8')).toBe('<p>héllo</p>');
    expect(gunzipSync(page.gzip).toString('utf8')).toBe('<p>héllo</p>');
    expect(brotliDecompressSync(page.br).toString('utf8')).toBe('<p>héllo</p>');
    expect(page.csp).toBe(HASH_CSP);
    expect(page.etag).toMatch(/^"[\w-]{27}"$/);
    expect(Object.fromEntries(page.headers)).toEqual({
      'content-type': 'text/html; charset=utf-8',
      link: '</assets/a.css>; rel=preload; as=style',
      'x-robots-tag': 'noindex',
    });
  });

  it.each([
    ['a Set-Cookie', 200, { ...HTML, 'Set-Cookie': 'hx_flash=; Max-Age=0' }],
    ['Cache-Control: no-store', 200, { ...HTML, 'Cache-Control': 'no-store' }],
    ['Cache-Control: private', 200, { ...HTML, 'Cache-Control': 'private, max-age=0' }],
    ['a 404', 404, HTML],
    ['a 500', 500, HTML],
    ['a redirect', 302, { ...HTML, Location: '/' }],
    ['JSON', 200, { 'Content-Type': 'application/json' }],
    ['no Content-Type', 200, {}],
  ])('refuses an answer with %s', async (_why, status, headers) => {
    const ticket = ticketFor(`/refused-${status}-${Object.keys(headers).join('-')}`);
    await storePage(ticket, status, new Headers(headers as Record<string, string>), '<p>x</p>', HASH_CSP);
    expect(cachedPage(ticket)).toBeUndefined();
  });

  it('refuses a render that began before the cache was emptied', async () => {
    const ticket = ticketFor('/stale');
    invalidatePageCache('a staff write');
    await storePage(ticket, 200, new Headers(HTML), '<p>old</p>', HASH_CSP);
    expect(cachedPage(ticket)).toBeUndefined();
    const fresh = ticketFor('/stale');
    await storePage(fresh, 200, new Headers(HTML), '<p>new</p>', HASH_CSP);
    expect(cachedPage(fresh)?.html.toString()).toBe('<p>new</p>');
  });
});

describe('servePageCache', () => {
  it('answers the second anonymous visit from the cache, with the hash policy and an ETag', async () => {
    answer = () => ({ status: 200, headers: HTML, html: '<h1>About</h1>' });
    const first = await get('/about-serve');
    expect(cacheHeader(first)).toBe('MISS');
    expect(await first.text()).toBe('<h1>About</h1>');
    const second = await get('/about-serve');
    expect(cacheHeader(second)).toBe('HIT');
    expect(await second.text()).toBe('<h1>About</h1>');
    expect(renders).toBe(1);
    expect(second.headers.get('content-security-policy')).toBe(HASH_CSP);
    expect(second.headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(second.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(second.headers.get('vary')).toBe('Accept-Encoding');
    expect(second.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
  });

  it('answers a matching If-None-Match with 304 and a different one with the page', async () => {
    await get('/etag');
    const hit = await get('/etag');
    const etag = hit.headers.get('etag')!;
    const notModified = await get('/etag', { 'If-None-Match': etag });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    expect((await get('/etag', { 'If-None-Match': `"other", W/${etag}` })).status).toBe(304);
    const changed = await get('/etag', { 'If-None-Match': '"other"' });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe('<p>page</p>');
    expect(renders).toBe(1);
  });

  it('sends the copy in the encoding the client accepts, and no body to HEAD', async () => {
    answer = () => ({ status: 200, headers: HTML, html: '<p>compress me</p>'.repeat(50) });
    await get('/encodings');
    const br = await get('/encodings', { 'Accept-Encoding': 'br, gzip' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe('<p>compress me</p>'.repeat(50));
    const gzip = await get('/encodings', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const head = await get('/encodings', {}, 'HEAD');
    expect(cacheHeader(head)).toBe('HIT');
    expect(await head.text()).toBe('');
    expect(renders).toBe(1);
  });

  it('never serves or stores the page of a visitor with a session, flash or login cookie, or a token', async () => {
    let n = 0;
    answer = () => ({ status: 200, headers: HTML, html: `<p>render ${++n}</p>` });
    const personalHeaders: Record<string, string>[] = [
      { Cookie: 'hx_session=abc' },
      { Cookie: 'hx_flash=abc' },
      { Cookie: '__Host-hx_flash=abc' },
      { Authorization: 'Bearer abcdefghijklmnopqrstuvwxyz' },
    ];
    for (const headers of personalHeaders) {
      const personal = await get('/personal', headers);
      expect(cacheHeader(personal)).toBeNull();
    }
    // Nothing of theirs was stored: the first anonymous visit renders anew.
    const anonymous = await get('/personal');
    expect(cacheHeader(anonymous)).toBe('MISS');
    expect(await anonymous.text()).toBe('<p>render 5</p>');
    // Nor do they get the anonymous copy.
    const again = await get('/personal', { Cookie: 'hx_session=abc' });
    expect(cacheHeader(again)).toBeNull();
    expect(await again.text()).toBe('<p>render 6</p>');
  });

  it('does not store an answer that sets a cookie', async () => {
    answer = () => ({ status: 200, headers: { ...HTML, 'Set-Cookie': 'hx_flash=; Max-Age=0' }, html: '<p>toast</p>' });
    expect(cacheHeader(await get('/with-cookie'))).toBe('MISS');
    expect(cacheHeader(await get('/with-cookie'))).toBe('MISS');
    expect(renders).toBe(2);
  });

  it('keeps query strings apart', async () => {
    answer = (req) => ({ status: 200, headers: HTML, html: `<p>${String(req.query.page ?? '1')}</p>` });
    await get('/cars?page=2');
    expect(await (await get('/cars?page=3')).text()).toBe('<p>3</p>');
    const hit = await get('/cars?page=2');
    expect(cacheHeader(hit)).toBe('HIT');
    expect(await hit.text()).toBe('<p>2</p>');
  });

  it('passes admin, API and data requests through untouched', async () => {
    for (const path of ['/admin/packages', '/api/packages', '/packages.data']) {
      await get(path);
      const again = await get(path);
      expect(cacheHeader(again), path).toBeNull();
    }
    expect(renders).toBe(6);
  });
});

describe('bursts and expiry', () => {
  /** Hold every render until the returned function is called. */
  function holdRenders(): () => void {
    let release: () => void = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    return () => {
      hold = undefined;
      release();
    };
  }

  it('renders a cold page once for a burst of visitors: the others wait and get the stored copy', async () => {
    const release = holdRenders();
    answer = () => ({ status: 200, headers: HTML, html: '<p>burst</p>' });
    const burst = Array.from({ length: 5 }, () => get('/burst'));
    await expect.poll(() => renders).toBe(1);
    release();
    const answers = await Promise.all(burst);
    expect(renders).toBe(1);
    expect(answers.map(cacheHeader).sort()).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'MISS']);
    for (const response of answers) expect(await response.text()).toBe('<p>burst</p>');
  });

  it('lets the waiting visitors render for themselves when the first answer is not stored', async () => {
    const release = holdRenders();
    answer = () => ({ status: 200, headers: { ...HTML, 'Set-Cookie': 'a=b' }, html: '<p>personal</p>' });
    const burst = Array.from({ length: 3 }, () => get('/not-stored'));
    await expect.poll(() => renders).toBe(1);
    release();
    const answers = await Promise.all(burst);
    expect(answers.map(cacheHeader)).toEqual(['MISS', 'MISS', 'MISS']);
    expect(renders).toBe(3);
  });

  it('after its fresh minute, serves the old copy while one visitor renders the page again', async () => {
    answer = () => ({ status: 200, headers: HTML, html: '<p>old</p>' });
    await get('/expiring');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PAGE_TTL_MS + 1 });
    try {
      const release = holdRenders();
      answer = () => ({ status: 200, headers: HTML, html: '<p>new</p>' });
      const renderer = get('/expiring');
      await expect.poll(() => renders).toBe(2);
      const meanwhile = await get('/expiring');
      expect(cacheHeader(meanwhile)).toBe('STALE');
      expect(await meanwhile.text()).toBe('<p>old</p>');
      release();
      expect(cacheHeader(await renderer)).toBe('MISS');
      const after = await get('/expiring');
      expect(cacheHeader(after)).toBe('HIT');
      expect(await after.text()).toBe('<p>new</p>');
      expect(renders).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never serves a stale copy after a change', async () => {
    answer = () => ({ status: 200, headers: HTML, html: '<p>v1</p>' });
    await get('/changed');
    invalidatePageCache('a staff write');
    answer = () => ({ status: 200, headers: HTML, html: '<p>v2</p>' });
    const next = await get('/changed');
    expect(cacheHeader(next)).toBe('MISS');
    expect(await next.text()).toBe('<p>v2</p>');
  });
});

describe('query strings and spellings cannot bypass the cache (docs/decisions/045-security-round-two.md, section 12)', () => {
  it('keys on the normalised path and only the parameters the page reads', () => {
    expect(pageCacheKey('/packages?utm_source=mail&page=2&q=tea&x=1')).toBe('/packages?page=2&q=tea');
    expect(pageCacheKey('/Packages/?q=tea&page=2')).toBe('/packages?page=2&q=tea');
    expect(pageCacheKey('/bikes?filter=a&filter=b')).toBe('/bikes?filter=b');
    expect(pageCacheKey('/about?anything=1')).toBe('/about');
    expect(pageCacheKey('/%61bout')).toBe('/about');
    expect(pageCacheKey('/gallery?category=monasteries&page=9')).toBe('/gallery?category=monasteries');
  });

  it('a burst of random query strings and spellings renders a page once', async () => {
    answer = () => ({ status: 200, headers: HTML, html: '<p>about</p>' });
    const urls = [
      '/about-us',
      ...Array.from({ length: 20 }, (_, i) => `/about-us?x=${i}&utm_source=${Math.random()}`),
      '/ABOUT-US',
      '/%61bout-us',
      '//about-us/',
    ];
    for (const url of urls) expect(await (await get(url)).text()).toBe('<p>about</p>');
    expect(renders).toBe(1);
  });

  it('does not store a render of another spelling (its canonical link would name that spelling)', async () => {
    answer = (req) => ({ status: 200, headers: HTML, html: `<link rel="canonical" href="${req.path}">` });
    expect(await (await get('/Spelled')).text()).toBe('<link rel="canonical" href="/Spelled">');
    const canonical = await get('/spelled');
    expect({ cache: cacheHeader(canonical), html: await canonical.text() }).toEqual({ cache: 'MISS', html: '<link rel="canonical" href="/spelled">' });
    expect(cacheHeader(await get('/SPELLED'))).toBe('HIT');
  });

  it(`runs at most ${RENDER_CONCURRENCY} cold renders at once, queues the rest, and answers 503 beyond ${MAX_QUEUED_RENDERS} waiting`, async () => {
    let release: () => void = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    answer = (req) => ({ status: 200, headers: HTML, html: `<p>${req.path}</p>` });
    const cold = Array.from({ length: RENDER_CONCURRENCY + MAX_QUEUED_RENDERS }, (_, i) => get(`/cold-${i}`));
    await expect.poll(() => renderQueue()).toEqual({ active: RENDER_CONCURRENCY, pending: MAX_QUEUED_RENDERS });
    expect(renders).toBe(RENDER_CONCURRENCY);
    // The same page as a queued one waits for that render; a new page finds the queue full.
    const sameAsQueued = get(`/cold-${RENDER_CONCURRENCY + 1}`);
    const overflow = await get('/cold-overflow');
    expect(overflow.status).toBe(503);
    expect(overflow.headers.get('retry-after')).toBe('1');
    hold = undefined;
    release();
    const answers = await Promise.all(cold);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const shared = await sameAsQueued;
    expect({ status: shared.status, cache: cacheHeader(shared) }).toEqual({ status: 200, cache: 'HIT' });
    expect(renders).toBe(RENDER_CONCURRENCY + MAX_QUEUED_RENDERS);
    expect(renderQueue()).toEqual({ active: 0, pending: 0 });
  });
});

describe('invalidateOnStaffWrite', () => {
  /** Fill the cache with one page and return a function telling whether it is still there. */
  async function primed(): Promise<() => Promise<boolean>> {
    const path = `/primed-${Math.random().toString(36).slice(2)}`;
    await get(path);
    expect(cacheHeader(await get(path))).toBe('HIT');
    return async () => cacheHeader(await get(path, {}, 'HEAD')) === 'HIT';
  }

  const send = (method: string, path: string, headers: Record<string, string>, status = 200) => {
    answer = () => ({ status, headers: { 'Content-Type': 'application/json' }, html: '{}' });
    return fetch(`${base}${path}`, { method, headers });
  };

  it.each([
    ['POST', '/admin/packages/new', { Cookie: STAFF_COOKIE }],
    ['POST', '/admin/settings.data', { Cookie: STAFF_COOKIE }],
    ['POST', '/admin', { Cookie: STAFF_COOKIE }],
    ['DELETE', '/api/packages/1', { Authorization: STAFF_BEARER }],
    ['PATCH', '/api/settings', { Cookie: `theme=dark; ${STAFF_COOKIE}` }],
    ['PUT', '/api/cars/1', { Authorization: STAFF_BEARER }],
  ])('empties the cache after a successful %s %s', async (method, path, headers) => {
    const stillCached = await primed();
    await send(method, path, headers);
    expect(await stillCached()).toBe(false);
  });

  it.each([
    ['a failed staff write', 'POST', '/admin/packages/new', { Cookie: STAFF_COOKIE }, 400],
    ['a refused staff write', 'PATCH', '/api/settings', { Authorization: STAFF_BEARER }, 403],
    ['an anonymous post to an admin form (redirected to sign-in)', 'POST', '/admin/packages/new', {}, 302],
    ['a post with a forged session cookie', 'POST', '/admin/settings', { Cookie: 'hx_session=forged' }, 302],
    ['an API change with an unknown token', 'DELETE', '/api/packages/1', { Authorization: 'Bearer abcdefghijklmnopqrstuvwxyz' }, 200],
    ['a visitor inquiry', 'POST', '/api/inquiries', {}, 201],
    ['a visitor booking with a theme cookie', 'POST', '/api/bookings', { Cookie: 'theme=dark' }, 201],
    ['a sign-in through the API', 'POST', '/api/auth/login', { Cookie: 'hx_session=old' }, 200],
    ['a sign-out through the API', 'POST', '/api/auth/logout', { Authorization: 'Bearer abcdefghijklmnopqrstuvwxyz' }, 200],
    ['a public form', 'POST', '/contact', {}, 200],
    ['a staff read', 'GET', '/admin/packages', { Cookie: 'hx_session=abc' }, 200],
    ['an API read with a token', 'GET', '/api/settings', { Authorization: 'Bearer abcdefghijklmnopqrstuvwxyz' }, 200],
    ['an OPTIONS request', 'OPTIONS', '/api/packages', { Authorization: 'Bearer abcdefghijklmnopqrstuvwxyz' }, 204],
  ])('keeps the cache after %s', async (_why, method, path, headers, status) => {
    const stillCached = await primed();
    await send(method, path, headers, status);
    expect(await stillCached()).toBe(true);
  });

  it('voids a page whose render was under way while a staff write ended', async () => {
    let release: () => void = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    answer = () => ({ status: 200, headers: HTML, html: '<p>before the write</p>' });
    const slow = get('/in-flight');
    // The render has started (its ticket is taken) before the write.
    await expect.poll(() => renders).toBe(1);
    hold = undefined;
    await fetch(`${base}/admin/packages/new`, { method: 'POST', headers: { Cookie: STAFF_COOKIE } });
    release();
    expect(cacheHeader(await slow)).toBe('MISS');
    answer = () => ({ status: 200, headers: HTML, html: '<p>after the write</p>' });
    const next = await get('/in-flight');
    expect(cacheHeader(next)).toBe('MISS');
    expect(await next.text()).toBe('<p>after the write</p>');
  });

  it('tells listeners (the CSP media-src refresh) after each emptying', async () => {
    let calls = 0;
    const stop = onPageCacheInvalidated(() => {
      calls += 1;
    });
    await send('POST', '/admin/settings', { Cookie: STAFF_COOKIE });
    expect(calls).toBe(1);
    await send('POST', '/api/inquiries', {}, 201);
    expect(calls).toBe(1);
    stop();
    await send('POST', '/admin/settings', { Cookie: STAFF_COOKIE });
    expect(calls).toBe(1);
  });
});
