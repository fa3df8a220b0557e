/**
 * /admin/bookings: every booking, 20 a page (docs/product.md#bookings-and-inquiries). Search by
 * customer name, e-mail, phone, item or short reference; filters by status, type and source, 'Due today'
 * (follow-up day today or earlier, not rejected), 'Balance due' (a quote above what was paid, not
 * rejected or cancelled) and 'Assigned to me'; sorted by received date
 * (newest or oldest first) or travel date. All of it lives in the URL, so the list works without
 * JavaScript, and 'Export CSV' downloads the same selection (/api/bookings/export).
 *
 * 'New booking' opens /admin/bookings/new (a booking taken on the phone, WhatsApp or at the desk).
 *
 * Table: Customer (name and e-mail), Type (with the source: Website, Phone, WhatsApp, Walk-in), Item, Date, Status,
 * Paid / Due ('₹5,000.00 / ₹5,000.00' from the latest quote and the ledger, '—' without a quote), Actions: view details, and Confirm /
 * Reject while pending, answered with 'Booking confirmed' / 'Booking rejected' (or the refusal, e.g.
 * a vehicle already booked on those days). Reject asks first (`?reject=<id>`, see booking-status.tsx). Empty: 'No bookings match your search' /
 * 'No bookings yet'.
 */
import { CalendarCheck, Download, Eye, Plus } from 'lucide-react';
import { Link, redirect, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useReturnFocusAfterConfirm } from '~/components/admin/confirm-delete';
import { DataTable, type DataColumn } from '~/components/admin/data-table';
import { EmptyState } from '~/components/admin/empty-state';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { ResultCount } from '~/components/admin/result-count';
import { buttonClass } from '~/components/ui/button';
import { Pagination } from '~/components/ui/pagination';
import { requireAdmin } from '~/services/admin-guard.server';
import { BOOKING_SOURCE_LABELS, type BookingSource, type BookingStatus, type BookingType } from '~/lib/constants';
import { formatDate, formatDateRange, todayInIndia } from '~/lib/format';
import { formatPaise } from '~/lib/money';
import { shortReference } from '~/lib/ids';
import { listHref } from '~/lib/list-href';
import { redirectWithToast } from '~/lib/toast.server';
import { adminBookingQuery, listBookingsWithMoney } from '~/models/booking-list.server';
import { bookingListQuerySchema } from '~/schemas/booking-admin';
import { MAX_PAGE, pageCount, readPageQuery } from '~/schemas/catalog-query';
import { changeStatusFromForm, isStatusIntent } from './+shared/booking-actions.server';
import { BookingFiltersForm, type BookingFilters } from './+shared/booking-filters';
import { BookingStatusBadge, REJECT_PARAM, RejectConfirm, StatusButtons } from './+shared/booking-status';
import type { Route } from './+types/list';

const PATH = '/admin/bookings';
const PAGE_SIZE = 20;

const pageQuerySchema = bookingListQuerySchema.extend({ page: z.coerce.number().int().min(1).max(MAX_PAGE).optional() });

/**
 * The list's filters from the URL, read leniently (a bad value is no filter): as the model's filter
 * params and as the strings the form and links show ('' for none; 'all' and 'newest' are the
 * defaults and stay out of the URL).
 */
function readFilters(request: Request) {
  const { page, ...query } = readPageQuery(request, pageQuerySchema);
  const filters: BookingFilters = {
    q: query.q ?? '',
    status: query.status && query.status !== 'all' ? query.status : '',
    type: query.type && query.type !== 'all' ? query.type : '',
    source: query.source && query.source !== 'all' ? query.source : '',
    sort: query.sort && query.sort !== 'newest' ? query.sort : '',
    due: query.due ?? '',
    balance: query.balance ?? '',
    assigned: query.assigned ?? '',
  };
  return { query, filters, page: page ?? 1 };
}

const TYPE_LABELS: Record<BookingType, string> = { package: 'Package', bike: 'Bike', car: 'Car' };

export async function loader({ request }: Route.LoaderArgs) {
  const auth = await requireAdmin(request);
  const { query, filters, page } = readFilters(request);
  const modelQuery = adminBookingQuery(query, auth.user.id);
  const { items, total } = await listBookingsWithMoney({ ...modelQuery, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pages = pageCount(total, PAGE_SIZE);
  if (page > pages) throw redirect(listHref(PATH, { ...filters, page: pages }));
  const today = todayInIndia();
  const exportParams = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== '')).toString();
  return {
    rows: items.map((b) => ({
      id: b.id,
      reference: shortReference(b.id),
      name: b.name,
      email: b.email,
      type: b.type as BookingType,
      source: BOOKING_SOURCE_LABELS[b.source as BookingSource] ?? b.source,
      itemName: b.itemName,
      dates: formatDateRange(b.startDate, b.endDate),
      received: formatDate(b.createdAt),
      status: b.status as BookingStatus,
      due: Boolean(b.followUpOn && b.followUpOn <= today && b.status !== 'rejected' && b.status !== 'cancelled'),
      money: b.totalPaise === null ? null : { paid: formatPaise(b.paidPaise), due: formatPaise(b.duePaise), owing: b.duePaise > 0 },
    })),
    total,
    page,
    pages,
    filters,
    exportHref: `/api/bookings/export${exportParams ? `?${exportParams}` : ''}`,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  const { filters, page } = readFilters(request);
  const back = listHref(PATH, { ...filters, page });
  const form = await request.formData().catch(() => null);
  const intent = form?.get('intent');
  if (!isStatusIntent(intent)) return redirectWithToast(back, { type: 'error', title: 'Unknown action' });
  return changeStatusFromForm(request, auth, intent, form?.get('id'), back);
}

export const meta: Route.MetaFunction = () => adminMeta('Bookings');

type Row = Route.ComponentProps['loaderData']['rows'][number];

const columns: DataColumn<Row>[] = [
  {
    header: 'Customer',
    primary: true,
    cell: (b) => (
      <span className="block min-w-0">
        <Link to={`${PATH}/${b.id}`} className="font-semibold break-words text-ink hover:text-forest-700 hover:underline">
          {b.name}
        </Link>
        <span className="block text-xs break-words text-muted">{b.email}</span>
      </span>
    ),
  },
  {
    header: 'Type',
    cell: (b) => (
      <span className="block">
        <span className="block">{TYPE_LABELS[b.type]}</span>
        <span className="block text-xs text-muted">{b.source}</span>
      </span>
    ),
  },
  {
    header: 'Item',
    cell: (b) => (
      <span className="block min-w-0">
        <span className="block break-words">{b.itemName}</span>
        <span className="block font-mono text-xs text-muted">#{b.reference}</span>
      </span>
    ),
  },
  {
    header: 'Date',
    className: 'whitespace-nowrap',
    cell: (b) => (
      <span className="block">
        <span className="block">{b.dates}</span>
        <span className="block text-xs text-muted">Received {b.received}</span>
      </span>
    ),
  },
  {
    header: 'Status',
    cell: (b) => (
      <span className="flex flex-wrap items-center gap-1.5">
        <BookingStatusBadge status={b.status} />
        {b.due ? <span className="rounded-full bg-marigold/25 px-2 py-0.5 text-xs font-semibold text-[#6b4a00]">Due</span> : null}
      </span>
    ),
  },
  {
    header: 'Paid / Due',
    className: 'whitespace-nowrap',
    cell: (b) =>
      b.money ? (
        <span className="block tabular-nums">
          <span className="sr-only">Paid </span>
          {b.money.paid}
          <span aria-hidden> / </span>
          <span className="sr-only">, due </span>
          <span className={b.money.owing ? 'font-semibold text-status-bad-fg' : 'text-muted'}>{b.money.due}</span>
        </span>
      ) : (
        <span className="text-muted">
          <span aria-hidden>—</span>
          <span className="sr-only">No quote yet</span>
        </span>
      ),
  },
];

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, filters, exportHref } = loaderData;
  const here = listHref(PATH, { ...filters, page });
  const filtered = Boolean(filters.q || filters.status || filters.type || filters.source || filters.due || filters.balance || filters.assigned);
  // ?reject=<id>: the Reject confirmation of a row on this page.
  const [searchParams] = useSearchParams();
  const rejectId = searchParams.get(REJECT_PARAM);
  const rejecting = rejectId ? rows.find((b) => b.id === rejectId && b.status !== 'rejected' && b.status !== 'cancelled') : undefined;
  useReturnFocusAfterConfirm(rejecting?.id ?? null, 'data-reject-id');

  const headerActions = (
    <>
      <a href={exportHref} download className={buttonClass('outline', 'md')}>
        <Download className="size-4" aria-hidden />
        Export CSV
      </a>
      <Link to={`${PATH}/new`} className={buttonClass('primary', 'md')}>
        <Plus className="size-4" aria-hidden />
        New booking
      </Link>
    </>
  );

  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeader
        title="Bookings"
        description="Package, bike and car bookings: made on the site, or entered by staff from the phone, WhatsApp or the desk."
        actions={headerActions}
      />
      <div className="flex flex-col gap-3">
        <BookingFiltersForm pathname={PATH} filters={filters} />
        <ResultCount total={total} q={filters.q} singular="booking" plural="bookings" />
      </div>
      {rows.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={CalendarCheck}
            title="No bookings match your search"
            message={
              filters.q && (filters.status || filters.type || filters.source || filters.due || filters.balance || filters.assigned)
                ? `Nothing found for “${filters.q}” with these filters.`
                : filters.q
                  ? `Nothing found for “${filters.q}”. Check the spelling, or search for part of a name, an e-mail or a reference.`
                  : 'No booking has this status, type, source, follow-up, balance or assignment.'
            }
            action={
              <Link to={PATH} className={buttonClass('outline', 'md')}>
                Clear search and filters
              </Link>
            }
          />
        ) : (
          <EmptyState icon={CalendarCheck} title="No bookings yet" message="Bookings made on the site appear here." />
        )
      ) : (
        <DataTable
          label="Bookings"
          rows={rows}
          rowKey={(b) => b.id}
          columns={columns}
          actions={(b) => (
            <>
              <Link
                to={`${PATH}/${b.id}`}
                title="View details"
                className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full border border-forest-200 px-4 text-sm font-semibold text-forest-800 transition-colors hover:bg-forest-50 lg:px-0"
              >
                <Eye className="size-4" aria-hidden />
                <span className="lg:sr-only">View</span>
                <span className="sr-only">
                  {' '}
                  details of booking #{b.reference} ({b.name})
                </span>
              </Link>
              {b.status === 'pending' ? <StatusButtons id={b.id} status={b.status} action={here} name={`${b.name} (#${b.reference})`} compact /> : null}
            </>
          )}
        />
      )}
      {rejecting ? (
        <RejectConfirm id={rejecting.id} status={rejecting.status} name={`${rejecting.name} (#${rejecting.reference})`} action={here} cancelTo={here} />
      ) : null}
      <Pagination variant="admin" pathname={PATH} params={filters} page={page} pageCount={pages} total={total} pageSize={PAGE_SIZE} noun="bookings" />
    </div>
  );
}
