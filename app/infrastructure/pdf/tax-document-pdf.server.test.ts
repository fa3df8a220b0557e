import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, test } from 'vitest';
import { pdfText } from '../../../tests/support/pdf-text';
import { renderTaxDocumentPdf, type TaxDocumentLine, type TaxDocumentView } from './tax-document-pdf.server';

/** One string per document, whitespace collapsed: a wrapped description reads as one phrase. */
const flat = (pages: string[]) => pages.join('\n').replace(/\s+/g, ' ');

const supplier = {
  legalName: 'Himalayan Tours Private Limited',
  addressLines: ['Tibet Road, MG Marg', 'Gangtok, Sikkim 737101'],
  gstin: '11AAACH1234L1Z5',
  stateName: 'Sikkim',
  stateCode: '11',
};

const line: TaxDocumentLine = {
  description: 'North Sikkim tour package, 4 nights (includes accommodation and transport)',
  sac: '998555',
  quantity: '2',
  taxableValue: '10,000.00',
  rateLabel: '5 %',
  igst: '500.00',
  total: '10,500.00',
};

/** The example: ₹10,500 inclusive at 5 % for a West Bengal traveller. */
const invoice: TaxDocumentView = {
  kind: 'invoice',
  title: 'Tax Invoice',
  number: 'HT/26-27/0042',
  date: '28 Nov 2026',
  issuedAt: new Date('2026-11-28T06:30:00Z'),
  supplier,
  recipient: { name: 'Ananya Sen', addressLines: ['12 Park Street', 'Kolkata, West Bengal 700016'], gstin: '19AABCS1429B1Z2' },
  placeOfSupply: { stateName: 'West Bengal', stateCode: '19' },
  reverseCharge: false,
  bookingReference: 'BK-7Q2F9',
  lines: [line],
  totals: { taxable: '₹10,000.00', igst: '₹500.00', grandTotal: '₹10,500.00' },
  amountInWords: 'Rupees Ten Thousand Five Hundred only',
  notes: ['Tax at 5 % without input tax credit.'],
  signature: { forLine: 'For Himalayan Tours Private Limited', signatoryLabel: 'Authorised signatory' },
};

describe('renderTaxDocumentPdf', () => {
  test('a tax invoice shows every Rule 46 field as extractable text, the rupee sign included', async () => {
    const bytes = await renderTaxDocumentPdf(invoice);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const pages = await pdfText(bytes);
    expect(pages).toHaveLength(1);
    const text = flat(pages);
    for (const expected of [
      'Himalayan Tours Private Limited',
      'Tibet Road, MG Marg',
      'Gangtok, Sikkim 737101',
      'GSTIN: 11AAACH1234L1Z5',
      'State: Sikkim (11)',
      'Tax Invoice',
      'HT/26-27/0042',
      '28 Nov 2026',
      'BK-7Q2F9',
      'Ananya Sen',
      '12 Park Street',
      'Kolkata, West Bengal 700016',
      'GSTIN: 19AABCS1429B1Z2',
      'Place of supply: West Bengal (19)',
      'Tax payable on reverse charge: No',
      line.description,
      '998555',
      'Taxable value',
      '10,000.00',
      '5 %',
      'IGST',
      '500.00',
      '10,500.00',
      'Taxable value ₹10,000.00',
      'IGST ₹500.00',
      'Total ₹10,500.00',
      'Rupees Ten Thousand Five Hundred only',
      'Tax at 5 % without input tax credit.',
      'For Himalayan Tours Private Limited',
      'Authorised signatory',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The quantity is its own cell, between the SAC and the taxable value.
    expect(text).toMatch(/998555 2 10,000\.00 5 % 500\.00 10,500\.00/);
    // An inter-state invoice has no CGST or SGST column.
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
  });

  test('an intra-state invoice shows CGST and SGST, and the metadata names the document and the supplier', async () => {
    const bytes = await renderTaxDocumentPdf({
      ...invoice,
      recipient: { name: 'Pema Bhutia', addressLines: ['Deorali', 'Gangtok, Sikkim 737102'] },
      placeOfSupply: { stateName: 'Sikkim', stateCode: '11' },
      lines: [{ ...line, quantity: '1', rateLabel: '2.5 % + 2.5 %', igst: undefined, cgst: '250.00', sgst: '250.00' }],
      totals: { taxable: '₹10,000.00', cgst: '₹250.00', sgst: '₹250.00', grandTotal: '₹10,500.00' },
    });
    const text = flat(await pdfText(bytes));
    expect(text).toContain('Place of supply: Sikkim (11)');
    expect(text).toMatch(/998555 1 10,000\.00 2\.5 % \+ 2\.5 % 250\.00 250\.00 10,500\.00/);
    expect(text).toContain('CGST ₹250.00');
    expect(text).toContain('SGST ₹250.00');
    expect(text).not.toContain('IGST');

    const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
    const { info } = await (await task.promise).getMetadata();
    await task.destroy();
    expect(info).toMatchObject({ Title: 'Tax Invoice HT/26-27/0042', Author: 'Himalayan Tours Private Limited' });
  });

  test('a credit note names the invoice it corrects; a receipt of an unregistered operator prints no GSTIN or place of supply', async () => {
    const credit = flat(
      await pdfText(
        await renderTaxDocumentPdf({
          ...invoice,
          kind: 'credit_note',
          title: 'Credit Note',
          number: 'HT/CN/26-27/0003',
          originalInvoice: { number: 'HT/26-27/0042', date: '28 Nov 2026' },
        }),
      ),
    );
    expect(credit).toContain('Credit Note');
    expect(credit).toContain('Against invoice HT/26-27/0042 of 28 Nov 2026');

    const receipt = flat(
      await pdfText(
        await renderTaxDocumentPdf({
          ...invoice,
          kind: 'receipt',
          title: 'Receipt',
          number: 'HT/R/26-27/0007',
          supplier: { ...supplier, gstin: undefined },
          recipient: { name: 'Ananya Sen', addressLines: [] },
          placeOfSupply: undefined,
          reverseCharge: undefined,
          lines: [{ description: 'Advance for booking BK-7Q2F9 (UPI)', sac: '998555', quantity: '1', taxableValue: '', rateLabel: '', total: '5,250.00' }],
          totals: { taxable: '', grandTotal: '₹5,250.00' },
          amountInWords: 'Rupees Five Thousand Two Hundred Fifty only',
          notes: [],
        }),
      ),
    );
    expect(receipt).toContain('Receipt');
    expect(receipt).toContain('Received from Ananya Sen');
    expect(receipt).toContain('Total ₹5,250.00');
    expect(receipt).not.toContain('GSTIN');
    expect(receipt).not.toContain('Place of supply');
  });

  test('sixty lines continue over several pages, each with the table header, and every description is found', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      ...line,
      description: `Day ${i + 1}: Gangtok to Lachung by car with driver, sightseeing at Seven Sisters Falls and Singhik viewpoint (item ${i + 1})`,
    }));
    const pages = await pdfText(await renderTaxDocumentPdf({ ...invoice, lines }));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      if (index > 0) expect(page).toContain('HT/26-27/0042 (continued)');
    });
    // The table header is on every page that has table rows (the last may hold only the totals).
    for (const page of pages.filter((p) => p.includes('(item '))) expect(page).toContain('Description');
    const text = flat(pages);
    for (const { description } of lines) expect(text).toContain(description);
    expect(text).toContain('Total ₹10,500.00');
  });

  test('the same view gives the same bytes (the creation date is the issue date), so a PDF can be cached', async () => {
    const [first, second] = await Promise.all([renderTaxDocumentPdf(invoice), renderTaxDocumentPdf(invoice)]);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });
});
