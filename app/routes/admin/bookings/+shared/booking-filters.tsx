/**
 * The search and filters on top of /admin/bookings (docs/product.md#bookings-and-inquiries): a GET
 * form, so it works without JavaScript (the 'Search' button applies everything); with JavaScript the
 * search runs while typing and a changed select or checkbox applies at once. Every filter lives in the
 * URL (`?q=&status=&type=&source=&sort=&due=today&balance=due&assigned=me`) and the page number goes back to 1.
 */
import { useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { FilterCheckbox, FilterSearchRow, FilterSelect, optionsOf } from '~/components/admin/filter-form';
import { useSearchBox } from '~/components/ui/use-search-box';
import { BOOKING_SOURCE_LABELS, BOOKING_SOURCES, BOOKING_STATUSES, BOOKING_TYPES } from '~/lib/constants';
import { listHref } from '~/lib/list-href';
import { BOOKING_SORT_LABELS, BOOKING_SORTS, BOOKING_STATUS_LABELS } from '~/schemas/booking-admin';

/** The list's filters as the loader read them ('' for none). */
export type BookingFilters = { q: string; status: string; type: string; source: string; sort: string; due: string; balance: string; assigned: string };

const TYPE_LABELS: Record<(typeof BOOKING_TYPES)[number], string> = { package: 'Package', bike: 'Bike', car: 'Car' };

export function BookingFiltersForm({ pathname, filters }: { pathname: string; filters: BookingFilters }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const { inputRef, onSubmit, onChange } = useSearchBox({
    q: filters.q,
    hrefFor: (q) => listHref(pathname, { ...filters, q }),
    delayMs: 300,
  });
  const active = Boolean(filters.q || filters.status || filters.type || filters.source || filters.sort || filters.due || filters.balance || filters.assigned);

  /** With JavaScript, a changed select or checkbox applies at once (page 1, history kept). */
  const apply = () => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const next: Record<string, string> = {};
    for (const key of ['q', 'status', 'type', 'source', 'sort', 'due', 'balance', 'assigned']) next[key] = String(data.get(key) ?? '').trim();
    if (next.sort === 'newest') next.sort = '';
    void navigate(listHref(pathname, next), { preventScrollReset: true });
  };

  // The selects and boxes follow the URL (the Clear link, the back button).
  const { status, type, source, sort, due, balance, assigned } = filters;
  useEffect(() => {
    const elements = formRef.current?.elements;
    if (!elements) return;
    const select = (name: string) => elements.namedItem(name) as HTMLSelectElement | null;
    const box = (name: string) => elements.namedItem(name) as HTMLInputElement | null;
    if (select('status')) select('status')!.value = status;
    if (select('type')) select('type')!.value = type;
    if (select('source')) select('source')!.value = source;
    if (select('sort')) select('sort')!.value = sort || 'newest';
    if (box('due')) box('due')!.checked = due === 'today';
    if (box('balance')) box('balance')!.checked = balance === 'due';
    if (box('assigned')) box('assigned')!.checked = assigned === 'me';
  }, [status, type, source, sort, due, balance, assigned]);

  return (
    <form ref={formRef} method="get" action={pathname} role="search" aria-label="Bookings" onSubmit={onSubmit} className="flex flex-col gap-3">
      <FilterSearchRow
        id={`${id}-q`}
        label="Search bookings by customer, e-mail, phone, item or reference"
        placeholder="Search bookings..."
        title="Customer name, e-mail, phone, item or #reference"
        defaultValue={filters.q}
        inputRef={inputRef}
        onChange={onChange}
        clearHref={active ? pathname : null}
      />
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <FilterSelect
          id={`${id}-status`}
          label="Status"
          name="status"
          defaultValue={filters.status}
          allLabel="All statuses"
          options={optionsOf(BOOKING_STATUSES, BOOKING_STATUS_LABELS)}
          onChange={apply}
          className="sm:w-40"
        />
        <FilterSelect
          id={`${id}-type`}
          label="Type"
          name="type"
          defaultValue={filters.type}
          allLabel="All types"
          options={optionsOf(BOOKING_TYPES, TYPE_LABELS)}
          onChange={apply}
          className="sm:w-36"
        />
        <FilterSelect
          id={`${id}-source`}
          label="Source"
          name="source"
          defaultValue={filters.source}
          allLabel="All sources"
          options={optionsOf(BOOKING_SOURCES, BOOKING_SOURCE_LABELS)}
          onChange={apply}
          className="sm:w-36"
        />
        <FilterSelect
          id={`${id}-sort`}
          label="Sort"
          name="sort"
          defaultValue={filters.sort || 'newest'}
          options={optionsOf(BOOKING_SORTS, BOOKING_SORT_LABELS)}
          onChange={apply}
          className="col-span-2 sm:w-56"
        />
        <FilterCheckbox name="due" value="today" defaultChecked={filters.due === 'today'} onChange={apply}>
          Due today
        </FilterCheckbox>
        <FilterCheckbox name="balance" value="due" defaultChecked={filters.balance === 'due'} onChange={apply}>
          Balance due
        </FilterCheckbox>
        <FilterCheckbox name="assigned" value="me" defaultChecked={filters.assigned === 'me'} onChange={apply}>
          Assigned to me
        </FilterCheckbox>
      </div>
    </form>
  );
}
