/**
 * Direct database access for the durability suite: read what a (stopped or killed) server left in
 * its PGlite DATA_DIR or PostgreSQL database, and make / drop a throwaway PostgreSQL database.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** Where a server keeps its data: a PGlite DATA_DIR, or a PostgreSQL URL. */
export type DatabaseTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** The PostgreSQL server the suite uses when reachable (DURABILITY_POSTGRES_URL overrides). */
export const POSTGRES_ADMIN_URL = process.env.DURABILITY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Run `read` with a query function on the target, then close it. For PGlite the server must have
 * exited (one process at a time); opening a killed server's folder runs PostgreSQL's crash recovery.
 */
export async function withDatabase<T>(target: DatabaseTarget, read: (query: <R>(text: string, params?: unknown[]) => Promise<R[]>) => Promise<T>): Promise<T> {
  if (target.kind === 'pglite') {
    // The same extensions the app loads (app/db/client.server.ts), for its indexes.
    const db = await PGlite.create(path.join(target.dataDir, 'pglite'), { extensions: { pg_trgm, btree_gist } });
    try {
      return await read(async <R>(text: string, params?: unknown[]) => (await db.query<R>(text, params)).rows);
    } finally {
      await db.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return await read(async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[]);
  } finally {
    await client.end();
  }
}

/** Whether the PostgreSQL server answers (2 s connection timeout); the reason when it does not. */
export async function postgresReachable(): Promise<{ ok: true } | { ok: false; reason: string }> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Create an empty database `<prefix>_<random>` on the server of `adminUrl` (default: the suite's);
 * returns its URL and a function dropping it.
 */
export async function createPostgresDatabase({ adminUrl = POSTGRES_ADMIN_URL, prefix = 'durability' } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
