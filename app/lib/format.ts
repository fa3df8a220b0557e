/**
 * Formatting shared by server and browser (docs/decisions/008-money-dates-ids.md): rupees and dates
 * in Asia/Kolkata.
 *
 * It gives what `Intl` gives for these formats (en-IN grouping, en-US dates in India's time zone) but
 * does not use `Intl`: a page's first use of `Intl` loads the browser's locale data, about 12 ms of
 * main thread on this machine and four times that on a slow phone, all inside hydration
 * (docs/decisions/023-public-page-speed.md). India has kept one offset, UTC+05:30, without summer
 * time since 1945, so its calendar and clock are plain arithmetic. `format.test.ts` holds every
 * function here to `Intl`'s output.
 */

import { shortReference } from './ids';

/** India Standard Time: UTC+05:30, all year (ms). */
const IST_OFFSET_MS = 330 * 60_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A whole number with Indian digit grouping, as `toLocaleString('en-IN')` writes it: '950', '1,250',
 * '12,34,567' (the last three digits, then pairs). Fractions are rounded half away from zero.
 */
export function formatCount(value: number): string {
  const n = Math.round(Math.abs(value));
  const digits = String(n);
  const sign = value < 0 && n > 0 ? '-' : '';
  if (!/^\d+$/.test(digits) || digits.length <= 3) return sign + digits;
  const head = digits.slice(0, -3);
  return `${sign}${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** '₹3,500' for a positive amount; null for 0, null or undefined (callers show their contact text). */
export function formatRupees(amount: number | null | undefined): string | null {
  if (amount == null || !Number.isFinite(amount) || amount <= 0) return null;
  return `₹${formatCount(amount)}`;
}

/**
 * The price text (docs/decisions/008-money-dates-ids.md#money): rupees above 0, else the given
 * contact text.
 */
export function priceOrContact(amount: number | null | undefined, contactText: string): string {
  return formatRupees(amount) ?? contactText;
}

/** The contact texts, one per place a price shows (docs/decisions/008-money-dates-ids.md#money). */
export const CONTACT_FOR_PRICE = 'Contact for Price';
export const CONTACT_FOR_PRICING = 'Contact for Pricing';
export const CONTACT_FOR_BIKE_PRICE = 'Contact for price';

/** A rating with one decimal, as the cards and detail pages show it: 4.7, 5.0. */
export function formatRating(rating: number | null | undefined): string {
  return (Number.isFinite(rating) ? Number(rating) : 0).toFixed(1);
}

/** '1 review', '59 reviews', '1,250 reviews'. */
export function formatReviewCount(count: number | null | undefined): string {
  const n = Math.max(0, Math.trunc(count ?? 0));
  return `${formatCount(n)} ${n === 1 ? 'review' : 'reviews'}`;
}

function toDate(value: Date | string): Date {
  // A bare calendar date ('2025-01-05') means that day in India, not UTC midnight.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00+05:30`);
  return typeof value === 'string' ? new Date(value) : value;
}

/** The calendar and clock in India at an instant: UTC fields of the instant moved by +05:30. Throws a RangeError for an invalid date. */
function inIndia(value: Date): Date {
  // Intl's formats throw the same RangeError for an invalid date.
  if (Number.isNaN(value.getTime())) throw new RangeError('Invalid time value');
  return new Date(value.getTime() + IST_OFFSET_MS);
}

/** 'Jan 5, 2025' in Asia/Kolkata. */
export function formatDate(value: Date | string): string {
  const d = inIndia(toDate(value));
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/**
 * 'Jan 5, 2025, 3:40 PM' in Asia/Kolkata (inquiry details,
 * docs/decisions/008-money-dates-ids.md#dates).
 */
export function formatDateTime(value: Date | string): string {
  const d = inIndia(toDate(value));
  const hours = d.getUTCHours();
  const minutes = String(d.getUTCMinutes()).padStart(2, '0');
  return `${formatDate(value)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * Today's date in Asia/Kolkata as 'YYYY-MM-DD' ("today" for date rules,
 * docs/decisions/008-money-dates-ids.md#dates).
 */
export function todayInIndia(now: Date = new Date()): string {
  return inIndia(now).toISOString().slice(0, 10);
}

/** Seats from a capacity text such as '7 Seater' (docs/product.md#car-list); 4 when there is no number. */
export function seatsFromCapacity(capacity: string | null | undefined): number {
  const match = /\d+/.exec(capacity ?? '');
  return match ? Number(match[0]) : 4;
}

/** Comma-separated features text to a trimmed list without blanks. */
export function splitFeatures(features: string | null | undefined): string[] {
  return (features ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
}

/** 'Jan 5, 2025'; 'Jan 5 – Jan 7, 2025'; 'Dec 30, 2024 – Jan 2, 2025' (calendar days, Asia/Kolkata). */
export function formatDateRange(start: string, end: string | null | undefined): string {
  if (!end || end === start) return formatDate(start);
  if (start.slice(0, 4) === end.slice(0, 4)) return `${formatDate(start).replace(/, \d{4}$/, '')} – ${formatDate(end)}`;
  return `${formatDate(start)} – ${formatDate(end)}`;
}

/**
 * Why a booking cannot be confirmed, naming the first confirmed booking it clashes with:
 * 'Already booked: #A1B2C3 (Asha Rai, Jan 5 – Jan 7, 2025)', plus ' and 2 more' when there are more
 * (docs/product.md#booking-status).
 */
export function clashMessage(clashes: readonly { id: string; name: string; startDate: string; endDate: string | null }[]): string {
  const [first, ...rest] = clashes;
  if (!first) return 'Already booked for these dates';
  const more = rest.length > 0 ? ` and ${rest.length} more` : '';
  return `Already booked: #${shortReference(first.id)} (${first.name}, ${formatDateRange(first.startDate, first.endDate)})${more}`;
}
