/**
 * Follow-up dates and internal notes of the staff pipeline (docs/decisions/016-request-pipeline.md),
 * client-safe: the pipeline panel, the bookings and inquiries lists and the server share these.
 * Dates are Asia/Kolkata calendar days 'YYYY-MM-DD' (docs/decisions/008-money-dates-ids.md#dates),
 * so plain string comparison orders them.
 */

/** Longest internal note, in characters after trimming (line breaks count as one). */
export const NOTE_MAX_LENGTH = 2000;

/** Earliest follow-up date accepted: anything before is a typing slip (a year '0202'), not a plan. */
export const FOLLOW_UP_EARLIEST = '2000-01-01';

/** How many years ahead a follow-up date may be. */
export const FOLLOW_UP_MAX_YEARS_AHEAD = 3;

/** Where a follow-up date stands on `today`: 'overdue' before it, 'today' on it, 'upcoming' after, null without one. */
export type FollowUpStatus = 'overdue' | 'today' | 'upcoming' | null;

/**
 * The state of `followUpOn` on `today` (both 'YYYY-MM-DD'; pass `todayInIndia()` from
 * app/lib/format.ts).
 */
export function followUpStatus(followUpOn: string | null | undefined, today: string): FollowUpStatus {
  if (!followUpOn) return null;
  if (followUpOn < today) return 'overdue';
  return followUpOn === today ? 'today' : 'upcoming';
}

/** True when a follow-up is due: its date is today or already past. False without a date. */
export function isDue(followUpOn: string | null | undefined, today: string): boolean {
  const status = followUpStatus(followUpOn, today);
  return status === 'overdue' || status === 'today';
}

/** The badge text of a due follow-up ('Due today', 'Overdue'), or null when nothing is due. */
export function followUpBadge(followUpOn: string | null | undefined, today: string): 'Due today' | 'Overdue' | null {
  const status = followUpStatus(followUpOn, today);
  if (status === 'overdue') return 'Overdue';
  return status === 'today' ? 'Due today' : null;
}
