/**
 * Bookings (docs/decisions/003-visitor-submissions-stored.md, 025-two-stores-for-everything-visitors-send.md): every
 * "book" request is validated, then stored with its notification mails in one transaction before the
 * visitor sees success. A vehicle that is not available is refused (Conflict).
 *
 * The staff side (docs/product.md#bookings-and-inquiries; the list and the CSV export are in
 * app/models/booking-list.server.ts): bookings staff enter by hand (`createBooking` with a source and
 * the staff member), status changes that obey the state machine (docs/product.md#booking-status),
 * field corrections, changes of the item, travellers, helmet or driver and message, and deletes. Every change is written with its audit entry in one transaction
 * (docs/decisions/017-audit-log.md) and published to open admin pages after it commits
 * (docs/decisions/018-live-updates.md). No bike or car is confirmed twice for overlapping days
 * (docs/decisions/015-no-double-booking.md): a check first, for a message naming the clash, and the
 * database's exclusion constraints as the guarantee.
 */
import { and, eq, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { isExclusionViolation, isRetryableTransactionError } from '~/db/errors.server';
import { bikes, bookings, cars, paymentRequests, payments, refunds, tourPackages, users, type Booking, type NewBooking } from '~/db/schema';
import { BOOKING_SOURCE_LABELS, canTransition, type BookingSource, type BookingStatus, type BookingType } from '~/lib/constants';
import { Conflict, DomainError, InvalidReference, NotFound } from '~/lib/errors.server';
import { clashMessage, formatDate, todayInIndia } from '~/lib/format';
import { bookedDatesMessage, overlappingRanges } from '~/lib/booked-dates';
import { isUuid, shortReference } from '~/lib/ids';
import { publishLive } from '~/lib/live-events.server';
import { publicContentChanged } from '~/lib/public-content.server';
import { notifyNewMail } from '~/lib/mail-signal.server';
import { bookingMails, bookingStatusMail, operatorEmail } from '~/lib/mail-texts.server';
import type { OutgoingEmail } from './outbox.server';
import { CUSTOM_TOUR, CUSTOM_TOUR_NAME, type BookingInput } from '~/schemas/booking';
import { BOOKING_TRANSITIONS, type BookingPatch } from '~/schemas/booking-admin';
import { createdChanges, diffChanges, recordAudit, type AuditActor } from './audit.server';
import { confirmedVehicleDates, findClashes, vehicleOf } from './booking-clashes.server';
import type { Settings } from '~/schemas/settings';
import { getPublicSettings, getSettings } from './settings.server';
import { enqueueEmails } from './outbox.server';
import { issueBookingLink } from './booking-link.server';
import { closedDayRefusal } from '~/lib/permits/closed-days';
import { initialPermitStatus, PermitAreaClosed, permitPackageOf, tripClashes } from './permits.server';

/** Fields of a new booking that a staff-entered booking's 'create' audit entry lists. */
const CREATED_FIELDS = [
  'source',
  'type',
  'itemName',
  'name',
  'email',
  'phone',
  'startDate',
  'endDate',
  'adults',
  'children',
  'needHelmet',
  'needDriver',
  'message',
] as const;

/**
 * What `createBooking` accepts besides the input. `withinTransaction` runs in the booking's
 * transaction after the insert (the API's Idempotency-Key row). A staff-entered booking
 * (docs/product.md#bookings-and-inquiries) names its `source` ('phone', 'whatsapp', 'walk-in';
 * default 'website') and the staff member as `actor`: it is audited ('create') in the same
 * transaction, and only the traveller's acknowledgement is queued (staff made it, so the office is
 * not notified of it).
 */
export type CreateBookingOptions = {
  withinTransaction?: (tx: Executor, row: Booking) => Promise<void>;
  source?: BookingSource;
  actor?: AuditActor;
  /** The WhatsApp lead staff linked it to by its code (`resolveLeadCode`, docs/decisions/049-whatsapp-leads.md). */
  whatsappLeadId?: string | null;
};

/**
 * Store a booking (status pending) and queue its mails, in one transaction. Throws InvalidReference
 * for an unknown package, bike or car and Conflict for a vehicle that is not available (errors.server.ts).
 * A package needing a permit starts with `permit_status` 'documents_missing'; without `actor` (a
 * traveller's booking) a trip whose tagged permit-area day falls on a day that area is closed is
 * refused with PermitAreaClosed (400, on `startDate`; docs/decisions/050-permits-and-manifests.md#closed-days).
 * See `CreateBookingOptions` for a booking staff enter by hand.
 */
export async function createBooking(input: BookingInput, options: CreateBookingOptions = {}): Promise<Booking> {
  // From the shared content cache, which every settings save empties (here at once, on other
  // instances through the instance bus: docs/decisions/042-shared-content-cache.md), so a booking is
  // sold under the policy in force; a submission then costs one statement less.
  const settings = await getPublicSettings(['company', 'notifications', 'payments', 'permits']);
  let mails: ReturnType<typeof bookingMails> = [];
  const booking = await db().transaction(async (tx) => {
    const values: NewBooking = {
      type: input.type,
      itemName: '',
      name: input.name,
      email: input.email,
      phone: input.phone,
      startDate: input.startDate,
      message: input.message,
      status: 'pending',
      source: options.source ?? 'website',
      whatsappLeadId: options.whatsappLeadId ?? null,
      publicityConsent: input.publicityConsent,
      // The policy the booking is sold under stays with it (docs/decisions/046-payments.md#cancellation-and-refunds).
      cancellationPolicy: input.type === 'package' ? settings.payments.packageCancellation : settings.payments.rentalCancellation,
    };
    if (input.type === 'package') {
      if (input.itemId === CUSTOM_TOUR) {
        values.itemName = CUSTOM_TOUR_NAME;
      } else {
        const [pkg] = await tx
          .select({
            id: tourPackages.id,
            title: tourPackages.title,
            permitIds: tourPackages.permitIds,
            itinerary: tourPackages.itinerary,
            permitDocumentsDaysBefore: tourPackages.permitDocumentsDaysBefore,
          })
          .from(tourPackages)
          .where(eq(tourPackages.id, input.itemId));
        if (!pkg) throw new InvalidReference('Unknown tour package', [{ path: 'itemId', message: 'Please select a tour package.' }]);
        values.packageId = pkg.id;
        values.itemName = pkg.title;
        // A package needing a permit starts with its documents missing (docs/decisions/050-permits-and-manifests.md#the-status).
        values.permitStatus = initialPermitStatus(pkg.permitIds);
        // A traveller is refused a trip whose tagged permit-area day falls on a day the area is
        // closed; staff entering a booking are warned on its page instead (docs/decisions/050-permits-and-manifests.md#closed-days).
        const refusal = options.actor ? null : closedDayRefusal(tripClashes(pkg, input.startDate, settings.permits));
        if (refusal) throw new PermitAreaClosed(refusal, [{ path: 'startDate', message: refusal }]);
      }
      values.adults = input.adults ?? null;
      values.children = input.children ?? null;
    } else {
      const table = input.type === 'bike' ? bikes : cars;
      const noun = input.type === 'bike' ? 'bike' : 'car';
      // FOR SHARE: the admin cannot mark the vehicle unavailable while this booking is written.
      const [vehicle] = await tx
        .select({ id: table.id, model: table.model, available: table.available })
        .from(table)
        .where(eq(table.id, input.itemId))
        .for('share');
      if (!vehicle) throw new InvalidReference(`Unknown ${noun}`, [{ path: 'itemId', message: `This ${noun} does not exist` }]);
      if (!vehicle.available) {
        throw new Conflict(`This ${noun} is currently unavailable`, [{ path: 'itemId', message: `${vehicle.model} is currently unavailable` }]);
      }
      values.itemName = vehicle.model;
      values.endDate = input.endDate ?? null;
      // A visitor's request over days the vehicle is already confirmed for is refused with the
      // message its form shows at once (docs/decisions/048-trip-operations.md#availability-on-the-booking-forms).
      // Staff entering a booking by hand may still note it as pending: confirming it is checked.
      if (!options.actor) {
        const today = todayInIndia();
        const taken = overlappingRanges(await confirmedVehicleDates(input.type, vehicle.id, today, tx), input.startDate, values.endDate);
        if (taken.length > 0) {
          const message = bookedDatesMessage(input.type, taken, today);
          throw new Conflict(message, [{ path: 'startDate', message }]);
        }
      }
      if (input.type === 'bike') {
        values.bikeId = vehicle.id;
        values.needHelmet = input.needHelmet;
      } else {
        values.carId = vehicle.id;
        values.needDriver = input.needDriver;
      }
    }
    const [row] = await tx.insert(bookings).values(values).returning();
    // The acknowledgement links to the traveller's own booking page (docs/decisions/046-payments.md).
    const link = await issueBookingLink(tx, row!.id);
    const all = bookingMails(row!, settings.company, operatorEmail(settings), link.url);
    // Staff entered it: the traveller's acknowledgement only, no 'new booking' mail to the office.
    mails = options.actor ? all.filter((mail) => mail.kind === 'acknowledgement') : all;
    await enqueueEmails(tx, mails);
    if (options.actor) {
      await recordAudit(tx, options.actor, {
        action: 'create',
        entityType: 'booking',
        entityId: row!.id,
        summary: `Entered booking #${shortReference(row!.id)} (${BOOKING_SOURCE_LABELS[values.source as BookingSource]}: ${row!.name}, ${row!.itemName})`,
        changes: createdChanges(row!, CREATED_FIELDS),
      });
    }
    await options.withinTransaction?.(tx, row!);
    return row!;
  });
  notifyNewMail(mails);
  const label = options.actor
    ? `Booking #${shortReference(booking.id)} entered by ${options.actor.name}: ${booking.name}, ${booking.itemName}`
    : `New booking from ${booking.name}: ${booking.itemName}`;
  publishLive({ type: 'booking.created', id: booking.id, label });
  return booking;
}

/** The booking, or null when the id is unknown or not a UUID (tests and the admin). */
export async function getBooking(id: string): Promise<Booking | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Staff side: status changes, corrections, delete (the list and the export are in
// booking-list.server.ts, the clash check in booking-clashes.server.ts).

/** What a booking change refuses with 400 (a field at fault that the schema could not judge alone). */
export class InvalidBookingChange extends DomainError {}

/** Why a status change is not allowed (docs/product.md#booking-status). */
function illegalTransition(from: BookingStatus, to: BookingStatus): Conflict {
  const message =
    from === to ? `This booking is already ${from}` : to === 'pending' ? 'A booking never goes back to pending' : `A ${from} booking cannot be ${to}`;
  return new Conflict(message, [{ path: 'status', message }]);
}

const STATUS_VERB: Record<BookingStatus, string> = { pending: 'Reopened', confirmed: 'Confirmed', rejected: 'Rejected', cancelled: 'Cancelled' };

/** Fields a correction may change, and that the audit entry of type 'update' compares. */
const CORRECTABLE = ['name', 'email', 'phone', 'startDate', 'endDate', 'adults', 'children', 'needHelmet', 'needDriver', 'message'] as const;

/** What an item change sets, also compared by the 'update' entry (the name, and the id it points to). */
const ITEM_FIELDS = ['itemName', 'packageId', 'bikeId', 'carId'] as const;

/** The booking types each type-bound field of a change applies to (anything else is refused, 400). */
const FIELD_TYPES: Partial<Record<keyof BookingPatch, BookingType>> = { adults: 'package', children: 'package', needHelmet: 'bike', needDriver: 'car' };

const TYPE_NOUN: Record<BookingType, string> = { package: 'package', bike: 'bike', car: 'car' };

/**
 * The item a change's `itemId` names, as the columns to set: a package (or 'custom' for a custom
 * tour) for a package booking, a bike or car of the same type otherwise. A vehicle is read FOR
 * SHARE (it cannot be marked unavailable meanwhile). Throws InvalidBookingChange (400, `itemId`)
 * for an unknown id or another type's, Conflict (409, `itemId`) for a vehicle marked unavailable,
 * as the public form refuses it.
 */
async function itemColumns(tx: Executor, type: BookingType, itemId: string): Promise<Pick<NewBooking, (typeof ITEM_FIELDS)[number]>> {
  const unknown = (message: string) => new InvalidBookingChange(message, [{ path: 'itemId', message }]);
  if (type === 'package') {
    if (itemId === CUSTOM_TOUR) return { itemName: CUSTOM_TOUR_NAME, packageId: null };
    const [pkg] = await tx.select({ id: tourPackages.id, title: tourPackages.title }).from(tourPackages).where(eq(tourPackages.id, itemId));
    if (!pkg) throw unknown('No tour package has this id');
    return { itemName: pkg.title, packageId: pkg.id };
  }
  const noun = TYPE_NOUN[type];
  if (!isUuid(itemId)) throw unknown(`No ${noun} has this id`);
  const table = type === 'bike' ? bikes : cars;
  const [vehicle] = await tx.select({ id: table.id, model: table.model, available: table.available }).from(table).where(eq(table.id, itemId)).for('share');
  if (!vehicle) throw unknown(`No ${noun} has this id`);
  if (!vehicle.available) {
    throw new Conflict(`This ${noun} is currently unavailable`, [{ path: 'itemId', message: `${vehicle.model} is currently unavailable` }]);
  }
  return type === 'bike' ? { itemName: vehicle.model, bikeId: vehicle.id } : { itemName: vehicle.model, carId: vehicle.id };
}

/** The id of the item a booking points to ('custom' for a package booking without a package). */
function currentItemId(booking: Booking): string | null {
  if (booking.type === 'package') return booking.packageId ?? (booking.itemName === CUSTOM_TOUR_NAME ? CUSTOM_TOUR : null);
  return booking.bikeId ?? booking.carId;
}

/**
 * Change a booking as staff (docs/product.md#booking-status): its status along the state machine,
 * its follow-up day and assigned staff member, corrections of the contact fields and dates, and what
 * was booked: the item (`itemId`, another of the same type), adults and children (packages), helmet
 * (bikes), driver (cars) and the message (docs/product.md#bookings-and-inquiries). In one
 * transaction with one audit entry per kind of change ('status' with `{status: {from, to}}`,
 * 'assign', 'follow_up', 'update'); `confirmed_at` is set when the booking becomes confirmed and
 * cleared when it is rejected. A status change also queues the traveller's mail (confirmed, could
 * not be confirmed, cancelled; `bookingStatusMail`) in that transaction, so it exists exactly when
 * the change does (docs/decisions/011-notifications-outbox.md). Published as 'booking.updated' after commit.
 *
 * A `status` equal to the current one is no change; alone it is refused like any illegal
 * transition. Cancelling (`cancelledAt` set, open payment requests cancelled) is for a booking with
 * nothing paid: once money was paid it is Conflict on `status`, and the refund flow
 * (app/models/refunds.server.ts, `cancelBookingIn`) cancels it while deciding the refund
 * (docs/decisions/046-payments.md#cancellation-and-refunds). Throws NotFound (unknown id), Conflict (illegal transition, or the vehicle already
 * booked on overlapping days: 'Already booked: #A1B2C3 (Asha Rai, Jan 5 – Jan 7, 2025)') and
 * InvalidBookingChange (end before start, unknown staff member, unknown item, a field of another
 * booking type); a confirmed vehicle booking moved to another vehicle or other days is checked for
 * clashes like a confirmation, and a vehicle marked unavailable is refused (Conflict, `itemId`).
 */
export async function updateBookingForAdmin(id: string, patch: BookingPatch, actor: AuditActor): Promise<Booking> {
  if (!isUuid(id)) throw new NotFound('Booking not found');
  // The status mail names the office's phone and WhatsApp (docs/decisions/011-notifications-outbox.md).
  const company = patch.status !== undefined ? (await getSettings(['company'])).company : null;
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await db().transaction((tx) => applyChange(tx, id, patch, actor, company));
      notifyNewMail(outcome.mails);
      if (outcome.changed) {
        const { row, statusChange } = outcome;
        const label = statusChange
          ? `Booking #${shortReference(row.id)} ${statusChange.to}: ${row.name}, ${row.itemName}`
          : `Booking #${shortReference(row.id)} updated`;
        publishLive({ type: 'booking.updated', id: row.id, label });
        // The site's 'someone just booked' toast shows confirmed bookings.
        await publicContentChanged('booking updated');
      }
      return outcome.row;
    } catch (error) {
      if (isExclusionViolation(error)) {
        // Another confirmation of the same vehicle committed first: name it (now visible).
        const current = await getBooking(id);
        const vehicleId = patch.itemId !== undefined && current && current.type !== 'package' ? patch.itemId : undefined;
        const proposed = current
          ? {
              ...current,
              startDate: patch.startDate ?? current.startDate,
              endDate: patch.endDate === undefined ? current.endDate : patch.endDate,
              ...(vehicleId ? (current.type === 'bike' ? { bikeId: vehicleId } : { carId: vehicleId }) : {}),
            }
          : null;
        const message = clashMessage(proposed ? await findClashes(db(), proposed) : []);
        const path = patch.status ? 'status' : vehicleId && !patch.startDate && patch.endDate === undefined ? 'itemId' : 'startDate';
        throw new Conflict(message, [{ path, message }]);
      }
      if (isRetryableTransactionError(error) && attempt < 3) continue;
      throw error;
    }
  }
}

type ChangeOutcome = { row: Booking; changed: boolean; statusChange: { from: BookingStatus; to: BookingStatus } | null; mails: OutgoingEmail[] };

/**
 * How a change is made. `refundDecided`: the caller is the cancellation flow
 * (app/models/refunds.server.ts), which decides the refund in the same transaction, so a booking
 * with money paid may be cancelled; any other cancellation of such a booking is refused.
 */
type ChangeOptions = { refundDecided?: { amountPaise: number; paidPaise: number } };

/**
 * Cancel booking `id` inside the caller's transaction `tx` (the cancellation flow of
 * docs/decisions/046-payments.md#cancellation-and-refunds): the state machine's rules, `cancelledAt`,
 * open payment requests cancelled, the 'status' audit entry and the traveller's cancelled mail,
 * queued in `tx` and returned for the caller to signal after commit; the mail says what comes back
 * (`refund`: the amount decided and what was paid, paise). Throws like `updateBookingForAdmin`
 * (Conflict for a rejected or cancelled booking).
 */
export async function cancelBookingIn(
  tx: Executor,
  id: string,
  actor: AuditActor,
  company: Settings['company'],
  refund: { amountPaise: number; paidPaise: number },
): Promise<ChangeOutcome> {
  return applyChange(tx, id, { status: 'cancelled' }, actor, company, { refundDecided: refund });
}

async function applyChange(
  tx: Executor,
  id: string,
  patch: BookingPatch,
  actor: AuditActor,
  company: Settings['company'] | null,
  options: ChangeOptions = {},
): Promise<ChangeOutcome> {
  const [current] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  if (!current) throw new NotFound('Booking not found');
  const from = current.status as BookingStatus;
  const reference = `#${shortReference(current.id)}`;
  const set: Partial<NewBooking> = {};
  let statusChange: ChangeOutcome['statusChange'] = null;
  /** A cancellation's money, for the traveller's mail. */
  let cancellationRefund = options.refundDecided;

  if (patch.status !== undefined) {
    const onlyStatus = Object.entries(patch).every(([key, value]) => key === 'status' || value === undefined);
    if (patch.status !== from) {
      if (!canTransition(BOOKING_TRANSITIONS, from, patch.status)) throw illegalTransition(from, patch.status);
      statusChange = { from, to: patch.status };
      set.status = patch.status;
      set.confirmedAt = patch.status === 'confirmed' ? new Date() : null;
      // Staff decided a 'paid but clashing' booking (docs/decisions/046-payments.md#confirmation).
      if (current.paidButClashing) set.paidButClashing = null;
      if (patch.status === 'cancelled') {
        // Money paid is returned by a decision (docs/decisions/046-payments.md#cancellation-and-refunds):
        // such a booking is cancelled through the refund flow, which records it; a bare status change
        // cancels only a booking with nothing paid.
        if (!options.refundDecided) {
          const [paid] = await tx
            .select({ paise: sql<number>`coalesce(sum(${payments.amountPaise}), 0)::int` })
            .from(payments)
            .where(eq(payments.bookingId, id));
          if ((paid?.paise ?? 0) > 0) {
            const message =
              'Money was paid for this booking: cancel it with Cancel booking (POST /api/bookings/:id/refunds with cancel: true), which decides the refund';
            throw new Conflict(message, [{ path: 'status', message }]);
          }
          cancellationRefund = { amountPaise: 0, paidPaise: 0 };
        }
        set.cancelledAt = new Date();
      }
    } else if (onlyStatus) {
      throw illegalTransition(from, patch.status);
    }
  }
  const type = current.type as BookingType;
  for (const [field, fits] of Object.entries(FIELD_TYPES)) {
    if (patch[field as keyof BookingPatch] !== undefined && fits !== type) {
      const message = `${field} does not apply to a ${TYPE_NOUN[type]} booking`;
      throw new InvalidBookingChange(message, [{ path: field, message }]);
    }
  }
  for (const field of CORRECTABLE) {
    if (patch[field] !== undefined && patch[field] !== current[field]) Object.assign(set, { [field]: patch[field] });
  }
  if (patch.itemId !== undefined && patch.itemId !== currentItemId(current)) {
    Object.assign(set, await itemColumns(tx, type, patch.itemId));
    if (type === 'package') {
      // Moved to another package, the booking takes that package's starting permit status
      // (docs/decisions/050-permits-and-manifests.md#the-status), unless the permit was already
      // applied for or issued, which staff decide about themselves.
      const needed = initialPermitStatus((await permitPackageOf(tx, set.packageId ?? null))?.permitIds);
      if (current.permitStatus === 'not_needed' || current.permitStatus === 'documents_missing') {
        if (needed !== current.permitStatus) set.permitStatus = needed;
      }
    }
  }
  if (patch.followUpOn !== undefined && patch.followUpOn !== current.followUpOn) set.followUpOn = patch.followUpOn;
  if (patch.assignedTo !== undefined && patch.assignedTo !== current.assignedTo) set.assignedTo = patch.assignedTo;

  const next = { ...current, ...set } as Booking;
  if (next.endDate && next.endDate < next.startDate) {
    throw new InvalidBookingChange('The end date cannot be before the start date', [
      { path: 'endDate', message: 'The end date cannot be before the start date' },
    ]);
  }
  let assignee: { id: string; name: string } | null = null;
  if (set.assignedTo) {
    const [user] = await tx.select({ id: users.id, name: users.name, disabledAt: users.disabledAt }).from(users).where(eq(users.id, set.assignedTo));
    if (!user || user.disabledAt)
      throw new InvalidBookingChange('Unknown staff member', [{ path: 'assignedTo', message: 'No active staff member has this id' }]);
    assignee = user;
  }
  if (Object.keys(set).length === 0) return { row: current, changed: false, statusChange: null, mails: [] };

  const datesChanged = set.startDate !== undefined || set.endDate !== undefined;
  const vehicleChanged = set.bikeId !== undefined || set.carId !== undefined;
  if (next.status === 'confirmed' && (statusChange || datesChanged || vehicleChanged) && vehicleOf(next)) {
    // One confirmation of a vehicle at a time, so the check below sees every committed one and the
    // refusal names the clash; the exclusion constraint stays the guarantee (docs/decisions/015-no-double-booking.md).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${vehicleOf(next)!.id}::text, 15))`);
    const clashes = await findClashes(tx, next);
    if (clashes.length > 0) {
      const message = clashMessage(clashes);
      throw new Conflict(message, [{ path: statusChange ? 'status' : vehicleChanged && !datesChanged ? 'itemId' : 'startDate', message }]);
    }
  }

  const [row] = await tx.update(bookings).set(set).where(eq(bookings.id, id)).returning();
  if (statusChange?.to === 'cancelled') {
    // Nothing more is asked of a cancelled booking: its open payment requests close with it.
    await tx
      .update(paymentRequests)
      .set({ status: 'cancelled' })
      .where(and(eq(paymentRequests.bookingId, id), eq(paymentRequests.status, 'open')));
  }
  const mails: OutgoingEmail[] = [];
  if (statusChange) {
    await recordAudit(tx, actor, {
      action: 'status',
      entityType: 'booking',
      entityId: id,
      summary: `${STATUS_VERB[statusChange.to]} booking ${reference}`,
      changes: { status: { from: statusChange.from, to: statusChange.to } },
    });
    // The traveller hears of the change in the same transaction: the mail exists exactly when the
    // change does (docs/decisions/011-notifications-outbox.md).
    const mail = company ? bookingStatusMail(row!, statusChange, company, (await issueBookingLink(tx, id)).url, cancellationRefund) : null;
    if (mail) mails.push(mail);
    await enqueueEmails(tx, mails);
  }
  if (set.assignedTo !== undefined) {
    await recordAudit(tx, actor, {
      action: 'assign',
      entityType: 'booking',
      entityId: id,
      summary: assignee ? `Assigned booking ${reference} to ${assignee.name}` : `Unassigned booking ${reference}`,
      changes: { assignedTo: { from: current.assignedTo, to: set.assignedTo } },
    });
  }
  if (set.followUpOn !== undefined) {
    await recordAudit(tx, actor, {
      action: 'follow_up',
      entityType: 'booking',
      entityId: id,
      summary: set.followUpOn ? `Follow-up of booking ${reference} set to ${formatDate(set.followUpOn)}` : `Follow-up of booking ${reference} cleared`,
      changes: { followUpOn: { from: current.followUpOn, to: set.followUpOn } },
    });
  }
  const corrected = diffChanges(current, row!, [...CORRECTABLE, ...ITEM_FIELDS, 'permitStatus']);
  if (corrected) {
    const summary = set.itemName !== undefined ? `Changed booking ${reference} to ${row!.itemName}` : `Corrected booking ${reference}`;
    await recordAudit(tx, actor, { action: 'update', entityType: 'booking', entityId: id, summary, changes: corrected });
  }
  return { row: row!, changed: true, statusChange, mails };
}

/**
 * Confirm a pending booking because its advance arrived (docs/decisions/046-payments.md#confirmation),
 * inside the payment's transaction `tx`: the same state machine, clash check and exclusion
 * constraint as a staff confirmation, run in a savepoint. On a clash the savepoint is rolled back,
 * the booking stays pending and `paid_but_clashing` holds the clash message for the dashboard;
 * on success that flag is cleared. The caller publishes after commit.
 */
export async function confirmPaidBooking(
  tx: Executor,
  id: string,
  actor: AuditActor,
  company: Settings['company'],
): Promise<{ confirmed: true; booking: Booking; mails: OutgoingEmail[] } | { confirmed: false; clash: string }> {
  try {
    const outcome = await tx.transaction((savepoint) => applyChange(savepoint, id, { status: 'confirmed' }, actor, company));
    const [row] = await tx.update(bookings).set({ paidButClashing: null }).where(eq(bookings.id, id)).returning();
    return { confirmed: true, booking: row!, mails: outcome.mails };
  } catch (error) {
    if (!(error instanceof Conflict) && !isExclusionViolation(error)) throw error;
    const current = await getBookingIn(tx, id);
    const clash = error instanceof Conflict ? error.message : clashMessage(current ? await findClashes(tx, current) : []);
    await tx.update(bookings).set({ paidButClashing: clash }).where(eq(bookings.id, id));
    return { confirmed: false, clash };
  }
}

async function getBookingIn(executor: Executor, id: string): Promise<Booking | null> {
  const [row] = await executor.select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}

/** Confirm or reject a booking (or any legal status change); see `updateBookingForAdmin`. */
export function setBookingStatus(id: string, status: BookingStatus, actor: AuditActor): Promise<Booking> {
  return updateBookingForAdmin(id, { status }, actor);
}

/**
 * Delete a booking with its notes (audited as 'delete' with the removed fields, published as
 * 'booking.deleted'); false when the id is unknown or not a UUID. Conflict when money is on record
 * for it (payments or refunds): such a booking is cancelled instead. An inquiry converted into it keeps
 * its own record with the link cleared.
 */
export async function deleteBookingForAdmin(id: string, actor: AuditActor): Promise<boolean> {
  if (!isUuid(id)) return false;
  const removed = await db().transaction(async (tx) => {
    // Money stays on record (the ledger is append-only, docs/decisions/046-payments.md#the-ledger):
    // a booking with ledger entries or refunds is cancelled, not deleted.
    const [money] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, id)).limit(1);
    const [refund] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.bookingId, id)).limit(1);
    if (money || refund) throw new Conflict('This booking has payments on record and cannot be deleted; cancel it instead');
    const [row] = await tx.delete(bookings).where(eq(bookings.id, id)).returning();
    if (!row) return null;
    await recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'booking',
      entityId: id,
      summary: `Deleted booking #${shortReference(id)} (${row.name}, ${row.itemName})`,
      changes: diffChanges(
        {
          status: row.status,
          type: row.type,
          itemName: row.itemName,
          name: row.name,
          email: row.email,
          phone: row.phone,
          startDate: row.startDate,
          endDate: row.endDate,
        },
        null,
      ),
    });
    return row;
  });
  if (!removed) return false;
  if (removed.status === 'confirmed') await publicContentChanged('booking deleted');
  publishLive({ type: 'booking.deleted', id, label: `Booking #${shortReference(id)} deleted` });
  return true;
}
