/**
 * The pieces of the admin lists' search-and-filter forms (/admin/bookings, /admin/inquiries, and the
 * catalogue lists' search box in search-form.tsx): the
 * search row (box, Search button, Clear link), a labelled filter select and a filter checkbox. The
 * lists' own forms decide what the fields mean and when they apply; these only draw them the same
 * way. Everything is a plain GET form field, so the forms work without JavaScript.
 */
import { Search, X } from 'lucide-react';
import type { ChangeEventHandler, ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { cn } from '~/lib/cn';

const selectClass =
  'h-11 w-full min-w-0 rounded-full border border-forest-200 bg-white pr-9 pl-4 text-sm text-ink focus:border-forest-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-marigold';

const checkClass =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-forest-200 bg-white px-4 text-sm font-medium text-ink has-[:checked]:border-forest-700 has-[:checked]:bg-forest-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-marigold';

/**
 * The search box with its (visually hidden) label, the Search button, and 'Clear' linking to
 * `clearHref` while a search or filter is on (`clearHref` null hides it).
 */
export function FilterSearchRow({
  id,
  label,
  placeholder,
  title,
  defaultValue,
  inputRef,
  onChange,
  busy = false,
  clearHref,
  clearHint = ' search and filters',
}: {
  id: string;
  label: string;
  placeholder: string;
  title?: string;
  defaultValue: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  busy?: boolean;
  clearHref: string | null;
  /** What Clear clears, for screen readers (' search' where there are no filters). */
  clearHint?: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1 basis-64">
        <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4.5 -translate-y-1/2 text-muted" aria-hidden />
        <input
          ref={inputRef}
          id={id}
          type="search"
          name="q"
          defaultValue={defaultValue}
          maxLength={100}
          placeholder={placeholder}
          title={title}
          autoComplete="off"
          enterKeyHint="search"
          aria-busy={busy || undefined}
          onChange={onChange}
          className="h-11 w-full rounded-full border border-forest-200 bg-white pr-4 pl-10 text-[0.9375rem] text-ink placeholder:text-muted focus:border-forest-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-marigold"
        />
      </div>
      <button type="submit" className={buttonClass('outline', 'md')}>
        <Search className="size-4 sm:hidden" aria-hidden />
        <span className="max-sm:sr-only">Search</span>
      </button>
      {clearHref ? (
        <Link to={clearHref} preventScrollReset className={buttonClass('ghost', 'md')}>
          <X className="size-4" aria-hidden />
          Clear<span className="sr-only">{clearHint}</span>
        </Link>
      ) : null}
    </div>
  );
}

/** A filter select with a visually hidden label; `allLabel` is the first option, value ''. */
export function FilterSelect({
  id,
  label,
  name,
  defaultValue,
  options,
  allLabel,
  onChange,
  selectRef,
  className,
}: {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
  onChange?: ChangeEventHandler<HTMLSelectElement>;
  selectRef?: Ref<HTMLSelectElement>;
  /** Width or grid placement of the field. */
  className?: string;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select ref={selectRef} id={id} name={name} defaultValue={defaultValue} onChange={onChange} className={selectClass}>
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A filter checkbox drawn as a pill, its text as the label. */
export function FilterCheckbox({
  name,
  value,
  defaultChecked,
  onChange,
  inputRef,
  children,
}: {
  name: string;
  value: string;
  defaultChecked: boolean;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
  children: ReactNode;
}) {
  return (
    <label className={checkClass}>
      <input
        ref={inputRef}
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        onChange={onChange}
        className="size-4 accent-forest-700"
      />
      {children}
    </label>
  );
}

/** `[value, label]` pairs of a vocabulary, for FilterSelect. */
export function optionsOf<V extends string>(values: readonly V[], labels: Record<V, string>): { value: V; label: string }[] {
  return values.map((value) => ({ value, label: labels[value] }));
}
