/**
 * The search box on top of an admin list: a GET form (`?q=`), so it works without JavaScript; with
 * JavaScript it also searches while typing, after a short pause, replacing the history entry, and
 * always goes back to page 1 (`useSearchBox`). A 'Clear' link shows while a search is active.
 */
import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { Link, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { useSearchBox } from '~/components/ui/use-search-box';
import { listHref } from '~/lib/list-href';

/** Pause after the last keystroke before searching, in ms. */
const SEARCH_DELAY_MS = 300;

export function AdminSearchForm({
  pathname,
  q,
  label,
  placeholder,
}: {
  /** The list's path, e.g. '/admin/cars'. */
  pathname: string;
  /** The current search text. */
  q: string;
  /** The input's accessible name, e.g. 'Search cars'. */
  label: string;
  placeholder: string;
}) {
  const navigation = useNavigation();
  const inputId = useId();
  const searching = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const { inputRef, onSubmit, onChange } = useSearchBox({ q, hrefFor: (text) => listHref(pathname, { q: text }), delayMs: SEARCH_DELAY_MS });

  return (
    <form
      method="get"
      action={pathname}
      role="search"
      className="flex flex-wrap items-center gap-2"
      onSubmit={onSubmit}
    >
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1 basis-56">
        <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4.5 -translate-y-1/2 text-muted" aria-hidden />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          aria-busy={searching || undefined}
          onChange={onChange}
          className="h-11 w-full rounded-full border border-forest-200 bg-white pr-4 pl-10 text-[0.9375rem] text-ink placeholder:text-muted focus:border-forest-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-marigold"
        />
      </div>
      <button type="submit" className={buttonClass('outline', 'md')}>
        <Search className="size-4 sm:hidden" aria-hidden />
        <span className="max-sm:sr-only">Search</span>
      </button>
      {q ? (
        <Link to={pathname} preventScrollReset className={buttonClass('ghost', 'md')}>
          <X className="size-4" aria-hidden />
          Clear
          <span className="sr-only"> search</span>
        </Link>
      ) : null}
    </form>
  );
}
