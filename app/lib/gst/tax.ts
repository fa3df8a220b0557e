/**
 * The GST of a document's lines, in integer paise (docs/decisions/047-invoices-gst.md#rounding and
 * #place-of-supply).
 *
 * Rounding, per line and to the paisa, half up (every amount here is zero or positive):
 * - A line's gross is quantity × unit price.
 * - Prices include tax: taxable = round(gross × 100 / (100 + rate)); tax = gross − taxable. So
 *   taxable + tax is the price the traveller was quoted, to the paisa.
 * - Prices exclude tax: taxable = gross; tax = round(taxable × rate / 100); total = taxable + tax.
 * - Intra-state (supplier's state = place of supply): the line's tax splits into CGST and SGST (or
 *   UTGST, states.ts) at half the rate each; CGST = ceil(tax / 2) and SGST = floor(tax / 2), so the
 *   odd paisa, when there is one, is CGST's and CGST + SGST = tax exactly.
 * - Inter-state: IGST = tax.
 * - A document's totals are the sums of its lines' amounts (never recomputed from summed taxable
 *   values), overall and per rate.
 * Rates are carried in basis points (5 % = 500) and the divisions are done on bigint, so no amount
 * passes through a float.
 *
 * Client-safe: no server imports.
 */
import { validateGstRate, type ItemKind } from './defaults';
import { validateGstin } from './gstin';
import { HOME_STATE_CODE, gstStateByCode, type StateTaxName } from './states';

/** One line of a quote, invoice or credit note as the tax is computed on it. */
export interface TaxLineInput {
  description: string;
  sac: string;
  /** A whole number, 1 or more. */
  quantity: number;
  /** Price of one unit in paise, 0 or more: tax included or not as the document says. */
  unitPricePaise: number;
  /** GST rate in percent, 0 to 28 with at most two decimals (5, 18, 0.25). */
  ratePercent: number;
}

export interface TaxDocumentInput {
  lines: readonly TaxLineInput[];
  /** Whether unit prices include GST (the settings' default: they do). */
  pricesIncludeTax: boolean;
  /** State code of the operator's registration (the first two digits of its GSTIN). */
  supplierStateCode: string;
  /** State code of the place of supply (`placeOfSupply`). */
  placeOfSupplyStateCode: string;
}

/** Amounts in paise. `taxPaise` = CGST + SGST + IGST; `totalPaise` = taxable + tax. */
export interface TaxAmounts {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
}

export interface TaxedLine extends TaxLineInput, TaxAmounts {
  /** The rate in hundredths of a percent (5 % = 500). */
  rateBasisPoints: number;
  /** quantity × unit price, in paise, as the document states the prices. */
  grossPaise: number;
}

export interface RateTotals extends TaxAmounts {
  ratePercent: number;
  rateBasisPoints: number;
}

export type SupplyType = 'intra_state' | 'inter_state';

export interface TaxedDocument {
  supplyType: SupplyType;
  supplierStateCode: string;
  placeOfSupplyStateCode: string;
  /** What the invoice calls the state half of an intra-state supply: SGST, or UTGST in a union territory without a legislature. */
  stateTaxName: StateTaxName;
  pricesIncludeTax: boolean;
  lines: TaxedLine[];
  totals: TaxAmounts;
  /** Totals per rate, lowest rate first (what GSTR-1 and GSTR-3B ask for). */
  byRate: RateTotals[];
}

const BASIS = 10_000n; // 100 % in basis points

/** round(numerator / denominator), half up, for numerator ≥ 0 and denominator > 0. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/**
 * Splits an intra-state line's tax (paise, ≥ 0) into CGST and SGST/UTGST: CGST = ceil(tax / 2),
 * SGST = floor(tax / 2). They add up to the tax and differ by at most one paisa, which is CGST's.
 */
export function splitIntraStateTax(taxPaise: number): { cgstPaise: number; sgstPaise: number } {
  if (!Number.isSafeInteger(taxPaise) || taxPaise < 0) throw new RangeError('The tax to split is a whole number of paise, 0 or more');
  const sgstPaise = Math.floor(taxPaise / 2);
  return { cgstPaise: taxPaise - sgstPaise, sgstPaise };
}

function lineError(index: number, message: string): RangeError {
  return new RangeError(`Line ${index + 1}: ${message}`);
}

/**
 * The tax of one line (rules in this file's header). `interState` chooses IGST over CGST + SGST.
 * Throws a RangeError naming the line (`index`, counted from 0, shown from 1) when the quantity is
 * not a whole number from 1, the unit price not a whole number of paise from 0, the rate outside
 * 0-28 % or with more than two decimals, or the gross beyond the safe integer range.
 */
export function taxLine(line: TaxLineInput, options: { pricesIncludeTax: boolean; interState: boolean; index?: number }): TaxedLine {
  const index = options.index ?? 0;
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw lineError(index, 'the quantity is a whole number, 1 or more');
  if (!Number.isSafeInteger(line.unitPricePaise) || line.unitPricePaise < 0) throw lineError(index, 'the unit price is a whole number of paise, 0 or more');
  const rate = validateGstRate(line.ratePercent);
  if (!rate.ok) throw lineError(index, rate.message);
  const gross = BigInt(line.quantity) * BigInt(line.unitPricePaise);
  if (gross > BigInt(Number.MAX_SAFE_INTEGER)) throw lineError(index, 'the amount is too large');

  const bp = BigInt(rate.rateBasisPoints);
  let taxable: bigint;
  let tax: bigint;
  if (options.pricesIncludeTax) {
    taxable = divideRounded(gross * BASIS, BASIS + bp);
    tax = gross - taxable;
  } else {
    taxable = gross;
    tax = divideRounded(taxable * bp, BASIS);
  }
  const taxPaise = Number(tax);
  const { cgstPaise, sgstPaise } = options.interState ? { cgstPaise: 0, sgstPaise: 0 } : splitIntraStateTax(taxPaise);
  return {
    ...line,
    ratePercent: rate.ratePercent,
    rateBasisPoints: rate.rateBasisPoints,
    grossPaise: Number(gross),
    taxablePaise: Number(taxable),
    cgstPaise,
    sgstPaise,
    igstPaise: options.interState ? taxPaise : 0,
    taxPaise,
    totalPaise: Number(taxable + tax),
  };
}

function zeroAmounts(): TaxAmounts {
  return { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0, totalPaise: 0 };
}

function addInto(sum: TaxAmounts, line: TaxAmounts): void {
  sum.taxablePaise += line.taxablePaise;
  sum.cgstPaise += line.cgstPaise;
  sum.sgstPaise += line.sgstPaise;
  sum.igstPaise += line.igstPaise;
  sum.taxPaise += line.taxPaise;
  sum.totalPaise += line.totalPaise;
}

/**
 * The tax of a whole document: each line by `taxLine`, CGST + SGST/UTGST when the supplier's state
 * is the place of supply and IGST otherwise, with totals overall and per rate (sums of the lines).
 * Throws a RangeError for an unknown state code or a line `taxLine` refuses.
 */
export function taxDocument(input: TaxDocumentInput): TaxedDocument {
  const supplier = gstStateByCode(input.supplierStateCode);
  if (!supplier) throw new RangeError(`Unknown supplier state code '${input.supplierStateCode}'`);
  const place = gstStateByCode(input.placeOfSupplyStateCode);
  if (!place) throw new RangeError(`Unknown place of supply state code '${input.placeOfSupplyStateCode}'`);
  const interState = supplier.code !== place.code;

  const lines = input.lines.map((line, index) => taxLine(line, { pricesIncludeTax: input.pricesIncludeTax, interState, index }));
  const totals = zeroAmounts();
  const rates = new Map<number, RateTotals>();
  for (const line of lines) {
    addInto(totals, line);
    let forRate = rates.get(line.rateBasisPoints);
    if (!forRate) {
      forRate = { ratePercent: line.ratePercent, rateBasisPoints: line.rateBasisPoints, ...zeroAmounts() };
      rates.set(line.rateBasisPoints, forRate);
    }
    addInto(forRate, line);
  }
  return {
    supplyType: interState ? 'inter_state' : 'intra_state',
    supplierStateCode: supplier.code,
    placeOfSupplyStateCode: place.code,
    stateTaxName: supplier.stateTax,
    pricesIncludeTax: input.pricesIncludeTax,
    lines,
    totals,
    byRate: [...rates.values()].sort((a, b) => a.rateBasisPoints - b.rateBasisPoints),
  };
}

/** What is supplied, for the place of supply: an item kind, or a hotel or homestay night. */
export type SupplyKind = ItemKind | 'accommodation';

export interface PlaceOfSupplyInput {
  kind: SupplyKind;
  /** The state code of the traveller's address, if they gave one (asked on the booking page and the quote). */
  travellerStateCode?: string | null;
  /** The traveller's GSTIN, if they are registered and gave it for the invoice. */
  recipientGstin?: string | null;
  /** The state of the operator's registration and of its properties; default Sikkim. */
  homeStateCode?: string;
}

export interface PlaceOfSupply {
  stateCode: string;
  /**
   * Which part of IGST Act s.12 decided it: the property's location (s.12(3), lodging), the
   * registered recipient's location (s.12(2)(a)), the recipient's address on record (s.12(2)(b)(i))
   * or, with no address, the supplier's location (s.12(2)(b)(ii)).
   */
  rule: 'property_location' | 'registered_recipient' | 'recipient_address' | 'supplier_location';
}

/**
 * The place of supply of a sale to a traveller (IGST Act s.12, as docs/decisions/047-invoices-gst.md#place-of-supply
 * states it):
 * - a hotel or homestay night ('accommodation') is supplied where the property is, which is the
 *   operator's home state, whoever the traveller is;
 * - otherwise a traveller who gives a GSTIN is a registered recipient: the state of that GSTIN;
 * - otherwise the state of the traveller's address when one is on record;
 * - otherwise the supplier's location, the home state.
 * Empty or null codes count as not given. Throws a RangeError for a state code that is not in use
 * or a GSTIN that `validateGstin` refuses (both are checked where they are entered).
 */
export function placeOfSupply(input: PlaceOfSupplyInput): PlaceOfSupply {
  const home = input.homeStateCode ?? HOME_STATE_CODE;
  if (!gstStateByCode(home)) throw new RangeError(`Unknown home state code '${home}'`);
  if (input.kind === 'accommodation') return { stateCode: home, rule: 'property_location' };

  const gstin = input.recipientGstin?.trim();
  if (gstin) {
    const checked = validateGstin(gstin);
    if (!checked.ok) throw new RangeError(`Recipient GSTIN: ${checked.message}`);
    return { stateCode: checked.stateCode, rule: 'registered_recipient' };
  }

  const traveller = input.travellerStateCode?.trim();
  if (traveller) {
    const found = gstStateByCode(traveller);
    if (!found) throw new RangeError(`Unknown traveller state code '${traveller}'`);
    return { stateCode: found.code, rule: 'recipient_address' };
  }
  return { stateCode: home, rule: 'supplier_location' };
}
