/**
 * The SAC code and GST rate each kind of item starts with, and the checks the tax settings apply to
 * an SAC and a rate (docs/decisions/047-invoices-gst.md#defaults-per-item-kind, which gives each
 * default's source); the operator's accountant confirms them, and the settings can change each one.
 *
 * Client-safe: plain data and functions.
 */

/** The kinds of item the product sells: a tour package, a car with its driver, a self-drive bike or car. */
export const ITEM_KINDS = ['tour_package', 'car_with_driver', 'self_drive'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export interface TaxDefault {
  /** Services Accounting Code, digits only. */
  sac: string;
  /** GST rate in percent (5 means 5 %): CGST + SGST together, or IGST. */
  ratePercent: number;
  /** What the SAC stands for, as the invoice line may describe it. */
  label: string;
  /** Where the default comes from. */
  source: string;
}

/** Defaults per item kind. Sources as in docs/decisions/047-invoices-gst.md. */
export const TAX_DEFAULTS: Readonly<Record<ItemKind, TaxDefault>> = Object.freeze({
  tour_package: {
    sac: '998555',
    ratePercent: 5,
    label: 'Tour operator services',
    source:
      'Notification 11/2017-CT(Rate), Sl. 23(i): 5 % without input tax credit, the bill stating that it includes accommodation and transport; unchanged after 22 September 2025',
  },
  car_with_driver: {
    sac: '996601',
    ratePercent: 5,
    label: 'Renting of a motor vehicle with operator',
    source: 'Renting a motor vehicle with driver and fuel: 5 % without input tax credit; reverse charge when the recipient is a body corporate',
  },
  self_drive: {
    sac: '997311',
    ratePercent: 18,
    label: 'Leasing or rental of vehicles without operator',
    source: 'Self-drive rental of vehicles: the rate is to be confirmed; 18 % is the one commonly applied',
  },
});

/** Prices are what travellers are quoted, tax included, unless the settings say otherwise. */
export const PRICES_INCLUDE_TAX_DEFAULT = true;

/** The highest GST rate the settings accept, in percent (docs/decisions/047-invoices-gst.md#defaults-per-item-kind). */
export const MAX_GST_RATE_PERCENT = 28;

export type SacResult = { ok: true; sac: string } | { ok: false; message: string };

/**
 * Checks an SAC as the settings take it: 4 to 8 digits after trimming. Returns the trimmed code or
 * a message for the field. Never throws.
 */
export function validateSac(value: string): SacResult {
  const sac = value.trim();
  if (sac === '') return { ok: false, message: 'Enter the SAC code' };
  if (!/^\d+$/.test(sac)) return { ok: false, message: 'An SAC code has only digits (for example 998555)' };
  if (sac.length < 4 || sac.length > 8) return { ok: false, message: `An SAC code has 4 to 8 digits; this has ${sac.length}` };
  return { ok: true, sac };
}

export type GstRateResult = { ok: true; ratePercent: number; rateBasisPoints: number } | { ok: false; message: string };

/**
 * Checks a GST rate in percent: a number, or text as a form sends it ('5', '0.25', '18 %'), from 0 to
 * 28 with at most two decimals. On success the rate in percent and in basis points (hundredths of a
 * percent: 5 % = 500, 0.25 % = 25), which the tax arithmetic (tax.ts) uses so that no rate is a
 * float. Never throws.
 */
export function validateGstRate(value: number | string): GstRateResult {
  let n: number;
  if (typeof value === 'number') {
    n = value;
  } else {
    const text = value.trim().replace(/\s*%$/, '');
    if (text === '') return { ok: false, message: 'Enter the GST rate in percent' };
    if (!/^\d+(?:\.\d+)?$/.test(text)) return { ok: false, message: 'Enter the GST rate as a number of percent, for example 5 or 18' };
    n = Number(text);
  }
  if (!Number.isFinite(n)) return { ok: false, message: 'Enter the GST rate as a number of percent, for example 5 or 18' };
  if (n < 0 || n > MAX_GST_RATE_PERCENT) return { ok: false, message: `The GST rate is between 0 and ${MAX_GST_RATE_PERCENT} %` };
  const basisPoints = Math.round(n * 100);
  // Two decimals at most: 0.25 is 25 basis points; 0.125 is not a rate GST uses.
  if (Math.abs(basisPoints - n * 100) > 1e-6) return { ok: false, message: 'The GST rate has at most two decimals (for example 0.25)' };
  return { ok: true, ratePercent: basisPoints / 100, rateBasisPoints: basisPoints };
}
