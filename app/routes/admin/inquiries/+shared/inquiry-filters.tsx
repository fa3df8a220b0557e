/**
 * The search and filters on top of /admin/inquiries (docs/product.md#bookings-and-inquiries): a
 * text search, Type and Status selects, 'Due today' and 'Assigned to me'. A plain GET form, so it
 * works without JavaScript ('Search' applies everything). With JavaScript a select or a checkbox
 * applies at once and typing searches after a short pause, each replacing the history entry and
 * going back to page 1 with a short URL (`listHref` leaves defaults out). The fields follow the URL
 * (Clear, the back button) unless someone is typing in the search box.
 */
import { useEffect, useId, useRef } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { FilterCheckbox, FilterSearchRow, FilterSelect, optionsOf } from '~/components/admin/filter-form';
import { useDebouncedSearch } from '~/components/ui/use-search-box';
import { INQUIRY_STATUSES, INQUIRY_TYPES, type InquiryStatus, type InquiryType } from '~/lib/constants';
import { INQUIRY_STATUS_LABELS, INQUIRY_TYPE_LABELS } from '~/schemas/inquiry-admin';
import { INQUIRIES_PATH, inquiriesHref, isFiltered, type InquiryListState } from './inquiry-url';

/** Pause after the last keystroke before searching, in ms. */
const SEARCH_DELAY_MS = 300;

export function InquiryFilters({ state }: { state: InquiryListState }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const qRef = useRef<HTMLInputElement>(null);
  const typeRef = useRef<HTMLSelectElement>(null);
  const statusRef = useRef<HTMLSelectElement>(null);
  const dueRef = useRef<HTMLInputElement>(null);
  const mineRef = useRef<HTMLInputElement>(null);
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
  // A pending search is dropped when the person does anything else (opens a row, presses a button).
  const { schedule, cancel } = useDebouncedSearch(qRef, SEARCH_DELAY_MS);

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
    cancel();
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
      <FilterSearchRow
        id={ids.q}
        label="Search inquiries"
        placeholder="Search name, e-mail, phone, message or #reference..."
        defaultValue={state.q}
        inputRef={qRef}
        busy={searching}
        onChange={() =>
          schedule(() => {
            if ((qRef.current?.value.trim() ?? '') !== state.q) apply(true);
          })
        }
        clearHref={isFiltered(state) ? INQUIRIES_PATH : null}
      />
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <FilterSelect
          id={ids.type}
          label="Type"
          name="type"
          defaultValue={state.type ?? ''}
          allLabel="All types"
          options={optionsOf(INQUIRY_TYPES, INQUIRY_TYPE_LABELS)}
          onChange={() => apply(true)}
          selectRef={typeRef}
          className="sm:w-48"
        />
        <FilterSelect
          id={ids.status}
          label="Status"
          name="status"
          defaultValue={state.status ?? ''}
          allLabel="All statuses"
          options={optionsOf(INQUIRY_STATUSES, INQUIRY_STATUS_LABELS)}
          onChange={() => apply(true)}
          selectRef={statusRef}
          className="sm:w-44"
        />
        <FilterCheckbox name="due" value="today" defaultChecked={state.due} onChange={() => apply(true)} inputRef={dueRef}>
          Due today
        </FilterCheckbox>
        <FilterCheckbox name="assigned" value="me" defaultChecked={state.mine} onChange={() => apply(true)} inputRef={mineRef}>
          Assigned to me
        </FilterCheckbox>
      </div>
    </form>
  );
}
