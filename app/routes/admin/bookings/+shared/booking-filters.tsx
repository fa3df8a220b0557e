/**
 * The search and filters on top of /admin/bookings (docs/product.md#bookings-and-inquiries): a GET
 * form, so it works without JavaScript (the 'Search' button applies everything); with JavaScript the
 * search runs while typing and a changed select or checkbox applies at once. Every filter lives in the
 * URL (`?q=&status=&type=&sort=&due=today&assigned=me`) and the page number goes back to 1.
 */
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { useSearchBox } from '~/components/ui/use-search-box';
import { BOOKING_STATUSES, BOOKING_TYPES } from '~/lib/constants';
import { listHref } from '~/lib/list-href';
import { BOOKING_SORT_LABELS, BOOKING_SORTS, BOOKING_STATUS_LABELS } from '~/schemas/booking-admin';

/** The list's filters as the loader read them ('' for none). */
export type BookingFilters = { q: string; status: string; type: string; sort: string; due: string; assigned: string };

const TYPE_LABELS: Record<(typeof BOOKING_TYPES)[number], string> = { package: 'Package', bike: 'Bike', car: 'Car' };

const selectClass =
  'h-11 min-w-0 rounded-full border border-forest-200 bg-white px-4 text-sm text-ink focus:border-forest-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-marigold';

const checkClass =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-forest-200 bg-white px-4 text-sm font-medium text-ink has-[:checked]:border-forest-700 has-[:checked]:bg-forest-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-marigold';

export function BookingFiltersForm({ pathname, filters }: { pathname: string; filters: BookingFilters }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const { inputRef, onSubmit, onChange } = useSearchBox({
    q: filters.q,
    hrefFor: (q) => listHref(pathname, { ...filters, q }),
    delayMs: 300,
  });
  const active = Boolean(filters.q || filters.status || filters.type || filters.sort || filters.due || filters.assigned);

  /** With JavaScript, a changed select or checkbox applies at once (page 1, history kept). */
  const apply = () => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const next: Record<string, string> = {};
    for (const key of ['q', 'status', 'type', 'sort', 'due', 'assigned']) next[key] = String(data.get(key) ?? '').trim();
    if (next.sort === 'newest') next.sort = '';
    void navigate(listHref(pathname, next), { preventScrollReset: true });
  };

  // The selects and boxes follow the URL (the Clear link, the back button).
  const { status, type, sort, due, assigned } = filters;
  useEffect(() => {
    const elements = formRef.current?.elements;
    if (!elements) return;
    const select = (name: string) => elements.namedItem(name) as HTMLSelectElement | null;
    const box = (name: string) => elements.namedItem(name) as HTMLInputElement | null;
    if (select('status')) select('status')!.value = status;
    if (select('type')) select('type')!.value = type;
    if (select('sort')) select('sort')!.value = sort || 'newest';
    if (box('due')) box('due')!.checked = due === 'today';
    if (box('assigned')) box('assigned')!.checked = assigned === 'me';
  }, [status, type, sort, due, assigned]);

  return (
    <form ref={formRef} method="get" action={pathname} role="search" aria-label="Bookings" onSubmit={onSubmit} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search bookings by customer, e-mail, phone, item or reference
        </label>
        <div className="relative min-w-0 flex-1 basis-64">
          <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4.5 -translate-y-1/2 text-muted" aria-hidden />
          <input
            ref={inputRef}
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={100}
            placeholder="Search bookings..."
            title="Customer name, e-mail, phone, item or #reference"
            autoComplete="off"
            enterKeyHint="search"
            onChange={onChange}
            className="h-11 w-full rounded-full border border-forest-200 bg-white pr-4 pl-10 text-[0.9375rem] text-ink placeholder:text-muted focus:border-forest-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-marigold"
          />
        </div>
        <button type="submit" className={buttonClass('outline', 'md')}>
          <Search className="size-4 sm:hidden" aria-hidden />
          <span className="max-sm:sr-only">Search</span>
        </button>
        {active ? (
          <Link to={pathname} preventScrollReset className={buttonClass('ghost', 'md')}>
            <X className="size-4" aria-hidden />
            Clear<span className="sr-only"> search and filters</span>
          </Link>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <label className="sr-only" htmlFor={`${id}-status`}>
          Status
        </label>
        <select id={`${id}-status`} name="status" defaultValue={filters.status} onChange={apply} className={selectClass}>
          <option value="">All statuses</option>
          {BOOKING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {BOOKING_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor={`${id}-type`}>
          Type
        </label>
        <select id={`${id}-type`} name="type" defaultValue={filters.type} onChange={apply} className={selectClass}>
          <option value="">All types</option>
          {BOOKING_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor={`${id}-sort`}>
          Sort
        </label>
        <select
          id={`${id}-sort`}
          name="sort"
          defaultValue={filters.sort || 'newest'}
         
          onChange={apply}
          className={`${selectClass} col-span-2`}
        >
          {BOOKING_SORTS.map((s) => (
            <option key={s} value={s}>
              {BOOKING_SORT_LABELS[s]}
            </option>
          ))}
        </select>
        <label className={checkClass}>
          <input type="checkbox" name="due" value="today" defaultChecked={filters.due === 'today'} onChange={apply} className="size-4 accent-forest-700" />
          Due today
        </label>
        <label className={checkClass}>
          <input
            type="checkbox"
            name="assigned"
            value="me"
            defaultChecked={filters.assigned === 'me'}
           
            onChange={apply}
            className="size-4 accent-forest-700"
          />
          Assigned to me
        </label>
      </div>
    </form>
  );
}
