/**
 * Numbers of receipts, tax invoices and credit notes (docs/decisions/047-invoices-gst.md#document-numbers):
 * `PREFIX/YY-YY/NNNN`, for example HT/26-27/0042. Rule 46 of the CGST Rules (tax invoices), like
 * Rules 50 (receipt vouchers) and 53 (credit notes), asks for a consecutive serial number unique for
 * the financial year, of at most 16 characters: letters, digits, hyphen '-' and slash '/'
 * (gstzen.in/a/tax-invoice-cgst-rule-46.html; docs/decisions/047-invoices-gst.md#document-numbers).
 *
 * - The financial year runs 1 April to 31 March, in India's calendar (Asia/Kolkata, UTC+05:30 all
 *   year); its label is the two-digit start and end years, '26-27'.
 * - The operator types the prefix without the separators: 'HT', not 'HT/'. The slashes are the
 *   product's, so the format is one and the number reads the same in every series.
 * - The sequence is zero-padded to 4 digits and grows to 5 after 9999 as long as the number stays
 *   within 16 characters. `validatePrefix` allows up to 5 characters, which with '/26-27/' and 4
 *   digits is exactly 16; a prefix of 4 characters or fewer leaves room for 99,999 documents.
 * - Each kind of document has its own series and prefix (receipt, invoice, credit note).
 *
 * Client-safe: no server imports.
 */

/** Rule 46: a document number has at most 16 characters. */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

/** The kinds of numbered document, each with its own series. */
export const DOCUMENT_KINDS = ['receipt', 'invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The prefix of each series until the settings change it; all differ, so no two series print the same number. */
export const DEFAULT_DOCUMENT_PREFIXES: Readonly<Record<DocumentKind, string>> = Object.freeze({
  receipt: 'RCT',
  invoice: 'INV',
  credit_note: 'CN',
});

const SEQUENCE_DIGITS = 4;
const FY_LABEL_LENGTH = 'YY-YY'.length;
/** Room for the prefix: 16 − '/' − 'YY-YY' − '/' − 4 digits = 5. */
export const MAX_PREFIX_LENGTH = MAX_DOCUMENT_NUMBER_LENGTH - 1 - FY_LABEL_LENGTH - 1 - SEQUENCE_DIGITS;

const IST_OFFSET_MS = 330 * 60_000;

export interface FinancialYear {
  /** The calendar year in which it starts: 2026 for 1 April 2026 to 31 March 2027. */
  start: number;
  /** '26-27'. */
  label: string;
}

const twoDigits = (year: number) => String(year % 100).padStart(2, '0');

/**
 * The financial year (1 April-31 March) that `date` falls in, by India's calendar: 31 March 2027
 * 23:59 IST (18:29 UTC) is in 26-27, 1 April 2027 00:00 IST (31 March 18:30 UTC) in 27-28.
 * Throws a RangeError for an invalid Date.
 */
export function financialYearOf(date: Date): FinancialYear {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError('financialYearOf needs a valid date');
  const india = new Date(time + IST_OFFSET_MS);
  const year = india.getUTCFullYear();
  const start = india.getUTCMonth() >= 3 ? year : year - 1;
  return { start, label: `${twoDigits(start)}-${twoDigits(start + 1)}` };
}

/** The first and last calendar days ('YYYY-MM-DD', India) of the financial year starting in `start`. */
export function financialYearDays(start: number): { firstDay: string; lastDay: string } {
  return { firstDay: `${start}-04-01`, lastDay: `${start + 1}-03-31` };
}

export type PrefixResult = { ok: true; prefix: string } | { ok: false; message: string };

/**
 * Checks a series prefix as the settings take it: trimmed and upper-cased; 1 to 5 letters, digits,
 * '-' or '/', starting and ending with a letter or digit, so that prefix + '/YY-YY/' + 4 digits
 * fits in 16 characters. Returns the normalised prefix or a message for the field. Never throws.
 */
export function validatePrefix(value: string): PrefixResult {
  const prefix = value.trim().toUpperCase();
  if (prefix === '') return { ok: false, message: 'Enter a prefix, for example INV' };
  if (!/^[A-Z0-9/-]+$/.test(prefix)) return { ok: false, message: "A prefix has only letters, digits, '-' and '/' (GST Rule 46)" };
  if (!/^[A-Z0-9](?:.*[A-Z0-9])?$/.test(prefix)) {
    return { ok: false, message: "A prefix starts and ends with a letter or digit: the '/' before the financial year is added for you" };
  }
  if (prefix.length > MAX_PREFIX_LENGTH) {
    const example = `${prefix}/26-27/0042`;
    return {
      ok: false,
      message: `A prefix has at most ${MAX_PREFIX_LENGTH} characters: ${example} has ${example.length}, and GST Rule 46 allows ${MAX_DOCUMENT_NUMBER_LENGTH}`,
    };
  }
  return { ok: true, prefix };
}

/**
 * The document number: formatDocumentNumber('HT', '26-27', 42) === 'HT/26-27/0042'. `sequence` is a
 * whole number from 1, zero-padded to 4 digits. Throws a RangeError for an invalid prefix or
 * financial year label, a sequence below 1, or a number longer than 16 characters (a 5-character
 * prefix after document 9999: the settings must shorten it).
 */
export function formatDocumentNumber(prefix: string, fyLabel: string, sequence: number): string {
  const checked = validatePrefix(prefix);
  if (!checked.ok) throw new RangeError(checked.message);
  if (!/^\d\d-\d\d$/.test(fyLabel)) throw new RangeError(`The financial year label is written '26-27', not '${fyLabel}'`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError('A document sequence number is a whole number from 1');
  const number = `${checked.prefix}/${fyLabel}/${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
  if (number.length > MAX_DOCUMENT_NUMBER_LENGTH) {
    throw new RangeError(`${number} is longer than ${MAX_DOCUMENT_NUMBER_LENGTH} characters (GST Rule 46): shorten the prefix`);
  }
  return number;
}
