/** Small SQL helpers shared by the model functions: literal substring search and the paging helper. */
import { count as countRows, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';

/** Escape LIKE wildcards so user text is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Case-insensitive substring match of `q` on any of `columns` (docs/product.md: searches are
 * case-insensitive substring matches); undefined (no condition) for an empty query.
 */
export function containsAny(q: string | undefined, columns: AnyPgColumn[]): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}

/** A page of rows and the number of rows matching without paging. */
export type Page<T> = { items: T[]; total: number };

/** Rows a list returns when the caller gives no limit. */
export const DEFAULT_PAGE_LIMIT = 100;

/** Which slice of a list to return: at most `limit` rows after skipping `offset`. */
export type Paging = { limit?: number; offset?: number };

/**
 * The one paging helper of the model layer: one page of `query` (a dynamic select with its WHERE
 * and ORDER BY already applied) and the number of rows of `table` matching `where` without paging.
 * `limit` defaults to DEFAULT_PAGE_LIMIT, `offset` to 0.
 */
export async function selectPage<Q extends PgSelect>(
  query: Q,
  count: { table: PgTable; where: SQL | undefined },
  { limit = DEFAULT_PAGE_LIMIT, offset = 0 }: Paging = {},
): Promise<Page<Awaited<Q>[number]>> {
  const [items, [totalRow]] = await Promise.all([
    query.limit(limit).offset(offset) as unknown as Promise<Awaited<Q>>,
    db().select({ n: countRows() }).from(count.table).where(count.where),
  ]);
  return { items, total: totalRow?.n ?? 0 };
}
