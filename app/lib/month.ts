/**
 * Calendar months written 'YYYY-MM', in India's calendar (Asia/Kolkata, UTC+05:30 all year, no
 * summer time since 1945): the month the accounts page sums (docs/decisions/047-invoices-gst.md#the-months-summary).
 * A month runs from its first day 00:00 IST to the next month's first day 00:00 IST, so 31 March
 * 23:59 IST (18:29 UTC) is March and 1 April 00:00 IST (31 March 18:30 UTC) is April. Pure and
 * client-safe, like app/lib/calendar-date.ts.
 */

/** 'YYYY-MM' with a month 01-12 (the shape; `isMonth` also checks the range). */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The earliest and latest month the accounts take (the range of calendar dates staff may enter). */
export const FIRST_MONTH = '2000-01';
export const LAST_MONTH = '2100-12';

/** True for 'YYYY-MM' between FIRST_MONTH and LAST_MONTH. */
export function isMonth(value: string): boolean {
  return MONTH_PATTERN.test(value) && value >= FIRST_MONTH && value <= LAST_MONTH;
}

/** The month in India at `now`, 'YYYY-MM'. */
export function monthInIndia(now: Date = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 7);
}

/** The month `count` months after `month` (negative: before), 'YYYY-MM'. */
export function addMonths(month: string, count: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The month's bounds: `firstDay` and `nextFirstDay` as calendar days ('2026-03-01', '2026-04-01'),
 * for `date` columns such as the ledger's `received_on`; `start` and `end` the instants of their
 * midnights in India, for `timestamptz` columns (start included, end excluded). Throws a RangeError
 * for anything `isMonth` refuses.
 */
export function monthBounds(month: string): { firstDay: string; nextFirstDay: string; start: Date; end: Date } {
  if (!isMonth(month)) throw new RangeError(`Not a month (YYYY-MM): ${month}`);
  const firstDay = `${month}-01`;
  const nextFirstDay = `${addMonths(month, 1)}-01`;
  return { firstDay, nextFirstDay, start: new Date(`${firstDay}T00:00:00+05:30`), end: new Date(`${nextFirstDay}T00:00:00+05:30`) };
}

/** 'March 2026'. */
export function formatMonth(month: string): string {
  const [year, m] = month.split('-') as [string, string];
  return `${MONTH_NAMES[Number(m) - 1]} ${year}`;
}
