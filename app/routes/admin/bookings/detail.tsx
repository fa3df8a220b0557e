/**
 * /admin/bookings/:id: one booking (docs/product.md#bookings-and-inquiries). The short reference,
 * the customer (name, e-mail, phone), what was booked (type, item linked to its public page while it
 * exists, dates, adults and children, helmet or driver, where it came from: website, phone, WhatsApp,
 * walk-in), the message as plain text with its line breaks, 'Edit booking' (/admin/bookings/:id/edit), the status card ('Pending Review' / 'Confirmed' / 'Rejected' with the moves the state
 * machine allows, docs/product.md#booking-status), the inquiry it came from, the pipeline panel
 * (assignment, follow-up, notes; docs/decisions/016-request-pipeline.md), the 'Cancel or refund'
 * panel (app/components/admin/booking-refund-panel.tsx, docs/decisions/046-payments.md#cancellation-and-refunds),
 * the "Driver and vehicle" panel of a confirmed booking (+shared/trip-panel.tsx,
 * docs/decisions/048-trip-operations.md), and for a bike or car the
 * vehicle's other confirmed bookings 30 days either side, overlaps marked
 * (docs/decisions/015-no-double-booking.md). An unknown or malformed id shows 'Booking not found'
 * (404) with the way back to the list.
 *
 * The Money panel (app/components/admin/money-panel.tsx, docs/decisions/046-payments.md): the quote,
 * the traveller's invoice details, payment requests with their WhatsApp link, payments recorded by
 * hand, the ledger with reversals, the tax documents (receipts, tax invoices, credit notes with their
 * PDFs at ./documents/:documentId; docs/decisions/047-invoices-gst.md#downloads), and rotating the
 * traveller's booking page link.
 *
 * The action takes the status buttons ('Booking confirmed' / 'Booking rejected', or the refusal as
 * an error toast), the pipeline panel's forms, each ending in a redirect back here with a toast, and
 * the money panel's forms (app/routes/admin/bookings/+shared/money-actions.server.ts and, for tax
 * invoices, credit notes and invoice details, +shared/document-actions.server.ts), and the driver
 * and vehicle panel's (+shared/trip-actions.server.ts), and the permit panel's
 * (+shared/permit-actions.server.ts, docs/decisions/050-permits-and-manifests.md#the-status).
 */
import { ArrowLeft, CalendarDays, ExternalLink, Mail, MessageSquareText, Pencil, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { data, Link, useSearchParams } from 'react-router';
import { useReturnFocusAfterConfirm } from '~/components/admin/confirm-delete';
import { EditorError } from '~/components/admin/editor/editor-error';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { MoneyPanel } from '~/components/admin/money-panel';
import { PipelinePanel } from '~/components/admin/pipeline-panel';
import { buttonClass } from '~/components/ui/button';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { cn } from '~/lib/cn';
import { BOOKING_SOURCE_LABELS, type BookingSource, type BookingStatus, type BookingType } from '~/lib/constants';
import { formatDate, formatDateRange, formatDateTime } from '~/lib/format';
import { isUuid, shortReference } from '~/lib/ids';
import { redirectWithToast } from '~/lib/toast.server';
import { vehicleCalendar } from '~/models/booking-clashes.server';
import { getBooking } from '~/models/booking.server';
import { handlePipelineIntent, loadPipeline, type PipelineResult } from '~/models/pipeline.server';
import { logger } from '~/lib/logger.server';
import { changeStatusFromForm, isStatusIntent } from './+shared/booking-actions.server';
import { handleMoneyIntent, isMoneyIntent } from './+shared/money-actions.server';
import { handleDocumentIntent, isDocumentIntent } from './+shared/document-actions.server';
import { can } from '~/lib/permissions';
import { loadMoneyPanel } from '~/models/booking-money.server';
// Cancel or refund (docs/decisions/046-payments.md#cancellation-and-refunds).
import { BookingRefundPanel } from '~/components/admin/booking-refund-panel';
import { handleRefundIntent, loadRefundPanel } from './+shared/refund-actions.server';
import { REJECT_PARAM, RejectConfirm, StatusCard } from './+shared/booking-status';
import type { Route } from './+types/detail';
// Driver and vehicle (docs/decisions/048-trip-operations.md).
import { listFleetOptions } from '~/models/car.server';
import { listDriverOptions } from '~/models/driver.server';
import { listBookingAssignments } from '~/models/trip-assignment.server';
import { todayInIndia } from '~/lib/format';
import { handleTripIntent, isTripIntent } from './+shared/trip-actions.server';
import { TripPanel, tripPanelData } from './+shared/trip-panel';
import { StatusPill } from '~/components/ui/status-pill';
// Travellers and their identity documents (docs/decisions/050-permits-and-manifests.md).
import { travellersView } from '~/models/travellers.server';
import { handleTravellerIntent, isTravellerIntent } from './+shared/traveller-actions.server';
import { TravellersPanel } from './+shared/travellers-panel';
import { loadPermitPanel } from '~/models/permits.server';
import { handlePermitIntent, PERMIT_INTENT } from './+shared/permit-actions.server';
import { PermitPanel } from './+shared/permit-panel';

/** Days either side of the booking that the vehicle's calendar shows. */
const CALENDAR_DAYS = 30;

const TYPE_LABELS: Record<BookingType, string> = { package: 'Tour package', bike: 'Bike rental', car: 'Car rental' };

/** The public page of the booked item, while it still exists (its reference is nulled on delete). */
function itemHref(b: { packageId: string | null; bikeId: string | null; carId: string | null }): string | null {
  if (b.packageId) return `/packages/${b.packageId}`;
  if (b.bikeId) return `/bikes/${b.bikeId}`;
  if (b.carId) return `/cars/${b.carId}`;
  return null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const auth = await requireAdmin(request);
  const booking = await getBooking(params.id);
  if (!booking) throw data('Booking not found', { status: 404 });
  const confirmed = booking.status === 'confirmed';
  const [pipeline, calendar, money, refund, assignments, driverOptions, fleet, travellers, permit] = await Promise.all([
    loadPipeline('booking', booking.id),
    vehicleCalendar(booking, CALENDAR_DAYS),
    loadMoneyPanel(booking),
    loadRefundPanel(booking.id),
    listBookingAssignments(booking.id),
    confirmed ? listDriverOptions() : [],
    confirmed ? listFleetOptions() : [],
    travellersView(booking, `/admin/bookings/${booking.id}/travellers`),
    loadPermitPanel(booking, todayInIndia()),
  ]);
  const end = booking.endDate ?? booking.startDate;
  const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return {
    booking: {
      id: booking.id,
      reference: shortReference(booking.id),
      type: booking.type as BookingType,
      status: booking.status as BookingStatus,
      itemName: booking.itemName,
      itemHref: itemHref(booking),
      name: booking.name,
      email: booking.email,
      phone: booking.phone,
      startDate: formatDate(booking.startDate),
      endDate: booking.endDate ? formatDate(booking.endDate) : null,
      adults: booking.adults,
      children: booking.children,
      needHelmet: booking.needHelmet,
      needDriver: booking.needDriver,
      message: booking.message,
      received: formatDateTime(booking.createdAt),
      confirmedAt: booking.confirmedAt ? formatDateTime(booking.confirmedAt) : null,
      inquiryId: booking.inquiryId,
      source: BOOKING_SOURCE_LABELS[booking.source as BookingSource] ?? booking.source,
      vehicle: booking.bikeId ? 'bike' : booking.carId ? 'car' : null,
    },
    calendar: {
      from: formatDate(shift(booking.startDate, -CALENDAR_DAYS)),
      to: formatDate(shift(end, CALENDAR_DAYS)),
      entries: calendar.map((c) => ({
        id: c.id,
        reference: shortReference(c.id),
        name: c.name,
        dates: formatDateRange(c.startDate, c.endDate),
        overlaps: c.overlaps,
      })),
    },
    pipeline,
    money,
    refund,
    trip: tripPanelData(booking, assignments, driverOptions, fleet, todayInIndia()),
    // Shown for a package that needs a permit, or a booking that already has travellers.
    travellers: travellers.needsPermit || travellers.travellers.length > 0 ? travellers : null,
    permit,
    // The tax settings' link for the role that may change them (the GSTIN: tax invoices or receipts only).
    settingsHref: can(auth.user.role, 'settings') ? '/admin/settings#section-tax' : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  const here = `/admin/bookings/${params.id}`;
  if (!isUuid(params.id)) return redirectWithToast('/admin/bookings', { type: 'error', title: 'Booking not found' });
  const form = await request.formData().catch(() => null);
  if (!form) return redirectWithToast(here, { type: 'error', title: 'An error occurred. Please try again.' });
  const intent = form.get('intent');
  if (isStatusIntent(intent)) return changeStatusFromForm(request, auth, intent, params.id, here);
  if (isMoneyIntent(intent)) return handleMoneyIntent(intent, form, params.id, auditActor(auth, request), here);
  if (isDocumentIntent(intent)) return handleDocumentIntent(intent, form, params.id, auditActor(auth, request), here);
  if (intent === 'refund') return handleRefundIntent(request, auth, form, params.id, here);
  if (isTripIntent(intent)) return handleTripIntent(intent, form, params.id, auditActor(auth, request), here);
  if (isTravellerIntent(intent)) return handleTravellerIntent(intent, form, params.id, auditActor(auth, request), here);
  if (intent === PERMIT_INTENT) return handlePermitIntent(form, params.id, auditActor(auth, request), here);
  let result: PipelineResult | null;
  try {
    result = await handlePipelineIntent('booking', params.id, form, auditActor(auth, request));
  } catch (error) {
    logger.error({ err: error, event: 'booking_pipeline_failed', id: params.id, intent }, 'pipeline change failed');
    return redirectWithToast(here, { type: 'error', title: 'An error occurred. Please try again.' });
  }
  if (!result) return redirectWithToast(here, { type: 'error', title: 'Unknown action' });
  if (result.ok) return redirectWithToast(here, { type: 'success', title: result.message });
  // A field's error shows under that field in the panel, with what was typed kept
  // (docs/decisions/016-request-pipeline.md); an unknown booking goes back to the list.
  if (result.field) return data({ pipeline: result }, { status: 400 });
  return redirectWithToast('/admin/bookings', { type: 'error', title: result.message });
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => adminMeta(loaderData ? `Booking #${loaderData.booking.reference}` : 'Booking not found');

/** One label / value pair of a details list. */
function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('min-w-0', wide && 'sm:col-span-2')}>
      <dt className="text-xs font-semibold tracking-[0.06em] text-muted uppercase">{label}</dt>
      <dd className="mt-1 break-words text-ink">{children}</dd>
    </div>
  );
}

function Panel({ title, id, children, icon }: { title: string; id: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card p-5 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 font-sans text-lg font-semibold text-ink">
        {icon}
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const linkClass = 'font-medium text-forest-700 underline underline-offset-4 hover:text-forest-900';

export default function BookingDetail({ loaderData }: Route.ComponentProps) {
  const { booking: b, calendar, pipeline, money, refund, trip, settingsHref, travellers, permit } = loaderData;
  const here = `/admin/bookings/${b.id}`;
  const [searchParams] = useSearchParams();
  const rejecting = searchParams.get(REJECT_PARAM) === b.id && b.status !== 'rejected' && b.status !== 'cancelled';
  useReturnFocusAfterConfirm(rejecting ? b.id : null, 'data-reject-id');
  const back = (
    <>
      <Link to="/admin/bookings" className={buttonClass('outline', 'md')}>
        <ArrowLeft className="size-4" aria-hidden />
        Back<span className="sr-only"> to bookings</span>
      </Link>
      <Link to={`${here}/edit`} className={buttonClass('primary', 'md')}>
        <Pencil className="size-4" aria-hidden />
        Edit booking
      </Link>
    </>
  );

  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeader
        title={`Booking #${b.reference}`}
        description={
          <>
            {TYPE_LABELS[b.type]} · received {b.received}
          </>
        }
        actions={back}
      />

      {/* Phones: the status and its actions first. From lg: details on the left, status and pipeline on the right. */}
      <div className="grid gap-5 lg:grid-cols-3 lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="min-w-0 lg:col-start-3 lg:row-start-1">
          <StatusCard id={b.id} status={b.status} action={here} name={b.name} detail={b.confirmedAt ? `Confirmed on ${b.confirmedAt}.` : undefined} />
          {rejecting ? <RejectConfirm id={b.id} status={b.status} name={`${b.name} (#${b.reference})`} action={here} cancelTo={here} /> : null}
        </div>
        <div className="flex min-w-0 flex-col gap-5 lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Panel title="Customer" id="booking-customer">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Field label="Name" wide>
                <span className="text-lg font-semibold">{b.name}</span>
              </Field>
              <Field label="Email">
                <a href={`mailto:${b.email}`} className={cn(linkClass, 'inline-flex items-center gap-1.5 break-all')}>
                  <Mail className="size-4 shrink-0" aria-hidden />
                  {b.email}
                </a>
              </Field>
              <Field label="Phone">
                <a href={`tel:${b.phone.replace(/[^+\d]/g, '')}`} className={cn(linkClass, 'inline-flex items-center gap-1.5')}>
                  <Phone className="size-4 shrink-0" aria-hidden />
                  {b.phone}
                </a>
              </Field>
            </dl>
          </Panel>

          <Panel title="Booking" id="booking-details">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Field label="Reference">
                <span className="font-mono">#{b.reference}</span>
              </Field>
              <Field label="Type">{TYPE_LABELS[b.type]}</Field>
              <Field label="Item" wide>
                {b.itemHref ? (
                  <a href={b.itemHref} target="_blank" rel="noopener noreferrer" className={cn(linkClass, 'inline-flex items-center gap-1.5')}>
                    {b.itemName}
                    <ExternalLink className="size-4 shrink-0" aria-hidden />
                    <span className="sr-only"> (public page, opens in a new tab)</span>
                  </a>
                ) : (
                  b.itemName
                )}
              </Field>
              <Field label="Received">{b.received}</Field>
              <Field label="Source">{b.source}</Field>
              <Field label={b.type === 'package' ? 'Travel date' : 'Start date'}>{b.startDate}</Field>
              {b.endDate ? <Field label="End date">{b.endDate}</Field> : null}
              {b.type === 'package' ? (
                <>
                  <Field label="Adults">{b.adults ?? '—'}</Field>
                  <Field label="Children">{b.children ?? '—'}</Field>
                </>
              ) : null}
              {b.type === 'bike' ? <Field label="Helmet">{b.needHelmet ? 'Helmet needed' : 'No helmet'}</Field> : null}
              {b.type === 'car' ? <Field label="Driver">{b.needDriver ? 'Driver needed' : 'Self-drive'}</Field> : null}
              {b.message ? (
                <Field label="Message" wide>
                  <p className="rounded-lg bg-mist px-4 py-3 text-[0.9375rem] whitespace-pre-line">{b.message}</p>
                </Field>
              ) : null}
            </dl>
          </Panel>

          {travellers ? <TravellersPanel view={travellers} action={here} /> : null}
          {/* Permits (docs/decisions/050-permits-and-manifests.md#the-status): only for a booking that needs one or had one recorded. */}
          {permit ? <PermitPanel data={permit} action={here} /> : null}

          {trip.confirmed || trip.assignments.length > 0 ? <TripPanel data={trip} action={here} /> : null}

          <MoneyPanel data={money} action={here} reference={b.reference} settingsHref={settingsHref} />

          {b.vehicle ? (
            <Panel
              title={`This ${b.vehicle}'s confirmed bookings`}
              id="booking-calendar"
              icon={<CalendarDays className="size-5 text-forest-700" aria-hidden />}
            >
              <p className="text-sm text-muted">
                Other confirmed bookings from {calendar.from} to {calendar.to}.
              </p>
              {calendar.entries.length === 0 ? (
                <p className="mt-3 text-sm">None: the {b.vehicle} is free around these dates.</p>
              ) : (
                <ul className="mt-3 divide-y divide-forest-100 rounded-lg border border-forest-100">
                  {calendar.entries.map((c) => (
                    <li key={c.id} className={cn('flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 text-sm', c.overlaps && 'bg-[#fdf6f5]')}>
                      <span className="min-w-0">
                        <Link to={`/admin/bookings/${c.id}`} className={cn(linkClass, 'font-mono')}>
                          #{c.reference}
                        </Link>{' '}
                        <span className="break-words">{c.name}</span>
                        <span className="block text-muted">{c.dates}</span>
                      </span>
                      {c.overlaps ? <StatusPill tone="bad">Overlaps</StatusPill> : null}
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          ) : null}
        </div>

        <div className="flex min-w-0 flex-col gap-5 lg:col-start-3 lg:row-start-2">
          {b.inquiryId ? (
            <p className="flex items-start gap-2 card p-4 text-sm shadow-sm">
              <MessageSquareText className="mt-0.5 size-4 shrink-0 text-forest-700" aria-hidden />
              <span>
                Converted from{' '}
                <Link to={`/admin/inquiries?view=${b.inquiryId}`} className={linkClass}>
                  inquiry #{shortReference(b.inquiryId)}
                </Link>
                .
              </span>
            </p>
          ) : null}
          {/* Cancel or refund (docs/decisions/046-payments.md#cancellation-and-refunds). */}
          <BookingRefundPanel data={refund} action={here} />
          <PipelinePanel kind="booking" recordId={b.id} data={pipeline} action={here} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EditorError error={error} notFound="Booking not found" listTo="/admin/bookings" listLabel="Back to bookings" />;
}
