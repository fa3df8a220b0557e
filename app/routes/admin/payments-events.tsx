/**
 * /admin/payments/events (admin role): the latest 100 Razorpay webhook deliveries, newest first
 * (docs/decisions/046-payments.md#webhooks): when, the event, what it did (`outcome`: credited,
 * already credited, unknown payment link, amount differs, booking cancelled: refund it, ...; `received`
 * while it waits for the inbox, with the failed attempts when acting on it failed) and the
 * booking it concerned, linked. Read-only; the full payload stays in the database.
 */
import { Webhook } from 'lucide-react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '~/components/admin/data-table';
import { EmptyState } from '~/components/admin/empty-state';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { formatDateTime } from '~/lib/format';
import { shortReference } from '~/lib/ids';
import { recentRazorpayEvents } from '~/models/razorpay-events.server';
import { requireRole } from '~/services/admin-guard.server';
import type { Route } from './+types/payments-events';

/** How many deliveries the page lists. */
const SHOWN = 100;

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin');
  const events = await recentRazorpayEvents(SHOWN);
  return { events: events.map((e) => ({ ...e, receivedAt: e.receivedAt.toISOString() })), shown: SHOWN };
}

export const meta: Route.MetaFunction = () => adminMeta('Razorpay events');

type Row = Route.ComponentProps['loaderData']['events'][number];

/** Outcomes that need a person: anything not plainly credited, repeated or ignored. */
function needsLook(outcome: string): boolean {
  return !/^(received|credited|already credited|credited; booking confirmed|refund processed|ignored: event not used)$/.test(outcome);
}

const columns: DataColumn<Row>[] = [
  {
    header: 'Event',
    primary: true,
    cell: (e) => (
      <span className="flex flex-col gap-0.5">
        <code className="font-semibold text-ink">{e.event}</code>
        <span className="text-xs break-all text-muted">{e.eventId}</span>
      </span>
    ),
    className: 'min-w-56',
  },
  {
    header: 'Outcome',
    cell: (e) =>
      e.lastError && !e.processedAt ? (
        <span className="font-semibold text-status-bad-fg">
          waiting: {e.attempts} {e.attempts === 1 ? 'attempt' : 'attempts'} failed ({e.lastError}); tried again shortly
        </span>
      ) : (
        <span className={needsLook(e.outcome) ? 'font-semibold text-status-bad-fg' : 'text-ink'}>{e.outcome}</span>
      ),
    className: 'min-w-72',
  },
  {
    header: 'Booking',
    cell: (e) =>
      e.bookingId ? (
        <Link to={`/admin/bookings/${e.bookingId}`} className="font-medium text-forest-700 underline">
          #{shortReference(e.bookingId)}
        </Link>
      ) : (
        <span className="text-muted">None</span>
      ),
    className: 'w-32',
  },
  { header: 'Received', cell: (e) => <span className="text-sm tabular-nums">{formatDateTime(e.receivedAt)}</span>, className: 'w-48' },
];

export default function PaymentsEvents({ loaderData }: Route.ComponentProps) {
  const { events, shown } = loaderData;
  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeader
        title="Razorpay events"
        description={`What Razorpay reported and what the site did with it, newest first (the latest ${shown}). Times in India (IST). Outcomes in red need a look.`}
      />
      {events.length === 0 ? (
        <EmptyState icon={Webhook} title="No events yet" message="Razorpay's reports of payments and refunds appear here once its webhook is set up." />
      ) : (
        <DataTable label="Razorpay events" rows={events} rowKey={(e) => e.eventId} columns={columns} />
      )}
    </div>
  );
}
