/**
 * The database connection: embedded PGlite in DATA_DIR by default, node-postgres when DATABASE_URL
 * is set. Same schema, same migrations, same code above this module
 * (docs/decisions/001-embedded-postgres-and-json-columns.md).
 *
 * The connection is opened once per process (`openDatabase` + `setDatabase`, done at boot and by the
 * test setup) and read everywhere through `db()`.
 */
import { mkdirSync, accessSync, constants as fsConstants } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { logger } from '../lib/logger.server';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction or the database itself: model functions accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance, when embedded (tests clone it). */
  pglite?: PGlite;
  /** The connection pool, on a PostgreSQL server (session-level locks need one connection). */
  pool?: pg.Pool;
  close: () => Promise<void>;
};

export type OpenOptions = { url: string } | { dataDir: string } | { pglite: PGlite };

/** The extensions loaded into PGlite; PostgreSQL gets them from `create extension` in migrations. */
export const pgliteExtensions = { pg_trgm, btree_gist };

/**
 * Open a connection. With `dataDir`, the folder is created if missing and must be writable;
 * throws an Error naming the folder otherwise.
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client losing its connection (server restart, admin command) must not crash the
    // process; the pool replaces it on the next query.
    pool.on('error', (error) => logger.warn({ err: error }, 'idle PostgreSQL client error'));
    // Fail fast with a clear message when the server is unreachable.
    const client = await pool.connect().catch(async (error: unknown) => {
      await pool.end();
      throw new Error(`Cannot connect to PostgreSQL at ${redact(options.url)}: ${String(error)}`, { cause: error });
    });
    client.release();
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  let pglite: PGlite;
  if ('pglite' in options) {
    pglite = options.pglite;
  } else {
    try {
      mkdirSync(options.dataDir, { recursive: true });
      accessSync(options.dataDir, fsConstants.W_OK);
    } catch (error) {
      throw new Error(`Cannot use DATA_DIR ${options.dataDir}: ${(error as Error).message}`, { cause: error });
    }
    pglite = await PGlite.create(`${options.dataDir}/pglite`, { extensions: pgliteExtensions });
  }
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

function redact(url: string) {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

const holder = globalThis as typeof globalThis & { __database?: DatabaseHandle };

/** Make `handle` the connection `db()` returns (boot and tests). */
export function setDatabase(handle: DatabaseHandle | undefined) {
  holder.__database = handle;
}

/** The current connection's handle; throws when none was opened. */
export function databaseHandle(): DatabaseHandle {
  if (!holder.__database) throw new Error('Database not opened: call openDatabase() and setDatabase() first');
  return holder.__database;
}

/** The Drizzle database of this process. */
export function db(): Database {
  return databaseHandle().db;
}
