/**
 * India's states and union territories with their GST state codes (docs/decisions/047-invoices-gst.md#state-codes).
 * The code is the first two digits of every GSTIN and the "code" of the place of supply that a tax
 * invoice shows ("Place of supply: West Bengal (19)", Rule 46 of the CGST Rules).
 *
 * Source: the GST portal's list as reprinted by caclubindia.com/articles/state-code-list-of-gst--31682.asp
 * (docs/decisions/047-invoices-gst.md#state-codes), with the 2020 merger of Dadra and Nagar Haveli with
 * Daman and Diu (26; 25 is retired) and Ladakh (38, 2019). 28 was undivided Andhra Pradesh; GST
 * registrations there have used 37 since GST began in 2017.
 *
 * Client-safe: plain data, no server imports.
 */

/** The state code of the operator's registration when the settings name none: Sikkim. */
export const HOME_STATE_CODE = '11';

/**
 * Which tax is the "state half" of an intra-state supply: SGST in the states and in the union
 * territories with a legislature (Delhi, Puducherry, Jammu and Kashmir), UTGST in the other union
 * territories (UTGST Act 2017, s.2 "Union territory").
 */
export type StateTaxName = 'SGST' | 'UTGST';

export type GstStateKind = 'state' | 'union_territory' | 'other_territory';

export interface GstState {
  /** Two digits, '01' to '38' or '97'. */
  code: string;
  /** The name as the GST portal writes it. */
  name: string;
  kind: GstStateKind;
  stateTax: StateTaxName;
}

const state = (code: string, name: string): GstState => ({ code, name, kind: 'state', stateTax: 'SGST' });
const utWithLegislature = (code: string, name: string): GstState => ({ code, name, kind: 'union_territory', stateTax: 'SGST' });
const ut = (code: string, name: string): GstState => ({ code, name, kind: 'union_territory', stateTax: 'UTGST' });

/** Every state code in use today, in code order. */
export const GST_STATES: readonly GstState[] = Object.freeze([
  utWithLegislature('01', 'Jammu and Kashmir'),
  state('02', 'Himachal Pradesh'),
  state('03', 'Punjab'),
  ut('04', 'Chandigarh'),
  state('05', 'Uttarakhand'),
  state('06', 'Haryana'),
  utWithLegislature('07', 'Delhi'),
  state('08', 'Rajasthan'),
  state('09', 'Uttar Pradesh'),
  state('10', 'Bihar'),
  state('11', 'Sikkim'),
  state('12', 'Arunachal Pradesh'),
  state('13', 'Nagaland'),
  state('14', 'Manipur'),
  state('15', 'Mizoram'),
  state('16', 'Tripura'),
  state('17', 'Meghalaya'),
  state('18', 'Assam'),
  state('19', 'West Bengal'),
  state('20', 'Jharkhand'),
  state('21', 'Odisha'),
  state('22', 'Chhattisgarh'),
  state('23', 'Madhya Pradesh'),
  state('24', 'Gujarat'),
  ut('26', 'Dadra and Nagar Haveli and Daman and Diu'),
  state('27', 'Maharashtra'),
  state('29', 'Karnataka'),
  state('30', 'Goa'),
  ut('31', 'Lakshadweep'),
  state('32', 'Kerala'),
  state('33', 'Tamil Nadu'),
  utWithLegislature('34', 'Puducherry'),
  ut('35', 'Andaman and Nicobar Islands'),
  state('36', 'Telangana'),
  state('37', 'Andhra Pradesh'),
  ut('38', 'Ladakh'),
  { code: '97', name: 'Other Territory', kind: 'other_territory', stateTax: 'UTGST' },
]);

/** Codes that were GST state codes once and are not any more, with what replaced them. */
export const RETIRED_STATE_CODES: Readonly<Record<string, { name: string; replacedBy: string; note: string }>> = Object.freeze({
  '25': { name: 'Daman and Diu', replacedBy: '26', note: 'merged with Dadra and Nagar Haveli on 26 January 2020' },
  '28': { name: 'Andhra Pradesh (before division)', replacedBy: '37', note: 'Andhra Pradesh has used 37 since its division in 2014' },
});

const BY_CODE = new Map(GST_STATES.map((s) => [s.code, s]));

// Spellings people type or older lists use, keyed by `nameKey`.
const ALIASES: Readonly<Record<string, string>> = {
  jk: '01',
  'jammu kashmir': '01',
  'nct of delhi': '07',
  'new delhi': '07',
  'delhi nct': '07',
  uttaranchal: '05',
  orissa: '21',
  chattisgarh: '22',
  pondicherry: '34',
  'andaman nicobar': '35',
  'andaman nicobar islands': '35',
  'lakshadweep islands': '31',
  'daman diu': '26',
  'dadra nagar haveli': '26',
  'dadra nagar haveli daman diu': '26',
};

/** Lower case, '&' and 'and' dropped, punctuation to spaces, spaces collapsed: 'Jammu & Kashmir' → 'jammu kashmir'. */
function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word !== '' && word !== 'and')
    .join(' ');
}

const BY_NAME_KEY = new Map<string, GstState>([
  ...GST_STATES.map((s) => [nameKey(s.name), s] as const),
  ...Object.entries(ALIASES).map(([key, code]) => [key, BY_CODE.get(code) as GstState] as const),
]);

/** The state or union territory with this two-digit code ('11' → Sikkim), or undefined (also for retired codes). */
export function gstStateByCode(code: string): GstState | undefined {
  return BY_CODE.get(code.trim());
}

/** Whether `code` is a GST state code in use today. */
export function isGstStateCode(code: string): boolean {
  return BY_CODE.has(code.trim());
}

/**
 * The state or union territory with this name, ignoring case, punctuation, '&'/'and' and common older
 * spellings ('Orissa', 'Pondicherry', 'Daman and Diu' → 26), or undefined.
 */
export function gstStateByName(name: string): GstState | undefined {
  return BY_NAME_KEY.get(nameKey(name));
}

/**
 * The place of supply as a tax invoice writes it, name and code: 'West Bengal (19)'.
 * Throws a RangeError for a code that is not in use.
 */
export function formatStateWithCode(code: string): string {
  const found = gstStateByCode(code);
  if (!found) throw new RangeError(`Unknown GST state code '${code}'`);
  return `${found.name} (${found.code})`;
}
