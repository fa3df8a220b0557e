/**
 * Amounts of money as the payments work keeps them (docs/decisions/046-payments.md#amounts): integer
 * paise (₹1 = 100 paise), never floats. Staff type rupees ('10,500', '₹ 10,500.50'); `parsePaise`
 * turns that text into paise with string arithmetic, so '0.29' is 29 paise and not 28.999.
 *
 * Client-safe and free of zod: the shared site chunk may hold it without pulling zod into every
 * public page (vite.config.ts's `site` group); the form fields built on it are in
 * app/schemas/money.ts.
 */
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
