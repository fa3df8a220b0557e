/**
 * The search and filters on top of /admin/inquiries (docs/product.md#bookings-and-inquiries): a
 * text search, Type and Status selects, 'Due today' and 'Assigned to me'. A plain GET form, so it
 * works without JavaScript ('Search' applies everything). With JavaScript a select or a checkbox
 * applies at once and typing searches after a short pause, each replacing the history entry and
 * going back to page 1 with a short URL (`listHref` leaves defaults out). The fields follow the URL
 * (Clear, the back button) unless someone is typing in the search box.
 */
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link, useNavigate, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { INQUIRY_STATUSES, INQUIRY_TYPES, type InquiryStatus, type InquiryType } from '~/lib/constants';
import { INQUIRY_STATUS_LABELS, INQUIRY_TYPE_LABELS } from '~/schemas/inquiry-admin';
import { INQUIRIES_PATH, inquiriesHref, isFiltered, type InquiryListState } from './inquiry-url';

/** Pause after the last keystroke before searching, in ms. */
const SEARCH_DELAY_MS = 300;

const selectClass =
  'h-11 w-full rounded-full border border-forest-200 bg-white pr-9 pl-4 text-[0.9375rem] text-ink focus:border-forest-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-marigold';

const checkClass =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-forest-200 bg-white px-4 text-sm font-medium text-ink has-[:checked]:border-forest-700 has-[:checked]:bg-forest-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-marigold';

export function InquiryFilters({ state }: { state: InquiryListState }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const qRef = useRef<HTMLInputElement>(null);
  const typeRef = useRef<HTMLSelectElement>(null);
  const statusRef = useRef<HTMLSelectElement>(null);
  const dueRef = useRef<HTMLInputElement>(null);
  const mineRef = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const ids = { q: useId(), type: useId(), status: useId() };
  const searching = navigation.state === 'loading' && navigation.location.pathname === INQUIRIES_PATH;

  // Follow the URL, except in the search box while it has focus.
  useEffect(() => {
    if (qRef.current && document.activeElement !== qRef.current) qRef.current.value = state.q;
    if (typeRef.current) typeRef.current.value = state.type ?? '';
    if (statusRef.current) statusRef.current.value = state.status ?? '';
    if (dueRef.current) dueRef.current.checked = state.due;
    if (mineRef.current) mineRef.current.checked = state.mine;
  }, [state.q, state.type, state.status, state.due, state.mine]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  /** The list for what the fields say now, page 1. */
  const hrefFromFields = () =>
    inquiriesHref({
      q: qRef.current?.value.trim() ?? '',
      type: (typeRef.current?.value || null) as InquiryType | null,
      status: (statusRef.current?.value || null) as InquiryStatus | null,
      due: dueRef.current?.checked ?? false,
      mine: mineRef.current?.checked ?? false,
      page: 1,
    });

  const apply = (replace: boolean) => {
    window.clearTimeout(timer.current);
    void navigate(hrefFromFields(), { replace, preventScrollReset: true });
  };

  return (
    <form
      ref={formRef}
      method="get"
      action={INQUIRIES_PATH}
      role="search"
      aria-label="Search and filter inquiries"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        apply(false);
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={ids.q} className="sr-only">
          Search inquiries
        </label>
        <div className="relative min-w-0 flex-1 basis-64">
          <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4.5 -translate-y-1/2 text-muted" aria-hidden />
          <input
            ref={qRef}
            id={ids.q}
            type="search"
            name="q"
            defaultValue={state.q}
            maxLength={100}
            placeholder="Search name, e-mail, phone, message or #reference..."
            autoComplete="off"
            enterKeyHint="search"
            aria-busy={searching || undefined}
            onChange={() => {
              window.clearTimeout(timer.current);
              timer.current = window.setTimeout(() => {
                if ((qRef.current?.value.trim() ?? '') !== state.q) apply(true);
              }, SEARCH_DELAY_MS);
            }}
            className="h-11 w-full rounded-full border border-forest-200 bg-white pr-4 pl-10 text-[0.9375rem] text-ink placeholder:text-muted focus:border-forest-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-marigold"
          />
        </div>
        <button type="submit" className={buttonClass('outline', 'md')}>
          <Search className="size-4 sm:hidden" aria-hidden />
          <span className="max-sm:sr-only">Search</span>
        </button>
        {isFiltered(state) ? (
          <Link to={INQUIRIES_PATH} preventScrollReset className={buttonClass('ghost', 'md')}>
            <X className="size-4" aria-hidden />
            Clear<span className="sr-only"> search and filters</span>
          </Link>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <div className="min-w-0 sm:w-48">
          <label htmlFor={ids.type} className="sr-only">
            Type
          </label>
          <select ref={typeRef} id={ids.type} name="type" defaultValue={state.type ?? ''} onChange={() => apply(true)} className={selectClass}>
            <option value="">All types</option>
            {INQUIRY_TYPES.map((type) => (
              <option key={type} value={type}>
                {INQUIRY_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 sm:w-44">
          <label htmlFor={ids.status} className="sr-only">
            Status
          </label>
          <select ref={statusRef} id={ids.status} name="status" defaultValue={state.status ?? ''} onChange={() => apply(true)} className={selectClass}>
            <option value="">All statuses</option>
            {INQUIRY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {INQUIRY_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <label className={checkClass}>
          <input ref={dueRef} type="checkbox" name="due" value="today" defaultChecked={state.due} onChange={() => apply(true)} className="size-4 accent-forest-700" />
          Due today
        </label>
        <label className={checkClass}>
          <input ref={mineRef} type="checkbox" name="assigned" value="me" defaultChecked={state.mine} onChange={() => apply(true)} className="size-4 accent-forest-700" />
          Assigned to me
        </label>
      </div>
    </form>
  );
}
