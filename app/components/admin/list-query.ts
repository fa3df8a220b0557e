/**
 * Addresses of the admin lists (docs/product.md#admin-lists): search and page live in the URL, like the
 * public lists, so a list can be bookmarked, reloaded and paged without JavaScript. `?delete=<id>`
 * opens the delete confirmation for one row.
 */

/** Rows on one page of an admin list. */
export const ADMIN_PAGE_SIZE = 20;

/**
 * `pathname` with the non-empty `params` as a query string; `page` 1 (the default) is left out, so
 * every list state has one short address.
 */
export function adminListHref(pathname: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || (key === 'page' && Number(value) <= 1)) continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}
