/**
 * The application server (bundled by Vite into build/server/index.js): request ids and logging,
 * security headers, health checks, the page cache, body-size limit, the React Router handler, the
 * error answer of last resort, and the start-up / shutdown sequence (docs/architecture.md,
 * docs/decisions/021-production-hardening.md).
 *
 * server.js mounts, in this order: `front` (before the static files, so they get ids and headers
 * too), the static files, `app`, then `errorHandler`.
 */
import { randomUUID } from 'node:crypto';
import { createRequestHandler } from '@react-router/express';
import { sql } from 'drizzle-orm';
import express, { type NextFunction, type Request, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import 'react-router';
import { databaseHandle, db, openDatabase, setDatabase } from '~/db/client.server';
import { migrateDatabase, withStartupLock } from '~/db/migrate.server';
import { seedDatabase } from '~/db/seed';
import { env, startWarnings } from '~/lib/env.server';
import { MAX_UPLOAD_BODY_BYTES } from '~/lib/image-upload.server';
import { backupRouter, removeServerLock, writeServerLock } from '~/infrastructure/backup/backup.server';
import { errorPageHtml } from '~/lib/error-page.server';
import { startInstanceBus, stopInstanceBus } from '~/infrastructure/instance-bus.server';
import { logger, serializeError } from '~/lib/logger.server';
import { startMailer, stopMailer } from '~/infrastructure/mail-delivery.server';
import { startBalanceReminders, stopBalanceReminders } from '~/infrastructure/balance-reminders.server';
import { startPermitReminders, stopPermitReminders } from '~/infrastructure/permit-reminders.server';
import { startInvoicing, stopInvoicing } from '~/infrastructure/invoicing.server';
import { startIdentityRetention, stopIdentityRetention } from '~/infrastructure/identity-retention.server';
import { startReconciler, stopReconciler } from '~/infrastructure/payments-reconciler.server';
import { startRazorpayInbox, stopRazorpayInbox } from '~/infrastructure/razorpay-inbox.server';
import { invalidateOnStaffWrite, onPageCacheInvalidated, servePageCache } from '~/lib/page-cache.server';
import { routerContextFor } from '~/lib/request-context.server';
import { requestStore } from '~/lib/request-store.server';
import { refuseCrossSiteWrites } from '~/lib/origin-check.server';
import { isAdminPath, isApiPath, isTravellerBookingPath, normalisedPath } from '~/lib/request-path.server';
import { refreshVideoMediaOrigins, securityHeaders } from '~/lib/security-headers.server';
import { clientIpHeader } from '~/infrastructure/rate-limit.server';
import { UPLOADS_URL_PREFIX } from '~/lib/storage.server';
import { serveUploads } from '~/lib/uploads-route.server';
import { deleteExpiredSessions } from '~/models/session.server';
import { getSetting } from '~/models/settings.server';
import { ensureFirstAdmin } from '~/models/user.server';
import { prepareStoredSecrets } from '~/models/two-factor.server';
import { razorpayWebhook } from './razorpay-webhook';

/** Largest JSON or form body accepted (docs/decisions/036-errors-and-body-limits.md); larger answers 413. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Body limits per route (bytes): the exact paths listed get their own limit, every other request
 * MAX_BODY_BYTES. Image uploads: 10 MB of file plus a small multipart allowance
 * (docs/decisions/010-maps-video-images.md).
 */
export const BODY_LIMITS: Readonly<Record<string, number>> = {
  '/api/uploads': MAX_UPLOAD_BODY_BYTES,
};

/**
 * Pages whose forms upload identity documents (a traveller's photo and ID scan, a permit scan) as
 * multipart bodies: the traveller's booking page and the admin booking page get the image upload's
 * limit too (docs/decisions/050-permits-and-manifests.md, "Travellers and their documents").
 */
const IDENTITY_UPLOAD_PAGES = [/^\/booking\/[A-Za-z0-9_-]{43}$/, /^\/admin\/bookings\/[0-9a-fA-F-]{36}(\.data)?$/];

/** The body limit (bytes) of a request path; see BODY_LIMITS and IDENTITY_UPLOAD_PAGES. */
export function bodyLimitFor(path: string): number {
  const trimmed = path.replace(/\/+$/, '') || '/';
  if (IDENTITY_UPLOAD_PAGES.some((page) => page.test(trimmed))) return MAX_UPLOAD_BODY_BYTES;
  return BODY_LIMITS[trimmed] ?? MAX_BODY_BYTES;
}

/**
 * Refuse oversized bodies before anything reads them: 413 with the API's error shape. `maxBytes` is
 * one limit for every request, or a function of the request path (default: the BODY_LIMITS table).
 */
export function bodyLimit(maxBytes: number | ((path: string) => number) = bodyLimitFor) {
  return (req: Request, res: Response, next: NextFunction) => {
    const limit = typeof maxBytes === 'number' ? maxBytes : maxBytes(req.path);
    const length = req.headers['content-length'];
    if (length !== undefined && Number(length) > limit) {
      res.status(413).json({ error: `Request body too large (limit ${limit} bytes)`, issues: [] });
      return;
    }
    // (Razorpay's webhook, which may stream its body, is answered before this: server/razorpay-webhook.ts.)
    if (length === undefined && req.headers['transfer-encoding']) {
      res.status(411).json({ error: 'Content-Length required', issues: [] });
      return;
    }
    next();
  };
}

/**
 * Admin pages, admin API calls and sign-in answers are private: never stored by a cache or a
 * browser's back-forward cache, never indexed (docs/decisions/004-staff-authentication.md); so are a
 * traveller's own booking pages, which also send no Referer to other sites. A route module's own headers still win
 * where they set these. The WhatsApp redirect (/go/) gets no site-wide Referrer-Policy: it sends its own.
 */
export function privateResponses(req: Request, res: Response, next: NextFunction) {
  // Decided on the normalised path: the router also answers /Admin/... and /%61dmin/...
  // (docs/decisions/045-security-round-two.md, section 1).
  const path = normalisedPath(req.path);
  const admin = isAdminPath(path);
  const adminApi = isApiPath(path) && (req.method !== 'GET' || req.headers.authorization !== undefined || path.startsWith('/api/auth/'));
  if (admin || adminApi) {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  }
  if (isTravellerBookingPath(path)) {
    // A traveller's own booking page (its address is the key to it): stored nowhere, indexed
    // nowhere, and its address never leaves in a Referer to another site, Razorpay or wa.me
    // (docs/decisions/046-payments.md#the-travellers-booking-page). `same-origin` rather than
    // `no-referrer`: under `no-referrer` Chromium sends `Origin: null` with the Pay form's POST,
    // which the Origin check (app/lib/origin-check.server.ts) refuses. Replaces the site-wide
    // Referrer-Policy the security headers set.
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Referrer-Policy', 'same-origin');
  }
  if (path === '/go' || path.startsWith('/go/')) {
    // The WhatsApp redirect sets its own `no-referrer` (docs/decisions/049-whatsapp-leads.md);
    // React Router appends a route's headers, so the site-wide policy would otherwise come first.
    res.removeHeader('Referrer-Policy');
  }
  next();
}

// GET /uploads/<name> (docs/decisions/010-maps-video-images.md): app/lib/uploads-route.server.ts.
export { serveUploads };

/** A request id from the proxy in front (X-Request-Id) is kept when it looks like one. */
const INCOMING_REQUEST_ID = /^[\w.:-]{8,128}$/;

/**
 * The request id: the proxy's X-Request-Id when present and sane, else a random UUID. It is sent
 * back as `X-Request-Id`, is on every log line of the request, and is shown on the error page.
 */
export function requestId(req: Request, res: Response): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/** Access log: one short JSON line per request, no headers, cookies, bodies or query strings. */
const requestLogging = pinoHttp({
  logger,
  genReqId: requestId,
  autoLogging: { ignore: (req) => /^\/(assets|uploads|images)\/|^\/(healthz|readyz)$/.test(req.url ?? '') },
  serializers: {
    req: (req: { method?: string; url?: string; id?: unknown }) => ({ id: req.id, method: req.method, url: (req.url ?? '').split('?')[0] }),
    res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    // pino-http puts its own error serializer in place of the logger's: keep the one without query parameters.
    err: serializeError,
  },
  customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
});

const state = globalThis as typeof globalThis & {
  __started?: Promise<void>;
  __ready?: boolean;
  __sessionSweep?: NodeJS.Timeout;
  __stopInvalidationListener?: () => void;
};

/** Longest wait for the database in /readyz (ms). */
const READY_TIMEOUT_MS = 2_000;

/**
 * GET /healthz: the process is up (200). GET /readyz: the database answers a query within 2 s and
 * the server is not shutting down (200), else 503; load balancers and uptime checks use it.
 */
export function healthRoutes() {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!state.__ready) {
      res.status(503).json({ status: 'unavailable', reason: 'starting or stopping' });
      return;
    }
    try {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database timeout')), READY_TIMEOUT_MS);
      });
      await Promise.race([db().execute(sql`select 1`), timeout]).finally(() => clearTimeout(timer));
      res.json({ status: 'ok' });
    } catch (error) {
      logger.warn({ err: error }, 'readiness check failed');
      res.status(503).json({ status: 'unavailable', reason: 'database not answering' });
    }
  });
  return router;
}

/** What runs before the static files: request id and log, security headers, health checks. */
export const front = express.Router();
front.use(requestLogging);
// The request id and the staff-write flag follow the request through every await.
front.use((req, _res, next) => requestStore.run({ requestId: String(req.id), staffWrite: false }, next));
// Razorpay's deliveries skip the page chain below (server/razorpay-webhook.ts).
front.use(razorpayWebhook);
front.use(securityHeaders());
front.use(healthRoutes());

/** Everything after the static files: uploads, limits, the page cache and React Router. */
export const app = express.Router();
// A change carrying the staff cookie from another origin reaches no route, whatever its path's
// spelling (app/lib/origin-check.server.ts, docs/decisions/045-security-round-two.md).
app.use(refuseCrossSiteWrites);
// POST /_internal/backup: the snapshot `npm run db:backup` asks a PGlite server for
// (docs/decisions/020-backups.md); loopback only, with the lock file's token.
app.use(backupRouter());
app.use(UPLOADS_URL_PREFIX, serveUploads());
app.use(bodyLimit());
app.use(clientIpHeader);
app.use(privateResponses);
app.use(invalidateOnStaffWrite);
app.use(servePageCache);
/**
 * The React Router handler, made on first use from the build object itself: given a function
 * instead, React Router derives its routes and handler again on every request (meant for dev
 * reloads; in dev, server.js re-loads this whole module instead).
 */
let handleWithReactRouter: express.RequestHandler | undefined;
app.use(async (req, res, next) => {
  handleWithReactRouter ??= createRequestHandler({
    build: await import('virtual:react-router/server-build'),
    getLoadContext: (request, response) =>
      routerContextFor({
        requestId: String(request.id ?? response.getHeader('X-Request-Id') ?? ''),
        cspNonce: response.locals.cspNonce ?? '',
        pageCache: response.locals.pageCache,
        setContentSecurityPolicy: (value) => {
          if (!response.headersSent) response.setHeader('Content-Security-Policy', value);
        },
      }),
  });
  return handleWithReactRouter(req, res, next);
});

/** Paths answered with JSON errors rather than the HTML error page. */
function wantsJson(req: Request): boolean {
  return isApiPath(req.path) || req.accepts(['html', 'json']) === 'json';
}

/**
 * Express's last error middleware: whatever escaped (a middleware, the router adapter, a stream
 * failing before the first byte) is logged once with the request id and answered with the site's
 * own 500 page or `{error, requestId}`, never Express's bare page, a stack trace or SQL. When the
 * answer has already started, the connection is closed, as nothing sensible can be appended.
 */
export function errorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  void next;
  const id = String(req.id ?? res.getHeader('X-Request-Id') ?? randomUUID());
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500;
  // Errors from body parsers and the like carry a 4xx status: the client's mistake, answered plainly.
  if (status >= 400 && status < 500) {
    if (!res.headersSent) res.status(status).json({ error: 'Bad request', issues: [] });
    return;
  }
  logger.error({ err: error, reqId: id, method: req.method, url: req.originalUrl.split('?')[0] }, 'unhandled error');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.removeHeader('Content-Encoding');
  res.removeHeader('Content-Length');
  res.removeHeader('ETag');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Request-Id', id);
  if (wantsJson(req)) {
    res.status(500).json({ error: 'Internal server error', requestId: id });
    return;
  }
  res.status(500).type('html').send(errorPageHtml(id));
}

/** Dead session rows (past their absolute end or idle) are deleted at start and then hourly. */
const SESSION_SWEEP_MS = 60 * 60 * 1000;
async function sweepSessions() {
  try {
    const removed = await deleteExpiredSessions();
    if (removed > 0) logger.info({ removed }, 'deleted expired staff sessions');
  } catch (error) {
    logger.warn({ err: error }, 'could not delete expired sessions');
  }
}

/**
 * Parse the environment, open the database, apply migrations, seed an empty database and create
 * the first admin. Runs once per process; throws an Error with a one-line reason on failure.
 */
export function start(): Promise<void> {
  state.__started ??= (async () => {
    const config = env();
    // A configuration that works but should not stay (docs/decisions/045-security-round-two.md).
    for (const warning of startWarnings(config)) logger.warn(warning);
    // One process per PGlite folder; the lock also tells db:backup how to reach this server
    // (docs/decisions/020-backups.md).
    if (!config.DATABASE_URL) await writeServerLock({ dataDir: config.DATA_DIR, port: config.PORT, host: config.HOST });
    const handle = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
    setDatabase(handle);
    // N instances starting together: one migrates, seeds and creates the admin, the others wait.
    const admin = await withStartupLock(handle, async () => {
      await migrateDatabase(handle);
      if (config.SEED_ON_START && (await seedDatabase(handle.db))) logger.info('seeded the sample content into an empty database');
      const first = await ensureFirstAdmin(config.ADMIN_PASSWORD);
      const encrypted = await prepareStoredSecrets();
      if (encrypted > 0) logger.info({ encrypted }, 'encrypted the two-factor secrets stored in plaintext or with OLD_SECRETS_KEY');
      return first;
    });
    // Other instances on the same PostgreSQL server hear this one's changes, and it theirs.
    if (config.DATABASE_URL) await startInstanceBus(config.DATABASE_URL);
    if (admin?.generated) {
      // Printed once, on the console only (docs/decisions/004-staff-authentication.md#accounts).
      console.log(`\nCreated admin user "${admin.username}" with password: ${admin.password}\nChange it at /admin/profile or with npm run admin:create.\n`);
    } else if (admin) {
      logger.info('created admin user "admin" with ADMIN_PASSWORD');
    }
    logger.info({ database: handle.kind, dataDir: handle.kind === 'pglite' ? config.DATA_DIR : undefined }, 'database ready');
    // The CSP's media-src follows the video setting: read now and after every settings change.
    const readVideoUrl = async () => (await getSetting('video')).url;
    await refreshVideoMediaOrigins(readVideoUrl);
    state.__stopInvalidationListener = onPageCacheInvalidated(() => void refreshVideoMediaOrigins(readVideoUrl));
    startMailer();
    // Balance reminders, hourly on every instance; the outbox's dedupe key sends each once.
    startBalanceReminders();
    // Permit document reminders, the same way (docs/decisions/050-permits-and-manifests.md#reminders-and-the-dashboard).
    startPermitReminders();
    startInvoicing();
    // Identity documents deleted N days after the trip, hourly on every instance
    // (docs/decisions/050-permits-and-manifests.md, "Retention").
    startIdentityRetention();
    // Razorpay's state, asked now and then for what a lost webhook missed; one instance at a time
    // (docs/decisions/046-payments.md#reconciliation).
    startReconciler();
    // Razorpay's webhook events are answered when recorded and acted on by this loop, including
    // any left waiting by a crash (docs/decisions/046-payments.md#webhooks).
    startRazorpayInbox();
    await sweepSessions();
    markReady();
    state.__sessionSweep = setInterval(() => void sweepSessions(), SESSION_SWEEP_MS);
    state.__sessionSweep.unref();
  })();
  return state.__started;
}

/** The address server.js listens on: HOST, by default 127.0.0.1 outside production (app/lib/env.server.ts). */
export function listenHost(): string {
  return env().HOST;
}

/** Start-up is complete: /readyz answers 200 while the database answers. */
export function markReady(): void {
  state.__ready = true;
}

/** Shutdown has begun: /readyz answers 503 so a load balancer stops sending new visitors. */
export function beginShutdown(): void {
  state.__ready = false;
}

/** Close the database (graceful shutdown, after the HTTP server finished its requests). */
export async function stop(): Promise<void> {
  state.__ready = false;
  if (!state.__started) return;
  clearInterval(state.__sessionSweep);
  state.__stopInvalidationListener?.();
  await stopBalanceReminders();
  await stopPermitReminders();
  await stopInvoicing();
  await stopIdentityRetention();
  await stopRazorpayInbox();
  await stopMailer();
  await stopReconciler();
  await stopInstanceBus();
  await databaseHandle().close();
  removeServerLock();
  setDatabase(undefined);
  state.__started = undefined;
}
