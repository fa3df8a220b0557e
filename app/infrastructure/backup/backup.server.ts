/**
 * Backups, the running server's side (docs/decisions/020-backups.md).
 *
 * PGlite keeps its database in one folder, `DATA_DIR/pglite`, and takes no lock of its own: two
 * processes opening that folder run two database engines on the same files and corrupt them. So:
 *
 * - whoever opens the folder first writes `DATA_DIR/server.lock` (JSON, mode 0600): the web server
 *   with `writeServerLock` at start, a backup or restore script with `acquireDataDirLock` while it
 *   works. A lock whose process is gone is stale and taken over; a live one is respected (a server
 *   refuses to start on a folder another server has open, and waits a while for a script).
 * - the server's lock also holds its port and a random token. `npm run db:backup` sees the live
 *   server and asks it for the snapshot at `POST /_internal/backup` (loopback only, token in
 *   `Authorization: Bearer`) instead of opening the folder; `backupRouter` answers it with
 *   `snapshotPglite` of the server's own connection.
 *
 * `snapshotPglite` holds PGlite's transaction lock for the whole snapshot, so no statement of anyone
 * else runs between the row counts and the copy of the data folder: the copy is consistent and
 * the counts describe it exactly. PostgreSQL is backed up with pg_dump instead
 * (app/infrastructure/backup/postgres.server.ts); this module's lock and endpoint are PGlite only.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import express, { type Request } from 'express';
import { z } from 'zod';
import { databaseHandle, type DatabaseHandle } from '~/db/client.server';
import { logger } from '~/lib/logger.server';

/** Name of the lock file inside DATA_DIR. */
export const LOCK_FILE = 'server.lock';

/** Path of the endpoint `npm run db:backup` asks a running PGlite server for a snapshot. */
export const BACKUP_ENDPOINT = '/_internal/backup';

/** Response header carrying the snapshot's `DatabaseInfo` (base64url JSON). */
export const INFO_HEADER = 'backup-database-info';

const lockSchema = z.object({
  pid: z.number().int().positive(),
  /** 'server': the web server (has port and token); 'script': a backup or restore at work. */
  role: z.enum(['server', 'script']),
  /** What holds it, for messages: 'server', 'db:backup', 'db:restore'. */
  command: z.string(),
  port: z.number().int().min(1).max(65535).optional(),
  host: z.string().optional(),
  token: z.string().min(32).optional(),
  startedAt: z.string(),
});

/** The content of DATA_DIR/server.lock. */
export type DataDirLock = z.infer<typeof lockSchema>;

/**
 * Whether process `pid` is alive and could be one of ours (EPERM: alive, owned by someone else).
 * On Linux a live pid whose command line does not mention node is a reused pid: not ours.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc (macOS) or not readable: trust kill()
  }
}

/** The lock in `dataDir`, or null when there is none or it is unreadable (a crash mid-write). */
export function readDataDirLock(dataDir: string): DataDirLock | null {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, LOCK_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return lockSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The lock in `dataDir` if a process other than this one holds it and is alive. */
export function liveDataDirLock(dataDir: string): DataDirLock | null {
  const lock = readDataDirLock(dataDir);
  return lock && lock.pid !== process.pid && isProcessAlive(lock.pid) ? lock : null;
}

function describeHolder(lock: DataDirLock, dataDir: string): string {
  const what = lock.role === 'server' ? `a running server (pid ${lock.pid}, port ${lock.port ?? '?'})` : `${lock.command} (pid ${lock.pid})`;
  return `${dataDir} is in use by ${what}, see ${path.join(dataDir, LOCK_FILE)}`;
}

/**
 * Write `lock` as DATA_DIR/server.lock unless a live process other than this one holds it. The
 * file appears atomically with its content (written aside, then hard-linked), mode 0600. Returns
 * null on success, or the live holder's lock.
 */
function tryWriteLock(dataDir: string, lock: DataDirLock): DataDirLock | null {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const aside = path.join(dataDir, `.${LOCK_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(aside, `${JSON.stringify(lock)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(aside, file);
        return null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = liveDataDirLock(dataDir);
      if (holder) return holder;
      // Stale (its process is gone, or it was ours from an earlier life with the same pid).
      rmSync(file, { force: true });
    }
    throw new Error(`Cannot take ${file}: it keeps reappearing`);
  } finally {
    rmSync(aside, { force: true });
  }
}

/**
 * Take DATA_DIR/server.lock for a script (`command`, e.g. 'db:backup') that opens the PGlite
 * folder itself. Throws an Error naming the holder when a live process has it.
 */
export function acquireDataDirLock(dataDir: string, command: string): DataDirLock {
  const lock: DataDirLock = { pid: process.pid, role: 'script', command, startedAt: new Date().toISOString() };
  const holder = tryWriteLock(dataDir, lock);
  if (holder) throw new Error(`${describeHolder(holder, dataDir)}; try again when it has finished`);
  return lock;
}

/** Remove DATA_DIR/server.lock if it is still this process's (`lock` as returned when taken). */
export function releaseDataDirLock(dataDir: string, lock: DataDirLock): void {
  const current = readDataDirLock(dataDir);
  if (current && current.pid === lock.pid && current.startedAt === lock.startedAt && current.token === lock.token) {
    rmSync(path.join(dataDir, LOCK_FILE), { force: true });
  }
}

const holder = globalThis as typeof globalThis & { __serverLock?: { dataDir: string; lock: DataDirLock } };

/**
 * At server start, before opening PGlite (server/app.ts): take DATA_DIR/server.lock with this
 * server's `port`, `host` and a new random token (256 bits), which the backup endpoint checks.
 * Throws when another live server has the folder open; waits up to `waitMs` (default 2 minutes)
 * while a backup or restore script has it.
 */
export async function writeServerLock(options: { dataDir: string; port: number; host: string; waitMs?: number }): Promise<void> {
  const { dataDir, port, host, waitMs = 120_000 } = options;
  const lock: DataDirLock = {
    pid: process.pid,
    role: 'server',
    command: 'server',
    port,
    host,
    token: randomBytes(32).toString('base64url'),
    startedAt: new Date().toISOString(),
  };
  const deadline = Date.now() + waitMs;
  let logged = false;
  for (;;) {
    const other = tryWriteLock(dataDir, lock);
    if (!other) break;
    if (other.role === 'server' || Date.now() >= deadline) {
      throw new Error(`${describeHolder(other, dataDir)}: two processes must never open one PGlite folder (docs/decisions/020-backups.md)`);
    }
    if (!logged) logger.info({ pid: other.pid, command: other.command }, 'waiting for a backup or restore to release DATA_DIR');
    logged = true;
    await sleep(500);
  }
  holder.__serverLock = { dataDir, lock };
}

/** At shutdown, after closing the database: remove this server's DATA_DIR/server.lock. */
export function removeServerLock(): void {
  const held = holder.__serverLock;
  if (!held) return;
  releaseDataDirLock(held.dataDir, held.lock);
  holder.__serverLock = undefined;
}

/** Row counts, schema version and engine of one database snapshot. */
export const databaseInfoSchema = z.object({
  /** `show server_version`, e.g. '17.5' (PGlite) or '15.20 (Debian …)'. */
  serverVersion: z.string(),
  /** The last applied migration (drizzle's `__drizzle_migrations`), null when none. */
  migration: z.object({ hash: z.string(), createdAt: z.number().int() }).nullable(),
  /** Rows per table, keyed 'schema.table', every user table. */
  tables: z.record(z.string(), z.number().int().min(0)),
});
export type DatabaseInfo = z.infer<typeof databaseInfoSchema>;

/** Runs one SQL statement and returns its rows. */
export type RowQuery = <T>(sql: string) => Promise<T[]>;

/** Double-quoted SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The user tables of a database as { schema, name }, sorted. */
export async function listTables(query: RowQuery): Promise<{ schema: string; name: string }[]> {
  return query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p')
        and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
      order by 1, 2`,
  );
}

/** Version, last migration and rows per table, read through `query` (one snapshot if it is one). */
export async function readDatabaseInfo(query: RowQuery): Promise<DatabaseInfo> {
  const [version] = await query<{ server_version: string }>('show server_version');
  const tables: Record<string, number> = {};
  for (const table of await listTables(query)) {
    const [row] = await query<{ n: number }>(`select count(*)::int as n from ${quoteIdent(table.schema)}.${quoteIdent(table.name)}`);
    tables[`${table.schema}.${table.name}`] = row?.n ?? 0;
  }
  let migration: DatabaseInfo['migration'] = null;
  if (tables['drizzle.__drizzle_migrations'] !== undefined) {
    const [last] = await query<{ hash: string; created_at: string | number }>(
      'select hash, created_at from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1',
    );
    if (last) migration = { hash: last.hash, createdAt: Number(last.created_at) };
  }
  return { serverVersion: version?.server_version ?? 'unknown', migration, tables };
}

/**
 * A consistent snapshot of a PGlite database: its data folder as an uncompressed tar (what
 * `PGlite.create({ loadDataDir })` reads back) and its `DatabaseInfo`. Holds PGlite's transaction
 * lock throughout, so other queries and transactions wait (about a second for a small site) and
 * none is half-done in the copy; a CHECKPOINT first writes every change into the data files.
 */
export async function snapshotPglite(pglite: PGlite): Promise<{ tar: Blob; info: DatabaseInfo }> {
  return pglite.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    const info = await readDatabaseInfo(async <T>(sql: string) => (await tx.query<T>(sql)).rows);
    // dumpDataDir takes only the query lock, which is free between statements; the transaction
    // lock this callback holds keeps every other statement out until the copy is made.
    const tar = await pglite.dumpDataDir('none');
    return { tar, info };
  });
}

/** 'Bearer <token>' against `expected`, in constant time. */
function tokenMatches(header: string | undefined, expected: string): boolean {
  const given = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request from this machine, not relayed: from a loopback address (or from the server's own
 * address when it listens on one interface), without proxy headers. A reverse proxy on the same
 * machine connects from loopback too, hence the header check; the token is the real key.
 */
function fromThisMachine(req: Request): boolean {
  const remote = req.socket.remoteAddress ?? '';
  const local = req.socket.localAddress ?? '';
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined || req.headers['x-real-ip'] !== undefined) return false;
  return LOOPBACK.has(remote) || (remote !== '' && remote === local);
}

/**
 * Express router answering `POST /_internal/backup` for `npm run db:backup` (mount it before the
 * React Router handler; docs/decisions/020-backups.md). Only on PGlite, only from this machine,
 * only with the token of DATA_DIR/server.lock; any other request passes through untouched (so the
 * path looks like any unknown page from outside). Answers 403 for a wrong token, 200 with the
 * data-folder tar (`application/x-tar`) and the `Backup-Database-Info` header, or 500 with
 * `{ error }`. `options` are for tests: the connection and the expected token.
 */
export function backupRouter(options: { handle?: () => DatabaseHandle; token?: () => string | undefined } = {}) {
  const handleOf = options.handle ?? databaseHandle;
  const tokenOf = options.token ?? (() => holder.__serverLock?.lock.token);
  const router = express.Router();
  router.post(BACKUP_ENDPOINT, async (req, res, next) => {
    const token = tokenOf();
    if (!token || !fromThisMachine(req)) {
      next();
      return;
    }
    let handle: DatabaseHandle;
    try {
      handle = handleOf();
    } catch {
      next();
      return;
    }
    if (handle.kind !== 'pglite' || !handle.pglite) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-store, no-transform');
    if (!tokenMatches(req.headers.authorization, token)) {
      res.status(403).json({ error: 'Wrong or missing backup token' });
      return;
    }
    try {
      const started = Date.now();
      const { tar, info } = await snapshotPglite(handle.pglite);
      const body = Buffer.from(await tar.arrayBuffer());
      logger.info({ bytes: body.length, ms: Date.now() - started }, 'database snapshot taken for a backup');
      res.status(200);
      res.setHeader('Content-Type', 'application/x-tar');
      res.setHeader('Content-Length', String(body.length));
      res.setHeader(INFO_HEADER, Buffer.from(JSON.stringify(info)).toString('base64url'));
      res.end(body);
    } catch (error) {
      logger.error({ err: error }, 'database snapshot for a backup failed');
      res.status(500).json({ error: error instanceof Error ? error.message : String(error) });
    }
  });
  return router;
}
