/**
 * Addresses of the paged, searchable lists: the public catalogue (/packages, /bikes, /cars,
 * docs/product.md#catalogue-rules) and the admin lists (docs/product.md#admin-lists). Search, filter,
 * page and the open delete confirmation live in the URL, so a list can be bookmarked, reloaded and
 * paged without JavaScript.
 */

/**
 * `pathname` with `params` as a query string, leaving out what is the default so every list state
 * has one short address: empty values (undefined, null, ''), page 1 (or less), and a filter's 'all'
 * (any key but the search `q`, where 'all' is a word someone typed).
 * `listHref('/packages', { q: 'lake', category: 'all', page: 2 })` → '/packages?q=lake&page=2'.
 */
export function listHref(pathname: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && Number(value) <= 1) continue;
    if (key !== 'q' && value === 'all') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}
