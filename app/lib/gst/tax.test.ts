import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatPaise } from '~/lib/money';
import { placeOfSupply, splitIntraStateTax, taxDocument, taxLine, type TaxAmounts, type TaxLineInput } from './tax';

const tourPackage = (unitPricePaise: number, quantity = 1): TaxLineInput => ({
  description: 'North Sikkim 3 nights',
  sac: '998555',
  quantity,
  unitPricePaise,
  ratePercent: 5,
});

const rupees = (amounts: TaxAmounts) => ({
  taxable: formatPaise(amounts.taxablePaise),
  cgst: formatPaise(amounts.cgstPaise),
  sgst: formatPaise(amounts.sgstPaise),
  igst: formatPaise(amounts.igstPaise),
  total: formatPaise(amounts.totalPaise),
});

describe('the examples of docs/decisions/047-invoices-gst.md', () => {
  test('₹10,500 tax-inclusive at 5 % for a Sikkim traveller: ₹10,000 taxable + ₹250 CGST + ₹250 SGST', () => {
    const doc = taxDocument({ lines: [tourPackage(1_050_000)], pricesIncludeTax: true, supplierStateCode: '11', placeOfSupplyStateCode: '11' });
    expect(doc.supplyType).toBe('intra_state');
    expect(doc.stateTaxName).toBe('SGST');
    expect(rupees(doc.totals)).toEqual({ taxable: '₹10,000.00', cgst: '₹250.00', sgst: '₹250.00', igst: '₹0.00', total: '₹10,500.00' });
  });

  test('the same for a West Bengal traveller: ₹500 IGST', () => {
    const doc = taxDocument({ lines: [tourPackage(1_050_000)], pricesIncludeTax: true, supplierStateCode: '11', placeOfSupplyStateCode: '19' });
    expect(doc.supplyType).toBe('inter_state');
    expect(rupees(doc.totals)).toEqual({ taxable: '₹10,000.00', cgst: '₹0.00', sgst: '₹0.00', igst: '₹500.00', total: '₹10,500.00' });
  });
});

describe('one line', () => {
  test('tax-exclusive prices add the tax on top', () => {
    const line = taxLine(tourPackage(1_000_000), { pricesIncludeTax: false, interState: false });
    expect(line).toMatchObject({
      grossPaise: 1_000_000,
      taxablePaise: 1_000_000,
      cgstPaise: 25_000,
      sgstPaise: 25_000,
      taxPaise: 50_000,
      totalPaise: 1_050_000,
    });
  });

  test('rounding: half a paisa rounds up, and the odd paisa of the tax is CGST’s', () => {
    // ₹99.99 inclusive at 5 %: 9999 × 100 / 105 = 9522.857… → 9523; tax 476 → 238 + 238.
    expect(taxLine(tourPackage(9_999), { pricesIncludeTax: true, interState: false })).toMatchObject({ taxablePaise: 9_523, cgstPaise: 238, sgstPaise: 238 });
    // ₹1.00 inclusive at 5 %: 100 × 100 / 105 = 95.238… → 95; tax 5 → CGST 3, SGST 2.
    expect(taxLine(tourPackage(100), { pricesIncludeTax: true, interState: false })).toMatchObject({
      taxablePaise: 95,
      taxPaise: 5,
      cgstPaise: 3,
      sgstPaise: 2,
    });
    // ₹0.10 exclusive at 5 %: 0.5 paisa of tax rounds up to 1 paisa.
    expect(taxLine(tourPackage(10), { pricesIncludeTax: false, interState: true })).toMatchObject({ taxablePaise: 10, igstPaise: 1, totalPaise: 11 });
    // 18 %, exclusive: ₹1,234.56 → 22222.08 paise of tax → 22222.
    expect(
      taxLine(
        { description: 'Scooty, 2 days', sac: '997311', quantity: 1, unitPricePaise: 123_456, ratePercent: 18 },
        { pricesIncludeTax: false, interState: false },
      ),
    ).toMatchObject({ taxPaise: 22_222, cgstPaise: 11_111, sgstPaise: 11_111, totalPaise: 145_678 });
  });

  test('rounding is per line, on quantity × unit price', () => {
    // 3 × ₹33.33 inclusive = ₹99.99 gross, taxed once (not three times ₹33.33).
    expect(taxLine(tourPackage(3_333, 3), { pricesIncludeTax: true, interState: true })).toMatchObject({
      grossPaise: 9_999,
      taxablePaise: 9_523,
      igstPaise: 476,
    });
  });

  test('fractional and zero rates', () => {
    const quarter = taxLine({ ...tourPackage(1_000_000), ratePercent: 0.25 }, { pricesIncludeTax: false, interState: true });
    expect(quarter).toMatchObject({ rateBasisPoints: 25, ratePercent: 0.25, igstPaise: 2_500 });
    const zero = taxLine({ ...tourPackage(1_000_000), ratePercent: 0 }, { pricesIncludeTax: true, interState: false });
    expect(zero).toMatchObject({ taxablePaise: 1_000_000, taxPaise: 0, cgstPaise: 0, sgstPaise: 0, totalPaise: 1_000_000 });
  });

  test('bad lines are refused with the line named', () => {
    const opts = { pricesIncludeTax: true, interState: false, index: 1 };
    expect(() => taxLine(tourPackage(100, 0), opts)).toThrow('Line 2: the quantity is a whole number, 1 or more');
    expect(() => taxLine(tourPackage(100, 1.5), opts)).toThrow('Line 2: the quantity');
    expect(() => taxLine(tourPackage(-1), opts)).toThrow('Line 2: the unit price is a whole number of paise, 0 or more');
    expect(() => taxLine(tourPackage(10.5), opts)).toThrow('Line 2: the unit price');
    expect(() => taxLine({ ...tourPackage(100), ratePercent: 29 }, opts)).toThrow('Line 2: The GST rate is between 0 and 28 %');
    expect(() => taxLine({ ...tourPackage(100), ratePercent: 0.125 }, opts)).toThrow('at most two decimals');
    expect(() => taxLine(tourPackage(Number.MAX_SAFE_INTEGER, 2), opts)).toThrow('Line 2: the amount is too large');
  });

  test('splitIntraStateTax', () => {
    expect(splitIntraStateTax(0)).toEqual({ cgstPaise: 0, sgstPaise: 0 });
    expect(splitIntraStateTax(1)).toEqual({ cgstPaise: 1, sgstPaise: 0 });
    expect(splitIntraStateTax(50_001)).toEqual({ cgstPaise: 25_001, sgstPaise: 25_000 });
    expect(() => splitIntraStateTax(-2)).toThrow(RangeError);
  });
});

describe('a document', () => {
  test('totals by rate, lowest rate first, each the sum of its lines', () => {
    const doc = taxDocument({
      lines: [
        tourPackage(1_050_000),
        { description: 'Royal Enfield, 3 days', sac: '997311', quantity: 3, unitPricePaise: 177_000, ratePercent: 18 },
        tourPackage(525_000),
      ],
      pricesIncludeTax: true,
      supplierStateCode: '11',
      placeOfSupplyStateCode: '11',
    });
    expect(doc.byRate.map((r) => [r.ratePercent, r.taxablePaise, r.cgstPaise, r.sgstPaise, r.totalPaise])).toEqual([
      [5, 1_500_000, 37_500, 37_500, 1_575_000],
      [18, 450_000, 40_500, 40_500, 531_000],
    ]);
    expect(doc.totals).toEqual({ taxablePaise: 1_950_000, cgstPaise: 78_000, sgstPaise: 78_000, igstPaise: 0, taxPaise: 156_000, totalPaise: 2_106_000 });
  });

  test('a supplier in a union territory without a legislature charges UTGST', () => {
    expect(taxDocument({ lines: [], pricesIncludeTax: true, supplierStateCode: '04', placeOfSupplyStateCode: '04' }).stateTaxName).toBe('UTGST');
  });

  test('unknown state codes are refused', () => {
    expect(() => taxDocument({ lines: [], pricesIncludeTax: true, supplierStateCode: '25', placeOfSupplyStateCode: '11' })).toThrow(
      'Unknown supplier state code',
    );
    expect(() => taxDocument({ lines: [], pricesIncludeTax: true, supplierStateCode: '11', placeOfSupplyStateCode: 'WB' })).toThrow('Unknown place of supply');
  });

  test('an empty document is all zeros', () => {
    const doc = taxDocument({ lines: [], pricesIncludeTax: false, supplierStateCode: '11', placeOfSupplyStateCode: '19' });
    expect(doc.totals.totalPaise).toBe(0);
    expect(doc.byRate).toEqual([]);
  });
});

describe('properties', () => {
  const rate = fc.oneof(
    fc.constantFrom(0, 0.25, 1.5, 3, 5, 12, 18, 28),
    fc.integer({ min: 0, max: 2800 }).map((bp) => bp / 100),
  );
  const line = fc.record({
    description: fc.constant('line'),
    sac: fc.constantFrom('998555', '996601', '997311'),
    quantity: fc.integer({ min: 1, max: 1000 }),
    unitPricePaise: fc.integer({ min: 0, max: 1_000_000_000 }),
    ratePercent: rate,
  });
  const documentInput = fc.record({
    lines: fc.array(line, { maxLength: 20 }),
    pricesIncludeTax: fc.boolean(),
    supplierStateCode: fc.constantFrom('11', '04'),
    placeOfSupplyStateCode: fc.constantFrom('11', '19', '07', '04'),
  });

  test('tax-inclusive: taxable + taxes equals the line’s price exactly, and CGST and SGST differ by at most a paisa', () => {
    fc.assert(
      fc.property(documentInput, (input) => {
        const doc = taxDocument({ ...input, pricesIncludeTax: true });
        for (const l of doc.lines) {
          expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.quantity * l.unitPricePaise);
          expect(l.totalPaise).toBe(l.grossPaise);
          expect(l.cgstPaise - l.sgstPaise).toBeGreaterThanOrEqual(0);
          expect(l.cgstPaise - l.sgstPaise).toBeLessThanOrEqual(1);
          // The taxable value is the exact one rounded: within half a paisa of gross × 100 / (100 + rate).
          expect(Math.abs(l.taxablePaise - (l.grossPaise * 10_000) / (10_000 + l.rateBasisPoints))).toBeLessThanOrEqual(0.5 + 1e-6 * l.grossPaise);
        }
      }),
    );
  });

  test('tax-exclusive: the tax is the taxable value times the rate, rounded to the paisa', () => {
    fc.assert(
      fc.property(documentInput, (input) => {
        const doc = taxDocument({ ...input, pricesIncludeTax: false });
        for (const l of doc.lines) {
          expect(l.taxablePaise).toBe(l.grossPaise);
          expect(l.totalPaise).toBe(l.taxablePaise + l.taxPaise);
          const exact = (BigInt(l.taxablePaise) * BigInt(l.rateBasisPoints) * 2n) / 10_000n; // twice the exact tax, floored
          expect(BigInt(l.taxPaise)).toBe((exact + 1n) / 2n);
        }
      }),
    );
  });

  test('CGST + SGST or IGST, never both; totals and per-rate totals equal the sums of the lines', () => {
    fc.assert(
      fc.property(documentInput, (input) => {
        const doc = taxDocument(input);
        const keys = ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'taxPaise', 'totalPaise'] as const;
        for (const key of keys) {
          const sum = doc.lines.reduce((s, l) => s + l[key], 0);
          expect(doc.totals[key]).toBe(sum);
          expect(doc.byRate.reduce((s, r) => s + r[key], 0)).toBe(sum);
        }
        for (const r of doc.byRate) {
          const ofRate = doc.lines.filter((l) => l.rateBasisPoints === r.rateBasisPoints);
          expect(r.taxablePaise).toBe(ofRate.reduce((s, l) => s + l.taxablePaise, 0));
        }
        for (const l of doc.lines) {
          expect(l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.taxPaise);
          if (doc.supplyType === 'inter_state') expect(l.cgstPaise + l.sgstPaise).toBe(0);
          else expect(l.igstPaise).toBe(0);
        }
        expect(doc.supplyType).toBe(input.supplierStateCode === input.placeOfSupplyStateCode ? 'intra_state' : 'inter_state');
      }),
    );
  });
});

describe('place of supply', () => {
  test('a hotel or homestay night is supplied in the home state, whoever the traveller is', () => {
    expect(placeOfSupply({ kind: 'accommodation', travellerStateCode: '19' })).toEqual({ stateCode: '11', rule: 'property_location' });
    expect(placeOfSupply({ kind: 'accommodation', recipientGstin: '27AAPFU0939F1ZV' })).toEqual({ stateCode: '11', rule: 'property_location' });
  });

  test('anything else: the registered traveller’s GSTIN state, else their address’s state, else the home state', () => {
    expect(placeOfSupply({ kind: 'tour_package', travellerStateCode: '19' })).toEqual({ stateCode: '19', rule: 'recipient_address' });
    expect(placeOfSupply({ kind: 'car_with_driver', travellerStateCode: '11' })).toEqual({ stateCode: '11', rule: 'recipient_address' });
    expect(placeOfSupply({ kind: 'tour_package', travellerStateCode: '19', recipientGstin: ' 27aapfu0939f1zv ' })).toEqual({
      stateCode: '27',
      rule: 'registered_recipient',
    });
    expect(placeOfSupply({ kind: 'self_drive' })).toEqual({ stateCode: '11', rule: 'supplier_location' });
    expect(placeOfSupply({ kind: 'self_drive', travellerStateCode: '', recipientGstin: null })).toEqual({ stateCode: '11', rule: 'supplier_location' });
  });

  test('the home state comes from the settings', () => {
    expect(placeOfSupply({ kind: 'accommodation', homeStateCode: '19' })).toEqual({ stateCode: '19', rule: 'property_location' });
    expect(placeOfSupply({ kind: 'tour_package', homeStateCode: '19' })).toEqual({ stateCode: '19', rule: 'supplier_location' });
  });

  test('bad codes are refused, not guessed', () => {
    expect(() => placeOfSupply({ kind: 'tour_package', travellerStateCode: '25' })).toThrow("Unknown traveller state code '25'");
    expect(() => placeOfSupply({ kind: 'tour_package', recipientGstin: '27AAPFU0939F1ZW' })).toThrow('Recipient GSTIN: The last character');
    expect(() => placeOfSupply({ kind: 'tour_package', homeStateCode: '99' })).toThrow('Unknown home state code');
  });
});
