/**
 * Calendar days written 'YYYY-MM-DD', the one form dates take in forms, the API and the database
 * (docs/decisions/034-dates.md). Pure: used by the schemas on the server and in the browser.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True when `value` is 'YYYY-MM-DD' and that day exists ('2026-02-30' does not). */
export function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * True when `value` is a real day between 2000-01-01 and 2100-12-31: the range staff may enter for
 * package departures and booking or inquiry dates (they may correct dates in the past).
 */
export function isCalendarDate(value: string): boolean {
  return isRealDate(value) && value >= '2000-01-01' && value <= '2100-12-31';
}

const MS_PER_DAY = 86_400_000;

/** The day's number counted from 1970-01-01 (day 0), for differences between calendar days. */
export function dayNumber(value: string): number {
  return Math.round(Date.parse(`${value}T00:00:00Z`) / MS_PER_DAY);
}

/** The calendar day `days` after `value` (negative: before), 'YYYY-MM-DD'. */
export function addDays(value: string, days: number): string {
  return new Date(Date.parse(`${value}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}
