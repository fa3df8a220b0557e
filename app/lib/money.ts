/**
 * Amounts of money as the payments work keeps them (docs/decisions/046-payments.md#amounts): integer
 * paise (₹1 = 100 paise), never floats. Staff type rupees ('10,500', '₹ 10,500.50'); `parsePaise`
 * turns that text into paise with string arithmetic, so '0.29' is 29 paise and not 28.999.
 *
 * Client-safe: the quote and payment forms use it in the browser, the schemas on the server.
 */
import { z } from 'zod';
import { MAX_AMOUNT_PAISE } from './constants';
import { formatCount } from './format';
import { parseRupees } from './rupees';

/**
 * The paise in a rupee amount as staff type it (app/lib/rupees.ts reads the forms: Indian or
 * international grouping, ₹/Rs/INR, up to two decimals), or null when `text` is not an amount.
 */
export function parsePaise(text: string): number | null {
  if (parseRupees(text) === null) return null;
  const cleaned = text
    .trim()
    .replace(/^(?:₹|rs\.?|inr)\s*/i, '')
    .replace(/\s*\/[-=]$/, '')
    .replaceAll(',', '')
    .trim();
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0') || '0');
}

/** '₹10,500.00' (Indian grouping, always two decimals); negative amounts get a leading minus: '−₹500.00'. */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '−' : '';
  const abs = Math.abs(Math.trunc(paise));
  return `${sign}₹${formatCount(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** The amount as a rupee text a money input starts with: '10500', '10500.5' → '10500.50'. */
export function paiseInputText(paise: number): string {
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${paise < 0 ? '-' : ''}${rupees}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

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
