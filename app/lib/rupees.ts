/**
 * Reading a rupee amount the way staff in India type or paste it: '24999', '24,999', '1,25,000'
 * (Indian grouping), '125,000' (international grouping), '₹ 24,999', 'Rs. 24,999', 'INR 24999',
 * '24,999/-' and up to two decimals ('24999.50'). Anything else is not an amount, so the caller can
 * refuse it with a field message instead of storing 0 (docs/decisions/008-money-dates-ids.md:
 * amounts are rupees, 0 means "ask us", so a misread amount must never become 0).
 *
 * Client-safe: used by the catalogue write schemas (app/schemas/catalog-fields.ts) on the server and
 * by the admin money fields in the browser.
 */

// A currency mark before the amount: ₹, Rs, Rs., INR (any case), with or without a space.
const CURRENCY_PREFIX = /^(?:₹|rs\.?|inr)\s*/i;
// The Indian "and no paise" mark after an amount: '24,999/-' (also '24,999/=').
const NO_PAISE_SUFFIX = /\s*\/[-=]$/;
// Digits, grouped or not: '24999'; Indian '1,25,000' / '24,999'; international '125,000' / '1,250,000'.
const PLAIN = /^\d+$/;
const INDIAN_GROUPS = /^\d{1,2}(?:,\d{2})*,\d{3}$/;
const INTERNATIONAL_GROUPS = /^\d{1,3}(?:,\d{3})+$/;
const DECIMALS = /^\d{1,2}$/;

/**
 * The amount in `text` as a number of rupees, or null when `text` is not a rupee amount (blank,
 * letters, misplaced commas such as '24,99', more than two decimals, a minus sign).
 */
export function parseRupees(text: string): number | null {
  let t = text.trim().replace(/\u00a0/g, ' ');
  t = t.replace(CURRENCY_PREFIX, '').replace(NO_PAISE_SUFFIX, '').trim();
  if (t === '') return null;
  const point = t.indexOf('.');
  const whole = point === -1 ? t : t.slice(0, point);
  const fraction = point === -1 ? '' : t.slice(point + 1);
  if (point !== -1 && !DECIMALS.test(fraction)) return null;
  if (!(PLAIN.test(whole) || INDIAN_GROUPS.test(whole) || INTERNATIONAL_GROUPS.test(whole))) return null;
  const digits = whole.replaceAll(',', '');
  if (digits.length > 12) return null;
  return Number(fraction === '' ? digits : `${digits}.${fraction}`);
}

/** `parseRupees`'s result as the plain text a money input holds ('24999', '24999.5'), or null. */
export function rupeesInputText(text: string): string | null {
  const n = parseRupees(text);
  return n === null ? null : String(n);
}
