/**
 * The travellers of a booking and their identity documents
 * (docs/decisions/050-permits-and-manifests.md, "Travellers and their documents"): one row per
 * traveller, numbered 1..n per booking, with the details the permit office asks for and two
 * documents, a passport-size photo and an ID scan; and the issued permit's scan on the booking.
 *
 * The traveller fills these in on their booking page before the trip starts; staff can at any time
 * on the admin booking page. Every change is audited in its own transaction (staff by name, the
 * traveller as 'Traveller (booking page)'), and in that same transaction the booking's permit
 * status follows the documents (`syncPermitDocumentsStatus`).
 *
 * Documents are re-encoded to the permit office's limits (app/lib/identity-documents.server.ts) and
 * kept in the PRIVATE identity store (app/lib/identity-store.server.ts) under random keys; replacing
 * one stores the new file first, commits, then deletes the old one. They are deleted
 * `permits.retentionDaysAfterTrip` days after the trip (`purgeExpiredIdentityDocuments`,
 * docs/decisions/050-permits-and-manifests.md, "Retention").
 */
import { and, asc, eq, gt, inArray, isNotNull, max, or, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { bookings, bookingTravellers, tourPackages, type Booking, type BookingTraveller } from '~/db/schema';
import { addDays } from '~/lib/calendar-date';
import { Conflict, InvalidReference, NotFound } from '~/lib/errors.server';
import { todayInIndia } from '~/lib/format';
import { identityStore } from '~/lib/identity-store.server';
import { encodeIdentityDocument, PERMIT_SCAN_MAX_KB, type DocumentLimits } from '~/lib/identity-documents.server';
import { isUuid, shortReference } from '~/lib/ids';
import { logger } from '~/lib/logger.server';
import { permitDocumentsDueOn } from '~/lib/permits/deadline';
import { INDIAN_NATIONALITY, type PermitStatus, type TravellerDocumentKind } from '~/lib/permits/constants';
import { randomKey } from '~/lib/storage.server';
import type { TravellerInput } from '~/schemas/traveller';
import type { Settings } from '~/schemas/settings';
import { recordAudit, type AuditActor } from './audit.server';
import { getSetting } from './settings.server';

/** Most travellers one booking can list (a guard against a runaway form, far above any real group). */
export const MAX_TRAVELLERS = 40;

/** Who is changing the travellers: staff (any time) or the traveller on their page (only before the trip). */
export type TravellerEditor = { actor: AuditActor; by: 'staff' | 'traveller' };

/** The key column of each document kind. */
const KEY_COLUMN = { photo: 'photoKey', id_scan: 'idScanKey' } as const;
/** What each document kind is called in messages and audit entries. */
export const DOCUMENT_KIND_LABELS: Record<TravellerDocumentKind, string> = { photo: 'passport-size photo', id_scan: 'ID scan' };

/** A booking's travellers, by position (1, 2, ...). */
export async function listTravellers(bookingId: string, executor: Executor = db()): Promise<BookingTraveller[]> {
  if (!isUuid(bookingId)) return [];
  return executor.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, bookingId)).orderBy(asc(bookingTravellers.position));
}

/** One traveller of a booking, or null (unknown id, or a traveller of another booking). */
export async function findTraveller(bookingId: string, travellerId: string, executor: Executor = db()): Promise<BookingTraveller | null> {
  if (!isUuid(bookingId) || !isUuid(travellerId)) return null;
  const [row] = await executor
    .select()
    .from(bookingTravellers)
    .where(and(eq(bookingTravellers.id, travellerId), eq(bookingTravellers.bookingId, bookingId)));
  return row ?? null;
}

/** True when a traveller's row has every detail their nationality needs (see `travellerDocumentsComplete`). */
export function travellerDetailsComplete(
  t: Pick<BookingTraveller, 'fullName' | 'gender' | 'dateOfBirth' | 'nationality' | 'idType' | 'idNumber' | 'passportNumber' | 'visaNumber'>,
): boolean {
  if (!t.fullName.trim() || !t.gender || !t.dateOfBirth) return false;
  return t.nationality === INDIAN_NATIONALITY ? Boolean(t.idType) && t.idNumber !== '' : t.passportNumber !== '' && t.visaNumber !== '';
}

/**
 * Whether a booking's documents are complete for the permit office: at least as many travellers as
 * the booking's adults + children (at least 1 when both are unset), each with the details their
 * nationality needs (an Indian: an ID type and number; a foreign national: passport and visa
 * numbers) AND both a photo and an ID scan.
 */
export function travellerDocumentsComplete(
  travellers: readonly Pick<
    BookingTraveller,
    'fullName' | 'gender' | 'dateOfBirth' | 'nationality' | 'idType' | 'idNumber' | 'passportNumber' | 'visaNumber' | 'photoKey' | 'idScanKey'
  >[],
  party: { adults: number | null; children: number | null },
): boolean {
  const expected = Math.max(1, (party.adults ?? 0) + (party.children ?? 0));
  if (travellers.length < expected) return false;
  return travellers.every((t) => travellerDetailsComplete(t) && Boolean(t.photoKey) && Boolean(t.idScanKey));
}

/**
 * Move the booking's permit status with its documents, in `executor`'s transaction (call it after
 * every traveller or document change): 'documents_missing' becomes 'documents_complete' when
 * `travellerDocumentsComplete`, and 'documents_complete' goes back to 'documents_missing' when they
 * stop being complete. The statuses staff set ('applied', 'issued', 'not_needed') are never touched.
 * Returns the status after the call (null for an unknown booking).
 */
export async function syncPermitDocumentsStatus(executor: Executor, bookingId: string): Promise<PermitStatus | null> {
  const [booking] = await executor
    .select({ permitStatus: bookings.permitStatus, adults: bookings.adults, children: bookings.children })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) return null;
  const status = booking.permitStatus as PermitStatus;
  if (status !== 'documents_missing' && status !== 'documents_complete') return status;
  const complete = travellerDocumentsComplete(await listTravellers(bookingId, executor), booking);
  const next: PermitStatus = complete ? 'documents_complete' : 'documents_missing';
  if (next !== status) {
    // Conditional on the status read, so a staff change committed meanwhile is never overwritten.
    await executor
      .update(bookings)
      .set({ permitStatus: next, updatedAt: new Date() })
      .where(and(eq(bookings.id, bookingId), eq(bookings.permitStatus, status)));
  }
  return next;
}

/** The booking, locked for the change (FOR UPDATE), or NotFound. */
async function lockBooking(tx: Executor, bookingId: string): Promise<Booking> {
  if (!isUuid(bookingId)) throw new NotFound('Booking not found');
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking) throw new NotFound('Booking not found');
  return booking;
}

/** The traveller's forms are open until the trip starts (India's calendar) on a booking still going ahead. */
export function travellerFormsOpen(booking: Pick<Booking, 'startDate' | 'status'>, today: string = todayInIndia()): boolean {
  return today < booking.startDate && booking.status !== 'cancelled' && booking.status !== 'rejected';
}

function assertEditable(booking: Booking, editor: TravellerEditor): void {
  if (editor.by === 'traveller' && !travellerFormsOpen(booking)) {
    throw new Conflict('The trip has started: the travellers can no longer be changed here. Call or message us.');
  }
}

const AUDITED_FIELDS = ['fullName', 'gender', 'dateOfBirth', 'nationality', 'idType', 'idNumber', 'passportNumber', 'visaNumber'] as const;

function fieldChanges(before: Partial<BookingTraveller> | null, after: Partial<BookingTraveller> | null) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of AUDITED_FIELDS) {
    const from = before?.[field] ?? null;
    const to = after?.[field] ?? null;
    if (from !== to) changes[field] = { from, to };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Checks an ID type is one the office still offers (settings can change between form and save). */
async function assertIdType(input: TravellerInput): Promise<void> {
  if (input.nationality !== INDIAN_NATIONALITY) return;
  const { idTypes } = await getSetting('permits');
  if (!idTypes.some((t) => t.enabled && t.id === input.idType)) {
    throw new InvalidReference('Choose the ID document', [{ path: 'idType', message: 'Choose the ID document' }]);
  }
}

/**
 * Add a traveller at the next position; audited, permit status synced. Throws NotFound (booking),
 * Conflict (traveller's forms closed, or MAX_TRAVELLERS reached) or InvalidReference (ID type).
 */
export async function addTraveller(bookingId: string, input: TravellerInput, editor: TravellerEditor): Promise<BookingTraveller> {
  await assertIdType(input);
  return db().transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    assertEditable(booking, editor);
    const [{ last } = { last: 0 }] = await tx
      .select({ last: max(bookingTravellers.position) })
      .from(bookingTravellers)
      .where(eq(bookingTravellers.bookingId, bookingId));
    const position = (last ?? 0) + 1;
    if (position > MAX_TRAVELLERS) throw new Conflict(`A booking can list at most ${MAX_TRAVELLERS} travellers.`);
    const [row] = await tx
      .insert(bookingTravellers)
      .values({ bookingId, position, ...input })
      .returning();
    await recordAudit(tx, editor.actor, {
      action: 'create',
      entityType: 'booking',
      entityId: bookingId,
      summary: `Added traveller ${position} (${row!.fullName}) to booking #${shortReference(bookingId)}`,
      changes: fieldChanges(null, row!),
    });
    await syncPermitDocumentsStatus(tx, bookingId);
    return row!;
  });
}

/** Change a traveller's details; audited with what changed, permit status synced. Throws as `addTraveller`, NotFound for an unknown traveller. */
export async function updateTraveller(bookingId: string, travellerId: string, input: TravellerInput, editor: TravellerEditor): Promise<BookingTraveller> {
  await assertIdType(input);
  return db().transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    assertEditable(booking, editor);
    const before = await findTraveller(bookingId, travellerId, tx);
    if (!before) throw new NotFound('Traveller not found');
    const [row] = await tx
      .update(bookingTravellers)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(bookingTravellers.id, travellerId))
      .returning();
    const changes = fieldChanges(before, row!);
    if (changes) {
      await recordAudit(tx, editor.actor, {
        action: 'update',
        entityType: 'booking',
        entityId: bookingId,
        summary: `Updated traveller ${row!.position} (${row!.fullName}) of booking #${shortReference(bookingId)}`,
        changes,
      });
    }
    await syncPermitDocumentsStatus(tx, bookingId);
    return row!;
  });
}

/** Delete stored files, logging (not throwing) a failure: the rows no longer point at them. */
async function deleteStored(keys: readonly (string | null | undefined)[]): Promise<void> {
  const store = identityStore();
  const results = await Promise.allSettled(keys.filter((k): k is string => Boolean(k)).map((key) => store.delete(key)));
  for (const r of results) if (r.status === 'rejected') logger.error({ err: r.reason }, 'could not delete an identity document');
}

/**
 * Remove a traveller and their documents; the travellers after them move up one position. Audited,
 * permit status synced. Returns false for an unknown traveller. Throws NotFound (booking) or Conflict (forms closed).
 */
export async function removeTraveller(bookingId: string, travellerId: string, editor: TravellerEditor): Promise<boolean> {
  const removed = await db().transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    assertEditable(booking, editor);
    const row = await findTraveller(bookingId, travellerId, tx);
    if (!row) return null;
    await tx.delete(bookingTravellers).where(eq(bookingTravellers.id, travellerId));
    // Renumber in two steps: (booking, position) is unique at every row, so the later rows go out
    // of the way first, then come back one lower.
    const later = and(eq(bookingTravellers.bookingId, bookingId), gt(bookingTravellers.position, row.position));
    await tx
      .update(bookingTravellers)
      .set({ position: sql`${bookingTravellers.position} + 1000000` })
      .where(later);
    await tx
      .update(bookingTravellers)
      .set({ position: sql`${bookingTravellers.position} - 1000001` })
      .where(and(eq(bookingTravellers.bookingId, bookingId), gt(bookingTravellers.position, 1000000)));
    await recordAudit(tx, editor.actor, {
      action: 'delete',
      entityType: 'booking',
      entityId: bookingId,
      summary: `Removed traveller ${row.position} (${row.fullName}) from booking #${shortReference(bookingId)}`,
      changes: fieldChanges(row, null),
    });
    await syncPermitDocumentsStatus(tx, bookingId);
    return row;
  });
  if (!removed) return false;
  await deleteStored([removed.photoKey, removed.idScanKey]);
  return true;
}

/** The permit office's limits on a traveller's document, from settings `permits`. */
export function travellerDocumentLimits(permits: Settings['permits']): DocumentLimits {
  return { formats: permits.documentFormats, minKb: permits.minDocumentKb, maxKb: permits.maxDocumentKb };
}

/** The limits on an issued permit's scan: the same formats, no minimum, up to PERMIT_SCAN_MAX_KB (or the office's maximum if larger). */
export function permitScanLimits(permits: Settings['permits']): DocumentLimits {
  return { formats: permits.documentFormats, minKb: 0, maxKb: Math.max(PERMIT_SCAN_MAX_KB, permits.maxDocumentKb) };
}

/** Re-encode and put a document in the identity store under a new random key; returns the key. */
async function storeDocument(bytes: Buffer, limits: DocumentLimits): Promise<string> {
  const encoded = await encodeIdentityDocument(bytes, limits);
  const key = `${randomKey()}.${encoded.extension}`;
  await identityStore().put(key, encoded.data, encoded.contentType);
  return key;
}

/**
 * Store a traveller's photo or ID scan (replacing any earlier one): checked and re-encoded first
 * (ImageRefused, nothing stored), then stored, then the row points at it in a transaction with the
 * audit entry and the permit status sync, then the old file is deleted. If the transaction fails,
 * the new file is deleted. Throws NotFound (booking or traveller) or Conflict (forms closed).
 */
export async function saveTravellerDocument(
  bookingId: string,
  travellerId: string,
  kind: TravellerDocumentKind,
  bytes: Buffer,
  editor: TravellerEditor,
): Promise<BookingTraveller> {
  // Cheap refusals before the image work.
  const [booking] = isUuid(bookingId) ? await db().select().from(bookings).where(eq(bookings.id, bookingId)) : [];
  if (!booking) throw new NotFound('Booking not found');
  assertEditable(booking, editor);
  if (!(await findTraveller(bookingId, travellerId))) throw new NotFound('Traveller not found');
  const key = await storeDocument(bytes, travellerDocumentLimits(await getSetting('permits')));
  const column = KEY_COLUMN[kind];
  let old: string | null = null;
  let row: BookingTraveller;
  try {
    row = await db().transaction(async (tx) => {
      const locked = await lockBooking(tx, bookingId);
      assertEditable(locked, editor);
      const before = await findTraveller(bookingId, travellerId, tx);
      if (!before) throw new NotFound('Traveller not found');
      old = before[column];
      const [after] = await tx
        .update(bookingTravellers)
        .set({ [column]: key, documentsDeletedAt: null, updatedAt: new Date() })
        .where(eq(bookingTravellers.id, travellerId))
        .returning();
      await recordAudit(tx, editor.actor, {
        action: 'document',
        entityType: 'booking',
        entityId: bookingId,
        summary: `${old ? 'Replaced' : 'Uploaded'} the ${DOCUMENT_KIND_LABELS[kind]} of traveller ${before.position} (${before.fullName}) of booking #${shortReference(bookingId)}`,
      });
      await syncPermitDocumentsStatus(tx, bookingId);
      return after!;
    });
  } catch (error) {
    await deleteStored([key]);
    throw error;
  }
  await deleteStored([old]);
  return row;
}

/**
 * Store the issued permit's scan on the booking (staff only; replacing any earlier one), the same
 * way as `saveTravellerDocument` with `permitScanLimits`. Throws NotFound or ImageRefused.
 */
export async function savePermitScan(bookingId: string, bytes: Buffer, actor: AuditActor): Promise<void> {
  const [booking] = isUuid(bookingId) ? await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)) : [];
  if (!booking) throw new NotFound('Booking not found');
  const key = await storeDocument(bytes, permitScanLimits(await getSetting('permits')));
  let old: string | null = null;
  try {
    await db().transaction(async (tx) => {
      const locked = await lockBooking(tx, bookingId);
      old = locked.permitScanKey;
      await tx.update(bookings).set({ permitScanKey: key, updatedAt: new Date() }).where(eq(bookings.id, bookingId));
      await recordAudit(tx, actor, {
        action: 'document',
        entityType: 'booking',
        entityId: bookingId,
        summary: `${old ? 'Replaced' : 'Uploaded'} the permit scan of booking #${shortReference(bookingId)}`,
      });
    });
  } catch (error) {
    await deleteStored([key]);
    throw error;
  }
  await deleteStored([old]);
}

/** What the serving routes ask for: a traveller's photo or ID scan, or the booking's permit scan. */
export type IdentityDocumentKind = TravellerDocumentKind | 'permit_scan';

/** The store key of a document, or null (unknown booking/traveller, other booking's traveller, nothing uploaded). */
export async function identityDocumentKey(bookingId: string, kind: IdentityDocumentKind, travellerId?: string): Promise<string | null> {
  if (!isUuid(bookingId)) return null;
  if (kind === 'permit_scan') {
    const [row] = await db().select({ key: bookings.permitScanKey }).from(bookings).where(eq(bookings.id, bookingId));
    return row?.key ?? null;
  }
  const traveller = travellerId ? await findTraveller(bookingId, travellerId) : null;
  return traveller?.[KEY_COLUMN[kind]] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Retention (docs/decisions/050-permits-and-manifests.md, "Retention").
// ---------------------------------------------------------------------------------------------

/** A package's length in days from its duration text ('5 Days / 4 Nights' → 5), or null when it names no days. */
export function packageDays(duration: string | null | undefined): number | null {
  const match = duration?.match(/(\d{1,3})\s*days?\b/i);
  const days = match ? Number(match[1]) : NaN;
  return Number.isInteger(days) && days >= 1 ? days : null;
}

/**
 * The last day of a booking's trip: its end date; else its start date plus the package's days
 * minus one (a 5-day package starting on the 10th ends on the 14th); else its start date.
 */
export function tripEndDate(booking: { startDate: string; endDate: string | null }, duration?: string | null): string {
  if (booking.endDate) return booking.endDate;
  const days = packageDays(duration);
  return days ? addDays(booking.startDate, days - 1) : booking.startDate;
}

/**
 * Delete the identity documents (travellers' photos and ID scans, the permit scan) of every booking
 * whose trip ended more than `permits.retentionDaysAfterTrip` days before `now` (India's calendar;
 * trip end per `tripEndDate`): the files leave the store, the keys are cleared,
 * `documentsDeletedAt` is set, and one audit entry per booking says so.
 *
 * Idempotent and safe with several instances running it at once: each booking is done in its own
 * transaction that locks the booking row with SKIP LOCKED (another instance busy with it is left to
 * finish it) and reads the keys again under the lock, so a booking is purged and audited once.
 * Files are deleted inside that transaction, before the keys are cleared: if the commit then fails
 * the keys still point at (now missing) files and the next run clears them; a file is never left
 * behind without a key. Returns the ids of the bookings purged.
 */
export async function purgeExpiredIdentityDocuments(now: Date): Promise<string[]> {
  const { retentionDaysAfterTrip } = await getSetting('permits');
  // Trip ends on or before this day are past the retention period.
  const lastEndDay = addDays(todayInIndia(now), -retentionDaysAfterTrip - 1);
  // Candidates: bookings holding any document whose trip started on or before that day (the trip
  // cannot end before it starts); the exact trip end is worked out below.
  const withTravellerDocs = db()
    .select({ id: bookingTravellers.bookingId })
    .from(bookingTravellers)
    .where(or(isNotNull(bookingTravellers.photoKey), isNotNull(bookingTravellers.idScanKey)));
  const candidates = await db()
    .select({ id: bookings.id, startDate: bookings.startDate, endDate: bookings.endDate, duration: tourPackages.duration })
    .from(bookings)
    .leftJoin(tourPackages, eq(tourPackages.id, bookings.packageId))
    .where(and(sql`${bookings.startDate} <= ${lastEndDay}`, or(isNotNull(bookings.permitScanKey), inArray(bookings.id, withTravellerDocs))));
  const purged: string[] = [];
  for (const candidate of candidates) {
    if (tripEndDate(candidate, candidate.duration) > lastEndDay) continue;
    try {
      if (await purgeBooking(candidate.id, retentionDaysAfterTrip, now)) purged.push(candidate.id);
    } catch (error) {
      logger.error({ err: error, bookingId: candidate.id }, 'could not delete the identity documents of a booking; will try again');
    }
  }
  return purged;
}

const RETENTION_ACTOR: AuditActor = { id: null, name: 'Retention (automatic)' };

async function purgeBooking(bookingId: string, retentionDays: number, now: Date): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [booking] = await tx
      .select({ id: bookings.id, permitScanKey: bookings.permitScanKey })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update', { skipLocked: true });
    if (!booking) return false; // another instance holds it (or it is gone)
    const travellers = await listTravellers(bookingId, tx);
    const keys = [booking.permitScanKey, ...travellers.flatMap((t) => [t.photoKey, t.idScanKey])].filter((k): k is string => Boolean(k));
    if (keys.length === 0) return false; // done meanwhile
    const store = identityStore();
    for (const key of keys) await store.delete(key);
    await tx.update(bookings).set({ permitScanKey: null, updatedAt: now }).where(eq(bookings.id, bookingId));
    await tx
      .update(bookingTravellers)
      .set({ photoKey: null, idScanKey: null, documentsDeletedAt: now, updatedAt: now })
      .where(eq(bookingTravellers.bookingId, bookingId));
    await recordAudit(tx, RETENTION_ACTOR, {
      action: 'document',
      entityType: 'booking',
      entityId: bookingId,
      summary: `Deleted the identity documents of booking #${shortReference(bookingId)} (${retentionDays} days after the trip)`,
    });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// What the traveller's page and the admin panel show.
// ---------------------------------------------------------------------------------------------

/** One traveller as the pages show them; `photoUrl` / `idScanUrl` are null until uploaded. */
export type TravellerRowView = {
  id: string;
  position: number;
  fullName: string;
  gender: string;
  dateOfBirth: string;
  nationality: string;
  idType: string;
  idTypeLabel: string;
  idNumber: string;
  passportNumber: string;
  visaNumber: string;
  photoUrl: string | null;
  idScanUrl: string | null;
  detailsComplete: boolean;
  documentsDeleted: boolean;
};

/** The travellers section: hidden (`needsPermit` false) unless the booking's package needs a permit. */
export type TravellersView = {
  needsPermit: boolean;
  permitStatus: PermitStatus;
  /** The last day to send the documents ('YYYY-MM-DD'), or null without a permit. */
  dueOn: string | null;
  /** How many travellers the documents are complete with (adults + children, at least 1). */
  expected: number;
  complete: boolean;
  /** The traveller may still change things (before the trip starts, on a booking going ahead). */
  travellerFormsOpen: boolean;
  idTypes: { id: string; label: string }[];
  travellers: TravellerRowView[];
  maxTravellers: number;
  permitNumber: string;
  hasPermitScan: boolean;
  /** The limits said next to the upload fields. */
  limits: { formats: string; minKb: number; maxKb: number };
};

/**
 * The travellers section of a booking: whether its package needs a permit, the deadline
 * (`permitDocumentsDueOn`), the permit status, each traveller with links to their documents under
 * `documentsBase` (`<base>/<travellerId>/photo` and `/id-scan`), and the ID types on offer.
 */
export async function travellersView(
  booking: Pick<Booking, 'id' | 'packageId' | 'startDate' | 'status' | 'adults' | 'children' | 'permitStatus' | 'permitNumber' | 'permitScanKey'>,
  documentsBase: string,
): Promise<TravellersView> {
  const [pkg] = booking.packageId
    ? await db()
        .select({ permitIds: tourPackages.permitIds, daysBefore: tourPackages.permitDocumentsDaysBefore })
        .from(tourPackages)
        .where(eq(tourPackages.id, booking.packageId))
    : [];
  const needsPermit = (pkg?.permitIds?.length ?? 0) > 0;
  const [permits, rows] = await Promise.all([getSetting('permits'), listTravellers(booking.id)]);
  const labels = new Map(permits.idTypes.map((t) => [t.id, t.label]));
  return {
    needsPermit,
    permitStatus: booking.permitStatus as PermitStatus,
    dueOn: pkg && needsPermit ? permitDocumentsDueOn(booking.startDate, pkg.daysBefore) : null,
    expected: Math.max(1, (booking.adults ?? 0) + (booking.children ?? 0)),
    complete: travellerDocumentsComplete(rows, booking),
    travellerFormsOpen: travellerFormsOpen(booking),
    idTypes: permits.idTypes.filter((t) => t.enabled).map((t) => ({ id: t.id, label: t.label })),
    travellers: rows.map((t) => ({
      id: t.id,
      position: t.position,
      fullName: t.fullName,
      gender: t.gender,
      dateOfBirth: t.dateOfBirth,
      nationality: t.nationality,
      idType: t.idType ?? '',
      idTypeLabel: t.idType ? (labels.get(t.idType) ?? t.idType) : '',
      idNumber: t.idNumber,
      passportNumber: t.passportNumber,
      visaNumber: t.visaNumber,
      photoUrl: t.photoKey ? `${documentsBase}/${t.id}/photo` : null,
      idScanUrl: t.idScanKey ? `${documentsBase}/${t.id}/id-scan` : null,
      detailsComplete: travellerDetailsComplete(t),
      documentsDeleted: t.documentsDeletedAt !== null,
    })),
    maxTravellers: MAX_TRAVELLERS,
    permitNumber: booking.permitNumber,
    hasPermitScan: Boolean(booking.permitScanKey),
    limits: {
      // What uploads become (app/lib/identity-documents.server.ts): JPEG whenever the office takes it.
      formats: permits.documentFormats.includes('jpeg') ? 'JPEG' : 'PNG',
      minKb: permits.minDocumentKb,
      maxKb: permits.maxDocumentKb,
    },
  };
}
