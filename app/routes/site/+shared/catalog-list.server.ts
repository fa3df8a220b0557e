/**
 * The loader of a public catalogue list (/packages, /bikes, /cars; docs/product.md#catalogue-rules):
 * what the three pages do alike, so each route keeps only what is its own (its query schema and
 * filter name, its model list, the settings it shows, how its items become cards).
 *
 * - The query string is read leniently (`readListQuery`): a bad filter or page is treated as none.
 * - The page of items is read through the shared content cache (app/lib/public-content.server.ts),
 *   keyed on the list and its whole query, at the same time as the page's public settings.
 * - A page number past the end redirects to the last page, keeping the search and filter.
 */
import { redirect } from 'react-router';
import type { z } from 'zod';
import { listHref } from '~/lib/list-href';
import { sharedContent } from '~/lib/public-content.server';
import type { Page } from '~/models/query.server';
import { getPublicSettings } from '~/models/settings.server';
import { pageCount, PAGE_SIZE, readListQuery } from '~/schemas/catalog-query';
import type { Settings, SettingsKey } from '~/schemas/settings';

/** A list's query with its page number and the model's `limit` / `offset`. */
type ListQuery<S extends z.ZodObject> = z.infer<S> & { page: number; limit: number; offset: number };

/**
 * One page of a catalogue list and the page's settings, or throws a redirect to the last page.
 *
 * `list` is what the page shows (in this key order, which the page's HTML carries):
 * `{ items, total, page, pages, pageSize, q, [filter] }`, with `q` '' and the filter 'all' when not set.
 */
export async function loadCatalogList<S extends z.ZodObject, F extends keyof z.infer<S> & string, T, K extends SettingsKey>(
  request: Request,
  options: {
    /** The page's address: '/packages'. */
    path: string;
    /** The list's query schema (`packageQuerySchema`), without the page number. */
    schema: S;
    /** The name of the page's one filter in the query string: 'category' or 'filter'. */
    filter: F;
    /** Names the list in the shared content cache: 'packages'. */
    cacheKey: string;
    /** The model's list function (`listPackages`). */
    load: (query: ListQuery<S>) => Promise<Page<T>>;
    /** The public settings the page shows. */
    settings: readonly K[];
  },
) {
  const query: ListQuery<S> = readListQuery(request, options.schema);
  const [{ items, total }, settings] = await Promise.all([
    sharedContent(`${options.cacheKey} ${JSON.stringify(query)}`, () => options.load(query)),
    getPublicSettings(options.settings),
  ]);
  const pages = pageCount(total);
  const q = query.q as string | undefined;
  const filterValue = query[options.filter] as NonNullable<z.infer<S>[F]> | undefined;
  if (query.page > pages) throw redirect(listHref(options.path, { q, [options.filter]: filterValue as string | undefined, page: pages }));
  const list = { items, total, page: query.page, pages, pageSize: PAGE_SIZE, q: q ?? '', [options.filter]: filterValue ?? 'all' } as {
    items: T[];
    total: number;
    page: number;
    pages: number;
    pageSize: number;
    q: string;
  } & Record<F, NonNullable<z.infer<S>[F]> | 'all'>;
  return { list, settings: settings as Pick<Settings, K> };
}
