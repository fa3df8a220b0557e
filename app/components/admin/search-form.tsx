/**
 * The search box on top of an admin list: a GET form (`?q=`), so it works without JavaScript; with
 * JavaScript it also searches while typing, after a short pause, replacing the history entry, and
 * always goes back to page 1 (`useSearchBox`). A 'Clear' link shows while a search is active.
 */
import { useId } from 'react';
import { useNavigation } from 'react-router';
import { FilterSearchRow } from '~/components/admin/filter-form';
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
    <form method="get" action={pathname} role="search" onSubmit={onSubmit}>
      <FilterSearchRow
        id={inputId}
        label={label}
        placeholder={placeholder}
        defaultValue={q}
        inputRef={inputRef}
        onChange={onChange}
        busy={searching}
        clearHref={q ? pathname : null}
        clearHint=" search"
      />
    </form>
  );
}
