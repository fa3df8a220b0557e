/**
 * Bookings (docs/decisions/003-visitor-submissions-stored.md, 025-two-stores-for-everything-visitors-send.md): every
 * "book" request is validated, then stored with its notification mails in one transaction before the
 * visitor sees success. A vehicle that is not available is refused (Conflict).
 *
 * The staff side (docs/product.md#bookings-and-inquiries): the admin list and the CSV export with
 * their filters, status changes that obey the state machine (docs/product.md#booking-status), field
 * corrections and deletes. Every change is written with its audit entry in one transaction
 * (docs/decisions/017-audit-log.md) and published to open admin pages after it commits
 * (docs/decisions/018-live-updates.md). No bike or car is confirmed twice for overlapping days
 * (docs/decisions/015-no-double-booking.md): a check first, for a message naming the clash, and the
 * database's exclusion constraints as the guarantee.
 */
import { and, asc, desc, eq, getTableColumns, ne, or, sql, type SQL } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { isExclusionViolation, isRetryableTransactionError } from '~/db/errors.server';
import { bikes, bookings, cars, tourPackages, users, type Booking, type NewBooking } from '~/db/schema';
import { canTransition, type BookingStatus, type BookingType } from '~/lib/constants';
import { inBatches } from '~/lib/csv.server';
import { Conflict, DomainError, InvalidReference, NotFound } from '~/lib/errors.server';
import { clashMessage, formatDate, todayInIndia } from '~/lib/format';
import { isUuid, shortReference } from '~/lib/ids';
import { publishLive } from '~/lib/live-events.server';
import { publicContentChanged } from '~/lib/public-content.server';
import { notifyNewMail } from '~/lib/mail-signal.server';
import { bookingMails, bookingStatusMail, operatorEmail } from '~/lib/mail-texts.server';
import type { OutgoingEmail } from './outbox.server';
import { CUSTOM_TOUR, CUSTOM_TOUR_NAME, type BookingInput } from '~/schemas/booking';
import { BOOKING_TRANSITIONS, type BookingFilterParams, type BookingPatch, type BookingSort } from '~/schemas/booking-admin';
import { diffChanges, recordAudit, type AuditActor } from './audit.server';
import { escapeLike, selectPage, type Page, type Paging } from './query.server';
import type { Settings } from '~/schemas/settings';
import { getSettings } from './settings.server';
import { enqueueEmails } from './outbox.server';

/**
 * Store a booking (status pending) and queue its mails, in one transaction. Throws InvalidReference
 * for an unknown package, bike or car and Conflict for a vehicle that is not available (errors.server.ts).
 * `withinTransaction` runs in that transaction after the insert (the API's Idempotency-Key row).
 */
export async function createBooking(
  input: BookingInput,
  options: { withinTransaction?: (tx: Executor, row: Booking) => Promise<void> } = {},
): Promise<Booking> {
  const settings = await getSettings(['company', 'notifications']);
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
    };
    if (input.type === 'package') {
      if (input.itemId === CUSTOM_TOUR) {
        values.itemName = CUSTOM_TOUR_NAME;
      } else {
        const [pkg] = await tx.select({ id: tourPackages.id, title: tourPackages.title }).from(tourPackages).where(eq(tourPackages.id, input.itemId));
        if (!pkg) throw new InvalidReference('Unknown tour package', [{ path: 'itemId', message: 'Please select a tour package.' }]);
        values.packageId = pkg.id;
        values.itemName = pkg.title;
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
      if (input.type === 'bike') {
        values.bikeId = vehicle.id;
        values.needHelmet = input.needHelmet;
      } else {
        values.carId = vehicle.id;
        values.needDriver = input.needDriver;
      }
    }
    const [row] = await tx.insert(bookings).values(values).returning();
    mails = bookingMails(row!, settings.company, operatorEmail(settings));
    await enqueueEmails(tx, mails);
    await options.withinTransaction?.(tx, row!);
    return row!;
  });
  notifyNewMail(mails);
  publishLive({ type: 'booking.created', id: booking.id, label: `New booking from ${booking.name}: ${booking.itemName}` });
  return booking;
}

/** The booking, or null when the id is unknown or not a UUID (tests and the admin). */
export async function getBooking(id: string): Promise<Booking | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Staff side: list, export, status changes, corrections, delete.

/** What a booking change refuses with 400 (a field at fault that the schema could not judge alone). */
export class InvalidBookingChange extends DomainError {}

/** Query of the admin list, the API list and the export. */
export type AdminBookingQuery = Paging & {
  /** Substring of the customer's name, e-mail or phone, the item, or the short reference; any case. */
  q?: string;
  status?: BookingStatus;
  type?: BookingType;
  /** Default 'newest' (received date, newest first). */
  sort?: BookingSort;
  /** Only bookings whose follow-up day is today or earlier (Asia/Kolkata) and that are not rejected. */
  dueToday?: boolean;
  /** Only bookings assigned to this staff member (a user id). */
  assignedTo?: string;
};

/** The search of the admin list: name, e-mail, phone (also by its digits), item, reference. */
function bookingSearch(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  const conditions: SQL[] = [
    sql`${bookings.name} ilike ${pattern}`,
    sql`${bookings.email} ilike ${pattern}`,
    sql`${bookings.phone} ilike ${pattern}`,
    sql`${bookings.itemName} ilike ${pattern}`,
  ];
  // The short reference is the id's last 6 hex digits ('#A1B2C3', docs/decisions/008-money-dates-ids.md#ids).
  const reference = term.replace(/^#/, '');
  if (/^[0-9a-f]{1,6}$/i.test(reference)) {
    conditions.push(sql`right(replace(${bookings.id}::text, '-', ''), 6) ilike ${`%${reference}%`}`);
  }
  // '9000000101' finds '+91 90000 00101'.
  const digits = term.replace(/\D/g, '');
  if (digits.length >= 4 && /^[+\d\s().-]+$/.test(term)) {
    conditions.push(sql`regexp_replace(${bookings.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  }
  return or(...conditions);
}

function bookingConditions(query: Omit<AdminBookingQuery, keyof Paging>): SQL | undefined {
  return and(
    bookingSearch(query.q),
    query.status ? eq(bookings.status, query.status) : undefined,
    query.type ? eq(bookings.type, query.type) : undefined,
    query.dueToday ? and(sql`${bookings.followUpOn} <= ${todayInIndia()}::date`, ne(bookings.status, 'rejected')) : undefined,
    query.assignedTo ? eq(bookings.assignedTo, query.assignedTo) : undefined,
  );
}

/** Each order is one key and the id as tie-breaker, in one direction, so the export can page by keyset. */
const SORTS: Record<BookingSort, { key: 'created' | 'travel'; direction: 'asc' | 'desc' }> = {
  newest: { key: 'created', direction: 'desc' },
  oldest: { key: 'created', direction: 'asc' },
  'travel-soonest': { key: 'travel', direction: 'asc' },
  'travel-latest': { key: 'travel', direction: 'desc' },
};

function sortKey(sort: BookingSort) {
  return SORTS[sort].key === 'created' ? bookings.createdAt : bookings.startDate;
}

function orderBy(sort: BookingSort): SQL[] {
  const by = SORTS[sort].direction === 'asc' ? asc : desc;
  return [by(sortKey(sort)), by(bookings.id)];
}

/** One page of bookings for the admin table or GET /api/bookings, and the number matching. */
export async function listBookingsForAdmin(query: AdminBookingQuery = {}): Promise<Page<Booking>> {
  const where = bookingConditions(query);
  const rows = db()
    .select()
    .from(bookings)
    .where(where)
    .orderBy(...orderBy(query.sort ?? 'newest'))
    .$dynamic();
  return selectPage(rows, { table: bookings, where }, query);
}

/** A booking as the export writes it: the assigned staff member's name and the keyset cursor added. */
export type BookingExportRow = Booking & { assignedName: string | null; cursor: string };

/**
 * Every booking matching `query`, in its order, read in keyset batches of `batchSize` (never the
 * whole table at once; docs/decisions/019-csv-exports.md). The cursor is the sort key as text
 * (a timestamptz keeps its microseconds that way) plus the id.
 */
export function exportBookings(query: Omit<AdminBookingQuery, keyof Paging>, batchSize = 1000): AsyncGenerator<BookingExportRow> {
  const sort = query.sort ?? 'newest';
  const where = bookingConditions(query);
  const key = sortKey(sort);
  const cast = sql.raw(SORTS[sort].key === 'created' ? 'timestamptz' : 'date');
  const after = (row: BookingExportRow) =>
    SORTS[sort].direction === 'asc'
      ? sql`(${key}, ${bookings.id}) > (${row.cursor}::${cast}, ${row.id}::uuid)`
      : sql`(${key}, ${bookings.id}) < (${row.cursor}::${cast}, ${row.id}::uuid)`;
  return inBatches<BookingExportRow>(
    (last, size) =>
      db()
        .select({ ...getTableColumns(bookings), assignedName: users.name, cursor: sql<string>`${key}::text` })
        .from(bookings)
        .leftJoin(users, eq(users.id, bookings.assignedTo))
        .where(and(where, last ? after(last) : undefined))
        .orderBy(...orderBy(sort))
        .limit(size),
    batchSize,
  );
}

/** Another confirmed booking of the same vehicle. */
export type BookingClash = { id: string; name: string; startDate: string; endDate: string | null };

type VehicleBooking = Pick<Booking, 'id' | 'bikeId' | 'carId' | 'startDate' | 'endDate'>;

/** The bike or car a booking holds, or null (a package, or a vehicle deleted since). */
function vehicleOf(booking: Pick<Booking, 'bikeId' | 'carId'>): { column: typeof bookings.bikeId | typeof bookings.carId; id: string } | null {
  if (booking.bikeId) return { column: bookings.bikeId, id: booking.bikeId };
  if (booking.carId) return { column: bookings.carId, id: booking.carId };
  return null;
}

/** The booked days as a closed range: start to end, or the start day alone. */
function daysOf(start: SQL | string, end: SQL | string | null): SQL {
  return sql`daterange(${start}::date, coalesce(${end}::date, ${start}::date), '[]')`;
}
const storedDays = sql`daterange(${bookings.startDate}, coalesce(${bookings.endDate}, ${bookings.startDate}), '[]')`;

/**
 * Confirmed bookings of the same vehicle whose days overlap `booking`'s (its own row left out),
 * earliest first. The same test as the database's exclusion constraints.
 */
export async function findClashes(executor: Executor, booking: VehicleBooking): Promise<BookingClash[]> {
  const vehicle = vehicleOf(booking);
  if (!vehicle) return [];
  return executor
    .select({ id: bookings.id, name: bookings.name, startDate: bookings.startDate, endDate: bookings.endDate })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        eq(vehicle.column, vehicle.id),
        ne(bookings.id, booking.id),
        sql`${storedDays} && ${daysOf(booking.startDate, booking.endDate)}`,
      ),
    )
    .orderBy(asc(bookings.startDate), asc(bookings.id))
    .limit(5);
}

/** A confirmed booking of the same vehicle near this one, and whether it overlaps it. */
export type CalendarEntry = BookingClash & { overlaps: boolean };

/**
 * The vehicle's other confirmed bookings from `days` days before this booking's start to `days`
 * days after its end, earliest first (at most 50), each marked when it overlaps this booking.
 * Empty for a package booking or a deleted vehicle.
 */
export async function vehicleCalendar(booking: VehicleBooking, days = 30): Promise<CalendarEntry[]> {
  const vehicle = vehicleOf(booking);
  if (!vehicle) return [];
  const end = booking.endDate ?? booking.startDate;
  const window = sql`daterange(${booking.startDate}::date - ${days}::int, ${end}::date + ${days}::int, '[]')`;
  return db()
    .select({
      id: bookings.id,
      name: bookings.name,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      overlaps: sql<boolean>`${storedDays} && ${daysOf(booking.startDate, booking.endDate)}`,
    })
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), eq(vehicle.column, vehicle.id), ne(bookings.id, booking.id), sql`${storedDays} && ${window}`))
    .orderBy(asc(bookings.startDate), asc(bookings.id))
    .limit(50);
}

/** Why a status change is not allowed (docs/product.md#booking-status). */
function illegalTransition(from: BookingStatus, to: BookingStatus): Conflict {
  const message =
    from === to ? `This booking is already ${from}` : to === 'pending' ? 'A booking never goes back to pending' : `A ${from} booking cannot be ${to}`;
  return new Conflict(message, [{ path: 'status', message }]);
}

const STATUS_VERB: Record<BookingStatus, string> = { pending: 'Reopened', confirmed: 'Confirmed', rejected: 'Rejected' };

/** Fields a correction may change, and that the audit entry of type 'update' compares. */
const CORRECTABLE = ['name', 'email', 'phone', 'startDate', 'endDate'] as const;

/**
 * Change a booking as staff (docs/product.md#booking-status): its status along the state machine,
 * its follow-up day and assigned staff member, corrections of the contact fields and dates. In one
 * transaction with one audit entry per kind of change ('status' with `{status: {from, to}}`,
 * 'assign', 'follow_up', 'update'); `confirmed_at` is set when the booking becomes confirmed and
 * cleared when it is rejected. A status change also queues the traveller's mail (confirmed, could
 * not be confirmed, cancelled; `bookingStatusMail`) in that transaction, so it exists exactly when
 * the change does (docs/decisions/011-notifications-outbox.md). Published as 'booking.updated' after commit.
 *
 * A `status` equal to the current one is no change; alone it is refused like any illegal
 * transition. Throws NotFound (unknown id), Conflict (illegal transition, or the vehicle already
 * booked on overlapping days: 'Already booked: #A1B2C3 (Asha Rai, Jan 5 – Jan 7, 2025)') and
 * InvalidBookingChange (end before start, unknown staff member).
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
        const proposed = current
          ? { ...current, startDate: patch.startDate ?? current.startDate, endDate: patch.endDate === undefined ? current.endDate : patch.endDate }
          : null;
        const message = clashMessage(proposed ? await findClashes(db(), proposed) : []);
        throw new Conflict(message, [{ path: patch.status ? 'status' : 'startDate', message }]);
      }
      if (isRetryableTransactionError(error) && attempt < 3) continue;
      throw error;
    }
  }
}

type ChangeOutcome = { row: Booking; changed: boolean; statusChange: { from: BookingStatus; to: BookingStatus } | null; mails: OutgoingEmail[] };

async function applyChange(tx: Executor, id: string, patch: BookingPatch, actor: AuditActor, company: Settings['company'] | null): Promise<ChangeOutcome> {
  const [current] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  if (!current) throw new NotFound('Booking not found');
  const from = current.status as BookingStatus;
  const reference = `#${shortReference(current.id)}`;
  const set: Partial<NewBooking> = {};
  let statusChange: ChangeOutcome['statusChange'] = null;

  if (patch.status !== undefined) {
    const onlyStatus = Object.entries(patch).every(([key, value]) => key === 'status' || value === undefined);
    if (patch.status !== from) {
      if (!canTransition(BOOKING_TRANSITIONS, from, patch.status)) throw illegalTransition(from, patch.status);
      statusChange = { from, to: patch.status };
      set.status = patch.status;
      set.confirmedAt = patch.status === 'confirmed' ? new Date() : null;
    } else if (onlyStatus) {
      throw illegalTransition(from, patch.status);
    }
  }
  for (const field of CORRECTABLE) {
    if (patch[field] !== undefined && patch[field] !== current[field]) Object.assign(set, { [field]: patch[field] });
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
  if (next.status === 'confirmed' && (statusChange || datesChanged) && vehicleOf(next)) {
    // One confirmation of a vehicle at a time, so the check below sees every committed one and the
    // refusal names the clash; the exclusion constraint stays the guarantee (docs/decisions/015-no-double-booking.md).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${vehicleOf(next)!.id}::text, 15))`);
    const clashes = await findClashes(tx, next);
    if (clashes.length > 0) {
      const message = clashMessage(clashes);
      throw new Conflict(message, [{ path: statusChange ? 'status' : 'startDate', message }]);
    }
  }

  const [row] = await tx.update(bookings).set(set).where(eq(bookings.id, id)).returning();
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
    const mail = company ? bookingStatusMail(row!, statusChange, company) : null;
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
  const corrected = diffChanges(current, row!, CORRECTABLE);
  if (corrected) {
    await recordAudit(tx, actor, { action: 'update', entityType: 'booking', entityId: id, summary: `Corrected booking ${reference}`, changes: corrected });
  }
  return { row: row!, changed: true, statusChange, mails };
}

/** Confirm or reject a booking (or any legal status change); see `updateBookingForAdmin`. */
export function setBookingStatus(id: string, status: BookingStatus, actor: AuditActor): Promise<Booking> {
  return updateBookingForAdmin(id, { status }, actor);
}

/**
 * Delete a booking with its notes (audited as 'delete' with the removed fields, published as
 * 'booking.deleted'); false when the id is unknown or not a UUID. An inquiry converted into it keeps
 * its own record with the link cleared.
 */
export async function deleteBookingForAdmin(id: string, actor: AuditActor): Promise<boolean> {
  if (!isUuid(id)) return false;
  const removed = await db().transaction(async (tx) => {
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

/**
 * The model's query from the filters of the page or the API (app/schemas/booking-admin.ts): 'all'
 * means no filter, `assigned=me` means the signed-in staff member `me` (a user id).
 */
export function adminBookingQuery(filters: BookingFilterParams, me: string): Omit<AdminBookingQuery, keyof Paging> {
  return {
    q: filters.q || undefined,
    status: filters.status && filters.status !== 'all' ? filters.status : undefined,
    type: filters.type && filters.type !== 'all' ? filters.type : undefined,
    sort: filters.sort,
    dueToday: filters.due === 'today',
    assignedTo: filters.assigned === 'me' ? me : filters.assigned,
  };
}
