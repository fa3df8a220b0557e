/**
 * Field rules shared by every visitor submission (docs/product.md#shared-field-rules): the inquiry dialog,
 * the booking dialogs, Book Your Tour and the contact form. The same schemas validate the page
 * actions (form data: every value a string), the JSON API (typed values) and Conform in the browser,
 * so each helper accepts both spellings of a value (`'2'` and `2`, `'on'` and `true`).
 *
 * Client-safe: no server imports. Built with `zod/mini` (functional checks instead of methods), which
 * the public forms' bundle carries at a quarter of classic zod's size
 * (docs/decisions/023-public-page-speed.md); the schemas validate exactly as classic ones do, and
 * classic schemas (admin, API) can use them as fields.
 */
import * as z from 'zod/mini';
import { isRealDate } from '~/lib/calendar-date';
import { todayInIndia } from '~/lib/format';
import { addYears, LIMITS, MAX_YEARS_AHEAD } from './submission-limits';

export { addYears, HONEYPOT_FIELD, LIMITS, MAX_YEARS_AHEAD } from './submission-limits';

// NUL and other C0 control characters (except tab and line breaks) are never part of a real message
// and PostgreSQL refuses NUL in text: refuse them with a field error rather than a 500.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const noControlCharacters = (s: string) => !CONTROL_CHARACTERS.test(s);
const CONTROL_MESSAGE = 'Contains characters that are not allowed';

/** A required text: trimmed, not blank, at most `max` characters. */
export function requiredText(message: string, max: number) {
  return z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `At most ${max} characters`), z.refine(noControlCharacters, CONTROL_MESSAGE));
}

/** An optional text: trimmed, '' when absent. */
export function optionalText(max: number) {
  return z.pipe(
    z.optional(
      z.string({ error: 'Must be text' }).check(z.trim(), z.maxLength(max, `At most ${max} characters`), z.refine(noControlCharacters, CONTROL_MESSAGE)),
    ),
    z.transform((v: string | undefined) => v ?? ''),
  );
}

export const nameField = requiredText('Please enter your name', LIMITS.name);

export const emailField = z.pipe(
  z
    .string({ error: 'Please enter your email address' })
    .check(z.trim(), z.minLength(1, 'Please enter your email address'), z.maxLength(LIMITS.email, `At most ${LIMITS.email} characters`)),
  z.email('Please enter a valid email address'),
);

/** Digits with optional +, spaces, dashes, dots and brackets; at least 6 digits. */
const PHONE = /^\+?[0-9 ()./-]+$/;
const phoneRules = (s: string) => PHONE.test(s) && (s.match(/[0-9]/g)?.length ?? 0) >= 6 && (s.match(/[0-9]/g)?.length ?? 0) <= 15;
export const phoneField = requiredText('Please enter your phone number', LIMITS.phone).check(z.refine(phoneRules, 'Please enter a valid phone number'));
export const optionalPhoneField = optionalText(LIMITS.phone).check(z.refine((s: string) => s === '' || phoneRules(s), 'Please enter a valid phone number'));

export const messageField = optionalText(LIMITS.message);

/**
 * A calendar date 'YYYY-MM-DD' from today (Asia/Kolkata,
 * docs/decisions/008-money-dates-ids.md#dates) up to MAX_YEARS_AHEAD years ahead. `today` is read
 * at validation time, so a long-running process never uses a stale day.
 */
export function futureDateField(requiredMessage: string) {
  return z.string({ error: requiredMessage }).check(
    z.trim(),
    z.minLength(1, requiredMessage),
    z.refine(isRealDate, 'Please enter a valid date'),
    z.refine((v) => !isRealDate(v) || v >= todayInIndia(), 'Please choose today or a later date'),
    z.refine((v) => !isRealDate(v) || v <= addYears(todayInIndia(), MAX_YEARS_AHEAD), `Please choose a date within ${MAX_YEARS_AHEAD} years`),
  );
}

/** An optional end date with the same bounds; '' or absent means none. */
export function optionalFutureDateField() {
  return z.pipe(
    z.optional(z.union([z.literal(''), futureDateField('Please enter a valid date')], { error: 'Please enter a valid date' })),
    z.transform((v: string | undefined) => (v ? v : undefined)),
  );
}

/** A whole number from a form string or a JSON number; absent or '' gives `fallback`. */
export function integerField({ min, max, fallback, message }: { min: number; max: number; fallback?: number; message: string }) {
  const inner = z.int({ error: message }).check(z.gte(min, message), z.lte(max, `At most ${max}`));
  // A preprocess step (zod/mini spells it as a transform piped into the schema).
  const fromForm = z.transform((v: unknown) => {
    if (typeof v === 'string') {
      const t = v.trim();
      if (t === '') return fallback;
      return /^-?\d{1,6}$/.test(t) ? Number(t) : Number.NaN;
    }
    return v === undefined || v === null ? fallback : v;
  });
  return z.pipe(fromForm, inner);
}

/** A checkbox or JSON boolean: 'on' / 'true' / true, 'false' / false; absent gives `fallback`. */
export function booleanField(fallback: boolean) {
  const fromForm = z.transform((sent: unknown) => {
    // A form's hidden 'false' followed by a ticked checkbox of the same name sends both: the last wins.
    const v = Array.isArray(sent) && sent.length > 0 && sent.every((item) => typeof item === 'string') ? sent.at(-1) : sent;
    if (v === undefined || v === null || v === '') return fallback;
    if (v === 'on' || v === 'true') return true;
    if (v === 'false') return false;
    return v;
  });
  return z.pipe(fromForm, z.boolean({ error: 'Must be true or false' }));
}

/** A record id (UUID). */
export function idField(message: string) {
  return z.pipe(
    z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, message)),
    z.transform((v: string) => v.toLowerCase()),
  );
}

/** An optional record id: '' or absent means none. */
export function optionalIdField(message: string) {
  return z.pipe(
    z.optional(z.union([z.literal(''), idField(message)], { error: message })),
    z.transform((v: string | undefined) => (v ? v : undefined)),
  );
}

/** An optional choice from `values`: '' or absent means none. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.pipe(
    z.optional(z.union([z.literal(''), z.enum(values)], { error: message })),
    z.transform((v: string | undefined) => (v ? (v as T[number]) : undefined)),
  );
}
