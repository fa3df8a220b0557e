/**
 * A bike's or car's confirmed days as its public booking forms show them, and the message a request
 * over them gets (docs/decisions/048-trip-operations.md#availability-on-the-booking-forms). Pure:
 * the form checks the chosen dates as the visitor picks them, and `createBooking` answers the very
 * same message when a request reaches the server anyway (before scripts, or from the API).
 */

/** Days a vehicle is taken, 'YYYY-MM-DD', both ends included. */
export type BookedRange = { start: string; end: string };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayAfter(value: string): string {
  return new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The ranges sorted by start, with overlapping and touching ranges joined (Jan 12–14 and Jan 15–16
 * read as one stay of the vehicle: 12–16 Jan).
 */
export function mergeBookedRanges(ranges: readonly BookedRange[]): BookedRange[] {
  const sorted = [...ranges].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const merged: BookedRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= dayAfter(last.end)) {
      if (range.end > last.end) last.end = range.end;
    } else {
      merged.push({ ...range });
    }
  }
  return merged;
}

/** '12 Jan', or '12 Jan 2028' when `withYear`. */
function day(value: string, withYear: boolean): string {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]}${withYear ? ` ${y}` : ''}`;
}

/**
 * One range the way people say it: '20 Jan', '12–14 Jan', '30 Jan – 2 Feb', and the year added when
 * it is not `thisYear` ('30 Dec 2027 – 2 Jan 2028').
 */
export function formatBookedRange({ start, end }: BookedRange, thisYear: string): string {
  const withYear = start.slice(0, 4) !== thisYear || end.slice(0, 4) !== thisYear;
  if (start === end) return day(start, withYear);
  if (start.slice(0, 7) === end.slice(0, 7)) return `${Number(start.slice(8))}–${day(end, withYear)}`;
  return `${day(start, withYear && start.slice(0, 4) !== end.slice(0, 4))} – ${day(end, withYear)}`;
}

/** '12–14 Jan, 20 Jan' for the ranges (merged first); '' for none. `today` is 'YYYY-MM-DD' in India. */
export function formatBookedRanges(ranges: readonly BookedRange[], today: string): string {
  return mergeBookedRanges(ranges)
    .map((range) => formatBookedRange(range, today.slice(0, 4)))
    .join(', ');
}

/**
 * The ranges that share a day with `start`..`end` (`end` empty or missing: the start day alone).
 * None when `start` is not a 'YYYY-MM-DD' date yet or `end` is before it (the form's own checks say
 * so).
 */
export function overlappingRanges(ranges: readonly BookedRange[], start: string, end?: string | null): BookedRange[] {
  const iso = /^\d{4}-\d{2}-\d{2}$/;
  if (!iso.test(start)) return [];
  const last = end && iso.test(end) ? end : start;
  if (last < start) return [];
  return mergeBookedRanges(ranges).filter((range) => range.start <= last && range.end >= start);
}

/**
 * What a request over confirmed days is told, on its start date field, by the form at once and by
 * the server: 'This bike is already booked on 12–14 Jan. Please choose other dates.' It names
 * days only, never the other traveller.
 */
export function bookedDatesMessage(type: 'bike' | 'car', overlaps: readonly BookedRange[], today: string): string {
  return `This ${type} is already booked on ${formatBookedRanges(overlaps, today)}. Please choose other dates.`;
}
