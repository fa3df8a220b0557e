/**
 * /admin/manifest?date=YYYY-MM-DD&permit=<permit id> (both roles): the permit manifest
 * (docs/decisions/050-permits-and-manifests.md#the-manifest). For a day (today in India by default)
 * and a permit area (the first of the settings by default), every traveller of every confirmed
 * booking in that area that day, one row each, linking to the booking; and the downloads: CSV,
 * printable PDF and a ZIP of the photos and ID scans named as the permit office asks. The day and
 * permit are chosen with a GET form and previous / next links, so it works without JavaScript.
 */
import { ChevronLeft, ChevronRight, Download, FileText, FolderArchive } from 'lucide-react';
import { Form, Link } from 'react-router';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { buttonClass } from '~/components/ui/button';
import { StatusPill } from '~/components/ui/status-pill';
import { addDays, isCalendarDate } from '~/lib/calendar-date';
import { todayInIndia } from '~/lib/format';
import { closedDaysText, weekdayOf } from '~/lib/permits/closed-days';
import { manifestFor } from '~/models/manifest.server';
import { getSettings } from '~/models/settings.server';
import { requireAdmin } from '~/services/admin-guard.server';
import type { Route } from './+types/permit-manifest';
import { manifestDayLabel } from './manifest/+shared/day-label';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const today = todayInIndia();
  const asked = url.searchParams.get('date')?.trim() ?? '';
  const date = isCalendarDate(asked) ? asked : today;
  const { permits } = await getSettings(['permits']);
  const askedPermit = url.searchParams.get('permit')?.trim() ?? '';
  const type = permits.types.find((t) => t.id === askedPermit) ?? permits.types[0] ?? null;
  const manifest = type ? await manifestFor(date, type.id) : null;
  return {
    date,
    today,
    label: manifestDayLabel(date),
    permits: permits.types.map((t) => ({ id: t.id, name: t.name })),
    permit: type
      ? { id: type.id, name: type.name, closed: type.closedWeekdays.includes(weekdayOf(date)), closedDays: closedDaysText(type.closedWeekdays) }
      : null,
    rows: (manifest?.rows ?? []).map(({ photoKey: _photo, idScanKey: _id, ...row }) => row),
    bookings: manifest?.bookings ?? 0,
    documents: (manifest?.rows ?? []).reduce((n, r) => n + (r.photoKey ? 1 : 0) + (r.idScanKey ? 1 : 0), 0),
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  adminMeta(loaderData?.permit ? `Manifest: ${loaderData.permit.name}, ${loaderData.label}` : 'Manifest');

export default function ManifestPage({ loaderData }: Route.ComponentProps) {
  const { date, today, label, permits, permit, rows, bookings, documents } = loaderData;
  const query = (day: string) => `?date=${day}${permit ? `&permit=${encodeURIComponent(permit.id)}` : ''}`;
  const travellers = rows.filter((r) => r.position !== null).length;
  return (
    <>
      <AdminPageHeader
        title="Permit manifest"
        description={<span className="text-base font-medium text-ink">{permit ? `${permit.name} · ${label}` : label}</span>}
      />
      {permit === null ? (
        <p className="mt-6 card p-6 text-muted">
          No permits are set up.{' '}
          <Link to="/admin/settings#section-permits" className="font-medium text-forest-700 underline underline-offset-4">
            Add them in Settings
          </Link>
          .
        </p>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-end gap-3 print:hidden">
            <Form method="get" className="flex flex-wrap items-end gap-2">
              <label className="flex flex-col gap-1 text-sm font-medium">
                Day
                <input type="date" name="date" defaultValue={date} required className="h-10 rounded-lg border border-forest-200 bg-white px-3" />
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium">
                Permit
                <select name="permit" defaultValue={permit.id} className="h-10 rounded-lg border border-forest-200 bg-white px-3">
                  {permits.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={buttonClass('primary', 'md')}>
                Show
              </button>
            </Form>
            <div className="flex flex-wrap items-center gap-2">
              <Link to={query(addDays(date, -1))} className={buttonClass('outline', 'md')}>
                <ChevronLeft aria-hidden="true" className="size-4" />
                Previous<span className="sr-only"> day</span>
              </Link>
              <Link to={query(addDays(date, 1))} className={buttonClass('outline', 'md')}>
                Next<span className="sr-only"> day</span>
                <ChevronRight aria-hidden="true" className="size-4" />
              </Link>
              {date !== today ? (
                <Link to={query(today)} className="px-2 text-sm font-medium text-forest-700 underline underline-offset-4">
                  Today
                </Link>
              ) : null}
            </div>
          </div>

          {permit.closed ? (
            <p role="note" className="mt-4 rounded-lg border border-marigold/50 bg-status-pending-bg px-4 py-3 text-sm font-medium text-status-pending-fg">
              {permit.name} is closed on {permit.closedDays}: nobody should be in the area on this day.
            </p>
          ) : null}

          <div className="mt-4 flex flex-wrap items-center gap-2">
            <a href={`/admin/manifest.csv${query(date)}`} className={buttonClass('outline', 'md')} download>
              <Download aria-hidden="true" className="size-4" />
              Download CSV
            </a>
            <a href={`/admin/manifest.pdf${query(date)}`} className={buttonClass('outline', 'md')} target="_blank" rel="noopener noreferrer">
              <FileText aria-hidden="true" className="size-4" />
              Printable PDF<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a href={`/admin/manifest.zip${query(date)}`} className={buttonClass('outline', 'md')} download>
              <FolderArchive aria-hidden="true" className="size-4" />
              Documents ZIP ({documents})
            </a>
          </div>

          <p className="mt-4 text-sm text-muted">
            {travellers} {travellers === 1 ? 'traveller' : 'travellers'} from {bookings} confirmed {bookings === 1 ? 'booking' : 'bookings'}.
          </p>
          {rows.length === 0 ? (
            <p className="mt-4 card p-6 text-muted">No confirmed booking is in this permit area on this day.</p>
          ) : (
            <div className="mt-3 overflow-x-auto card shadow-sm">
              <table className="w-full min-w-[56rem] text-left text-sm">
                <caption className="sr-only">
                  Travellers in {permit.name} on {label}
                </caption>
                <thead className="border-b border-forest-100 text-xs tracking-[0.06em] text-muted uppercase">
                  <tr>
                    {['Booking', 'No.', 'Name', 'Gender', 'Date of birth', 'Nationality', 'ID / passport and visa', 'Phone', 'Documents'].map((h) => (
                      <th key={h} scope="col" className="px-3 py-2 font-semibold">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-forest-100">
                  {rows.map((r) => (
                    <tr key={`${r.bookingId}-${r.position ?? 0}`}>
                      <td className="px-3 py-2 font-mono">
                        <Link to={`/admin/bookings/${r.bookingId}`} className="text-forest-700 underline underline-offset-4">
                          #{r.reference}
                        </Link>
                        {r.day ? <span className="block font-sans text-xs text-muted">Day {r.day}</span> : null}
                      </td>
                      <td className="px-3 py-2 tabular-nums">{r.position ?? '—'}</td>
                      <td className="px-3 py-2 font-medium break-words">
                        {r.position === null ? <span className="text-status-bad-fg">{r.fullName}</span> : r.fullName}
                      </td>
                      <td className="px-3 py-2">{r.gender}</td>
                      <td className="px-3 py-2 whitespace-nowrap tabular-nums">{r.dateOfBirth ? `${r.dateOfBirth} (${r.age})` : ''}</td>
                      <td className="px-3 py-2">{r.nationality}</td>
                      <td className="px-3 py-2 break-words">{r.identity}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{r.phone}</td>
                      <td className="px-3 py-2">
                        <StatusPill tone={r.documents === 'Photo and ID' ? 'ok' : 'bad'}>{r.documents}</StatusPill>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </>
  );
}
