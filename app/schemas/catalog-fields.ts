/**
 * Field rules of the catalogue write schemas (packages, bikes, cars): one set of helpers shared by
 * the admin editors (Conform form data, every value a string), the admin API (JSON with real numbers
 * and booleans) and the seed. Each helper accepts both spellings of a value (`'2'` and `2`, `'on'`
 * and `true`, `''` and `null` for "none"). Rules: docs/product.md (admin validation) and
 * docs/decisions/009-rest-api.md (camelCase and snake_case input).
 *
 * Client-safe: no server imports.
 */
import { z } from 'zod';
// The shared text fields are zod/mini schemas (app/schemas/submission-fields.ts): checks are added
// with `.check`.
import { refine } from 'zod/mini';
import { isCalendarDate } from '~/lib/calendar-date';
import { parseRupees } from '~/lib/rupees';
import { optionalText, requiredText } from './submission-fields';

/** Text caps of the catalogue (characters). */
export const CATALOG_LIMITS = {
  title: 200,
  shortText: 200,
  description: 5000,
  features: 2000,
  listItem: 1000,
  url: 2048,
  listItems: 100,
  gallery: 30,
  itineraryDays: 60,
  accommodationRows: 30,
} as const;

/** Message of a missing required field (the editor also shows 'Please fill all required fields'). */
export const REQUIRED_MESSAGE = 'This field is required';

// Half of a UTF-16 surrogate pair on its own: not a character, and it cannot be stored as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (s: string) => !LONE_SURROGATE.test(s);
const NOT_ALLOWED = 'Contains characters that are not allowed';

/** A required text: trimmed, not blank, at most `max` characters, no control characters. */
export function requiredField(max: number) {
  return requiredText(REQUIRED_MESSAGE, max).check(refine(wellFormed, NOT_ALLOWED));
}

/** An optional text: trimmed; absent, null or '' give ''. No control characters. */
export function textField(max: number) {
  return z.preprocess((v) => (v === null ? undefined : v), optionalText(max).check(refine(wellFormed, NOT_ALLOWED)));
}

/** An optional text that is stored as NULL when blank: absent, null or '' give null. */
export function nullableTextField(max: number) {
  return textField(max).transform((v) => (v === '' ? null : v));
}

/** An optional text with a default for blank: absent, null or '' give `fallback`. */
export function textWithDefault(max: number, fallback: string) {
  return textField(max).transform((v) => (v === '' ? fallback : v));
}

const URL_MESSAGE = 'Enter a path starting with / or an http(s) URL';

/**
 * True for '' (no image), a site path ('/images/x.svg', '/uploads/...') or an absolute http(s) URL.
 * Refuses protocol-relative '//host' and '/\host' (browsers read both as another host), whitespace,
 * and every other scheme (javascript:, data:, file: ...).
 */
export function isSafeImageUrl(value: string): boolean {
  if (value === '') return true;
  if (/[\s\\<>"'`]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An image URL: '' or a site path or an http(s) URL (see `isSafeImageUrl`). */
export function imageUrlField() {
  return textField(CATALOG_LIMITS.url).refine(isSafeImageUrl, URL_MESSAGE);
}

/** Blank after trimming: '', whitespace, absent or null. */
function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** A single value (a form with one list entry sends a plain string) as a list; absent/null → []. */
function asList(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return [];
  return Array.isArray(v) ? v : [v];
}

/**
 * A list of texts: each trimmed and capped; blank entries are dropped AFTER validation, so an error
 * path such as `gallery[2]` still points at the form input the editor shows.
 */
export function textListField(
  itemMax: number = CATALOG_LIMITS.listItem,
  maxItems: number = CATALOG_LIMITS.listItems,
  item: z.ZodType<string, unknown> = textField(itemMax),
) {
  return z.preprocess(
    asList,
    z
      .array(item, { error: 'Must be a list' })
      .max(maxItems, `At most ${maxItems} entries`)
      .transform((list) => list.filter((s) => s !== '')),
  );
}

/** A list of image URLs (see `imageUrlField`), blank entries dropped. */
export function imageListField() {
  return textListField(CATALOG_LIMITS.url, CATALOG_LIMITS.gallery, imageUrlField());
}

/**
 * A list of rows (itinerary days, accommodation stays): a row that `isBlankRow` is kept as null while
 * validating (so error paths keep the form's indexes) and dropped from the result.
 */
export function rowListField<T extends z.ZodType>(row: T, isBlankRow: (row: Record<string, unknown>) => boolean, maxItems: number) {
  return z.preprocess(
    (v) => {
      const list = asList(v);
      if (!Array.isArray(list)) return list;
      return list.map((r) => (r === null || (isPlainObject(r) && isBlankRow(r)) ? null : r));
    },
    z
      .array(row.nullable(), { error: 'Must be a list' })
      .max(maxItems, `At most ${maxItems} entries`)
      .transform((list) => list.filter((r): r is NonNullable<typeof r> => r !== null)),
  );
}

/** True when every named field of `row` is blank (a text list counts as blank when all its entries are). */
export function allBlank(row: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((k) => {
    const v = row[k];
    return Array.isArray(v) ? v.every(isBlank) : isBlank(v);
  });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** At most two decimals (paise), tolerant of binary floating point. */
function hasAtMostTwoDecimals(n: number): boolean {
  return Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
}

/** Largest amount the catalogue stores (rupees). */
export const MAX_RUPEES = 99_999_999;

function moneyNumber(message: string, missingMessage: string) {
  return z
    .number({ error: (iss) => (iss.input === undefined ? missingMessage : message) })
    .min(0, message)
    .max(MAX_RUPEES, `At most ${MAX_RUPEES}`)
    .refine((n) => Number.isFinite(n) && hasAtMostTwoDecimals(n), message);
}

/**
 * Money text as staff type or paste it ('24,999', '1,25,000', '₹ 24999', 'Rs. 24,999', '24999.50'),
 * read by `parseRupees` (app/lib/rupees.ts); text that is not an amount becomes NaN, which the number
 * schema refuses with the field's message, never 0 (docs/decisions/008-money-dates-ids.md).
 */
function moneyText(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return undefined;
  return parseRupees(v) ?? Number.NaN;
}

/** Package price in rupees, a decimal >= 0 ('' or absent → 0, which shows 'Contact for Price'). */
export function priceField() {
  const message = 'Enter a price in rupees, 0 or more';
  return z.preprocess(
    (v) => {
      const n = moneyText(v);
      return n === undefined || n === null ? 0 : n;
    },
    moneyNumber(message, message),
  );
}

/**
 * Daily rate of a bike or car in rupees: required ('This field is required' when missing or blank),
 * a number >= 0 with at most two decimals ('Enter a number of rupees, 0 or more'). An explicit JSON
 * `null` is accepted and stored as NULL: "contact for price", as the seeded bikes are; a form cannot
 * send null, so the editor always saves a number (0 also shows the contact text).
 */
export function dailyRateField() {
  return z.preprocess(moneyText, moneyNumber('Enter a number of rupees, 0 or more', REQUIRED_MESSAGE).nullable());
}

/**
 * A whole number from a form string or a JSON number, between `min` and `max`; absent, null or ''
 * give `fallback` (an error with `message` when there is none).
 */
export function wholeNumberField({ min, max, fallback, message }: { min: number; max: number; fallback?: number; message: string }) {
  return z.preprocess(
    (v) => {
      if (typeof v === 'string') {
        const t = v.trim();
        if (t === '') return fallback;
        return /^-?\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
      }
      return v === undefined || v === null ? fallback : v;
    },
    z.number({ error: message }).int(message).min(min, message).max(max, `At most ${max}`),
  );
}

/** An optional whole number stored as NULL when absent, null or ''. */
export function optionalWholeNumberField({ min, max, message }: { min: number; max: number; message: string }) {
  return z.preprocess(
    (v) => {
      if (typeof v === 'string') {
        const t = v.trim();
        if (t === '') return null;
        return /^-?\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
      }
      return v === undefined ? null : v;
    },
    z.number({ error: message }).int(message).min(min, message).max(max, `At most ${max}`).nullable(),
  );
}

/**
 * A checkbox or JSON boolean: 'on' / 'true' / true, 'false' / false; absent, null or '' give false
 * (an unchecked checkbox is simply absent from form data). The API's defaults for absent booleans
 * (available and ac default to true) are filled in by the normalize functions before validation.
 */
export function checkboxField() {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return false;
      if (v === 'on' || v === 'true') return true;
      if (v === 'false' || v === 'off') return false;
      return v;
    },
    z.boolean({ error: 'Must be true or false' }),
  );
}

/** One of `values`; absent, null or '' give `fallback`. */
export function choiceField<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number], message: string) {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null) return fallback;
      if (typeof v === 'string') return v.trim() === '' ? fallback : v.trim();
      return v;
    },
    z.enum(values, { error: message }),
  );
}

/** One of `values` or none: absent, null or '' give null. */
export function optionalChoiceField<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null) return null;
      if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
      return v;
    },
    z.enum(values, { error: message }).nullable(),
  );
}

/** An optional calendar date 'YYYY-MM-DD'; absent, null or '' give null. */
export function optionalDateField() {
  const message = 'Enter a date as YYYY-MM-DD';
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null) return null;
      if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
      return v;
    },
    z.string({ error: message }).refine(isCalendarDate, message).nullable(),
  );
}

const RATING_MESSAGE = 'Enter a rating from 1.0 to 5.0 with at most one decimal';

/** A stored rating value: 0 (none) or 1.0 to 5.0 with one decimal. */
function isRatingValue(n: number): boolean {
  return (n === 0 || (n >= 1 && n <= 5)) && Math.abs(n * 10 - Math.round(n * 10)) < 1e-6;
}

/**
 * The display fields of docs/decisions/006-display-fields.md, stored per package, bike and car:
 * featured (checkbox), tag (one of DISPLAY_TAGS or none), rating 1.0-5.0 with one decimal, review
 * count (whole number >= 0), discount badge text or none. A blank rating (absent, null, '' or 0) and
 * a blank review count (absent, null, '' or 0) are "no rating", stored as rating 0 with 0 reviews;
 * `ratingRule` refuses one without the other.
 */
export function displayFieldShape<const T extends readonly [string, ...string[]]>(tags: T) {
  return {
    featured: checkboxField(),
    tag: optionalChoiceField(tags, `Choose one of: ${tags.join(', ')}`),
    rating: z.preprocess(
      (v) => {
        if (v === undefined || v === null || v === 0) return 0;
        if (typeof v === 'string') {
          const t = v.trim();
          if (t === '' || /^0(\.0)?$/.test(t)) return 0;
          return /^\d(\.\d)?$/.test(t) ? Number(t) : Number.NaN;
        }
        return v;
      },
      z.number({ error: RATING_MESSAGE }).refine(isRatingValue, RATING_MESSAGE),
    ),
    reviewCount: wholeNumberField({ min: 0, max: 10_000_000, fallback: 0, message: 'Enter a whole number, 0 or more' }),
    discountLabel: nullableTextField(40),
  };
}

/**
 * Rating and review count are set together (docs/decisions/006-display-fields.md): a rating with 0
 * reviews is refused under `reviewCount`, reviews without a rating under `rating`. For `.superRefine`
 * with `RATING_RULE_WHEN`, so it also runs when other fields are wrong.
 */
export function ratingRule(value: { rating: number; reviewCount: number }, ctx: z.RefinementCtx): void {
  if (value.rating > 0 && value.reviewCount === 0) {
    ctx.addIssue({ code: 'custom', path: ['reviewCount'], message: 'Enter how many reviews this rating is from (1 or more), or clear the rating' });
  } else if (value.rating === 0 && value.reviewCount > 0) {
    ctx.addIssue({ code: 'custom', path: ['rating'], message: 'Enter the rating (1.0 to 5.0) these reviews give, or clear the review count' });
  }
}

/** Runs `ratingRule` whenever both fields parsed, even if other fields have issues. */
export const RATING_RULE_WHEN = {
  when: ({ value }: { value: unknown }): boolean => {
    if (value === null || typeof value !== 'object') return false;
    const { rating, reviewCount } = value as { rating?: unknown; reviewCount?: unknown };
    return typeof rating === 'number' && isRatingValue(rating) && typeof reviewCount === 'number' && Number.isInteger(reviewCount) && reviewCount >= 0;
  },
};

/**
 * Fill the API's defaults for booleans the body leaves out (absent or null), since the schemas read
 * an absent checkbox as false.
 */
export function withBooleanDefaults(input: Record<string, unknown>, defaults: Record<string, boolean>): Record<string, unknown> {
  for (const [key, value] of Object.entries(defaults)) {
    if (!Object.prototype.hasOwnProperty.call(input, key) || input[key] === null || input[key] === undefined) {
      Object.defineProperty(input, key, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return input;
}
