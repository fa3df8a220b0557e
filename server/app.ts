/**
 * The application server (bundled by Vite into build/server/index.js): request logging, body-size
 * limit, the React Router handler, and the start-up / shutdown sequence (docs/architecture.md).
 */
import { createRequestHandler } from '@react-router/express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import 'react-router';
import { databaseHandle, openDatabase, setDatabase } from '~/db/client.server';
import { migrateDatabase } from '~/db/migrate.server';
import { seedDatabase } from '~/db/seed';
import { env } from '~/lib/env.server';
import { MAX_UPLOAD_BODY_BYTES } from '~/lib/image-upload.server';
import { logger } from '~/lib/logger.server';
import { startMailer, stopMailer } from '~/lib/mailer.server';
import { clientIpHeader } from '~/lib/rate-limit.server';
import { UPLOADS_URL_PREFIX, uploadsRoot } from '~/lib/storage.server';
import { deleteExpiredSessions } from '~/models/session.server';
import { ensureFirstAdmin } from '~/models/user.server';

/** Largest JSON or form body accepted (docs/decisions/014-cross-cutting-rules.md); larger answers 413. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Body limits per route (bytes): the exact paths listed get their own limit, every other request
 * MAX_BODY_BYTES. Image uploads: 10 MB of file plus a small multipart allowance
 * (docs/decisions/010-maps-video-images.md).
 */
export const BODY_LIMITS: Readonly<Record<string, number>> = {
  '/api/uploads': MAX_UPLOAD_BODY_BYTES,
};

/** The body limit (bytes) of a request path; see BODY_LIMITS. */
export function bodyLimitFor(path: string): number {
  return BODY_LIMITS[path.replace(/\/+$/, '') || '/'] ?? MAX_BODY_BYTES;
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
    if (length === undefined && req.headers['transfer-encoding']) {
      res.status(411).json({ error: 'Content-Length required', issues: [] });
      return;
    }
    next();
  };
}

/**
 * Admin pages, admin API calls and sign-in answers are private: never stored by a cache or a
 * browser's back-forward cache, never indexed (docs/decisions/004-staff-authentication.md). A route
 * module's own headers still win where they set these.
 */
export function privateResponses(req: Request, res: Response, next: NextFunction) {
  const path = req.path;
  const admin = path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin.');
  const adminApi = path.startsWith('/api/') && (req.method !== 'GET' || req.headers.authorization !== undefined || path.startsWith('/api/auth/'));
  if (admin || adminApi) {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  }
  next();
}

/** An upload's file name: 128 random bits (base64url) and a stored width, WebP only. */
const UPLOAD_FILE = /^\/[A-Za-z0-9_-]{22}-\d{1,5}\.webp$/;

/**
 * GET /uploads/<name>: the stored upload variants (docs/decisions/010-maps-video-images.md). Their
 * names are random and never reused, so they are cached for a year as immutable; `nosniff` keeps a
 * browser from reading one as anything but an image. Only WebP names are served, without directory
 * listings; anything else under /uploads, or a missing file, is a plain 404 (never the React page).
 */
export function serveUploads() {
  // Made on first use (the folder comes from the environment, parsed in start()).
  let files: { root: string; handler: ReturnType<typeof express.static> } | undefined;
  const router = express.Router();
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !UPLOAD_FILE.test(req.path)) {
      next();
      return;
    }
    const root = uploadsRoot();
    if (files?.root !== root) {
      const handler = express.static(root, {
        index: false,
        redirect: false,
        dotfiles: 'deny',
        fallthrough: true,
        immutable: true,
        maxAge: '1y',
        setHeaders: (response) => {
          response.setHeader('X-Content-Type-Options', 'nosniff');
          response.setHeader('Content-Type', 'image/webp');
        },
      });
      files = { root, handler };
    }
    files.handler(req, res, next);
  });
  router.use((_req, res) => {
    res.status(404).setHeader('X-Content-Type-Options', 'nosniff');
    res.type('text/plain').send('Not found');
  });
  return router;
}

export const app = express.Router();
app.use(
  pinoHttp({
    logger,
    autoLogging: { ignore: (req) => /^\/(assets|uploads)\//.test(req.url ?? '') },
    // One short line per request: no headers, cookies or bodies in the log.
    serializers: {
      req: (req: { method?: string; url?: string; id?: unknown }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
  }),
);
app.use(UPLOADS_URL_PREFIX, serveUploads());
app.use(bodyLimit());
app.use(clientIpHeader);
app.use(privateResponses);
app.use(
  createRequestHandler({
    build: () => import('virtual:react-router/server-build'),
  }),
);

const state = globalThis as typeof globalThis & { __started?: Promise<void>; __sessionSweep?: NodeJS.Timeout };

/** Dead session rows (past their absolute end or idle) are deleted at start and then hourly. */
const SESSION_SWEEP_MS = 60 * 60 * 1000;
async function sweepSessions() {
  try {
    const removed = await deleteExpiredSessions();
    if (removed > 0) logger.info({ removed }, 'deleted expired staff sessions');
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not delete expired sessions');
  }
}

/**
 * Parse the environment, open the database, apply migrations, seed an empty database and create
 * the first admin. Runs once per process; throws an Error with a one-line reason on failure.
 */
export function start(): Promise<void> {
  state.__started ??= (async () => {
    const config = env();
    const handle = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
    setDatabase(handle);
    await migrateDatabase(handle);
    if (config.SEED_ON_START && (await seedDatabase(handle.db))) logger.info('seeded the sample content into an empty database');
    const admin = await ensureFirstAdmin(config.ADMIN_PASSWORD);
    if (admin?.generated) {
      // Printed once, on the console only (docs/decisions/004-staff-authentication.md#accounts).
      console.log(`\nCreated admin user "${admin.username}" with password: ${admin.password}\nChange it at /admin/profile or with npm run admin:create.\n`);
    } else if (admin) {
      logger.info('created admin user "admin" with ADMIN_PASSWORD');
    }
    logger.info({ database: handle.kind, dataDir: handle.kind === 'pglite' ? config.DATA_DIR : undefined }, 'database ready');
    startMailer();
    await sweepSessions();
    state.__sessionSweep = setInterval(() => void sweepSessions(), SESSION_SWEEP_MS);
    state.__sessionSweep.unref();
  })();
  return state.__started;
}

/** Close the database (graceful shutdown). */
export async function stop(): Promise<void> {
  if (!state.__started) return;
  clearInterval(state.__sessionSweep);
  await stopMailer();
  await databaseHandle().close();
  setDatabase(undefined);
  state.__started = undefined;
}
