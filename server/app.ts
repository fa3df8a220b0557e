/**
 * The application server (bundled by Vite into build/server/index.js): request logging, body-size
 * limit, the React Router handler, and the start-up / shutdown sequence (issue: foundation, item 1).
 */
import { createRequestHandler } from '@react-router/express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import 'react-router';
import { databaseHandle, openDatabase, setDatabase } from '~/db/client.server';
import { migrateDatabase } from '~/db/migrate.server';
import { seedDatabase } from '~/db/seed';
import { env } from '~/lib/env.server';
import { logger } from '~/lib/logger.server';
import { startMailer, stopMailer } from '~/lib/mailer.server';
import { clientIpHeader } from '~/lib/rate-limit.server';
import { ensureFirstAdmin } from '~/models/user.server';

/** Largest JSON or form body accepted (D12); larger answers 413. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Refuse oversized bodies before anything reads them: 413 with the API's error shape. */
export function bodyLimit(maxBytes: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const length = req.headers['content-length'];
    if (length !== undefined && Number(length) > maxBytes) {
      res.status(413).json({ error: `Request body too large (limit ${maxBytes} bytes)`, issues: [] });
      return;
    }
    if (length === undefined && req.headers['transfer-encoding']) {
      res.status(411).json({ error: 'Content-Length required', issues: [] });
      return;
    }
    next();
  };
}

export const app = express.Router();
app.use(
  pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url?.startsWith('/assets/') ?? false },
    // One short line per request: no headers, cookies or bodies in the log.
    serializers: {
      req: (req: { method?: string; url?: string; id?: unknown }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
  }),
);
app.use(bodyLimit(MAX_BODY_BYTES));
app.use(clientIpHeader);
app.use(
  createRequestHandler({
    build: () => import('virtual:react-router/server-build'),
  }),
);

const state = globalThis as typeof globalThis & { __started?: Promise<void> };

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
      // Printed once, on the console only (D2).
      console.log(`\nCreated admin user "${admin.username}" with password: ${admin.password}\nChange it at /admin/profile or with npm run admin:create.\n`);
    } else if (admin) {
      logger.info('created admin user "admin" with ADMIN_PASSWORD');
    }
    logger.info({ database: handle.kind, dataDir: handle.kind === 'pglite' ? config.DATA_DIR : undefined }, 'database ready');
    startMailer();
  })();
  return state.__started;
}

/** Close the database (graceful shutdown). */
export async function stop(): Promise<void> {
  if (!state.__started) return;
  await stopMailer();
  await databaseHandle().close();
  setDatabase(undefined);
  state.__started = undefined;
}
