/** Small SQL helpers shared by the model functions. */
import { ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Escape LIKE wildcards so user text is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Case-insensitive substring match of `q` on any of `columns` (spec section 5); undefined
 * (no condition) for an empty query.
 */
export function containsAny(q: string | undefined, columns: AnyPgColumn[]): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}

/** A page of rows and the number of rows matching without paging. */
export type Page<T> = { items: T[]; total: number };
