/**
 * The money panel's and the money API's input (docs/decisions/046-payments.md#quotes,
 * #payments-recorded-by-hand): a quote (lines, the advance, the balance due day) and a payment
 * recorded by hand. The API takes integer paise (`unitPaise`, `advancePaise`, `amountPaise`); the
 * admin forms take rupee text ('10,500', '10500.50'), read by `rupeeTextToPaise` (below, on `parsePaise` of app/lib/money.ts).
 * Each error names its field: the API's dotted path ('lines.1.unitPaise'), the form's field name
 * ('lines.1.unitPrice', 'advance', 'balanceDueOn', 'amount'). Client-safe (no server imports).
 */
import { z } from 'zod';
import { isCalendarDate } from '~/lib/calendar-date';
import { MANUAL_PAYMENT_METHODS, MAX_AMOUNT_PAISE } from '~/lib/constants';
import { todayInIndia } from '~/lib/format';
import { parsePaise } from '~/lib/money';

const AMOUNT_MESSAGE = 'Enter an amount in rupees, like 10,500 or 10500.50';
const TOO_LARGE = 'At most ₹1,00,00,000 (₹1 crore)';

/**
 * A positive amount, given as rupee text (forms) or as a whole number of paise (the API's
 * `amountPaise`): paise out. Refuses zero, negatives, fractions of a paisa and more than ₹1 crore,
 * each with its own message.
 */
export const rupeeTextToPaise = z
  .string({ error: AMOUNT_MESSAGE })
  .trim()
  .min(1, 'Enter an amount')
  .transform((text, ctx) => {
    if (/^-/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount above zero' });
      return z.NEVER;
    }
    if (/\.\d{3,}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'At most two decimals (paise)' });
      return z.NEVER;
    }
    const paise = parsePaise(text);
    if (paise === null) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE });
      return z.NEVER;
    }
    return paise;
  })
  .pipe(z.number().int().positive('Enter an amount above zero').max(MAX_AMOUNT_PAISE, TOO_LARGE));

/** A whole number of paise from JSON (the API): above zero, at most ₹1 crore. */
export const paiseAmount = z
  .number({ error: 'Give the amount as a whole number of paise' })
  .int('Give the amount as a whole number of paise (no fractions of a paisa)')
  .positive('The amount must be above zero')
  .max(MAX_AMOUNT_PAISE, TOO_LARGE);

/** At most this many lines in one quote. */
export const QUOTE_MAX_LINES = 20;
/** Most of one quote line (a count of people, days, rooms). */
export const QUOTE_MAX_QUANTITY = 1000;

const description = z.string({ error: 'Describe the line' }).trim().min(1, 'Describe the line').max(200, 'At most 200 characters');
const quantity = z
  .number({ error: 'Give the quantity as a whole number' })
  .int('Give the quantity as a whole number')
  .min(1, 'The quantity must be at least 1')
  .max(QUOTE_MAX_QUANTITY, `At most ${QUOTE_MAX_QUANTITY}`);
const dayField = (label: string) =>
  z
    .string({ error: `Enter ${label} as YYYY-MM-DD` })
    .trim()
    .refine(isCalendarDate, `Enter ${label} as a real date, YYYY-MM-DD`);

/** The advance in paise: zero (nothing in advance) up to ₹1 crore; at most the total is the model's check. */
export const advancePaiseField = z
  .number({ error: 'Give the advance as a whole number of paise' })
  .int('Give the advance as a whole number of paise (no fractions of a paisa)')
  .min(0, 'The advance cannot be negative')
  .max(MAX_AMOUNT_PAISE, 'At most ₹1,00,00,000 (₹1 crore)');

/** PUT /api/bookings/:id/quote: the whole quote, replacing the current one as a new revision. */
export const quoteApiSchema = z.strictObject({
  lines: z
    .array(z.strictObject({ description, quantity, unitPaise: paiseAmount }), { error: 'Give the lines as a list' })
    .min(1, 'Add at least one line')
    .max(QUOTE_MAX_LINES, `At most ${QUOTE_MAX_LINES} lines`),
  advancePaise: advancePaiseField,
  balanceDueOn: dayField('the balance due date'),
});

/** The day money was received: a real day, not after today (Asia/Kolkata). */
const receivedOnField = dayField('the day it was received').refine((day) => day <= todayInIndia(), 'The day it was received cannot be in the future');
const method = z.enum(MANUAL_PAYMENT_METHODS, { error: 'Choose UPI, bank transfer or cash' });
const reference = z.string({ error: 'Give the reference as text' }).trim().max(100, 'At most 100 characters');
const note = z.string({ error: 'Give the note as text' }).trim().max(500, 'At most 500 characters');

/** POST /api/bookings/:id/payments: a payment received by hand. `receivedOn` defaults to today. */
export const manualPaymentApiSchema = z.strictObject({
  amountPaise: paiseAmount,
  method,
  receivedOn: receivedOnField.optional(),
  reference: reference.optional(),
  note: note.optional(),
});

/** The 'Record a payment' form: the amount in rupees. */
export const manualPaymentFormSchema = z.object({
  amount: rupeeTextToPaise,
  method,
  receivedOn: receivedOnField,
  reference,
  note,
});

/** One row of the quote form as typed (rupee text), for showing it again. */
export type QuoteRowText = { description: string; quantity: string; unitPrice: string };
/** The quote form as typed. */
export type QuoteDraft = { rows: QuoteRowText[]; advance: string; balanceDueOn: string };

/** Form field names of the quote editor's rows (repeated, one per row, in order). */
export const QUOTE_ROW_FIELDS = { description: 'lineDescription', quantity: 'lineQuantity', unitPrice: 'lineUnitPrice' } as const;

const text = (value: FormDataEntryValue | null | undefined) => (typeof value === 'string' ? value : '');

/** The quote form's values as typed: rows aligned by position (every row renders all three inputs). */
export function quoteDraftOf(form: FormData): QuoteDraft {
  const descriptions = form.getAll(QUOTE_ROW_FIELDS.description);
  const quantities = form.getAll(QUOTE_ROW_FIELDS.quantity);
  const prices = form.getAll(QUOTE_ROW_FIELDS.unitPrice);
  const count = Math.min(Math.max(descriptions.length, quantities.length, prices.length), QUOTE_MAX_LINES);
  const rows = Array.from({ length: count }, (_, i) => ({
    description: text(descriptions[i]),
    quantity: text(quantities[i]),
    unitPrice: text(prices[i]),
  }));
  return { rows, advance: text(form.get('advance')), balanceDueOn: text(form.get('balanceDueOn')) };
}

const isBlank = (row: QuoteRowText) => row.description.trim() === '' && row.quantity.trim() === '' && row.unitPrice.trim() === '';

/** The advance as typed: '0' is allowed (nothing in advance); otherwise a positive rupee amount. */
function advanceOf(textValue: string): { paise: number } | { error: string } {
  if (textValue.trim() !== '' && parsePaise(textValue) === 0) return { paise: 0 };
  const parsed = rupeeTextToPaise.safeParse(textValue);
  return parsed.success ? { paise: parsed.data } : { error: `Advance: ${parsed.error.issues[0]?.message ?? 'Enter an amount'}` };
}

/**
 * Read the quote form into a QuoteInput. Blank rows are skipped; a row's error names it by its
 * number as shown ("Line 2's price: ..."), keyed 'lines.<index>.<field>'; other keys: 'lines' (no
 * line at all), 'advance', 'balanceDueOn'.
 */
export function parseQuoteForm(
  draft: QuoteDraft,
):
  | { ok: true; input: { lines: { description: string; quantity: number; unitPaise: number }[]; advancePaise: number; balanceDueOn: string } }
  | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const lines: { description: string; quantity: number; unitPaise: number }[] = [];
  draft.rows.forEach((row, i) => {
    if (isBlank(row)) return;
    const n = i + 1;
    const d = description.safeParse(row.description);
    if (!d.success) errors[`lines.${i}.description`] = `Line ${n}'s description: ${d.error.issues[0]!.message}`;
    const q = /^\s*\d{1,6}\s*$/.test(row.quantity) ? quantity.safeParse(Number(row.quantity)) : null;
    if (!q?.success)
      errors[`lines.${i}.quantity`] = `Line ${n}'s quantity: ${q && !q.success ? q.error.issues[0]!.message : 'Give a whole number, at least 1'}`;
    const p = rupeeTextToPaise.safeParse(row.unitPrice);
    if (!p.success) errors[`lines.${i}.unitPrice`] = `Line ${n}'s price: ${p.error.issues[0]!.message}`;
    if (d.success && q?.success && p.success) lines.push({ description: d.data, quantity: q.data, unitPaise: p.data });
  });
  if (Object.keys(errors).length === 0 && lines.length === 0) errors.lines = 'Add at least one line';
  const advance = advanceOf(draft.advance);
  if ('error' in advance) errors.advance = advance.error;
  const due = dayField('the balance due date').safeParse(draft.balanceDueOn);
  if (!due.success) errors.balanceDueOn = `Balance due date: ${due.error.issues[0]!.message}`;
  if (Object.keys(errors).length > 0 || 'error' in advance || !due.success) return { ok: false, errors };
  return { ok: true, input: { lines, advancePaise: advance.paise, balanceDueOn: due.data } };
}
