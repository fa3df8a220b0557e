/**
 * A fresh migrated database for one test file: PGlite loaded from the run's migrated dump, or a
 * PostgreSQL copy of the run's template. `setDatabase` makes it what the model layer uses.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, pgliteExtensions, setDatabase, type DatabaseHandle } from '~/db/client.server';
import { withDatabaseName } from './database-names';

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('postgresTemplate');
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const name = `${template.replace(/_template$/, '')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } finally {
      await admin.end();
    }
    const handle = await openDatabase({ url: withDatabaseName(url, name) });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await dropDatabase(url, name);
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteDump'))]);
  const pglite = await PGlite.create({ loadDataDir: dump, extensions: pgliteExtensions });
  return openDatabase({ pglite });
}

/**
 * Drop a test database once its sessions have gone: ended pool clients may take a moment to
 * disconnect, and forcing them out early makes their clients report an error.
 */
async function dropDatabase(url: string, name: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Open a fresh database for this file and make it current; returns it for direct queries. */
export async function useTestDatabase(): Promise<DatabaseHandle> {
  const handle = await openTestDatabase();
  setDatabase(handle);
  return handle;
}
