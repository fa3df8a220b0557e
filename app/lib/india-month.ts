/**
 * Calendar months in India's calendar (Asia/Kolkata, UTC+05:30 all year, no summer time;
 * docs/decisions/008-money-dates-ids.md#dates): which instants a month 'YYYY-MM' covers, so a
 * document issued at 23:59 IST on 31 December is December's even though it is 18:29 UTC. Client-safe.
 */

/** 'YYYY-MM' with a month 01-12. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Whether `value` is a month as 'YYYY-MM' (years 2000-2100, as the other date fields). */
export function isMonth(value: string): boolean {
  if (!MONTH_PATTERN.test(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 2000 && year <= 2100;
}

/**
 * The instants of the month 'YYYY-MM' in India: from its first day at 00:00 IST (`from`, included)
 * to the next month's first day at 00:00 IST (`to`, excluded). Throws a RangeError for anything
 * that is not a month.
 */
export function monthBounds(month: string): { from: Date; to: Date } {
  if (!isMonth(month)) throw new RangeError(`Not a month as YYYY-MM: ${month}`);
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1;
  const next = index === 11 ? `${year + 1}-01` : `${year}-${String(index + 2).padStart(2, '0')}`;
  return { from: new Date(`${month}-01T00:00:00+05:30`), to: new Date(`${next}-01T00:00:00+05:30`) };
}
