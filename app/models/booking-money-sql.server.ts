/**
 * A booking's money as SQL expressions (docs/decisions/046-payments.md#the-ledger), for queries over
 * many bookings: the bookings list and GET /api/bookings, the CSV export, the dashboard and the
 * balance reminders. Each is a correlated subquery on the outer query's `bookings` row, so one
 * statement reads a page of bookings with their money (no query per booking). They mirror
 * `moneySummary` in app/models/payments.server.ts, which does the same for one booking in
 * TypeScript: the latest quote revision, and the ledger summed (a reversal counts against what it
 * reverses). Amounts are integer paise; sums come back as bigint and are read as numbers (a booking's
 * sums stay far below 2^53).
 */
import { sql, type SQL } from 'drizzle-orm';
import { bookingQuotes, payments } from '~/db/schema';

/**
 * The outer query's booking id, always qualified: Drizzle leaves column names unqualified in a
 * single-table select, where a bare "id" inside a subquery would mean the subquery's own table.
 */
const BOOKING_ID = sql.raw('"bookings"."id"');

/** A column of the booking's latest quote revision, or null without a quote. */
function latestQuote<T>(column: 'total_paise' | 'advance_paise' | 'balance_due_on::text'): SQL<T | null> {
  return sql<T | null>`(select q.${sql.raw(column)} from ${bookingQuotes} q where q.booking_id = ${BOOKING_ID} order by q.revision desc limit 1)`;
}

/** The latest quote's total (paise), or null without a quote. */
export const quoteTotalPaiseSql = latestQuote<number>('total_paise');

/** The latest quote's advance (paise), or null without a quote. */
export const quoteAdvancePaiseSql = latestQuote<number>('advance_paise');

/** The latest quote's balance due day ('YYYY-MM-DD', India's calendar), or null without a quote. */
export const balanceDueOnSql = latestQuote<string>('balance_due_on::text');

/** The ledger's sum (paise): received less refunded, reversals included. 0 without entries. */
export const paidPaiseSql = sql<number>`coalesce((select sum(l.amount_paise) from ${payments} l where l.booking_id = ${BOOKING_ID}), 0)`;

/**
 * Money returned (paise, positive): refunds, less reversals of refunds. The reversal's own type is
 * 'reversal', so it is counted by the type of the entry it reverses.
 */
export const refundedPaiseSql = sql<number>`coalesce((select -sum(p.amount_paise) from ${payments} p left join ${payments} r on r.id = p.reverses_id where p.booking_id = ${BOOKING_ID} and coalesce(r.entry_type, p.entry_type) = 'refund'), 0)`;

/** Whether the booking can still owe money: not rejected or cancelled. */
const owesMoneySql = sql`${sql.raw('"bookings"."status"')} not in ('rejected', 'cancelled')`;

/**
 * What is still to pay (paise): the quote's total less the ledger's sum, never below 0; 0 without
 * a quote and for a rejected or cancelled booking (as `moneySummary` gives no `due` then).
 */
export const duePaiseSql = sql<number>`case when ${quoteTotalPaiseSql} is null or not (${owesMoneySql}) then 0 else greatest(${quoteTotalPaiseSql} - ${paidPaiseSql}, 0) end`;

/** The condition of 'Balance due': a quote whose total exceeds what was paid, the booking not rejected or cancelled. */
export const balanceDueSql = sql`(${owesMoneySql} and ${quoteTotalPaiseSql} > ${paidPaiseSql})`;

/** The money columns of a bookings select, read as numbers (bigint sums arrive as text). */
export const bookingMoneyColumns = {
  // Drizzle passes null through without calling the mapper.
  totalPaise: quoteTotalPaiseSql.mapWith(Number) as SQL<number | null>,
  advancePaise: quoteAdvancePaiseSql.mapWith(Number) as SQL<number | null>,
  balanceDueOn: balanceDueOnSql,
  paidPaise: paidPaiseSql.mapWith(Number),
  refundedPaise: refundedPaiseSql.mapWith(Number),
  duePaise: duePaiseSql.mapWith(Number),
};

/** A booking's money as `bookingMoneyColumns` reads it. */
export type BookingMoney = {
  /** The latest quote's total, null without a quote. */
  totalPaise: number | null;
  advancePaise: number | null;
  balanceDueOn: string | null;
  paidPaise: number;
  refundedPaise: number;
  duePaise: number;
};
