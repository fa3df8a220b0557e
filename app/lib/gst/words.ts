/**
 * An amount in words, Indian style, as a tax invoice states its total (Rule 46 asks for the total
 * in figures and in words; docs/decisions/047-invoices-gst.md#amount-in-words):
 * "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six only".
 *
 * Style, kept the same everywhere:
 * - Indian grouping: crore (1,00,00,000), lakh (1,00,000), thousand, hundred; above 99 crore the
 *   crores are counted the same way ("One Thousand Crore").
 * - Every word capitalised; a hyphen joins tens and units ("Twenty-Three", "Ninety-Nine"), nothing
 *   else is hyphenated; no "and" inside the rupees.
 * - Paise after " and ": "Rupees Ten and Fifty Paise only"; one paisa is "One Paisa". Less than a
 *   rupee still starts with rupees: "Rupees Zero and Fifty Paise only"; nothing is "Rupees Zero only".
 * - Always "Rupees" (also for one rupee) and always ending in " only".
 *
 * Client-safe: no server imports.
 */

const UNITS = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

const CRORE = 10_000_000;
const LAKH = 100_000;
const THOUSAND = 1_000;

/** 1-99: 'Seven', 'Nineteen', 'Forty', 'Twenty-Three'. */
function belowHundred(n: number): string {
  if (n < 20) return UNITS[n] as string;
  const unit = n % 10;
  return unit === 0 ? (TENS[n / 10] as string) : `${TENS[Math.floor(n / 10)]}-${UNITS[unit]}`;
}

/** A whole number ≥ 1 in words, Indian grouping. */
function wholeInWords(n: number): string {
  const parts: string[] = [];
  if (n >= CRORE) {
    parts.push(`${wholeInWords(Math.floor(n / CRORE))} Crore`);
    n %= CRORE;
  }
  const groups: [number, string][] = [
    [LAKH, 'Lakh'],
    [THOUSAND, 'Thousand'],
    [100, 'Hundred'],
  ];
  for (const [size, name] of groups) {
    const count = Math.floor(n / size);
    if (count > 0) parts.push(`${belowHundred(count)} ${name}`);
    n %= size;
  }
  if (n > 0) parts.push(belowHundred(n));
  return parts.join(' ');
}

/**
 * `paise` (a whole number, 0 or more) as the words of a tax invoice: 1050000 → "Rupees Ten Thousand
 * Five Hundred only"; 1050 → "Rupees Ten and Fifty Paise only"; 0 → "Rupees Zero only". Style in
 * this file's header. Throws a RangeError for a negative, fractional or unsafe number.
 */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError('rupeesInWords takes a whole number of paise, 0 or more');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = rupees === 0 ? 'Zero' : wholeInWords(rupees);
  const paiseWords = rest === 0 ? '' : ` and ${belowHundred(rest)} ${rest === 1 ? 'Paisa' : 'Paise'}`;
  return `Rupees ${rupeeWords}${paiseWords} only`;
}
