/**
 * The permit manifest (docs/decisions/050-permits-and-manifests.md#the-manifest): for a day and a
 * permit area, every traveller of every confirmed booking that is in that area that day, one row
 * each, as the permit office asks for them (booking reference, traveller number, name, gender, date
 * of birth and age, nationality, ID type and number or passport and visa, the booking's phone, and
 * whether the photo and ID scan are in).
 *
 * Which bookings are in the area on `date` (`permitAreaDays`, app/lib/permits/closed-days.ts): a
 * booking of a package needing the permit whose itinerary day tagged with it falls on `date`
 * (travel date + day − 1); when no day of the package is tagged, every day of the booking's trip
 * (travel date to end date, or to travel date + itinerary days − 1). A permit only foreign
 * nationals need lists only them. A booking with no traveller entered yet shows as one row saying
 * so, so the office sees it is missing.
 */
import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bookings, bookingTravellers, tourPackages } from '~/db/schema';
import { addDays } from '~/lib/calendar-date';
import { shortReference } from '~/lib/ids';
import { permitAreaDays } from '~/lib/permits/closed-days';
import { GENDER_LABELS, INDIAN_NATIONALITY, type Gender } from '~/lib/permits/constants';
import { getSettings } from './settings.server';

/** The longest trip looked back over: a booking starting more than this many days before `date` is not in the area. */
const LONGEST_TRIP_DAYS = 60;

/** One row of the manifest. A booking without travellers has one row with `position` null. */
export type ManifestRow = {
  bookingId: string;
  /** The booking's reference as the app shows it, without '#': 'A1B2C3'. */
  reference: string;
  /** The traveller's number on the booking (1, 2...); null for "no travellers entered yet". */
  position: number | null;
  fullName: string;
  gender: string;
  /** 'YYYY-MM-DD' or ''. */
  dateOfBirth: string;
  /** Whole years on the manifest's day; null without a traveller. */
  age: number | null;
  /** ISO alpha-2 ('IN' for India) or ''. */
  nationality: string;
  /** 'Voter ID 1234', 'Passport P1234567 · Visa V765' (foreign nationals), or ''. */
  identity: string;
  idType: string;
  idNumber: string;
  passportNumber: string;
  visaNumber: string;
  phone: string;
  /** The private keys of the documents (identityStore), null when not uploaded or deleted. */
  photoKey: string | null;
  idScanKey: string | null;
  /** 'Photo and ID', 'Photo only', 'ID only', 'None'. */
  documents: string;
  /** The itinerary day in the area, or null when the package tags no day (whole trip). */
  day: number | null;
};

export type Manifest = {
  date: string;
  permit: { id: string; name: string; foreignersOnly: boolean } | null;
  rows: ManifestRow[];
  /** How many bookings the rows come from. */
  bookings: number;
};

/** Whole years from `dateOfBirth` to `on` (both 'YYYY-MM-DD'). */
export function ageOn(dateOfBirth: string, on: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

function documentsText(photo: boolean, id: boolean): string {
  if (photo && id) return 'Photo and ID';
  if (photo) return 'Photo only';
  if (id) return 'ID only';
  return 'None';
}

/**
 * The manifest of permit `permitId` on `date` ('YYYY-MM-DD'): the rows in travel-date order, then
 * by booking reference and traveller number. `permit` is null (and `rows` empty) for an id the
 * settings do not know.
 */
export async function manifestFor(date: string, permitId: string): Promise<Manifest> {
  const { permits } = await getSettings(['permits']);
  const type = permits.types.find((t) => t.id === permitId);
  if (!type) return { date, permit: null, rows: [], bookings: 0 };
  const candidates = await db()
    .select({
      id: bookings.id,
      phone: bookings.phone,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      itinerary: tourPackages.itinerary,
    })
    .from(bookings)
    .innerJoin(tourPackages, eq(tourPackages.id, bookings.packageId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        isNotNull(bookings.packageId),
        sql`${tourPackages.permitIds} @> array[${permitId}]::text[]`,
        lte(bookings.startDate, date),
        gte(bookings.startDate, addDays(date, -LONGEST_TRIP_DAYS)),
      ),
    )
    .orderBy(asc(bookings.startDate), asc(bookings.id));

  const inArea = candidates.flatMap((b) => {
    const { tagged, days } = permitAreaDays(permitId, b.itinerary, b.startDate);
    if (tagged) {
      const hit = days.find((d) => d.date === date);
      return hit ? [{ ...b, day: hit.day as number | null }] : [];
    }
    // No tagged day: the booking's whole trip, its own end date first.
    const end = b.endDate ?? days.at(-1)!.date;
    return date <= end ? [{ ...b, day: null }] : [];
  });
  if (inArea.length === 0) return { date, permit: { id: type.id, name: type.name, foreignersOnly: type.foreignersOnly }, rows: [], bookings: 0 };

  const travellers = await db()
    .select()
    .from(bookingTravellers)
    .where(
      inArray(
        bookingTravellers.bookingId,
        inArea.map((b) => b.id),
      ),
    )
    .orderBy(asc(bookingTravellers.position));
  const idLabel = (id: string | null) => permits.idTypes.find((t) => t.id === id)?.label ?? id ?? '';

  const rows: ManifestRow[] = [];
  const sorted = [...inArea].sort((a, b) => a.startDate.localeCompare(b.startDate) || shortReference(a.id).localeCompare(shortReference(b.id)));
  for (const b of sorted) {
    const reference = shortReference(b.id);
    const own = travellers.filter((t) => t.bookingId === b.id && (!type.foreignersOnly || t.nationality !== INDIAN_NATIONALITY));
    if (own.length === 0) {
      if (type.foreignersOnly && travellers.some((t) => t.bookingId === b.id)) continue; // Indians only: nobody needs this permit.
      rows.push({
        bookingId: b.id,
        reference,
        position: null,
        fullName: 'No travellers entered yet',
        gender: '',
        dateOfBirth: '',
        age: null,
        nationality: '',
        identity: '',
        idType: '',
        idNumber: '',
        passportNumber: '',
        visaNumber: '',
        phone: b.phone,
        photoKey: null,
        idScanKey: null,
        documents: 'None',
        day: b.day,
      });
      continue;
    }
    for (const t of own) {
      const indian = t.nationality === INDIAN_NATIONALITY;
      rows.push({
        bookingId: b.id,
        reference,
        position: t.position,
        fullName: t.fullName,
        gender: GENDER_LABELS[t.gender as Gender] ?? t.gender,
        dateOfBirth: t.dateOfBirth,
        age: ageOn(t.dateOfBirth, date),
        nationality: t.nationality,
        identity: indian
          ? [idLabel(t.idType), t.idNumber].filter(Boolean).join(' ')
          : [t.passportNumber && `Passport ${t.passportNumber}`, t.visaNumber && `Visa ${t.visaNumber}`].filter(Boolean).join(' · '),
        idType: indian ? idLabel(t.idType) : '',
        idNumber: indian ? t.idNumber : '',
        passportNumber: t.passportNumber,
        visaNumber: t.visaNumber,
        phone: b.phone,
        photoKey: t.documentsDeletedAt ? null : t.photoKey,
        idScanKey: t.documentsDeletedAt ? null : t.idScanKey,
        documents: t.documentsDeletedAt ? 'Deleted' : documentsText(Boolean(t.photoKey), Boolean(t.idScanKey)),
        day: b.day,
      });
    }
  }
  return { date, permit: { id: type.id, name: type.name, foreignersOnly: type.foreignersOnly }, rows, bookings: sorted.length };
}

/** The file name stem of a manifest download: 'manifest-nathula-pap-2027-04-15'. */
export function manifestFileStem(date: string, permitId: string): string {
  return `manifest-${permitId}-${date}`;
}

/** The file names of a traveller's documents in the ZIP, as the permit office asks: '<ref>-<no>-photo.jpg', '<ref>-<no>-id.jpg'. */
export function documentFileName(reference: string, position: number, kind: 'photo' | 'id', key: string): string {
  const ext = /\.([a-z0-9]{1,10})$/i.exec(key)?.[1]?.toLowerCase() ?? 'jpg';
  return `${reference}-${position}-${kind}.${ext === 'jpeg' ? 'jpg' : ext}`;
}
