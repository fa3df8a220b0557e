/**
 * /admin/inquiries (docs/product.md#bookings-and-inquiries): every inquiry and contact message,
 * newest first, 20 a page, searched (name, e-mail, phone, subject, message, item names, reference) and
 * filtered by type, status, 'Due today' and 'Assigned to me' through the URL; table Name, Contact,
 * Date, Status, Actions; 'Export CSV' with the current filters. `?view=<id>` opens the details dialog
 * (status changes, reply, convert to booking, pipeline) and `?delete=<id>` the delete confirmation
 * ('Are you sure you want to delete this inquiry?'). Loader and action: ./+shared/inquiry-page.server.ts.
 * `?tab=leads` shows the 'WhatsApp leads' tab instead of the list (docs/decisions/049-whatsapp-leads.md).
 */
import { Download, Eye, MessageSquareText, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ConfirmDelete, useReturnFocusAfterConfirm } from '~/components/admin/confirm-delete';
import { DataTable, type DataColumn } from '~/components/admin/data-table';
import { EmptyState } from '~/components/admin/empty-state';
import { FollowUpBadge } from '~/components/admin/pipeline-panel';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { ResultCount } from '~/components/admin/result-count';
import { buttonClass } from '~/components/ui/button';
import { Pagination } from '~/components/ui/pagination';
import { toast } from '~/components/ui/toast';
import { cn } from '~/lib/cn';
import { formatDate } from '~/lib/format';
import { listWhatsappLeads } from '~/models/whatsapp-leads.server';
import { INQUIRY_TYPE_LABELS } from '~/schemas/inquiry-admin';
import { InquiryDialog, useReturnFocusAfterView } from './+shared/inquiry-dialog';
import { InquiryFilters } from './+shared/inquiry-filters';
import { inquiriesAction, loadInquiriesPage, type InquiryRow } from './+shared/inquiry-page.server';
import { InquiryStatusPill } from './+shared/inquiry-status';
import { exportHref, inquiriesHref, INQUIRIES_PATH, isFiltered } from './+shared/inquiry-url';
import { WhatsappLeadsTable } from './+shared/whatsapp-leads-table';
import type { Route } from './+types/list';

/** How many of the newest WhatsApp leads the tab lists. */
const LEADS_SHOWN = 100;

export async function loader({ request }: Route.LoaderArgs) {
  // loadInquiriesPage requires staff first.
  const page = await loadInquiriesPage(request);
  const leadsTab = new URL(request.url).searchParams.get('tab') === 'leads';
  return { ...page, leads: leadsTab ? await listWhatsappLeads({ limit: LEADS_SHOWN }) : null };
}

const tabClass = 'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold';

/** Inquiries | WhatsApp leads: plain links, so the tabs work without JavaScript. */
function Tabs({ leads }: { leads: boolean }) {
  const tab = (current: boolean) =>
    cn(tabClass, current ? 'border-forest-700 bg-forest-700 text-white' : 'border-forest-200 text-forest-800 hover:bg-forest-50');
  return (
    <nav aria-label="Inquiries views" className="flex flex-wrap gap-2">
      <Link to={INQUIRIES_PATH} aria-current={leads ? undefined : 'page'} className={tab(!leads)}>
        Inquiries
      </Link>
      <Link to={`${INQUIRIES_PATH}?tab=leads`} aria-current={leads ? 'page' : undefined} className={tab(leads)}>
        WhatsApp leads
      </Link>
    </nav>
  );
}

export async function action({ request }: Route.ActionArgs) {
  return inquiriesAction(request);
}

export const meta: Route.MetaFunction = () => adminMeta('Inquiries');

const LOAD_FAILED = 'Failed to load inquiries';

const actionClass = 'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold transition-colors';

type Row = InquiryRow & { today: string };

const columns: DataColumn<Row>[] = [
  {
    header: 'Name',
    primary: true,
    cell: (row) => (
      <span className="block min-w-0">
        <span className="block font-semibold break-words text-ink">{row.name}</span>
        <span className="block text-xs text-muted">
          {INQUIRY_TYPE_LABELS[row.type]} · #{row.reference}
        </span>
        {row.about ? (
          <span title={row.about} className="block truncate text-xs text-muted lg:max-w-48">
            {row.about}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    header: 'Contact',
    cell: (row) => (
      <span className="block min-w-0">
        <span title={row.email} className="block break-words lg:max-w-56 lg:truncate">
          {row.email}
        </span>
        {row.phone ? <span className="block text-xs text-muted">{row.phone}</span> : null}
      </span>
    ),
  },
  {
    header: 'Date',
    className: 'whitespace-nowrap',
    cell: (row) => <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time>,
  },
  {
    header: 'Status',
    cell: (row) => (
      <span className="flex flex-wrap gap-1.5">
        <InquiryStatusPill status={row.status} />
        <FollowUpBadge followUpOn={row.followUp} today={row.today} />
      </span>
    ),
  },
];

export default function AdminInquiries({ loaderData }: Route.ComponentProps) {
  const { state, total, pages, pageSize, view, pipeline, confirm, today, canDelete, leads } = loaderData;
  const rows = loaderData.rows.map((row) => ({ ...row, today }));
  useReturnFocusAfterConfirm(confirm?.id ?? null);
  useReturnFocusAfterView(view && !confirm ? view.id : null);

  const exportLink = (
    <a href={exportHref(state)} download className={buttonClass('outline', 'md')}>
      <Download className="size-4" aria-hidden />
      Export CSV
    </a>
  );

  if (leads) {
    return (
      <div className="flex flex-col gap-5">
        <AdminPageHeader
          title="Inquiries"
          description={`The newest ${LEADS_SHOWN} clicks on the site's WhatsApp links. Enter a chat's code (Ref: WA-…) on the booking or inquiry made from it.`}
        />
        <Tabs leads />
        <WhatsappLeadsTable leads={leads} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeader title="Inquiries" description="Questions from the inquiry dialog and the contact form." actions={exportLink} />
      <Tabs leads={false} />
      <div className="flex flex-col gap-3">
        <InquiryFilters state={state} />
        <ResultCount total={total} q={state.q} singular="inquiry" plural="inquiries" />
      </div>
      {rows.length === 0 ? (
        isFiltered(state) ? (
          <EmptyState
            icon={MessageSquareText}
            title="No inquiries match your search"
            message="Check the spelling, search for part of a name or e-mail, or clear the filters."
            action={
              <Link to={INQUIRIES_PATH} className={buttonClass('outline', 'md')}>
                Clear search and filters
              </Link>
            }
          />
        ) : (
          <EmptyState
            icon={MessageSquareText}
            title="No inquiries received yet"
            message="Inquiries from the site's inquiry dialog and contact form show here."
          />
        )
      ) : (
        <DataTable
          label="Inquiries"
          rows={rows}
          rowKey={(row) => row.id}
          columns={columns}
          actions={(row) => (
            <>
              <Link
                to={inquiriesHref(state, { view: row.id })}
                preventScrollReset
                data-view-id={row.id}
                className={cn(actionClass, 'border-forest-200 text-forest-800 hover:bg-forest-50')}
              >
                <Eye className="size-4" aria-hidden />
                View<span className="sr-only"> inquiry from {row.name}</span>
              </Link>
              {canDelete ? (
                <Link
                  to={inquiriesHref(state, { delete: row.id })}
                  preventScrollReset
                  data-delete-id={row.id}
                  className={cn(actionClass, 'border-flag-red/40 text-[#a93226] hover:bg-flag-red/10')}
                >
                  <Trash2 className="size-4" aria-hidden />
                  Delete<span className="sr-only"> inquiry from {row.name}</span>
                </Link>
              ) : null}
            </>
          )}
        />
      )}
      <Pagination
        variant="admin"
        pathname={INQUIRIES_PATH}
        params={{
          q: state.q,
          type: state.type ?? undefined,
          status: state.status ?? undefined,
          due: state.due ? 'today' : undefined,
          assigned: state.mine ? 'me' : undefined,
        }}
        page={state.page}
        pageCount={pages}
        total={total}
        pageSize={pageSize}
        noun="inquiries"
      />
      {view && !confirm ? (
        <InquiryDialog
          inquiry={view}
          pipeline={pipeline}
          closeTo={inquiriesHref(state)}
          actionTo={inquiriesHref(state, { view: view.id })}
          deleteTo={canDelete ? inquiriesHref(state, { view: view.id, delete: view.id }) : null}
        />
      ) : null}
      {confirm ? (
        <ConfirmDelete
          question="Are you sure you want to delete this inquiry?"
          detail={
            <>
              The inquiry from <strong className="font-semibold text-ink">{confirm.name}</strong> (#{confirm.reference}) and its notes will be removed. A
              booking made from it stays.
            </>
          }
          id={confirm.id}
          action={inquiriesHref(state)}
          cancelTo={confirm.fromView ? inquiriesHref(state, { view: confirm.id }) : inquiriesHref(state)}
        />
      ) : null}
    </div>
  );
}

/** The loader failed: 'Failed to load inquiries' as a toast and in the page, with a way to retry. */
export function ErrorBoundary() {
  useEffect(() => {
    toast.error(LOAD_FAILED);
  }, []);
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Inquiries" />
      <div role="alert" className="flex flex-col items-start gap-4 rounded-card border border-flag-red/30 bg-white p-6 shadow-sm">
        <p className="font-semibold text-status-bad-fg">{LOAD_FAILED}</p>
        <a href={INQUIRIES_PATH} className={buttonClass('primary', 'md')}>
          Try again
        </a>
      </div>
    </div>
  );
}
