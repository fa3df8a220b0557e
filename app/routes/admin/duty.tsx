/**
 * /admin/duty?date=YYYY-MM-DD: the day's duty sheet (docs/decisions/048-trip-operations.md#the-duty-sheet),
 * today in India by default. Each driver with their pickups of that day in time order: time, guest
 * and phone, pickup place (the hotel), the booking's item, the vehicle and the notes; per driver a
 * 'Send on WhatsApp' link (wa.me to the driver's phone, the day's pickups prefilled). The day is
 * chosen with a GET form and previous / next links, so it all works without JavaScript; printing
 * hides the admin chrome and the page's controls.
 */
import { ChevronLeft, ChevronRight, MessageCircle, Printer } from 'lucide-react';
import { Form, Link } from 'react-router';
import { z } from 'zod';
import { useHydrated } from '~/components/admin/editor/use-hydrated';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { buttonClass } from '~/components/ui/button';
import { addDays, isCalendarDate } from '~/lib/calendar-date';
import { formatDate, todayInIndia } from '~/lib/format';
import { dutyMessage, telLink, whatsappDigits, whatsappLink } from '~/lib/whatsapp';
import { dutySheet } from '~/models/trip-assignment.server';
import { requireAdmin } from '~/services/admin-guard.server';
import type { Route } from './+types/duty';

const querySchema = z.object({ date: z.string().trim().refine(isCalendarDate).optional().catch(undefined) });

/** The day asked for: `?date=` when it is a real day, else today in India. */
function dutyDate(request: Request, now: Date = new Date()): string {
  const url = new URL(request.url);
  return querySchema.parse({ date: url.searchParams.get('date') ?? undefined }).date ?? todayInIndia(now);
}

/** 'Mon, Mar 10, 2027' */
function dayLabel(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'short', timeZone: 'UTC' });
  return `${weekday}, ${formatDate(date)}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const date = dutyDate(request);
  const drivers = await dutySheet(date);
  const label = dayLabel(date);
  return {
    date,
    label,
    today: todayInIndia(),
    drivers: drivers.map((d) => {
      const pickups = d.pickups.map((p) => ({
        id: p.id,
        bookingId: p.bookingId,
        pickupTime: p.pickupTime,
        guestName: p.guestName,
        guestPhone: p.guestPhone,
        pickupPlace: p.pickupPlace,
        itemName: p.itemName,
        notes: p.notes,
        vehicle: p.carModel ? [p.carModel, p.registrationNumber].filter(Boolean).join(' · ') : null,
        days: p.startsOn === p.endsOn ? null : `Day ${dayIndex(p.startsOn, date)} of ${dayIndex(p.startsOn, p.endsOn)}`,
      }));
      return {
        driverId: d.driverId,
        driverName: d.driverName,
        driverPhone: d.driverPhone,
        pickups,
        whatsapp: whatsappLink(whatsappDigits(d.driverPhone), dutyMessage(d.driverName, label, pickups)),
      };
    }),
  };
}

function dayIndex(start: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => adminMeta(loaderData ? `Duty sheet: ${loaderData.label}` : 'Duty sheet');

function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" onClick={() => window.print()} className={`${buttonClass('outline', 'md')} print:hidden`}>
      <Printer aria-hidden="true" className="size-4" />
      Print
    </button>
  );
}

export default function DutySheet({ loaderData }: Route.ComponentProps) {
  const { date, label, today, drivers } = loaderData;
  return (
    <>
      <AdminPageHeader title="Duty sheet" description={<span className="text-base font-medium text-ink">{label}</span>} actions={<PrintButton />} />
      <div className="mt-4 flex flex-wrap items-end gap-3 print:hidden">
        <Form method="get" className="flex items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Day
            <input type="date" name="date" defaultValue={date} required className="h-10 rounded-lg border border-forest-200 bg-white px-3" />
          </label>
          <button type="submit" className={buttonClass('primary', 'md')}>
            Show
          </button>
        </Form>
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`?date=${addDays(date, -1)}`} className={buttonClass('outline', 'md')}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous<span className="sr-only"> day</span>
          </Link>
          <Link to={`?date=${addDays(date, 1)}`} className={buttonClass('outline', 'md')}>
            Next<span className="sr-only"> day</span>
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
          {date !== today ? (
            <Link to="/admin/duty" className="px-2 text-sm font-medium text-forest-700 underline underline-offset-4">
              Today
            </Link>
          ) : null}
        </div>
      </div>

      {drivers.length === 0 ? (
        <p className="mt-8 card p-6 text-muted">No pickups on this day. Give a confirmed booking a driver on its page.</p>
      ) : (
        <div className="mt-6 flex flex-col gap-6 print:mt-4 print:gap-4">
          {drivers.map((driver) => (
            <section
              key={driver.driverId}
              aria-labelledby={`driver-${driver.driverId}`}
              className="card p-4 sm:p-6 print:break-inside-avoid print:border print:p-3 print:shadow-none"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <h2 id={`driver-${driver.driverId}`} className="font-display text-xl font-semibold">
                  {driver.driverName}{' '}
                  <a href={telLink(driver.driverPhone)} className="text-base font-normal whitespace-nowrap text-muted underline-offset-4 hover:underline">
                    {driver.driverPhone}
                  </a>
                </h2>
                <a href={driver.whatsapp} target="_blank" rel="noopener noreferrer" className={`${buttonClass('whatsapp', 'md')} print:hidden`}>
                  <MessageCircle aria-hidden="true" className="size-4" />
                  Send on WhatsApp<span className="sr-only"> to {driver.driverName} (opens in a new tab)</span>
                </a>
              </div>
              <ol className="mt-4 flex flex-col divide-y divide-forest-100">
                {driver.pickups.map((p) => (
                  <li key={p.id} className="grid gap-x-4 gap-y-1 py-3 sm:grid-cols-[5rem_1fr]">
                    <p className="font-display text-lg font-semibold tabular-nums">{p.pickupTime}</p>
                    <div className="min-w-0">
                      <p className="font-semibold">
                        <Link to={`/admin/bookings/${p.bookingId}`} className="underline-offset-4 hover:underline">
                          {p.guestName}
                        </Link>{' '}
                        <a href={telLink(p.guestPhone)} className="font-normal whitespace-nowrap text-muted">
                          {p.guestPhone}
                        </a>
                      </p>
                      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                        <dt className="text-muted">Pickup</dt>
                        <dd className="break-words">{p.pickupPlace}</dd>
                        <dt className="text-muted">Trip</dt>
                        <dd className="break-words">
                          {p.itemName}
                          {p.days ? <span className="text-muted"> · {p.days}</span> : null}
                        </dd>
                        {p.vehicle ? (
                          <>
                            <dt className="text-muted">Vehicle</dt>
                            <dd>{p.vehicle}</dd>
                          </>
                        ) : null}
                        {p.notes ? (
                          <>
                            <dt className="text-muted">Notes</dt>
                            <dd className="break-words whitespace-pre-line">{p.notes}</dd>
                          </>
                        ) : null}
                      </dl>
                    </div>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
