/**
 * /admin: the dashboard (docs/product.md#admin-dashboard). Figures for bookings (all, pending,
 * customers = distinct e-mails) and inquiries (open), the catalogue counts, and the three newest
 * packages, bikes and cars with a link to edit each. Every figure links to its list. The five newest
 * bookings and inquiries link to the booking's page and the inquiry's details.
 *
 * Live: a new or changed booking or inquiry makes the admin layout's `LiveUpdates` revalidate, so the
 * figures and the newest lists update without a reload (docs/decisions/018-live-updates.md).
 *
 * While any of the seed's placeholders or a missing server setting would still reach travellers, a
 * go-live checklist comes first, each item linking to where it is fixed; it is gone once none
 * remains (app/lib/go-live.ts, docs/decisions/045-security-round-two.md section 14).
 *
 * 'Refresh' reloads the figures in place and then says 'Data refreshed successfully' (without
 * JavaScript it is a plain GET of /admin?refreshed=1 that says the same). When the figures cannot be
 * read, the page says 'Failed to load data. Please refresh the page.' inside the admin frame.
 */
import { Bike, CalendarCheck, CalendarClock, Car, MessageSquareText, Mountain, RefreshCw, UsersRound } from 'lucide-react';
import { useEffect } from 'react';
import { Form, useLocation, useNavigation, useRouteLoaderData } from 'react-router';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { StatCard } from '~/components/admin/stat-card';
import { buttonClass } from '~/components/ui/button';
import { toast } from '~/components/ui/toast';
import { requireAdmin } from '~/services/admin-guard.server';
import { cn } from '~/lib/cn';
import { formatDate, formatDateTime } from '~/lib/format';
import { env } from '~/lib/env.server';
import { goLiveChecklist } from '~/lib/go-live';
import { getDashboardData, getRecentRequests } from '~/models/dashboard.server';
import { getSettings } from '~/models/settings.server';
import type { Route } from './+types/dashboard';
import { GoLiveChecklist } from './dashboard/+shared/go-live-checklist';
import { RecentPanel } from './dashboard/+shared/recent-panel';
import { INQUIRY_KINDS, RequestPanel } from './dashboard/+shared/request-panel';
import type { loader as layoutLoader } from './layout';

const REFRESHED_MESSAGE = 'Data refreshed successfully';
const LOAD_FAILED_MESSAGE = 'Failed to load data. Please refresh the page.';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [data, recent, settings] = await Promise.all([getDashboardData(), getRecentRequests(), getSettings(['company', 'promo'])]);
  const refreshed = new URL(request.url).searchParams.get('refreshed') === '1';
  const goLive = goLiveChecklist(settings, env());
  return { ...data, recentBookings: recent.bookings, recentInquiries: recent.inquiries, refreshed, goLive };
}

export const meta: Route.MetaFunction = () => adminMeta('Dashboard');

/**
 * 'Refresh': a GET form to /admin?refreshed=1. Without JavaScript the page reloads; with it React
 * Router runs the loaders again in place (a navigation, so public pages need no extra router code).
 */
function RefreshButton() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.location.pathname === '/admin';
  return (
    <Form method="get" action="/admin" replace preventScrollReset>
      <input type="hidden" name="refreshed" value="1" />
      <button type="submit" aria-disabled={busy || undefined} className={buttonClass('outline', 'md')}>
        <RefreshCw className={cn('size-4', busy && 'motion-safe:animate-spin')} aria-hidden />
        {busy ? 'Refreshing...' : 'Refresh'}
      </button>
    </Form>
  );
}

function Header() {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout');
  const name = layout?.user.name?.split(/\s+/)[0];
  return (
    <AdminPageHeader
      title="Dashboard"
      description={name ? `Welcome back, ${name}. Here is where things stand.` : 'Here is where things stand.'}
      actions={<RefreshButton />}
    />
  );
}

export default function Dashboard({ loaderData: d }: Route.ComponentProps) {
  // Each Refresh (a navigation, so a new location key) says so once; a live revalidation of the
  // same address does not say it again.
  const { key } = useLocation();
  useEffect(() => {
    if (d.refreshed) toast.success(REFRESHED_MESSAGE);
  }, [d.refreshed, key]);
  return (
    <div className="flex flex-col gap-8">
      <Header />
      {d.refreshed ? (
        <p role="status" className="-mt-4 text-sm font-medium text-status-ok-fg">
          {REFRESHED_MESSAGE}
        </p>
      ) : null}

      <GoLiveChecklist items={d.goLive} />

      <section aria-labelledby="dash-requests" className="flex flex-col gap-3">
        <h2 id="dash-requests" className="font-sans text-sm font-semibold tracking-[0.08em] text-muted uppercase">
          Bookings and inquiries
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard
            label="Pending bookings"
            value={d.pendingBookings}
            to="/admin/bookings?status=pending"
            icon={CalendarClock}
            tone="attention"
            hint="Waiting for an answer"
          />
          <StatCard
            label="Open inquiries"
            value={d.openInquiries}
            to="/admin/inquiries?status=pending"
            icon={MessageSquareText}
            tone="attention"
            hint="Not yet answered"
          />
          <StatCard label="Bookings" value={d.totalBookings} to="/admin/bookings" icon={CalendarCheck} hint="All time" />
          <StatCard label="Customers" value={d.customers} to="/admin/bookings" icon={UsersRound} hint="Distinct e-mails" />
        </div>
        <div className="mt-2 grid grid-cols-1 gap-4 lg:grid-cols-2">
          <RequestPanel
            title="Latest bookings"
            listTo="/admin/bookings"
            listLabel="bookings"
            emptyText="No bookings yet"
            icon={CalendarCheck}
            items={d.recentBookings.map((b) => ({
              id: b.id,
              href: `/admin/bookings/${b.id}`,
              name: b.name,
              detail: b.itemName,
              when: `Travel ${formatDate(b.startDate)}`,
              status: b.status,
            }))}
          />
          <RequestPanel
            title="Latest inquiries"
            listTo="/admin/inquiries"
            listLabel="inquiries"
            emptyText="No inquiries yet"
            icon={MessageSquareText}
            items={d.recentInquiries.map((i) => ({
              id: i.id,
              href: `/admin/inquiries?view=${i.id}`,
              name: i.name,
              detail: i.about ?? INQUIRY_KINDS[i.type] ?? 'Inquiry',
              when: `Received ${formatDateTime(i.createdAt)}`,
              status: i.status,
            }))}
          />
        </div>
      </section>

      <section aria-labelledby="dash-catalogue" className="flex flex-col gap-3">
        <h2 id="dash-catalogue" className="font-sans text-sm font-semibold tracking-[0.08em] text-muted uppercase">
          Catalogue
        </h2>
        <div className="grid grid-cols-3 gap-2 sm:gap-3">
          <StatCard compact label="Packages" value={d.totalPackages} to="/admin/packages" icon={Mountain} hint="Tour packages" />
          <StatCard compact label="Bikes" value={d.totalBikes} to="/admin/bikes" icon={Bike} hint="Bike rentals" />
          <StatCard compact label="Cars" value={d.totalCars} to="/admin/cars" icon={Car} hint="Cabs" />
        </div>
        <div className="mt-2 grid grid-cols-1 gap-4 lg:grid-cols-3">
          <RecentPanel
            title="Recent packages"
            items={d.recentPackages}
            listTo="/admin/packages"
            editBase="/admin/packages/edit"
            newTo="/admin/packages/new"
            emptyText="No packages added yet"
            addText="Add New Package"
            perDay={false}
            icon={Mountain}
          />
          <RecentPanel
            title="Recent bikes"
            items={d.recentBikes}
            listTo="/admin/bikes"
            editBase="/admin/bikes/edit"
            newTo="/admin/bikes/new"
            emptyText="No bikes added yet"
            addText="Add New Bike"
            perDay
            icon={Bike}
          />
          <RecentPanel
            title="Recent cars"
            items={d.recentCars}
            listTo="/admin/cars"
            editBase="/admin/cars/edit"
            newTo="/admin/cars/new"
            emptyText="No cars added yet"
            addText="Add New Car"
            perDay
            icon={Car}
          />
        </div>
      </section>
    </div>
  );
}

/** The figures could not be read: say so in the frame, once as a toast too, and offer a reload. */
export function ErrorBoundary() {
  useEffect(() => {
    toast.error(LOAD_FAILED_MESSAGE);
  }, []);
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Dashboard" />
      <div role="alert" className="flex flex-col items-start gap-4 rounded-card border border-flag-red/30 bg-white p-6 shadow-sm">
        <p className="font-semibold text-status-bad-fg">{LOAD_FAILED_MESSAGE}</p>
        <Form method="get" action="/admin" reloadDocument>
          <button type="submit" className={buttonClass('primary', 'md')}>
            <RefreshCw className="size-4" aria-hidden />
            Refresh
          </button>
        </Form>
      </div>
    </div>
  );
}
