/**
 * Formatting shared by server and browser (docs/decisions/008-money-dates-ids.md): rupees and dates
 * in Asia/Kolkata.
 */

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** '₹3,500' for a positive amount; null for 0, null or undefined (callers show their contact text). */
export function formatRupees(amount: number | null | undefined): string | null {
  if (amount == null || !Number.isFinite(amount) || amount <= 0) return null;
  return rupees.format(amount);
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
  return `${n.toLocaleString('en-IN')} ${n === 1 ? 'review' : 'reviews'}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Kolkata',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function toDate(value: Date | string): Date {
  // A bare calendar date ('2025-01-05') means that day in India, not UTC midnight.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00+05:30`);
  return typeof value === 'string' ? new Date(value) : value;
}

/** 'Jan 5, 2025' in Asia/Kolkata. */
export function formatDate(value: Date | string): string {
  return dateFormat.format(toDate(value));
}

/**
 * 'Jan 5, 2025, 3:40 PM' in Asia/Kolkata (inquiry details,
 * docs/decisions/008-money-dates-ids.md#dates).
 */
export function formatDateTime(value: Date | string): string {
  return dateTimeFormat.format(toDate(value));
}

/** Built once: making an Intl.DateTimeFormat costs far more than using one (the page cache asks every request). */
const indiaDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });

/**
 * Today's date in Asia/Kolkata as 'YYYY-MM-DD' ("today" for date rules,
 * docs/decisions/008-money-dates-ids.md#dates).
 */
export function todayInIndia(now: Date = new Date()): string {
  return indiaDate.format(now);
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
