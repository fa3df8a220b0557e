/**
 * The traveller's voucher (docs/decisions/051-voucher.md): the facts of a confirmed booking put into
 * words for the PDF (`voucherView`), and the download itself (`voucherPdfResponse`), shared by the
 * traveller's route (/booking/:token/voucher) and the staff route (/admin/bookings/:id/voucher).
 *
 * It reuses what the traveller's booking page shows: the party and the cancellation policy the
 * booking was sold under (traveller-booking.server.ts), the money summary (payments.server.ts), the
 * trip assignments with the page's rule for when the traveller sees the driver (from 18:00 IST the
 * evening before, trip-assignment.server.ts), the permit vocabulary and deadline (app/lib/permits).
 */
import type { Booking } from '~/db/schema';
import { db } from '~/db/client.server';
import { renderVoucherPdf, type VoucherFact, type VoucherView } from '~/infrastructure/pdf/voucher-pdf.server';
import { addDays, dayNumber } from '~/lib/calendar-date';
import { describePolicy } from '~/lib/cancellation-policy';
import { formatDate, formatDateRange, formatDateTime, todayInIndia } from '~/lib/format';
import { shortReference } from '~/lib/ids';
import { formatPaise } from '~/lib/money';
import { GENDER_LABELS, INDIAN_NATIONALITY, PERMIT_STATUS_LABELS, WEEKDAY_NAMES, type Gender, type PermitStatus } from '~/lib/permits/constants';
import { permitDocumentsDueOn } from '~/lib/permits/deadline';
import { formatPhone } from '~/lib/whatsapp';
import { moneySummary, type MoneySummary } from '~/models/payments.server';
import { getSettings } from '~/models/settings.server';
import { driverVisibleFrom, listBookingAssignments, type AssignmentView } from '~/models/trip-assignment.server';
import { voucherTravellers, voucherTripPlan, type TripPlan, type VoucherTravellerRow } from '~/models/voucher.server';
import { partyOf, policyOf } from '~/routes/site/+shared/traveller-booking.server';
import type { Settings } from '~/schemas/settings';

/**
 * Who downloads the voucher: the traveller (through their booking link) sees the driver and the
 * vehicle from 18:00 IST the evening before each assignment, as on their booking page; staff see
 * them as soon as they are assigned.
 */
export type VoucherAudience = 'traveller' | 'staff';

/** Only a confirmed booking has a voucher: before, nothing is promised; after a cancellation, nothing holds. */
export function hasVoucher(booking: Pick<Booking, 'status'>): boolean {
  return booking.status === 'confirmed';
}

/** The file name of the booking's voucher: 'voucher-A1B2C3.pdf'. */
export function voucherFileName(booking: Pick<Booking, 'id'>): string {
  return `voucher-${shortReference(booking.id)}.pdf`;
}

const ITEM_LABEL: Record<string, string> = { package: 'Tour', bike: 'Bike', car: 'Car' };
const DESCRIPTION_MAX = 280;

/** 'Wed, Mar 10, 2027' for '2027-03-10'. */
function dayWithWeekday(date: string): string {
  return `${WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()]!.slice(0, 3)}, ${formatDate(date)}`;
}

/** The description cut to about `DESCRIPTION_MAX` characters: whole sentences when they fit, else whole words and '…'. */
export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const head = flat.slice(0, DESCRIPTION_MAX);
  const sentence = head.lastIndexOf('. ');
  if (sentence > DESCRIPTION_MAX / 2) return head.slice(0, sentence + 1);
  return `${head.slice(0, head.lastIndexOf(' ')).replace(/[,;:]$/, '')}…`;
}

/** Full years from `dateOfBirth` to `on` (both 'YYYY-MM-DD'). */
export function ageOn(dateOfBirth: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return on.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

/** 'Indian', or the country's English name ('France') for a foreign national. */
function nationalityName(code: string): string {
  if (code === INDIAN_NATIONALITY) return 'Indian';
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** What a traveller's documents are, in words: 'received', 'missing', or 'deleted after the trip'. */
function documentState(onFile: boolean, deleted: boolean): string {
  if (onFile) return 'received';
  return deleted ? 'deleted after the trip' : 'missing';
}

function travellersPart(booking: Booking, rows: readonly VoucherTravellerRow[], needsPermit: boolean, permits: Settings['permits']): VoucherView['travellers'] {
  if (rows.length === 0) {
    return {
      party: `Travellers: ${partyOf(booking).join(', ')}`,
      request: needsPermit
        ? "Please add each traveller's details (name as on the ID, gender, date of birth, nationality), with a photo and an ID, on your booking page: the permit cannot be applied for without them."
        : "Please add each traveller's details (name as on the ID, gender, date of birth, nationality) on your booking page.",
    };
  }
  return {
    rows: rows.map((row) => {
      const indian = row.nationality === INDIAN_NATIONALITY;
      const idLabel = indian ? `ID (${permits.idTypes.find((t) => t.id === row.idType)?.label ?? 'not chosen'})` : 'Passport and visa';
      return {
        name: `${row.position}. ${row.fullName}`,
        details: [
          GENDER_LABELS[row.gender as Gender] ?? row.gender,
          `born ${formatDate(row.dateOfBirth)} (age ${ageOn(row.dateOfBirth, booking.startDate)} at travel)`,
          indian ? 'Indian' : `Foreign national (${nationalityName(row.nationality)})`,
        ].join(' · '),
        documents: needsPermit
          ? [`Photo: ${documentState(row.hasPhoto, row.documentsDeleted)}`, `${idLabel}: ${documentState(row.hasIdScan, row.documentsDeleted)}`]
          : [],
      };
    }),
  };
}

function transportPart(booking: Booking, assignments: readonly AssignmentView[], audience: VoucherAudience, now: Date): VoucherView['transport'] | null {
  if (assignments.length === 0) {
    // A self-ridden bike or a self-drive car has no driver to wait for.
    if (booking.type === 'bike' || (booking.type === 'car' && !booking.needDriver)) return null;
    return {
      assignments: [],
      note: 'Your pickup time and place, driver and vehicle are being arranged. We will tell you before the trip; they show on your booking page from 18:00 IST the evening before.',
    };
  }
  return {
    assignments: assignments.map((a) => {
      const facts: VoucherFact[] = [{ label: 'Pickup', value: `${a.pickupTime} at ${a.pickupPlace}` }];
      const visibleFrom = driverVisibleFrom(a.startsOn);
      if (audience === 'staff' || now.getTime() >= visibleFrom.getTime()) {
        facts.push({ label: 'Driver', value: `${a.driverName}, ${formatPhone(a.driverPhone)}` });
        if (a.carModel) facts.push({ label: 'Vehicle', value: a.registrationNumber ? `${a.carModel}, number plate ${a.registrationNumber}` : a.carModel });
      } else {
        facts.push({
          label: 'Driver and vehicle',
          value: `Shown from 18:00 IST on ${formatDate(addDays(a.startsOn, -1))}: download this voucher again then, or open your booking page.`,
        });
      }
      return { heading: formatDateRange(a.startsOn, a.startsOn === a.endsOn ? null : a.endsOn), facts };
    }),
    note: null,
  };
}

function permitsPart(booking: Booking, plan: TripPlan | null, rows: readonly VoucherTravellerRow[], permits: Settings['permits']): VoucherView['permits'] {
  const ids = plan?.permitIds ?? [];
  const status = booking.permitStatus as PermitStatus;
  if (ids.length === 0 && status === 'not_needed') return null;
  const names = ids.map((id) => permits.types.find((t) => t.id === id)?.name ?? id);
  const facts: VoucherFact[] = [];
  if (names.length > 0) facts.push({ label: 'Permits needed', value: names.join('; ') });
  facts.push({ label: 'Status', value: PERMIT_STATUS_LABELS[status] ?? status });
  if (status === 'issued' && booking.permitNumber) facts.push({ label: 'Permit number', value: booking.permitNumber });
  if (status === 'documents_missing' || status === 'documents_complete') {
    const dueOn = permitDocumentsDueOn(booking.startDate, plan?.permitDocumentsDaysBefore ?? permits.documentsDaysBefore);
    facts.push({ label: 'Documents due by', value: formatDate(dueOn) });
  }
  const idTypes = permits.idTypes.filter((t) => t.enabled).map((t) => t.label);
  facts.push({
    label: 'Each traveller gives',
    value: `A passport-size photo; Indian nationals an ID (${idTypes.join(', ')}); foreign nationals their passport and visa.`,
  });
  const missing = rows.filter((r) => !r.hasPhoto || !r.hasIdScan).length;
  const note =
    status === 'documents_missing'
      ? rows.length === 0
        ? "We have no traveller's details yet: please add them with their documents on your booking page."
        : `${missing} of ${rows.length} ${rows.length === 1 ? 'traveller has' : 'travellers have'} documents missing: please upload them on your booking page.`
      : null;
  return { facts, note };
}

function moneyPart(summary: MoneySummary): VoucherView['money'] {
  if (!summary.quote) return { facts: [], note: 'Your price is being prepared: we will e-mail it to you, and it shows on your booking page.' };
  const facts: VoucherFact[] = [
    { label: 'Total price', value: formatPaise(summary.totalPaise) },
    { label: 'Paid', value: formatPaise(summary.paidPaise) },
  ];
  const owing = Math.max(0, summary.totalPaise - summary.paidPaise);
  facts.push({ label: 'Still due', value: formatPaise(owing) });
  if (summary.due) {
    const what = summary.due.kind === 'advance' ? 'Advance' : 'Balance';
    facts.push({
      label: 'Next payment',
      value: `${what} ${formatPaise(summary.due.amountPaise)}, ${summary.due.kind === 'advance' ? 'due now' : `due by ${formatDate(summary.due.dueOn)}`}`,
    });
  }
  return { facts, note: owing === 0 ? 'Fully paid: nothing more is due. Thank you!' : null };
}

/**
 * The voucher of `booking` as `audience` may see it at `now` (the clock for the driver's evening-before
 * rule, "Issued" and what is due today). Reads the settings (company, payments, permits), the package's
 * plan, the travellers, the assignments and the money; formats everything for `renderVoucherPdf`.
 */
export async function voucherView(booking: Booking, { audience, now = new Date() }: { audience: VoucherAudience; now?: Date }): Promise<VoucherView> {
  const [{ company, payments, permits }, plan, rows, assignments, summary] = await Promise.all([
    getSettings(['company', 'payments', 'permits']),
    voucherTripPlan(booking.packageId),
    voucherTravellers(booking.id),
    listBookingAssignments(booking.id),
    moneySummary(db(), booking, todayInIndia(now)),
  ]);
  const reference = shortReference(booking.id);
  const isPackage = booking.type === 'package';
  const permitsShown = permitsPart(booking, plan, rows, permits);
  const facts: VoucherFact[] = [
    { label: 'Booking', value: `#${reference} (confirmed)` },
    { label: 'Lead traveller', value: booking.name },
    { label: ITEM_LABEL[booking.type] ?? 'Item', value: booking.itemName },
    { label: isPackage ? 'Travel dates' : 'Dates', value: formatDateRange(booking.startDate, booking.endDate) },
    { label: isPackage ? 'Party' : 'Extras', value: partyOf(booking).join(', ') },
  ];
  const lastDay = booking.endDate ? dayNumber(booking.endDate) - dayNumber(booking.startDate) + 1 : Infinity;
  return {
    reference,
    issuedAt: now,
    issuedOn: `${formatDateTime(now)} IST`,
    company: {
      name: company.name,
      addressLines: [company.address],
      contactLines: [
        `Phone ${formatPhone(company.phone)}`,
        ...(company.whatsappNumber ? [`WhatsApp ${formatPhone(company.whatsappNumber)}`] : []),
        ...(company.email ? [company.email] : []),
      ],
    },
    // The settings have no separate round-the-clock line: the office's phone is the one it answers.
    helpline: `24/7 helpline: ${formatPhone(company.phone)}`,
    booking: facts,
    travellers: travellersPart(booking, rows, permitsShown !== null, permits),
    itinerary: (plan?.itinerary ?? [])
      .filter((day) => day.day >= 1 && day.day <= lastDay)
      .map((day) => ({
        heading: `Day ${day.day} · ${dayWithWeekday(addDays(booking.startDate, day.day - 1))}`,
        title: day.title,
        description: shortDescription(day.description),
        mealsAndStay: [day.meals ? `Meals: ${day.meals}` : '', day.stay ? `Stay: ${day.stay}` : ''].filter(Boolean).join(' · '),
      })),
    hotels: (plan?.accommodation ?? []).map((stay) =>
      [
        `${stay.location}: ${stay.hotel}`,
        `${stay.nights} ${stay.nights === 1 ? 'night' : 'nights'}`,
        stay.category,
        stay.rooms ? `${stay.rooms} ${stay.rooms === 1 ? 'room' : 'rooms'}` : '',
      ]
        .filter(Boolean)
        .join(', '),
    ),
    transport: transportPart(booking, assignments, audience, now),
    permits: permitsShown,
    money: moneyPart(summary),
    cancellation: describePolicy(policyOf(booking, payments), isPackage ? 'package' : 'rental'),
  };
}

/**
 * The voucher's PDF answer: `inline` (it opens in the browser's viewer, and saves as
 * 'voucher-<ref>.pdf'), never kept by any cache (`private, no-store`: it names the travellers and,
 * for staff, the driver). `headers` add to the defaults (the traveller's route adds `X-Robots-Tag`).
 */
export async function voucherPdfResponse(
  booking: Booking,
  audience: VoucherAudience,
  { now = new Date(), headers = {} }: { now?: Date; headers?: Record<string, string> } = {},
): Promise<Response> {
  const bytes = await renderVoucherPdf(await voucherView(booking, { audience, now }));
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${voucherFileName(booking)}"`,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'private, no-store',
      ...headers,
    },
  });
}
