/** Names of the throwaway PostgreSQL databases of one test run. */
import { randomBytes } from 'node:crypto';

/** A prefix unique to this run: every database it creates starts with it. */
export function runPrefix(): string {
  return `vt_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/** The same connection URL pointing at another database. */
export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.href;
}
