/**
 * Search box, filter chips, result count and Reset Filters of the catalogue lists
 * (docs/product.md#catalogue-rules). Everything lives in the URL query: the search is a plain GET
 * form and each filter is a link, so results are server-rendered and work without JavaScript. Once
 * scripts run, typing searches by itself (debounced) and filters change the list without a full
 * reload; while the new list loads the status line says so ('Loading bikes...'). The search form is
 * a plain GET form; with scripts it navigates client-side to the same URL (`useSearchBox`).
 */
import { useId } from 'react';
import { Link, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { formatCount } from '~/lib/format';
import { useSearchBox } from '~/components/ui/use-search-box';
import { listHref } from '~/lib/list-href';

export type FilterOption = { value: string; label: string };

/** True while a client-side navigation to this list path is loading (search, filter, page). */
export function useListPending(pathname: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.location?.pathname === pathname;
}

/** Pause after the last keystroke before searching, in ms. */
const SEARCH_DELAY_MS = 350;

export function CatalogFilters({
  pathname,
  q,
  filterName,
  filterValue,
  options,
  searchLabel,
  searchPlaceholder,
  filterLabel,
  total,
  noun,
}: {
  /** The list path, e.g. '/bikes'. */
  pathname: string;
  q: string;
  filterName: string;
  filterValue: string;
  options: readonly FilterOption[];
  searchLabel: string;
  searchPlaceholder: string;
  filterLabel: string;
  total: number;
  /** Plural noun of the items: 'packages', 'bikes', 'cars'. */
  noun: string;
}) {
  const pending = useListPending(pathname);
  const inputId = useId();
  const filtered = Boolean(q) || filterValue !== 'all';
  // With scripts, searches go to the same short URL the links use (no empty `q=`), back to page 1.
  const { inputRef, onSubmit, onChange } = useSearchBox({
    q,
    hrefFor: (text) => listHref(pathname, { q: text, [filterName]: filterValue }),
    delayMs: SEARCH_DELAY_MS,
  });

  return (
    <div className="space-y-4 rounded-card bg-white p-4 shadow-lg ring-1 ring-forest-100 md:p-5">
      <form method="get" action={pathname} role="search" className="flex gap-2" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="sr-only">
          {searchLabel}
        </label>
        <div className="relative flex-1">
          <Icon name="search" className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted" />
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            placeholder={searchPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
            onChange={onChange}
            className="h-12 w-full rounded-full border border-forest-200 bg-white pr-4 pl-11 text-base placeholder:text-muted focus:border-forest-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-marigold"
          />
        </div>
        {filterValue !== 'all' ? <input type="hidden" name={filterName} value={filterValue} /> : null}
        <button type="submit" className={buttonClass('primary', 'md', 'h-12 shrink-0')}>
          <Icon name="search" className="size-5 sm:hidden" />
          <span className="max-sm:sr-only">Search</span>
        </button>
      </form>

      <nav aria-label={filterLabel}>
        {/* The pills' look is in app/app.css (.filter-pills); the chosen one is marked by aria-current. */}
        <ul className="filter-pills relative -mx-1 flex gap-2 overflow-x-auto px-1 pb-1 sm:flex-wrap sm:overflow-visible">
          {options.map((option) => {
            const active = option.value === filterValue;
            return (
              <li key={option.value}>
                <Link to={listHref(pathname, { q, [filterName]: option.value })} preventScrollReset aria-current={active ? 'true' : undefined}>
                  {option.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-forest-100 pt-3">
        <p role="status" aria-live="polite" className="text-sm text-muted">
          {pending ? (
            <span className="inline-flex items-center gap-2 font-medium text-forest-700">
              <span className="size-3 rounded-full border-2 border-forest-700 border-t-transparent motion-safe:animate-spin" aria-hidden />
              Loading {noun}...
            </span>
          ) : (
            <>
              <span className="font-semibold text-ink">{formatCount(total)}</span> {total === 1 ? noun.replace(/s$/, '') : noun} found
              {q ? (
                <>
                  {' '}
                  for “<span className="font-medium text-ink">{q}</span>”
                </>
              ) : null}
            </>
          )}
        </p>
        {filtered && total > 0 ? (
          <Link
            to={pathname}
            preventScrollReset
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-forest-700 hover:bg-forest-50"
          >
            <Icon name="x" className="size-4" />
            Reset Filters
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** Empty result of a catalogue list (docs/product.md#catalogue), with Reset Filters. */
export function EmptyResult({ title, message, resetTo }: { title: string; message: string; resetTo: string }) {
  return (
    <div className="rounded-card border border-dashed border-forest-200 bg-mist px-6 py-16 text-center">
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-white text-forest-700 shadow-sm">
        <Icon name="search" className="size-6" />
      </span>
      <h2 className="mt-5 text-2xl font-semibold">{title}</h2>
      <p className="mx-auto mt-2 max-w-md text-muted">{message}</p>
      <Link to={resetTo} className={buttonClass('primary', 'md', 'mt-6')}>
        Reset Filters
      </Link>
    </div>
  );
}
