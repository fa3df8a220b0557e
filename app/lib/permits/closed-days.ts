/**
 * Which days of a trip are spent in a permit area, and which of them fall on a day the area is
 * closed (docs/decisions/050-permits-and-manifests.md#closed-days). Pure and client-safe: the public
 * booking form's server check, the staff warning on the booking page and the manifest all use it.
 *
 * The rule: a trip starting on `startDate` has day 1 on that date, day n on `startDate + n - 1`,
 * and lasts as many days as its itinerary has (at least 1). An itinerary day tagged with a permit
 * (`permitId`) is a day in that permit's area. A permit the package needs but no day is tagged
 * with is taken to cover the whole trip: for the manifest that lists the travellers on every day
 * of it, and for the closed days it is only a "may fall" warning (never a refusal), since the day
 * the area is visited is not known.
 */
import { addDays } from '~/lib/calendar-date';
import { formatDate } from '~/lib/format';
import { WEEKDAY_NAMES } from './constants';

/** A permit as the closed-day rule needs it (settings `permits.types`). */
export type PermitArea = { id: string; name: string; closedWeekdays: readonly number[] };

/** The itinerary as the rule needs it: its days in order, each maybe tagged with a permit area. */
export type TaggedDay = { permitId?: string | null };

/** A day of the trip in a permit area that falls on a day that area is closed. */
export type ClosedDayClash = {
  permitId: string;
  permitName: string;
  /** The permit's closed weekdays (0 = Sunday). */
  closedWeekdays: readonly number[];
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 0 = Sunday. */
  weekday: number;
  /** The itinerary day (1-based) tagged with the permit, or null when no day is tagged. */
  day: number | null;
  /** True for a tagged day (the area is certainly visited that day); false for an untagged permit's trip days. */
  certain: boolean;
};

/** How many days the trip lasts: its itinerary's days, at least 1. */
export function tripLength(itinerary: readonly TaggedDay[]): number {
  return Math.max(1, itinerary.length);
}

/** 0 = Sunday ... 6 = Saturday, of a 'YYYY-MM-DD' calendar day. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * The days of a trip starting on `startDate` spent in the area of `permitId`: the tagged itinerary
 * days (`tagged: true`), or every day of the trip when no day carries that tag (`tagged: false`).
 */
export function permitAreaDays(
  permitId: string,
  itinerary: readonly TaggedDay[],
  startDate: string,
): { tagged: boolean; days: { day: number; date: string }[] } {
  const tagged = itinerary.flatMap((d, i) => (d.permitId === permitId ? [{ day: i + 1, date: addDays(startDate, i) }] : []));
  if (tagged.length > 0) return { tagged: true, days: tagged };
  return { tagged: false, days: Array.from({ length: tripLength(itinerary) }, (_, i) => ({ day: i + 1, date: addDays(startDate, i) })) };
}

/**
 * Every day of the trip in the area of one of `permitIds` that falls on a weekday that area is
 * closed, in trip order. Permits unknown to `areas` (removed from the settings) are skipped.
 */
export function closedDayClashes({
  permitIds,
  itinerary,
  startDate,
  areas,
}: {
  permitIds: readonly string[];
  itinerary: readonly TaggedDay[];
  startDate: string;
  areas: readonly PermitArea[];
}): ClosedDayClash[] {
  const clashes: ClosedDayClash[] = [];
  for (const id of permitIds) {
    const area = areas.find((a) => a.id === id);
    if (!area || area.closedWeekdays.length === 0) continue;
    const { tagged, days } = permitAreaDays(id, itinerary, startDate);
    for (const { day, date } of days) {
      const weekday = weekdayOf(date);
      if (!area.closedWeekdays.includes(weekday)) continue;
      clashes.push({ permitId: id, permitName: area.name, closedWeekdays: area.closedWeekdays, date, weekday, day: tagged ? day : null, certain: tagged });
    }
  }
  return clashes.sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? -1 : 1));
}

/** 'Mondays and Tuesdays' for [1, 2] (in week order from Sunday). */
export function closedDaysText(weekdays: readonly number[]): string {
  const names = [...new Set(weekdays)].sort((a, b) => a - b).map((d) => `${WEEKDAY_NAMES[d]}s`);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * What a clash says: 'Nathula PAP is closed on Mondays and Tuesdays: day 2 of this trip would be
 * Monday, Jun 8, 2026.' for a tagged day; for an untagged permit 'Nathula PAP is closed on Mondays
 * and Tuesdays and this trip includes Monday, Jun 8, 2026; no itinerary day is marked as visiting
 * it, so check which day does.'
 */
export function clashText(clash: ClosedDayClash): string {
  const when = `${WEEKDAY_NAMES[clash.weekday]}, ${formatDate(clash.date)}`;
  const closed = `${clash.permitName} is closed on ${closedDaysText(clash.closedWeekdays)}`;
  if (clash.day !== null) return `${closed}: day ${clash.day} of this trip would be ${when}.`;
  return `${closed} and this trip includes ${when}; no itinerary day is marked as visiting it, so check which day does.`;
}

/** The public booking form's refusal, on the travel date: the first certain clash and what to do. Null when none. */
export function closedDayRefusal(clashes: readonly ClosedDayClash[]): string | null {
  const first = clashes.find((c) => c.certain);
  return first ? `${clashText(first)} Please choose another travel date.` : null;
}
