/**
 * /admin/calendar?week=YYYY-MM-DD: the week (Monday to Sunday, the week holding that day; this week
 * in India by default) of every driver and every car (docs/decisions/048-trip-operations.md#the-week-view):
 * each day's trip assignments (guest, pickup time) and, for cars, confirmed car rentals, each linked
 * to its booking. Previous / next week are links, so it works without JavaScript. Below the week,
 * every car's and bike's calendar feed address for staff phones
 * (docs/decisions/048-trip-operations.md#ical-feed-per-vehicle).
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { CalendarFeedUrl, FEED_HINT } from '~/components/admin/calendar-feed';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { buttonClass } from '~/components/ui/button';
import { addDays, isCalendarDate } from '~/lib/calendar-date';
import { cn } from '~/lib/cn';
import { formatDate, formatDateRange, todayInIndia } from '~/lib/format';
import { shortReference } from '~/lib/ids';
import { vehicleFeedUrl } from '~/lib/vehicle-feed.server';
import { listBikeOptions } from '~/models/bike.server';
import { weekCalendar, type WeekRow } from '~/models/fleet-calendar.server';
import { requireAdmin } from '~/services/admin-guard.server';
import type { Route } from './+types/calendar';

/** The Monday of the week holding `day`. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const asked = new URL(request.url).searchParams.get('week')?.trim() ?? '';
  const today = todayInIndia();
  const start = mondayOf(isCalendarDate(asked) ? asked : today);
  const [week, bikes] = await Promise.all([weekCalendar(start), listBikeOptions()]);
  const view = (row: WeekRow) => ({
    ...row,
    days: row.days.map((entries) =>
      entries.map((e) => ({ ...e, reference: shortReference(e.bookingId), range: formatDateRange(e.startsOn, e.startsOn === e.endsOn ? null : e.endsOn) })),
    ),
  });
  return {
    start,
    today,
    title: `Week of ${formatDate(start)}`,
    days: week.days.map((d) => ({
      date: d,
      weekday: new Date(`${d}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'short', timeZone: 'UTC' }),
      label: formatDate(d).replace(/, \d{4}$/, ''),
    })),
    drivers: week.drivers.map(view),
    cars: week.cars.map(view),
    feeds: [
      ...week.cars.map((c) => ({ id: c.id, kind: 'Car', label: c.detail ? `${c.label} (${c.detail})` : c.label, url: vehicleFeedUrl('car', c.id) })),
      ...bikes.map((b) => ({ id: b.id, kind: 'Bike', label: b.model, url: vehicleFeedUrl('bike', b.id) })),
    ],
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => adminMeta(loaderData ? `Calendar: ${loaderData.title}` : 'Calendar');

type Data = Route.ComponentProps['loaderData'];

function WeekTable({ caption, rows, days, today }: { caption: string; rows: Data['drivers']; days: Data['days']; today: string }) {
  return (
    <div className="mt-6 overflow-x-auto card shadow-sm">
      <table className="w-full min-w-[56rem] border-collapse text-sm">
        <caption className="px-4 pt-4 pb-2 text-left font-sans text-lg font-semibold text-ink">{caption}</caption>
        <thead>
          <tr className="border-b border-forest-100 text-left">
            <th scope="col" className="sticky left-0 w-40 bg-white px-4 py-2 font-semibold">
              {caption === 'Drivers' ? 'Driver' : 'Car'}
            </th>
            {days.map((d) => (
              <th key={d.date} scope="col" className={cn('w-[12%] px-2 py-2 font-semibold', d.date === today && 'bg-forest-50')}>
                <span className="block text-xs text-muted uppercase">{d.weekday}</span>
                {d.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={8} className="px-4 py-4 text-muted">
                None yet.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className="border-b border-forest-100 align-top last:border-0">
                <th scope="row" className="sticky left-0 bg-white px-4 py-2 text-left font-semibold">
                  {row.label}
                  {row.detail ? <span className="block text-xs font-normal text-muted">{row.detail}</span> : null}
                </th>
                {row.days.map((entries, i) => (
                  <td key={days[i]!.date} className={cn('px-2 py-2', days[i]!.date === today && 'bg-forest-50/60')}>
                    {entries.map((e) => (
                      <Link
                        key={`${e.kind}-${e.bookingId}`}
                        to={`/admin/bookings/${e.bookingId}`}
                        title={`${e.guestName}, ${e.range}`}
                        className={cn(
                          'mb-1 block rounded-md px-2 py-1 text-xs leading-snug',
                          e.kind === 'trip' ? 'bg-forest-100 text-forest-900' : 'bg-status-pending-bg text-status-pending-fg',
                        )}
                      >
                        <span className="font-mono">#{e.reference}</span> {e.guestName}
                        <span className="block">{e.kind === 'trip' ? `Pickup ${e.pickupTime}` : 'Rental'}</span>
                      </Link>
                    ))}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { start, today, title, days, drivers, cars, feeds } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Calendar"
        description={<span className="text-base font-medium text-ink">{title}</span>}
        actions={
          <>
            <Link to={`?week=${addDays(start, -7)}`} className={buttonClass('outline', 'md')}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous<span className="sr-only"> week</span>
            </Link>
            <Link to={`?week=${addDays(start, 7)}`} className={buttonClass('outline', 'md')}>
              Next<span className="sr-only"> week</span>
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          </>
        }
      />
      <p className="mt-2 text-sm text-muted">
        <span className="mr-1 inline-block size-3 rounded-sm border border-forest-300 bg-forest-100 align-middle" aria-hidden /> Trip with a driver{' '}
        <span className="mr-1 ml-3 inline-block size-3 rounded-sm border border-marigold bg-status-pending-bg align-middle" aria-hidden /> Confirmed car rental
      </p>
      <WeekTable caption="Drivers" rows={drivers} days={days} today={today} />
      <WeekTable caption="Cars" rows={cars} days={days} today={today} />
      <section aria-labelledby="feeds-heading" className="mt-8 card p-5 shadow-sm">
        <h2 id="feeds-heading" className="font-sans text-lg font-semibold">
          Phone calendars
        </h2>
        <p className="mt-1 text-sm text-muted">
          Each vehicle&apos;s confirmed rentals{cars.length > 0 ? ' and trips' : ''} as a calendar. {FEED_HINT}
        </p>
        {feeds.length === 0 ? (
          <p className="mt-3 text-sm text-muted">No cars or bikes yet.</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {feeds.map((feed) => (
              <li key={feed.id} className="grid gap-1 sm:grid-cols-[14rem_1fr] sm:items-center">
                <span className="text-sm font-semibold">
                  <span className="text-muted">{feed.kind}:</span> {feed.label}
                </span>
                <CalendarFeedUrl url={feed.url} label={`${feed.kind.toLowerCase()} ${feed.label}`} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
