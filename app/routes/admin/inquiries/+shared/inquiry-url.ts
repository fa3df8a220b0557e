/**
 * The addresses of /admin/inquiries (docs/product.md#bookings-and-inquiries): search, filters, page,
 * the open details dialog (`view`) and the delete confirmation (`delete`) all live in the URL, so the
 * list and its dialogs work without JavaScript and can be bookmarked. Shared by the loader, the
 * action and the page.
 */
import type { InquiryStatus, InquiryType } from '~/lib/constants';
import { listHref } from '~/lib/list-href';

export const INQUIRIES_PATH = '/admin/inquiries';

/** The list's own state: what the table shows (the dialogs come on top of it). */
export type InquiryListState = {
  q: string;
  type: InquiryType | null;
  status: InquiryStatus | null;
  /** 'Due today': follow-up today or earlier, still pending. */
  due: boolean;
  /** 'Assigned to me'. */
  mine: boolean;
  page: number;
};

/** The query parameters of a state (defaults left out by `listHref`). */
export function listParams(state: Omit<InquiryListState, 'page'> & { page?: number }) {
  return {
    q: state.q,
    type: state.type,
    status: state.status,
    due: state.due ? 'today' : undefined,
    assigned: state.mine ? 'me' : undefined,
    page: state.page,
  };
}

/** The list at `state`, optionally with the details dialog or the delete confirmation open. */
export function inquiriesHref(state: InquiryListState, open: { view?: string | null; delete?: string | null } = {}): string {
  return listHref(INQUIRIES_PATH, { ...listParams(state), view: open.view, delete: open.delete });
}

/** True when a search or a filter narrows the list (the empty state then says nothing matches). */
export function isFiltered(state: InquiryListState): boolean {
  return Boolean(state.q || state.type || state.status || state.due || state.mine);
}

/** GET /api/inquiries/export with the list's filters (no page: the export has every matching row). */
export function exportHref(state: InquiryListState): string {
  return listHref('/api/inquiries/export', { ...listParams(state), page: undefined });
}
