/**
 * The in-process HTML cache of anonymous public pages (docs/decisions/041-page-cache.md).
 *
 * - Only GET/HEAD of public pages from visitors without a staff session, flash or login cookie and
 *   without an Authorization header are candidates (`pageCacheTicket`); /admin, /api, assets,
 *   uploads, React Router data requests and a traveller's own booking page (`/booking/<token>`)
 *   never are.
 * - A page is stored only when it answered 200 with HTML, set no cookie and did not forbid caching:
 *   so one visitor's personal state (a toast after a form, a session) never reaches another.
 * - Every committed change to public content (app/lib/public-content.server.ts: the catalogue,
 *   settings and booking models signal after commit) and every successful staff write (a change sent
 *   by a signed-in staff member: admin forms, the admin API, settings) empties it. A render that
 *   started before a change is not stored after it: each ticket carries the generation it started in.
 * - An entry is fresh for PAGE_TTL_MS, and the key includes today's date in India, so date-driven
 *   content (promotions, "today" in forms) turns over on time. After that, for up to
 *   PAGE_STALE_MS more, one request renders the page again while the others are still answered
 *   the old copy (`X-Page-Cache: STALE`); a change empties the cache outright, stale copies too.
 * - Requests for a page being rendered for the cache wait for that render (at most
 *   RENDER_WAIT_MS) instead of rendering it again: a burst on a cold page renders it once.
 * - A cached page is the same bytes for everyone, so its scripts are allowed by hashes, not by a
 *   nonce (app/lib/security-headers.server.ts); brotli and gzip copies are made once per entry.
 * - The key is the normalised path (lower case, decoded: the router matches it so, and ids are
 *   UUIDs) and only the query parameters the page's loader reads (PAGE_QUERY_PARAMS), sorted; any
 *   other parameter (`?utm_source=`, `?x=<random>`, the dialogs' `?inquire=` read in the browser) is
 *   left out, so it can neither split the cache nor force a render
 *   (docs/decisions/045-security-round-two.md, section 12).
 * - At most RENDER_CONCURRENCY renders for the cache run at once (p-limit); further ones queue, and
 *   beyond MAX_QUEUED_RENDERS a visitor gets 503 with Retry-After instead of a growing queue.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { env } from '~/lib/env.server';
import { todayInIndia } from '~/lib/format';
import { logger } from '~/lib/logger.server';
import { onPublicContentChanged, publicContentChanged } from '~/lib/public-content.server';
import { currentRequest } from '~/lib/request-store.server';
import { isTravellerBookingPath, normalisedPath } from '~/lib/request-path.server';

/** How long a cached page is served as it is (ms). */
export const PAGE_TTL_MS = 60_000;
/** How long past PAGE_TTL_MS a page may still be served while one request renders it again (ms). */
export const PAGE_STALE_MS = 60_000;
/** Longest wait for a render of the same page already under way before rendering it too (ms). */
export const RENDER_WAIT_MS = 3_000;
/** Most bytes (HTML plus its compressed copies) the cache holds. */
export const PAGE_CACHE_MAX_BYTES = 48 * 1024 * 1024;
/** Longest path-and-query cached; longer URLs are rendered every time. */
const MAX_KEY_LENGTH = 1024;
/**
 * Renders for the cache that run at once: on the 2-core server a cold render is mostly CPU, so
 * more at once only makes each slower (docs/decisions/045-security-round-two.md, section 12).
 */
export const RENDER_CONCURRENCY = 4;
/** Renders for the cache that may wait for a slot; one more answers 503 with Retry-After. */
export const MAX_QUEUED_RENDERS = 64;

/**
 * The query parameters each public page reads on the server, by normalised path: the catalogue
 * lists' search, filter and page (app/schemas/catalog-query.ts), the gallery's category
 * (app/routes/site/gallery.tsx), the inquiry tab (app/routes/site/inquire.tsx) and the booking
 * page's package (app/routes/site/booking.tsx). Every other page reads none. A page that starts
 * reading a parameter must be listed here, or every value shares the first one's page.
 */
export const PAGE_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/packages': ['q', 'category', 'page'],
  '/bikes': ['q', 'filter', 'page'],
  '/cars': ['q', 'category', 'page'],
  '/gallery': ['category'],
  '/inquire': ['tab'],
  '/booking': ['package'],
};

/**
 * The cache key's path and query for a request URL (`/Packages/?utm_source=x&page=2&q=tea` →
 * `/packages?page=2&q=tea`): the normalised path and the page's own parameters, sorted by name, the
 * last value of a repeated one (as the loaders read them).
 */
export function pageCacheKey(originalUrl: string): string {
  // Split by hand: `new URL('//x/')` would read `x` as a host name.
  const at = originalUrl.indexOf('?');
  const path = normalisedPath(at === -1 ? originalUrl : originalUrl.slice(0, at));
  const params = new URLSearchParams(at === -1 ? '' : originalUrl.slice(at + 1));
  const kept = new URLSearchParams();
  for (const name of [...(PAGE_QUERY_PARAMS[path] ?? [])].sort()) {
    const values = params.getAll(name);
    if (values.length > 0) kept.set(name, values[values.length - 1]!);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/** The one queue every render for the cache goes through. */
const renderSlots = pLimit(RENDER_CONCURRENCY);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * What a render needs to store its page: the key, the generation it started in and, for the render
 * others wait for, its `Render`.
 */
export type PageCacheTicket = {
  key: string;
  generation: number;
  render?: Render;
  /**
   * False when the path is not in its canonical spelling (`/ABOUT`, `/%61bout`): such a request is
   * answered from the cache but its own render is not stored, as the page's canonical link names
   * the path it was rendered for.
   */
  storable?: boolean;
};

/** A render for the cache under way: requests for the same key wait for `done`. */
type Render = { done: Promise<void>; settle: () => void; storing: boolean };

export type CachedPage = {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  /** The page's Content-Security-Policy (script hashes). */
  csp: string;
  /** Response headers to replay (Content-Type, Link, …), without cookies. */
  headers: [string, string][];
  /** When it was stored (ms since the epoch). */
  storedAt: number;
};

const cache = new LRUCache<string, CachedPage>({
  maxSize: PAGE_CACHE_MAX_BYTES,
  sizeCalculation: (page) => page.html.length + page.br.length + page.gzip.length + 512,
  ttl: PAGE_TTL_MS + PAGE_STALE_MS,
});

/** Renders for the cache under way, by key. */
const renders = new Map<string, Render>();

let generation = 0;
/** On unless PAGE_CACHE=off; read from the environment on first use. */
let enabled: boolean | undefined;

function isEnabled(): boolean {
  enabled ??= env().PAGE_CACHE !== 'off';
  return enabled;
}

/** Switch the cache on or off (tests; PAGE_CACHE=off at start does it for a server). Switching empties it. */
export function setPageCacheEnabled(on: boolean): void {
  enabled = on;
  invalidatePageCache('switched');
}

/** Empty the cache and void renders in flight (they started before the change). */
export function invalidatePageCache(reason: string): void {
  generation += 1;
  if (cache.size > 0) logger.debug({ reason, pages: cache.size }, 'page cache emptied');
  cache.clear();
  // Waiting requests go on to render for themselves: the render they wait for is void now.
  for (const render of renders.values()) render.settle();
  renders.clear();
  for (const listener of listeners) listener();
}

const listeners = new Set<() => void>();

// A committed change to what public pages show (app/lib/public-content.server.ts) empties the cache.
onPublicContentChanged((reason) => invalidatePageCache(reason));

/** Call `listener` after every invalidation (e.g. to re-read settings the headers depend on). */
export function onPageCacheInvalidated(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Cookies that make a response personal: staff session, login step, flash message. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Host-)?hx_[a-z]+=/;
/**
 * Paths that are never public pages (/go/: the WhatsApp redirect, which counts each request;
 * /calendars/: the vehicles' secret calendar feeds, docs/decisions/048-trip-operations.md).
 */
const NOT_A_PAGE = /^\/(?:admin|api|assets|uploads|images|fonts|go|calendars)(?:[/.]|$)|\.(?:data|xml|txt|json|svg|png|webp|ico|js|css|map|ics)$/;

/** The cache ticket of a request, or undefined when its answer must not be shared. */
export function pageCacheTicket(req: Request): PageCacheTicket | undefined {
  if (!isEnabled() || (req.method !== 'GET' && req.method !== 'HEAD')) return undefined;
  if (req.originalUrl.length > 4 * MAX_KEY_LENGTH || NOT_A_PAGE.test(normalisedPath(req.path))) return undefined;
  // A traveller's own booking page is personal (its token is in the path): never a candidate.
  if (isTravellerBookingPath(req.path)) return undefined;
  if (req.headers.authorization !== undefined || req.headers.range !== undefined) return undefined;
  if (PERSONAL_COOKIE.test(req.headers.cookie ?? '')) return undefined;
  const key = pageCacheKey(req.originalUrl);
  if (key.length > MAX_KEY_LENGTH) return undefined;
  return { key: `${todayInIndia()} ${key}`, generation, storable: req.path === normalisedPath(req.path) };
}

/** The cached page for a ticket, if any (fresh or stale). */
export function cachedPage(ticket: PageCacheTicket): CachedPage | undefined {
  return cache.get(ticket.key);
}

function isFresh(page: CachedPage): boolean {
  return Date.now() - page.storedAt < PAGE_TTL_MS;
}

/** Note that a render for `key` is under way; settled when it is stored or turned out unshareable. */
function beginRender(key: string): Render {
  let settle!: () => void;
  const done = new Promise<void>((resolve) => {
    settle = () => {
      if (renders.get(key) === render) renders.delete(key);
      resolve();
    };
  });
  const render: Render = { done, settle, storing: false };
  renders.set(key, render);
  return render;
}

/** Wait for `render` to settle, at most `ms`. */
function settledWithin(render: Render, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([render.done, timeout]).finally(() => clearTimeout(timer));
}

/** True when a rendered answer may be shared: 200 HTML that sets no cookie and allows caching. */
export function shareable(status: number, headers: Headers): boolean {
  if (status !== 200 || headers.has('Set-Cookie')) return false;
  if (!/^text\/html/i.test(headers.get('Content-Type') ?? '')) return false;
  return !/no-store|private/i.test(headers.get('Cache-Control') ?? '');
}

/** Response headers a cached page replays; the security headers come from the middleware instead. */
const REPLAYED = new Set(['content-type', 'link', 'x-robots-tag', 'content-language']);

/**
 * Store a rendered page if it may be shared and nothing changed since its render began. Compression
 * happens here, off the request path of later visitors. Never throws: a failure only skips caching.
 */
export async function storePage(ticket: PageCacheTicket, status: number, headers: Headers, html: string | Buffer, csp: string): Promise<void> {
  const render = ticket.render;
  if (render) render.storing = true;
  try {
    if (!isEnabled() || ticket.storable === false || ticket.generation !== generation || !shareable(status, headers)) return;
    const body = typeof html === 'string' ? Buffer.from(html, 'utf8') : html;
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzipAsync(body, { level: 6 }),
    ]);
    if (ticket.generation !== generation) return;
    const etag = headers.get('ETag') ?? pageEtag(body);
    const replay = [...headers.entries()].filter(([name]) => REPLAYED.has(name.toLowerCase()));
    cache.set(ticket.key, { html: body, br, gzip: gz, etag, csp, headers: replay, storedAt: Date.now() });
  } catch (error) {
    logger.warn({ err: error }, 'could not cache a page');
  } finally {
    render?.settle();
  }
}

/** The strong ETag of a page's bytes. */
export function pageEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * The caching headers of a shareable page rendered for the cache (a MISS), the same as its later
 * HITs carry, so a browser can revalidate it from its first visit.
 */
export function setShareableHeaders(headers: Headers, body: Buffer): void {
  headers.set('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL);
  headers.set('ETag', pageEtag(body));
  headers.set('Vary', 'Accept-Encoding');
}

/**
 * Cache-Control of shareable pages: anyone may store them, but must ask again each time (the ETag
 * makes that a 304), so an admin change shows at once.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** True when an If-None-Match header lists `etag` (or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** This request's page-cache ticket, when its page may be shared (server/app.ts → entry.server). */
    pageCache?: PageCacheTicket;
  }
}

/**
 * Express middleware: answer candidates from the cache (200 in the best encoding the client
 * accepts, or 304), and mark misses with `res.locals.pageCache` so the renderer stores them. A miss
 * while the same page is being rendered waits for that render first; a stale page is served while
 * one request renders it again.
 */
export function servePageCache(req: Request, res: Response, next: NextFunction): void {
  const ticket = pageCacheTicket(req);
  if (!ticket) {
    next();
    return;
  }
  const page = cachedPage(ticket);
  const rendering = renders.get(ticket.key);
  if (page && (isFresh(page) || rendering)) {
    sendPage(req, res, page, isFresh(page) ? 'HIT' : 'STALE');
    return;
  }
  if (rendering && req.method !== 'HEAD') {
    void settledWithin(rendering, RENDER_WAIT_MS).then(() => {
      const rendered = cachedPage(ticket);
      if (rendered && isFresh(rendered)) sendPage(req, res, rendered, 'HIT');
      else renderForCache(ticket, res, next);
    });
    return;
  }
  renderForCache(ticket, res, next);
}

/**
 * Let the renderer answer `res` and store the page under `ticket`, once one of the
 * RENDER_CONCURRENCY slots is free (503 when MAX_QUEUED_RENDERS already wait). Requests for the
 * same key that arrive meanwhile wait for this render (`servePageCache`) instead of queueing too.
 */
function renderForCache(ticket: PageCacheTicket, res: Response, next: NextFunction): void {
  if (renderSlots.pendingCount >= MAX_QUEUED_RENDERS) {
    res.setHeader('Retry-After', '1');
    res.setHeader('Cache-Control', 'no-store');
    res.status(503).type('text/plain').send('The site is busy: please try again in a moment.');
    return;
  }
  res.locals.pageCache = ticket;
  res.setHeader('X-Page-Cache', 'MISS');
  if (!renders.has(ticket.key) && res.req.method !== 'HEAD') {
    const render = beginRender(ticket.key);
    ticket.render = render;
    // Answered without storing (a render error, a redirect, a closed connection): nobody waits
    // for it any longer. Otherwise `storePage` settles it once the page is stored.
    res.once('close', () => {
      if (!render.storing) render.settle();
    });
  }
  // The slot is held until the answer is finished or the connection closes; a visitor who left
  // while queued takes no render.
  let closed = false;
  const finished = new Promise<void>((resolve) => {
    res.once('close', () => {
      closed = true;
      resolve();
    });
  });
  void renderSlots(() => {
    if (!closed) next();
    return finished;
  });
}

/** Renders for the cache running and waiting for a slot (tests, diagnostics). */
export function renderQueue(): { active: number; pending: number } {
  return { active: renderSlots.activeCount, pending: renderSlots.pendingCount };
}

/** Answer with a cached page: 304 when the client has it, otherwise the best encoding it accepts. */
function sendPage(req: Request, res: Response, page: CachedPage, state: 'HIT' | 'STALE'): void {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', page.csp);
  res.setHeader('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL);
  res.setHeader('ETag', page.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('X-Page-Cache', state);
  if (matches(req.headers['if-none-match'], page.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html;
  if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(body.length));
  res.status(200);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/**
 * Express middleware: after a successful staff write, signal a public content change (which empties
 * this cache and the shared content cache). A staff write is a change
 * (non-GET) whose sender `requireAdmin` found signed in (app/services/admin-guard.server.ts marks it in the
 * request store): admin forms and the admin API alike, settings included. Anonymous posts, to /admin
 * or anywhere (visitors' submissions, sign-in attempts), never empty it, so nobody outside can make
 * every page render again at will.
 */
export function invalidateOnStaffWrite(req: Request, res: Response, next: NextFunction): void {
  const method = req.method;
  const store = currentRequest();
  if (store && method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
    res.on('finish', () => {
      if (store.staffWrite && res.statusCode < 400) void publicContentChanged(`${method} ${req.path}`);
    });
  }
  next();
}
