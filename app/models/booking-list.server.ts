/**
 * The staff's view of many bookings (docs/product.md#bookings-and-inquiries): the admin list and
 * GET /api/bookings, one page at a time, and the CSV export in keyset batches
 * (docs/decisions/019-csv-exports.md), with the same search, filters and orders. A single booking's
 * reads and changes are in app/models/booking.server.ts.
 */
import { and, asc, desc, eq, getTableColumns, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bookings, users, type Booking } from '~/db/schema';
import type { BookingSource, BookingStatus, BookingType } from '~/lib/constants';
import { inBatches } from '~/lib/csv.server';
import { todayInIndia } from '~/lib/format';
import type { BookingFilterParams, BookingSort } from '~/schemas/booking-admin';
import { balanceDueSql, bookingMoneyColumns, type BookingMoney } from './booking-money-sql.server';
import { escapeLike, selectPage, type Page, type Paging } from './query.server';

/** Query of the admin list, the API list and the export. */
export type AdminBookingQuery = Paging & {
  /** Substring of the customer's name, e-mail or phone, the item, or the short reference; any case. */
  q?: string;
  status?: BookingStatus;
  type?: BookingType;
  /** 'website', or how staff took it ('phone', 'whatsapp', 'walk-in'). */
  source?: BookingSource;
  /** Default 'newest' (received date, newest first). */
  sort?: BookingSort;
  /** Only bookings whose follow-up day is today or earlier (Asia/Kolkata) and that are not rejected. */
  dueToday?: boolean;
  /** Only bookings assigned to this staff member (a user id). */
  assignedTo?: string;
  /** Only bookings with money still to pay: a quote above the ledger's sum, not rejected or cancelled. */
  balanceDue?: boolean;
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
    query.source ? eq(bookings.source, query.source) : undefined,
    query.dueToday ? and(sql`${bookings.followUpOn} <= ${todayInIndia()}::date`, notInArray(bookings.status, ['rejected', 'cancelled'])) : undefined,
    query.assignedTo ? eq(bookings.assignedTo, query.assignedTo) : undefined,
    query.balanceDue ? balanceDueSql : undefined,
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

/** A booking of the admin table with its money (paise; see BookingMoney). */
export type BookingWithMoney = Booking & BookingMoney;

/**
 * One page of bookings with their money for the admin table ('Paid / Due'), and the number
 * matching: one statement for the page (the latest quote and the ledger's sum are correlated
 * subqueries, app/models/booking-money-sql.server.ts), none per booking.
 */
export async function listBookingsWithMoney(query: AdminBookingQuery = {}): Promise<Page<BookingWithMoney>> {
  const where = bookingConditions(query);
  const rows = db()
    .select({ ...getTableColumns(bookings), ...bookingMoneyColumns })
    .from(bookings)
    .where(where)
    .orderBy(...orderBy(query.sort ?? 'newest'))
    .$dynamic();
  return selectPage(rows, { table: bookings, where }, query);
}

/**
 * A booking as the export writes it: the assigned staff member's name, its money (paise) and the
 * keyset cursor added.
 */
export type BookingExportRow = Booking & BookingMoney & { assignedName: string | null; cursor: string };

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
        .select({ ...getTableColumns(bookings), ...bookingMoneyColumns, assignedName: users.name, cursor: sql<string>`${key}::text` })
        .from(bookings)
        .leftJoin(users, eq(users.id, bookings.assignedTo))
        .where(and(where, last ? after(last) : undefined))
        .orderBy(...orderBy(sort))
        .limit(size),
    batchSize,
  );
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
    source: filters.source && filters.source !== 'all' ? filters.source : undefined,
    sort: filters.sort,
    dueToday: filters.due === 'today',
    assignedTo: filters.assigned === 'me' ? me : filters.assigned,
    balanceDue: filters.balance === 'due',
  };
}
