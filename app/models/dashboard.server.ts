/**
 * The admin dashboard's figures (docs/product.md#admin-dashboard): how many packages, bikes, cars
 * and bookings there are, how many bookings wait for an answer (status 'pending'), how many
 * inquiries are open (status 'pending'), how many customers have booked, and the three newest
 * packages, bikes and cars; and the money (`getMoneyOverview`, docs/decisions/046-payments.md):
 * balances due this week, what came in this month, bookings paid but clashing.
 *
 * Customers are the distinct booking e-mail addresses, compared without case or surrounding spaces
 * (not a multiple of the bookings count). All counts come from one statement; the three short
 * "newest" lists run beside it.
 */
import { and, asc, desc, isNotNull, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bikes, bookings, cars, inquiries, payments, tourPackages } from '~/db/schema';
import { addDays } from '~/lib/calendar-date';
import { todayInIndia } from '~/lib/format';
import { balanceDueOnSql, balanceDueSql, bookingMoneyColumns, duePaiseSql } from './booking-money-sql.server';

/** One of the newest catalogue items, as the dashboard lists it. */
export type RecentItem = {
  id: string;
  /** Package title, bike or car model. */
  title: string;
  imageUrl: string;
  /** Package price or daily rate in rupees; 0 or null means contact for price. */
  price: number | null;
  createdAt: Date;
};

export type DashboardData = {
  totalPackages: number;
  totalBikes: number;
  totalCars: number;
  totalBookings: number;
  /** Bookings with status 'pending'. */
  pendingBookings: number;
  /** Inquiries and contact messages with status 'pending'. */
  openInquiries: number;
  /** Distinct e-mail addresses (case-insensitive) among all bookings. */
  customers: number;
  recentPackages: RecentItem[];
  recentBikes: RecentItem[];
  recentCars: RecentItem[];
};

/** How many newest items of each kind the dashboard shows. */
export const RECENT_LIMIT = 3;

/**
 * Everything the dashboard shows, read in one go. Throws whatever the database throws (the page
 * then shows 'Failed to load data. Please refresh the page.').
 */
export async function getDashboardData(): Promise<DashboardData> {
  const [counts, recentPackages, recentBikes, recentCars] = await Promise.all([
    db()
      .select({
        totalPackages: sql<number>`(select count(*) from ${tourPackages})::int`,
        totalBikes: sql<number>`(select count(*) from ${bikes})::int`,
        totalCars: sql<number>`(select count(*) from ${cars})::int`,
        totalBookings: sql<number>`(select count(*) from ${bookings})::int`,
        pendingBookings: sql<number>`(select count(*) from ${bookings} where ${bookings.status} = 'pending')::int`,
        openInquiries: sql<number>`(select count(*) from ${inquiries} where ${inquiries.status} = 'pending')::int`,
        customers: sql<number>`(select count(distinct lower(trim(${bookings.email}))) from ${bookings})::int`,
      })
      .from(sql`(select 1) as dashboard`),
    db()
      .select({
        id: tourPackages.id,
        title: tourPackages.title,
        imageUrl: tourPackages.imageUrl,
        price: tourPackages.price,
        createdAt: tourPackages.createdAt,
      })
      .from(tourPackages)
      .orderBy(desc(tourPackages.createdAt), desc(tourPackages.id))
      .limit(RECENT_LIMIT),
    db()
      .select({ id: bikes.id, title: bikes.model, imageUrl: bikes.imageUrl, price: bikes.dailyRate, createdAt: bikes.createdAt })
      .from(bikes)
      .orderBy(desc(bikes.createdAt), desc(bikes.id))
      .limit(RECENT_LIMIT),
    db()
      .select({ id: cars.id, title: cars.model, imageUrl: cars.imageUrl, price: cars.dailyRate, createdAt: cars.createdAt })
      .from(cars)
      .orderBy(desc(cars.createdAt), desc(cars.id))
      .limit(RECENT_LIMIT),
  ]);
  const totals = counts[0];
  if (!totals) throw new Error('Dashboard counts returned no row');
  return {
    totalPackages: Number(totals.totalPackages),
    totalBikes: Number(totals.totalBikes),
    totalCars: Number(totals.totalCars),
    totalBookings: Number(totals.totalBookings),
    pendingBookings: Number(totals.pendingBookings),
    openInquiries: Number(totals.openInquiries),
    customers: Number(totals.customers),
    recentPackages,
    recentBikes,
    recentCars,
  };
}

/** What waits for an answer: bookings and inquiries with status 'pending' (the sidebar's badges). */
export type PendingCounts = { bookings: number; inquiries: number };

/**
 * How many bookings and inquiries are pending, in one statement of two indexed COUNTs. The admin
 * layout reads it on every load and revalidation, and /admin/events sends it
 * (docs/decisions/018-live-updates.md).
 */
export async function getPendingCounts(): Promise<PendingCounts> {
  const [row] = await db()
    .select({
      bookings: sql<number>`(select count(*) from ${bookings} where ${bookings.status} = 'pending')::int`,
      inquiries: sql<number>`(select count(*) from ${inquiries} where ${inquiries.status} = 'pending')::int`,
    })
    .from(sql`(select 1) as pending`);
  return { bookings: Number(row?.bookings ?? 0), inquiries: Number(row?.inquiries ?? 0) };
}

/** A newest booking as the dashboard lists it: who, what, for when, and its status. */
export type RecentBookingRow = {
  id: string;
  name: string;
  itemName: string;
  type: string;
  /** Travel or rental start date, 'YYYY-MM-DD'. */
  startDate: string;
  status: string;
  createdAt: Date;
};

/** A newest inquiry as the dashboard lists it: who, about what, and its status. */
export type RecentInquiryRow = {
  id: string;
  name: string;
  type: string;
  /** The package, car or bike asked about, or the contact form's subject; null when none. */
  about: string | null;
  status: string;
  createdAt: Date;
};

/** How many newest bookings and inquiries the dashboard lists. */
export const RECENT_REQUESTS_LIMIT = 5;

/**
 * The newest bookings and inquiries (RECENT_REQUESTS_LIMIT each, newest first), for the dashboard's
 * 'Latest bookings' and 'Latest inquiries'. No e-mail or phone: the list links to the record.
 */
export async function getRecentRequests(limit = RECENT_REQUESTS_LIMIT): Promise<{ bookings: RecentBookingRow[]; inquiries: RecentInquiryRow[] }> {
  const [bookingRows, inquiryRows] = await Promise.all([
    db()
      .select({
        id: bookings.id,
        name: bookings.name,
        itemName: bookings.itemName,
        type: bookings.type,
        startDate: bookings.startDate,
        status: bookings.status,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(limit),
    db()
      .select({
        id: inquiries.id,
        name: inquiries.name,
        type: inquiries.type,
        about: sql<string | null>`coalesce(${inquiries.packageTitle}, ${inquiries.carModel}, ${inquiries.bikeModel}, nullif(${inquiries.subject}, ''))`,
        status: inquiries.status,
        createdAt: inquiries.createdAt,
      })
      .from(inquiries)
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(limit),
  ]);
  return { bookings: bookingRows, inquiries: inquiryRows };
}

/** A booking whose balance falls due soon, as 'Due this week' lists it (amounts in paise). */
export type DueBalanceRow = {
  id: string;
  name: string;
  itemName: string;
  /** The latest quote's balance due day, 'YYYY-MM-DD' (India). */
  balanceDueOn: string;
  /** Still to pay: the quote's total less the ledger's sum. */
  duePaise: number;
};

/** A pending booking whose advance is in but whose vehicle is booked on those days. */
export type ClashingRow = { id: string; name: string; itemName: string; startDate: string; message: string };

/** The dashboard's money (docs/decisions/046-payments.md): what falls due, what came in, what needs a decision. */
export type MoneyOverview = {
  /**
   * Balances due from `today` to 7 days later, and those already overdue, soonest first (at most
   * DUE_LIST_LIMIT rows; `dueCount` and `dueTotalPaise` count them all): bookings not rejected or
   * cancelled whose latest quote's total exceeds the ledger's sum.
   */
  dueThisWeek: DueBalanceRow[];
  dueCount: number;
  dueTotalPaise: number;
  /**
   * The ledger's sum of rows received this calendar month in India: payments less refunds (paise).
   * A reversal counts in the month of the entry it reverses (the money it corrects never came).
   */
  receivedThisMonthPaise: number;
  /** The month it counts, 'YYYY-MM'. */
  month: string;
  /** Bookings flagged `paidButClashing`, oldest first. */
  paidButClashing: ClashingRow[];
};

/** How many rows 'Due this week' lists (the count and the sum cover them all). */
export const DUE_LIST_LIMIT = 10;

/**
 * The dashboard's money figures for `today` ('YYYY-MM-DD' in India; default today there), in three
 * statements run together: the balances due within 7 days (overdue ones included: they are the
 * most urgent), the month's receipts by `receivedOn`, and the paid but clashing bookings. Amounts
 * are paise. Throws whatever the database throws.
 */
export async function getMoneyOverview(today: string = todayInIndia()): Promise<MoneyOverview> {
  const until = addDays(today, 7);
  const month = today.slice(0, 7);
  const monthStart = `${month}-01`;
  const nextMonthStart = addMonthStart(monthStart);
  const dueWhere = and(balanceDueSql, sql`${balanceDueOnSql} <= ${until}`);
  const [dueRows, dueTotals, received, clashing] = await Promise.all([
    db()
      .select({ id: bookings.id, name: bookings.name, itemName: bookings.itemName, balanceDueOn: balanceDueOnSql, duePaise: bookingMoneyColumns.duePaise })
      .from(bookings)
      .where(dueWhere)
      .orderBy(sql`${balanceDueOnSql} asc`, asc(bookings.id))
      .limit(DUE_LIST_LIMIT),
    db()
      .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${duePaiseSql}), 0)::text` })
      .from(bookings)
      .where(dueWhere),
    // A reversal corrects a mistaken entry: it counts in the month of the entry it reverses.
    db().execute(
      sql`select coalesce(sum(p.amount_paise), 0)::text as total from ${payments} p left join ${payments} r on r.id = p.reverses_id
          where coalesce(r.received_on, p.received_on) >= ${monthStart}::date and coalesce(r.received_on, p.received_on) < ${nextMonthStart}::date`,
    ) as unknown as Promise<{ rows: Array<{ total: string }> }>,
    db()
      .select({ id: bookings.id, name: bookings.name, itemName: bookings.itemName, startDate: bookings.startDate, message: bookings.paidButClashing })
      .from(bookings)
      .where(isNotNull(bookings.paidButClashing))
      .orderBy(asc(bookings.createdAt), asc(bookings.id)),
  ]);
  return {
    dueThisWeek: dueRows.map((r) => ({ ...r, balanceDueOn: r.balanceDueOn ?? '', duePaise: Number(r.duePaise) })),
    dueCount: Number(dueTotals[0]?.n ?? 0),
    dueTotalPaise: Number(dueTotals[0]?.total ?? 0),
    receivedThisMonthPaise: Number(received.rows[0]?.total ?? 0),
    month,
    paidButClashing: clashing.map((r) => ({ ...r, message: r.message ?? '' })),
  };
}

/** The first day of the month after the one `monthStart` ('YYYY-MM-01') begins. */
function addMonthStart(monthStart: string): string {
  const [year, month] = monthStart.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** A confirmed booking whose permit documents are due and still missing (the dashboard's "Permit documents missing"). */
export type PermitMissingRow = { id: string; name: string; itemName: string; startDate: string; dueOn: string };

/** How many of them the dashboard lists. */
export const PERMIT_MISSING_LIMIT = 10;

/**
 * Confirmed bookings whose permit documents have fallen due (today in India on or after the travel
 * date − the package's days before, docs/decisions/050-permits-and-manifests.md#reminders-and-the-dashboard)
 * with the status still 'documents_missing', trips not yet started, soonest travel first; at most
 * `limit`, and how many there are in all.
 */
export async function listPermitDocumentsMissing(
  today: string = todayInIndia(),
  limit = PERMIT_MISSING_LIMIT,
): Promise<{ rows: PermitMissingRow[]; total: number }> {
  const dueOn = sql<string>`(${bookings.startDate} - ${tourPackages.permitDocumentsDaysBefore})::text`;
  const where = and(
    sql`${bookings.status} = 'confirmed'`,
    sql`${bookings.permitStatus} = 'documents_missing'`,
    sql`${bookings.startDate} >= ${today}::date`,
    sql`${bookings.startDate} - ${tourPackages.permitDocumentsDaysBefore} <= ${today}::date`,
  );
  const [rows, [count]] = await Promise.all([
    db()
      .select({ id: bookings.id, name: bookings.name, itemName: bookings.itemName, startDate: bookings.startDate, dueOn })
      .from(bookings)
      .innerJoin(tourPackages, sql`${tourPackages.id} = ${bookings.packageId}`)
      .where(where)
      .orderBy(asc(bookings.startDate), asc(bookings.id))
      .limit(limit),
    db()
      .select({ total: sql<number>`count(*)::int` })
      .from(bookings)
      .innerJoin(tourPackages, sql`${tourPackages.id} = ${bookings.packageId}`)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
