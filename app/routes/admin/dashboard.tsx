/**
 * /admin: the dashboard (docs/product.md#admin-dashboard). Figures for bookings (all, pending,
 * customers = distinct e-mails) and inquiries (open), the catalogue counts, and the three newest
 * packages, bikes and cars with a link to edit each. Every figure links to its list. The five newest
 * bookings and inquiries link to the booking's page and the inquiry's details.
 *
 * Live: a new or changed booking or inquiry makes the admin layout's `LiveUpdates` revalidate, so the
 * figures and the newest lists update without a reload (docs/decisions/018-live-updates.md).
 *
 * Money (docs/decisions/046-payments.md): bookings paid but clashing come first, in a warning panel
 * with each clash's message, while there are any; then 'Due this week' (balances due within 7 days,
 * overdue ones marked, each linking to its booking, and a link to the list filtered by 'Balance
 * due') beside 'Received this month' (the ledger's payments less refunds by the day received, India).
 *
 * While any of the seed's placeholders or a missing server setting would still reach travellers, a
 * go-live checklist comes first, each item linking to where it is fixed; it is gone once none
 * remains (app/lib/go-live.ts, docs/decisions/045-security-round-two.md section 14).
 *
 * WhatsApp leads (docs/decisions/049-whatsapp-leads.md): per package over the last 30 days, clicks →
 * linked inquiries → linked bookings → paid bookings.
 *
 * 'Refresh' reloads the figures in place and then says 'Data refreshed successfully' (without
 * JavaScript it is a plain GET of /admin?refreshed=1 that says the same). When the figures cannot be
 * read, the page says 'Failed to load data. Please refresh the page.' inside the admin frame.
 */
import { AlertTriangle, Bike, CalendarCheck, CalendarClock, Car, IndianRupee, MessageSquareText, Mountain, RefreshCw, UsersRound, Wallet } from 'lucide-react';
import { useEffect } from 'react';
import { Form, Link, useLocation, useNavigation, useRouteLoaderData } from 'react-router';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { StatCard } from '~/components/admin/stat-card';
import { buttonClass } from '~/components/ui/button';
import { toast } from '~/components/ui/toast';
import { requireAdmin } from '~/services/admin-guard.server';
import { cn } from '~/lib/cn';
import { formatDate, formatDateTime, todayInIndia } from '~/lib/format';
import { formatPaise } from '~/lib/money';
import { env } from '~/lib/env.server';
import { goLiveChecklist } from '~/lib/go-live';
import { getDashboardData, getMoneyOverview, getRecentRequests, listPermitDocumentsMissing } from '~/models/dashboard.server';
import { getSettings } from '~/models/settings.server';
import { FUNNEL_DAYS, packageFunnel } from '~/models/whatsapp-leads.server';
import type { Route } from './+types/dashboard';
import { GoLiveChecklist } from './dashboard/+shared/go-live-checklist';
import { RecentPanel } from './dashboard/+shared/recent-panel';
import { INQUIRY_KINDS, RequestPanel } from './dashboard/+shared/request-panel';
import { WhatsappFunnel } from './dashboard/+shared/whatsapp-funnel';
import { PermitMissing } from './dashboard/+shared/permit-missing';
import type { loader as layoutLoader } from './layout';

const REFRESHED_MESSAGE = 'Data refreshed successfully';
const LOAD_FAILED_MESSAGE = 'Failed to load data. Please refresh the page.';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const today = todayInIndia();
  const [data, recent, settings, money, funnel, permitsMissing] = await Promise.all([
    getDashboardData(),
    getRecentRequests(),
    getSettings(['company', 'promo', 'payments']),
    getMoneyOverview(today),
    packageFunnel(),
    listPermitDocumentsMissing(today),
  ]);
  const refreshed = new URL(request.url).searchParams.get('refreshed') === '1';
  const goLive = goLiveChecklist(settings, env());
  return {
    ...data,
    recentBookings: recent.bookings,
    recentInquiries: recent.inquiries,
    whatsappFunnel: funnel,
    // docs/decisions/050-permits-and-manifests.md#reminders-and-the-dashboard
    permitsMissing: {
      total: permitsMissing.total,
      items: permitsMissing.rows.map((b) => ({ id: b.id, name: b.name, itemName: b.itemName, travel: formatDate(b.startDate), dueOn: formatDate(b.dueOn) })),
    },
    funnelDays: FUNNEL_DAYS,
    refreshed,
    goLive,
    money: {
      due: money.dueThisWeek.map((b) => ({
        id: b.id,
        name: b.name,
        itemName: b.itemName,
        amount: formatPaise(b.duePaise),
        dueOn: formatDate(b.balanceDueOn),
        overdue: b.balanceDueOn < today,
        today: b.balanceDueOn === today,
      })),
      dueCount: money.dueCount,
      dueTotal: formatPaise(money.dueTotalPaise),
      received: formatPaise(money.receivedThisMonthPaise),
      month: new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${money.month}-01T00:00:00Z`)),
      clashing: money.paidButClashing.map((b) => ({ id: b.id, name: b.name, itemName: b.itemName, startDate: formatDate(b.startDate), message: b.message })),
    },
  };
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

type Money = Route.ComponentProps['loaderData']['money'];

/** Bookings whose advance is in but whose vehicle is taken on those days: staff must decide. Nothing when none. */
function PaidButClashing({ items }: { items: Money['clashing'] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="dash-clashing" className="flex flex-col gap-3 rounded-card border-2 border-flag-red/40 bg-status-bad-bg p-4 shadow-sm sm:p-5">
      <h2 id="dash-clashing" className="flex items-center gap-2 font-sans text-base font-semibold text-status-bad-fg">
        <AlertTriangle className="size-5" aria-hidden />
        Paid but clashing ({items.length})
      </h2>
      <p className="text-sm text-ink">
        These travellers paid the advance, but the vehicle is already booked on their days. Move the booking, confirm it another way or cancel it.
      </p>
      <ul className="flex flex-col gap-2">
        {items.map((b) => (
          <li key={b.id} className="rounded-lg bg-white px-3 py-2">
            <Link to={`/admin/bookings/${b.id}`} className="font-semibold text-ink underline-offset-2 hover:underline">
              {b.name}: {b.itemName}, {b.startDate}
            </Link>
            <span className="block text-sm text-status-bad-fg">{b.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Due this week' and 'Received this month'. */
function MoneyPanels({ money }: { money: Money }) {
  return (
    <section aria-labelledby="dash-money" className="flex flex-col gap-3">
      <h2 id="dash-money" className="font-sans text-sm font-semibold tracking-[0.08em] text-muted uppercase">
        Money
      </h2>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <section aria-labelledby="dash-due" className="flex flex-col gap-3 card p-4 shadow-sm sm:p-5 lg:col-span-2" data-panel="due-this-week">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="dash-due" className="flex items-center gap-2 font-sans text-base font-semibold text-ink">
              <Wallet className="size-4 text-forest-700" aria-hidden />
              Due this week
            </h3>
            <Link to="/admin/bookings?balance=due" className="text-sm font-medium text-forest-700 underline underline-offset-2">
              All balances due
            </Link>
          </div>
          {money.due.length === 0 ? (
            <p className="text-sm text-muted">No balance falls due in the next 7 days.</p>
          ) : (
            <>
              <p className="text-sm text-muted">
                {money.dueCount} {money.dueCount === 1 ? 'booking' : 'bookings'}, {money.dueTotal} in all
              </p>
              <ul className="flex flex-col divide-y divide-forest-100">
                {money.due.map((b) => (
                  <li key={b.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                    <span className="min-w-0">
                      <Link to={`/admin/bookings/${b.id}`} className="font-semibold break-words text-ink hover:text-forest-700 hover:underline">
                        {b.name}
                      </Link>
                      <span className="block text-xs break-words text-muted">{b.itemName}</span>
                    </span>
                    <span className="text-right">
                      <span className="block font-semibold tabular-nums">{b.amount}</span>
                      <span className={b.overdue ? 'block text-xs font-semibold text-status-bad-fg' : 'block text-xs text-muted'}>
                        {b.overdue ? `Overdue since ${b.dueOn}` : b.today ? 'Due today' : `Due ${b.dueOn}`}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <section aria-labelledby="dash-received" className="flex flex-col gap-2 card p-4 shadow-sm sm:p-5" data-panel="received-this-month">
          <h3 id="dash-received" className="flex items-center gap-2 font-sans text-base font-semibold text-ink">
            <IndianRupee className="size-4 text-forest-700" aria-hidden />
            Received this month
          </h3>
          <p className="font-sans text-3xl font-semibold text-ink tabular-nums">{money.received}</p>
          <p className="text-sm text-muted">{money.month}: payments less refunds, by the day received</p>
        </section>
      </div>
    </section>
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

      <PaidButClashing items={d.money.clashing} />

      <PermitMissing items={d.permitsMissing.items} total={d.permitsMissing.total} />

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

      <MoneyPanels money={d.money} />

      <WhatsappFunnel rows={d.whatsappFunnel} days={d.funnelDays} />

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
