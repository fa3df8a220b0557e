/**
 * Search box and filter select of the catalogue lists. A plain GET form: works without JavaScript,
 * keeps the query in the URL (D11).
 */
import { Search } from 'lucide-react';
import { Form, Link } from 'react-router';

export function CatalogFilters({
  q,
  filterName,
  filterValue,
  options,
  searchLabel,
  resetTo,
}: {
  q: string;
  filterName: string;
  filterValue: string;
  options: readonly { value: string; label: string }[];
  searchLabel: string;
  resetTo: string;
}) {
  return (
    <Form method="get" role="search" className="flex flex-col gap-3 rounded-card bg-white p-4 shadow-sm ring-1 ring-forest-100 sm:flex-row sm:items-end">
      <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
        {searchLabel}
        <span className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
          <input type="search" name="q" defaultValue={q} maxLength={100} className="h-11 w-full rounded-lg border border-forest-200 pr-3 pl-9" />
        </span>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Filter
        <select name={filterName} defaultValue={filterValue} className="h-11 rounded-lg border border-forest-200 bg-white px-3">
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="h-11 rounded-lg bg-forest-700 px-5 font-semibold text-white hover:bg-forest-800">
        Search
      </button>
      {q || (filterValue && filterValue !== 'all') ? (
        <Link to={resetTo} className="grid h-11 place-items-center rounded-lg px-4 font-medium text-forest-700 hover:bg-forest-50">
          Reset Filters
        </Link>
      ) : null}
    </Form>
  );
}

/** Empty result of a catalogue list (spec section 2). */
export function EmptyResult({ title, message, resetTo }: { title: string; message: string; resetTo: string }) {
  return (
    <div className="rounded-card bg-mist px-6 py-16 text-center">
      <h2 className="text-2xl font-semibold">{title}</h2>
      <p className="mt-2 text-muted">{message}</p>
      <Link to={resetTo} className="mt-6 inline-block rounded-full bg-forest-700 px-6 py-3 font-semibold text-white hover:bg-forest-800">
        Reset Filters
      </Link>
    </div>
  );
}
