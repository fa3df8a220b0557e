/**
 * Backups on PostgreSQL (docs/decisions/020-backups.md): `pg_dump` and `pg_restore` of the
 * PostgreSQL client tools, which must be on PATH and at least as new as the server.
 *
 * The dump runs inside a snapshot exported by a REPEATABLE READ transaction (`pg_dump --snapshot`),
 * in which the row counts of the manifest are read too: the counts describe exactly the rows the
 * dump holds, whatever the site writes meanwhile. The password of DATABASE_URL is passed to the
 * tools in PGPASSWORD, never on their command line (visible to every local user in `ps`).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { readDatabaseInfo, type DatabaseInfo, type RowQuery } from './backup.server';

const run = promisify(execFile);

/** The URL without its password, and the environment carrying it (PGPASSWORD) for a pg tool. */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: u.href, env };
}

/** `url` with the password masked, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

/** Major version of a PostgreSQL client tool on PATH (e.g. 15); throws a readable Error if absent. */
export async function toolMajorVersion(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  try {
    const { stdout } = await run(tool, ['--version']);
    const major = /\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1];
    if (!major) throw new Error(`unexpected output: ${stdout.trim()}`);
    return Number(major);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `${tool} was not found on PATH: install the PostgreSQL client tools of your server's version (Debian/Ubuntu: apt install postgresql-client-<major>), or put their bin folder first on PATH`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** Run a pg tool; on failure throw an Error with its stderr (which never contains the password). */
async function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${tool} failed: ${stderr || (error as Error).message}`, { cause: error });
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch((error: unknown) => {
    throw new Error(`Cannot connect to PostgreSQL at ${redactUrl(url)}: ${String(error)}`, { cause: error });
  });
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function rowQuery(client: pg.Client): RowQuery {
  return async <T>(sql: string) => (await client.query(sql)).rows as T[];
}

/** Refuse a client tool older than the server: pg_dump cannot dump a newer server's catalog. */
async function checkToolVersion(tool: 'pg_dump' | 'pg_restore', client: pg.Client, url: string) {
  const toolMajor = await toolMajorVersion(tool);
  const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
  const serverMajor = Math.floor(Number(rows[0]?.v) / 10000);
  if (toolMajor < serverMajor) {
    throw new Error(
      `${tool} ${toolMajor} is older than the PostgreSQL ${serverMajor} server at ${redactUrl(url)}: install postgresql-client-${serverMajor} and put it first on PATH`,
    );
  }
}

/**
 * Dump the database at `url` into `file` (pg_dump custom format, uncompressed: the backup archive
 * compresses it; without owners, privileges or comments, so any role can restore it) and return
 * the row counts of the same snapshot. Throws with pg_dump's message on failure.
 */
export async function dumpPostgres(url: string, file: string): Promise<DatabaseInfo> {
  return withClient(url, async (client) => {
    await checkToolVersion('pg_dump', client, url);
    await client.query('begin isolation level repeatable read read only');
    try {
      const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
      const info = await readDatabaseInfo(rowQuery(client));
      const { dbname, env } = toolConnection(url);
      await runTool(
        'pg_dump',
        [
          '--format=custom',
          '--compress=0',
          '--no-owner',
          '--no-privileges',
          '--no-comments',
          `--snapshot=${rows[0]!.id}`,
          `--file=${file}`,
          `--dbname=${dbname}`,
        ],
        env,
      );
      return info;
    } finally {
      await client.query('rollback');
    }
  });
}

/** Tables outside the system schemas in the database at `url` (0 for a new, empty database). */
export async function countUserTables(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
    );
    return rows[0]?.n ?? 0;
  });
}

/**
 * Restore `file` (made by `dumpPostgres`) into the EMPTY database at `url`, in one transaction
 * (a failure leaves the database empty), then ANALYZE it and return its `DatabaseInfo`. Throws
 * when the database has tables, naming them as the reason.
 */
export async function restorePostgres(url: string, file: string): Promise<DatabaseInfo> {
  const tables = await countUserTables(url);
  if (tables > 0) {
    throw new Error(
      `The database at ${redactUrl(url)} is not empty (${tables} tables): restore only into a new, empty database (e.g. createdb tours_restored), then point DATABASE_URL at it`,
    );
  }
  await withClient(url, (client) => checkToolVersion('pg_restore', client, url));
  const { dbname, env } = toolConnection(url);
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file], env);
  return withClient(url, async (client) => {
    await client.query('analyze');
    return readDatabaseInfo(rowQuery(client));
  });
}
