/**
 * Cancellation policies (docs/decisions/046-payments.md#cancellation-and-refunds): how much of what
 * a traveller paid comes back when a booking is cancelled, by how long before the start it is
 * cancelled. A booking keeps a copy of the policy it was sold under (`bookings.cancellation_policy`),
 * so changing the settings later does not change what earlier travellers were promised.
 *
 * Client-safe and pure: the settings form, the booking page and the refund computation share it.
 */
import { dayNumber } from './calendar-date';
import { todayInIndia } from './format';

/** Refund `refundPercent` % of the amount paid when cancelled at least `before` days or hours before the start. */
export type CancellationTier = { before: number; refundPercent: number };

/**
 * A policy: its unit and its tiers, most generous first. `days` count calendar days in India
 * (Asia/Kolkata) from the day of cancelling to the start date; `hours` count hours to the start
 * date's midnight in India (the booking forms ask for a pickup day, not a time, so the day's start
 * is the pickup the rental terms mean). Cancelled after the start, or before no tier: nothing back.
 */
export type CancellationPolicy = { unit: 'days' | 'hours'; tiers: CancellationTier[] };

/** Packages: 25 % refunded 15 or more days before travel, none within 15 days (the seeded policy text). */
export const DEFAULT_PACKAGE_POLICY: CancellationPolicy = {
  unit: 'days',
  tiers: [
    { before: 15, refundPercent: 25 },
    { before: 0, refundPercent: 0 },
  ],
};

/** Bikes and cars: free cancellation up to 24 hours before pickup, 50 % refunded within 24 hours. */
export const DEFAULT_RENTAL_POLICY: CancellationPolicy = {
  unit: 'hours',
  tiers: [
    { before: 24, refundPercent: 100 },
    { before: 0, refundPercent: 50 },
  ],
};

const MS_PER_HOUR = 3_600_000;
/** India has no daylight saving: midnight there is 18:30 UTC of the day before. */
const INDIA_OFFSET_MS = 5.5 * MS_PER_HOUR;

/** How long before the start `now` is, in the policy's unit (negative after the start). */
export function timeBeforeStart(policy: CancellationPolicy, startDate: string, now: Date): number {
  if (policy.unit === 'days') return dayNumber(startDate) - dayNumber(todayInIndia(now));
  const startMs = Date.parse(`${startDate}T00:00:00Z`) - INDIA_OFFSET_MS;
  return (startMs - now.getTime()) / MS_PER_HOUR;
}

/** The tier that applies when cancelling at `now`, or null (after the start, or no tier reaches). */
export function applicableTier(policy: CancellationPolicy, startDate: string, now: Date): CancellationTier | null {
  const before = timeBeforeStart(policy, startDate, now);
  if (before < 0) return null;
  const tiers = [...policy.tiers].sort((a, b) => b.before - a.before);
  return tiers.find((tier) => before >= tier.before) ?? null;
}

/**
 * The refund the policy gives for cancelling at `now`: the percentage and the amount in paise,
 * `paidPaise` × percent / 100 rounded down to the paisa (integer arithmetic; paise are safe integers).
 */
export function policyRefund(policy: CancellationPolicy, paidPaise: number, startDate: string, now: Date): { refundPercent: number; amountPaise: number } {
  const refundPercent = applicableTier(policy, startDate, now)?.refundPercent ?? 0;
  return { refundPercent, amountPaise: Math.floor((Math.max(0, paidPaise) * refundPercent) / 100) };
}

/** The policy in the traveller's words, one line per tier ('Cancelled 15 or more days before travel: 25% refunded.'). */
export function describePolicy(policy: CancellationPolicy, kind: 'package' | 'rental'): string[] {
  const start = kind === 'package' ? 'travel' : 'pickup';
  const tiers = [...policy.tiers].sort((a, b) => b.before - a.before);
  return tiers.map((tier, i) => {
    const unit = policy.unit === 'days' ? (tier.before === 1 ? 'day' : 'days') : tier.before === 1 ? 'hour' : 'hours';
    const when =
      tier.before === 0
        ? i === 0
          ? `Cancelled before ${start}`
          : `Cancelled within ${tiers[i - 1]!.before} ${policy.unit} of ${start}`
        : `Cancelled ${tier.before} or more ${unit} before ${start}`;
    const what = tier.refundPercent === 0 ? 'non-refundable' : tier.refundPercent === 100 ? 'full refund' : `${tier.refundPercent}% refunded`;
    return `${when}: ${what}.`;
  });
}
