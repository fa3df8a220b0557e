/**
 * A booking's permit (docs/decisions/050-permits-and-manifests.md#the-status): the status a new
 * booking starts with, the closed-day check of a trip, the admin booking page's "Permit" panel and
 * the status changes staff make there (applied, issued with the permit number, not needed, back to
 * documents missing), each with its audit entry in the same transaction.
 *
 * `documents_missing` ↔ `documents_complete` follow the travellers' documents by themselves
 * (app/models/travellers.server.ts); this module never sets `documents_complete`.
 */
import { eq } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { bookings, tourPackages, type Booking, type ItineraryDay } from '~/db/schema';
import { addDays } from '~/lib/calendar-date';
import { Conflict, DomainError, NotFound } from '~/lib/errors.server';
import { formatDate } from '~/lib/format';
import { isUuid, shortReference } from '~/lib/ids';
import { publishLive } from '~/lib/live-events.server';
import { clashText, closedDayClashes, type ClosedDayClash } from '~/lib/permits/closed-days';
import { PERMIT_STATUS_LABELS, type PermitStatus } from '~/lib/permits/constants';
import { permitDocumentsDueOn } from '~/lib/permits/deadline';
import type { Settings } from '~/schemas/settings';
import { recordAudit, type AuditActor } from './audit.server';
import { getSettings } from './settings.server';

/** A trip day in a permit area falls on a day that area is closed: the public booking form refuses it (400, on `startDate`). */
export class PermitAreaClosed extends DomainError {}

/** The status a new booking of a package needing `permitIds` starts with. */
export function initialPermitStatus(permitIds: readonly string[] | null | undefined): PermitStatus {
  return permitIds && permitIds.length > 0 ? 'documents_missing' : 'not_needed';
}

/** What the closed-day check and the panel need of a package. */
export type PermitPackage = { permitIds: string[]; itinerary: ItineraryDay[]; permitDocumentsDaysBefore: number };

/** The package a booking points to, as the permit rules read it; null without one. */
export async function permitPackageOf(executor: Executor, packageId: string | null): Promise<PermitPackage | null> {
  if (!packageId) return null;
  const [row] = await executor
    .select({ permitIds: tourPackages.permitIds, itinerary: tourPackages.itinerary, permitDocumentsDaysBefore: tourPackages.permitDocumentsDaysBefore })
    .from(tourPackages)
    .where(eq(tourPackages.id, packageId));
  return row ?? null;
}

/** The closed-day clashes of a trip of `pkg` starting on `startDate`, under the permits of the settings. */
export function tripClashes(pkg: PermitPackage, startDate: string, permits: Settings['permits']): ClosedDayClash[] {
  return closedDayClashes({ permitIds: pkg.permitIds, itinerary: pkg.itinerary, startDate, areas: permits.types });
}

/** The statuses staff may set by hand on the panel, and the toast each one gives. */
export const STAFF_PERMIT_STATUSES = ['documents_missing', 'applied', 'issued', 'not_needed'] as const;
export type StaffPermitStatus = (typeof STAFF_PERMIT_STATUSES)[number];

export function isStaffPermitStatus(value: unknown): value is StaffPermitStatus {
  return typeof value === 'string' && (STAFF_PERMIT_STATUSES as readonly string[]).includes(value);
}

/** A refused permit change, naming the field (400). */
export class InvalidPermitChange extends DomainError {}

/** The longest permit number kept. */
export const PERMIT_NUMBER_MAX = 60;

/**
 * Set booking `id`'s permit status as staff (docs/decisions/050-permits-and-manifests.md#the-status):
 * 'applied', 'issued' (with `permitNumber`, required, at most 60 characters), 'not_needed', or back
 * to 'documents_missing'. The number is kept only with 'issued' (cleared otherwise). One transaction
 * with the audit entry ('update', `permitStatus` and `permitNumber` from/to); published as
 * 'booking.updated'. Throws NotFound (unknown id), InvalidPermitChange (no number for 'issued'),
 * Conflict (a cancelled or rejected booking; the same status and number again). Returns the row.
 */
export async function setPermitStatus(id: string, change: { status: StaffPermitStatus; permitNumber?: string }, actor: AuditActor): Promise<Booking> {
  if (!isUuid(id)) throw new NotFound('Booking not found');
  const number = change.status === 'issued' ? (change.permitNumber ?? '').trim() : '';
  if (change.status === 'issued' && number === '') {
    throw new InvalidPermitChange('Enter the permit number', [{ path: 'permitNumber', message: 'Enter the permit number printed on the permit' }]);
  }
  if (number.length > PERMIT_NUMBER_MAX) {
    const message = `At most ${PERMIT_NUMBER_MAX} characters`;
    throw new InvalidPermitChange(message, [{ path: 'permitNumber', message }]);
  }
  const row = await db().transaction(async (tx) => {
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!current) throw new NotFound('Booking not found');
    if (current.status === 'cancelled' || current.status === 'rejected') {
      const message = `This booking is ${current.status}: its permit no longer changes`;
      throw new Conflict(message, [{ path: 'permitStatus', message }]);
    }
    if (current.permitStatus === change.status && current.permitNumber === number) {
      const message = `The permit is already ${PERMIT_STATUS_LABELS[change.status].toLowerCase()}`;
      throw new Conflict(message, [{ path: 'permitStatus', message }]);
    }
    const [updated] = await tx.update(bookings).set({ permitStatus: change.status, permitNumber: number }).where(eq(bookings.id, id)).returning();
    const label = PERMIT_STATUS_LABELS[change.status];
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'booking',
      entityId: id,
      summary: `Permit of booking #${shortReference(id)}: ${label}${number ? ` (${number})` : ''}`,
      changes: {
        permitStatus: { from: current.permitStatus, to: change.status },
        ...(current.permitNumber !== number ? { permitNumber: { from: current.permitNumber, to: number } } : {}),
      },
    });
    return updated!;
  });
  publishLive({ type: 'booking.updated', id, label: `Booking #${shortReference(id)} permit: ${PERMIT_STATUS_LABELS[change.status]}` });
  return row;
}

/** What the admin booking page's "Permit" panel shows. Null for a booking whose package needs no permit and whose status was never changed. */
export type PermitPanelData = {
  status: PermitStatus;
  statusLabel: string;
  permitNumber: string;
  /** The permits the package needs, by name (an id no longer in the settings shows as it is). */
  permits: string[];
  /** 'Apr 4, 2027', or null without a package. */
  dueOn: string | null;
  /** True once the deadline has come (today in India >= due day). */
  due: boolean;
  /** Closed-day warnings (docs/decisions/050-permits-and-manifests.md#closed-days). */
  warnings: string[];
  /** Whether staff may still change it (not for a cancelled or rejected booking). */
  editable: boolean;
};

/**
 * The panel's data for `booking` on `today` ('YYYY-MM-DD', India): the package's permits, the
 * documents' due day (`permitDocumentsDueOn`), the status and number, and every closed-day
 * clash of the trip as a warning (staff are warned, never refused). Null when the booking needs no
 * permit and none was ever recorded for it.
 */
export async function loadPermitPanel(booking: Booking, today: string): Promise<PermitPanelData | null> {
  const [pkg, { permits }] = await Promise.all([permitPackageOf(db(), booking.packageId), getSettings(['permits'])]);
  const needs = (pkg?.permitIds.length ?? 0) > 0;
  if (!needs && booking.permitStatus === 'not_needed' && booking.permitNumber === '') return null;
  const dueOn = pkg ? permitDocumentsDueOn(booking.startDate, pkg.permitDocumentsDaysBefore) : null;
  const status = booking.permitStatus as PermitStatus;
  return {
    status,
    statusLabel: PERMIT_STATUS_LABELS[status],
    permitNumber: booking.permitNumber,
    permits: (pkg?.permitIds ?? []).map((id) => permits.types.find((t) => t.id === id)?.name ?? id),
    dueOn: dueOn ? formatDate(dueOn) : null,
    due: dueOn !== null && today >= dueOn,
    warnings: pkg ? tripClashes(pkg, booking.startDate, permits).map(clashText) : [],
    editable: booking.status !== 'cancelled' && booking.status !== 'rejected',
  };
}

/** The last day of a booking's trip: its end date, else its start plus the package's days less one. */
export function tripEndDate(booking: Pick<Booking, 'startDate' | 'endDate'>, itineraryDays: number): string {
  return booking.endDate ?? addDays(booking.startDate, Math.max(1, itineraryDays) - 1);
}
