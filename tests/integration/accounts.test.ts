/**
 * The month's summary (app/models/accounts.server.ts, /admin/accounts and its CSVs;
 * docs/decisions/047-invoices-gst.md#the-months-summary): a small known month against figures worked
 * out by hand (an intra-state and two inter-state invoices, a credit note, receipts, payments,
 * refunds and reversals), months in India's time at both ends, the CSVs' headers and rows, the
 * admin-only guard, and a property: over random ledgers, each month's received and refunded by method
 * add up to the ledger's own paise (`ledgerTotals`, the dashboard's month sum, the whole ledger).
 *
 * Rows are inserted straight into the tables. Documents are never deleted (a trigger refuses it), so
 * each part keeps to its own months: March and April 2027 for the known month, 2040 for the property.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { db, type Executor } from '~/db/client.server';
import { payments, taxDocuments, type TaxDocumentSnapshot } from '~/db/schema';
import { MAX_AMOUNT_PAISE, PAYMENT_METHODS, type PaymentMethod } from '~/lib/constants';
import { financialYearOf, formatDocumentNumber, type DocumentKind } from '~/lib/gst/document-number';
import { shortReference } from '~/lib/ids';
import { addMonths, monthBounds } from '~/lib/month';
import { monthDocuments, monthSummary, type MonthSummary, type SupplyFigures } from '~/models/accounts.server';
import { getMoneyOverview } from '~/models/dashboard.server';
import { ledgerTotals } from '~/models/payments.server';
import { loader as pageLoader } from '~/routes/admin/accounts';
import { loader as documentsCsvLoader } from '~/routes/admin/accounts/documents-csv';
import { loader as summaryCsvLoader } from '~/routes/admin/accounts/summary-csv';
import { createStaffSession } from '../auth-helpers';
import { createBooking } from '../factories';
import { routeArgs } from '../route-args';

const PREFIX: Record<DocumentKind, string> = { receipt: 'RCT', invoice: 'INV', credit_note: 'CN' };
const sequences = new Map<string, number>();

type DocumentInput = {
  kind: DocumentKind;
  issuedAt: string;
  bookingId: string;
  taxable: number;
  cgst?: number;
  sgst?: number;
  igst?: number;
  rate?: number;
  place?: string;
  gstin?: string;
  invoiceId?: string;
  paymentId?: string;
  recipient?: string;
};

/** A document as issued: the next number of its series and financial year, a snapshot naming the recipient. */
async function insertDocument(input: DocumentInput, executor: Executor = db()) {
  const issuedAt = new Date(input.issuedAt);
  const fy = financialYearOf(issuedAt);
  const key = `${input.kind}/${fy.start}`;
  const sequence = (sequences.get(key) ?? 0) + 1;
  sequences.set(key, sequence);
  const number = formatDocumentNumber(PREFIX[input.kind], fy.label, sequence);
  const { cgst = 0, sgst = 0, igst = 0 } = input;
  const snapshot: TaxDocumentSnapshot = {
    kind: input.kind,
    number,
    issuedAt: issuedAt.toISOString(),
    recipient: { name: input.recipient ?? 'Asha Rai', addressLines: [], ...(input.gstin ? { gstin: input.gstin } : {}) },
  };
  const [row] = await executor
    .insert(taxDocuments)
    .values({
      kind: input.kind,
      prefix: PREFIX[input.kind],
      financialYear: fy.start,
      sequence,
      number,
      bookingId: input.bookingId,
      paymentId: input.paymentId ?? null,
      invoiceId: input.invoiceId ?? null,
      issuedAt,
      taxablePaise: input.taxable,
      cgstPaise: cgst,
      sgstPaise: sgst,
      igstPaise: igst,
      totalPaise: input.taxable + cgst + sgst + igst,
      placeOfSupplyCode: input.kind === 'receipt' ? null : (input.place ?? '11'),
      rateBasisPoints: input.kind === 'receipt' ? null : (input.rate ?? 500),
      snapshot,
    })
    .returning();
  return row!;
}

type LedgerInput = { entryType: 'payment' | 'refund' | 'reversal'; amountPaise: number; method: PaymentMethod; receivedOn: string; reversesId?: string };

async function insertEntry(bookingId: string, entry: LedgerInput, executor: Executor = db()) {
  const [row] = await executor
    .insert(payments)
    .values({ bookingId, ...entry, reversesId: entry.reversesId ?? null })
    .returning();
  return row!;
}

/** Figures as the summary holds them, from paise: taxable, CGST, SGST, IGST (total is their sum). */
const figures = (count: number, taxable: number, cgst: number, sgst: number, igst: number) => ({
  count,
  taxablePaise: taxable,
  cgstPaise: cgst,
  sgstPaise: sgst,
  igstPaise: igst,
  totalPaise: taxable + cgst + sgst + igst,
});
const amounts = (taxable: number, cgst: number, sgst: number, igst: number) => {
  const { count: _, ...rest } = figures(0, taxable, cgst, sgst, igst);
  return rest;
};
const none = figures(0, 0, 0, 0, 0);

const GSTIN_WB = '19AAACI1681G1ZS';

/** March 2027's documents by issue time: 1 March 00:00 IST first, 31 March 23:59 IST last (numbers by issue order). */
const MARCH_NUMBERS = ['INV/26-27/0004', 'INV/26-27/0001', 'RCT/26-27/0001', 'INV/26-27/0002', 'RCT/26-27/0002', 'CN/26-27/0001', 'INV/26-27/0003'];

let admin: Awaited<ReturnType<typeof createStaffSession>>;
let staff: Awaited<ReturnType<typeof createStaffSession>>;
let booking: { sikkim: string; kolkata: string; selfDrive: string };
let march: MonthSummary;

beforeAll(async () => {
  admin = await createStaffSession();
  staff = await createStaffSession(undefined, 'staff');
  booking = {
    sikkim: (await createBooking({ name: 'Pema Bhutia', itemName: 'North Sikkim Explorer' })).id,
    kolkata: (await createBooking({ name: 'Rohit Mukherjee', itemName: 'Gangtok and Tsomgo' })).id,
    selfDrive: (await createBooking({ name: 'Ananya Sharma', type: 'bike', itemName: 'Royal Enfield Himalayan 450' })).id,
  };

  // The ledger of March 2027 (and its neighbours).
  const p1 = await insertEntry(booking.sikkim, { entryType: 'payment', amountPaise: 1_050_000, method: 'upi', receivedOn: '2027-03-05' });
  const p2 = await insertEntry(booking.kolkata, { entryType: 'payment', amountPaise: 2_100_000, method: 'razorpay', receivedOn: '2027-03-10' });
  await insertEntry(booking.selfDrive, { entryType: 'payment', amountPaise: 590_000, method: 'cash', receivedOn: '2027-03-31' });
  // Recorded by mistake, reversed in April: it counts (as nothing) in March, not in April.
  const p4 = await insertEntry(booking.sikkim, { entryType: 'payment', amountPaise: 100_000, method: 'bank_transfer', receivedOn: '2027-03-15' });
  await insertEntry(booking.sikkim, { entryType: 'reversal', amountPaise: -100_000, method: 'bank_transfer', receivedOn: '2027-04-02', reversesId: p4.id });
  await insertEntry(booking.kolkata, { entryType: 'refund', amountPaise: -525_000, method: 'razorpay', receivedOn: '2027-03-20' });
  // A cash refund recorded by mistake and reversed the next day.
  const f2 = await insertEntry(booking.selfDrive, { entryType: 'refund', amountPaise: -50_000, method: 'cash', receivedOn: '2027-03-25' });
  await insertEntry(booking.selfDrive, { entryType: 'reversal', amountPaise: 50_000, method: 'cash', receivedOn: '2027-03-26', reversesId: f2.id });
  // February's payment reversed in March counts in February.
  const p5 = await insertEntry(booking.sikkim, { entryType: 'payment', amountPaise: 200_000, method: 'upi', receivedOn: '2027-02-28' });
  await insertEntry(booking.sikkim, { entryType: 'reversal', amountPaise: -200_000, method: 'upi', receivedOn: '2027-03-02', reversesId: p5.id });
  const p6 = await insertEntry(booking.kolkata, { entryType: 'payment', amountPaise: 300_000, method: 'upi', receivedOn: '2027-04-01' });

  // The documents. Sikkim (11) is the supplier's state: CGST + SGST; West Bengal (19): IGST.
  const i1 = await insertDocument({
    kind: 'invoice',
    issuedAt: '2027-03-05T06:00:00Z',
    bookingId: booking.sikkim,
    taxable: 1_000_000,
    cgst: 25_000,
    sgst: 25_000,
    place: '11',
  });
  const i2 = await insertDocument({
    kind: 'invoice',
    issuedAt: '2027-03-10T06:00:00Z',
    bookingId: booking.kolkata,
    taxable: 2_000_000,
    igst: 100_000,
    place: '19',
    gstin: GSTIN_WB,
    recipient: 'Mukherjee Travels LLP',
  });
  // 31 March 23:59 IST is March.
  await insertDocument({
    kind: 'invoice',
    issuedAt: '2027-03-31T18:29:00Z',
    bookingId: booking.selfDrive,
    taxable: 500_000,
    igst: 90_000,
    rate: 1800,
    place: '19',
  });
  // 1 March 00:00 IST is March; 28 February 23:59:59 IST is February.
  await insertDocument({ kind: 'invoice', issuedAt: '2027-02-28T18:30:00Z', bookingId: booking.sikkim, taxable: 100_000, cgst: 2_500, sgst: 2_500 });
  await insertDocument({ kind: 'invoice', issuedAt: '2027-02-28T18:29:59Z', bookingId: booking.sikkim, taxable: 700_000, cgst: 17_500, sgst: 17_500 });
  await insertDocument({
    kind: 'credit_note',
    issuedAt: '2027-03-20T06:00:00Z',
    bookingId: booking.kolkata,
    taxable: 500_000,
    igst: 25_000,
    place: '19',
    gstin: GSTIN_WB,
    invoiceId: i2.id,
    recipient: 'Mukherjee Travels LLP',
  });
  await insertDocument({ kind: 'receipt', issuedAt: '2027-03-05T06:01:00Z', bookingId: booking.sikkim, taxable: 1_050_000, paymentId: p1.id });
  await insertDocument({ kind: 'receipt', issuedAt: '2027-03-10T06:01:00Z', bookingId: booking.kolkata, taxable: 2_100_000, paymentId: p2.id });
  // April: 1 April 00:00 IST, a receipt, and a credit note against a March invoice, which makes Sikkim's net negative.
  await insertDocument({ kind: 'invoice', issuedAt: '2027-03-31T18:30:00Z', bookingId: booking.kolkata, taxable: 300_000, igst: 15_000, place: '19' });
  await insertDocument({ kind: 'receipt', issuedAt: '2027-04-01T05:00:00Z', bookingId: booking.kolkata, taxable: 300_000, paymentId: p6.id });
  await insertDocument({
    kind: 'credit_note',
    issuedAt: '2027-04-10T06:00:00Z',
    bookingId: booking.sikkim,
    taxable: 100_000,
    cgst: 2_500,
    sgst: 2_500,
    invoiceId: i1.id,
  });

  march = await monthSummary(db(), '2027-03');
});

describe('monthSummary of a known month', () => {
  test('counts the documents of March in India: 1 March 00:00 and 31 March 23:59 IST in, the minutes either side out', () => {
    expect(march.month).toBe('2027-03');
    expect(march.from).toBe('2027-02-28T18:30:00.000Z');
    expect(march.to).toBe('2027-03-31T18:30:00.000Z');
    expect(march.documents).toEqual({ receipts: 2, invoices: 4, creditNotes: 1 });
    expect(march.receipts).toEqual({ count: 2, totalPaise: 3_150_000 });
  });

  test('sums invoices, credit notes and the net by rate and place of supply as worked out by hand', () => {
    expect(march.bySupply).toEqual([
      {
        rateBasisPoints: 500,
        placeOfSupplyCode: '11',
        invoices: figures(2, 1_100_000, 27_500, 27_500, 0),
        creditNotes: none,
        net: amounts(1_100_000, 27_500, 27_500, 0),
      },
      {
        rateBasisPoints: 500,
        placeOfSupplyCode: '19',
        invoices: figures(1, 2_000_000, 0, 0, 100_000),
        creditNotes: figures(1, 500_000, 0, 0, 25_000),
        net: amounts(1_500_000, 0, 0, 75_000),
      },
      { rateBasisPoints: 1800, placeOfSupplyCode: '19', invoices: figures(1, 500_000, 0, 0, 90_000), creditNotes: none, net: amounts(500_000, 0, 0, 90_000) },
    ]);
    expect(march.byRate).toEqual([
      {
        rateBasisPoints: 500,
        invoices: figures(3, 3_100_000, 27_500, 27_500, 100_000),
        creditNotes: figures(1, 500_000, 0, 0, 25_000),
        net: amounts(2_600_000, 27_500, 27_500, 75_000),
      },
      { rateBasisPoints: 1800, invoices: figures(1, 500_000, 0, 0, 90_000), creditNotes: none, net: amounts(500_000, 0, 0, 90_000) },
    ]);
    expect(march.byPlace).toEqual([
      { placeOfSupplyCode: '11', invoices: figures(2, 1_100_000, 27_500, 27_500, 0), creditNotes: none, net: amounts(1_100_000, 27_500, 27_500, 0) },
      {
        placeOfSupplyCode: '19',
        invoices: figures(2, 2_500_000, 0, 0, 190_000),
        creditNotes: figures(1, 500_000, 0, 0, 25_000),
        net: amounts(2_000_000, 0, 0, 165_000),
      },
    ]);
    const total: SupplyFigures = {
      invoices: figures(4, 3_600_000, 27_500, 27_500, 190_000),
      creditNotes: figures(1, 500_000, 0, 0, 25_000),
      net: amounts(3_100_000, 27_500, 27_500, 165_000),
    };
    expect(march.totals).toEqual(total);
    expect(march.totals.net.totalPaise).toBe(3_845_000 - 525_000);
    expect(march.byRecipient).toEqual({
      registered: { invoices: figures(1, 2_000_000, 0, 0, 100_000), creditNotes: figures(1, 500_000, 0, 0, 25_000), net: amounts(1_500_000, 0, 0, 75_000) },
      unregistered: { invoices: figures(3, 1_600_000, 27_500, 27_500, 90_000), creditNotes: none, net: amounts(1_600_000, 27_500, 27_500, 90_000) },
    });
  });

  test('sums the ledger by method, each reversal in the month and method of the entry it corrects, equal to the dashboard', async () => {
    expect(march.ledger.byMethod).toEqual([
      { method: 'razorpay', receivedPaise: 2_100_000, refundedPaise: 525_000, netPaise: 1_575_000, receivedEntries: 1, refundedEntries: 1 },
      { method: 'upi', receivedPaise: 1_050_000, refundedPaise: 0, netPaise: 1_050_000, receivedEntries: 1, refundedEntries: 0 },
      { method: 'bank_transfer', receivedPaise: 0, refundedPaise: 0, netPaise: 0, receivedEntries: 2, refundedEntries: 0 },
      { method: 'cash', receivedPaise: 590_000, refundedPaise: 0, netPaise: 590_000, receivedEntries: 1, refundedEntries: 2 },
    ]);
    expect(march.ledger.totals).toEqual({ receivedPaise: 3_740_000, refundedPaise: 525_000, netPaise: 3_215_000, receivedEntries: 5, refundedEntries: 3 });
    expect(march.ledger.laterReversals).toEqual({ count: 1, paise: -100_000 });
    expect((await getMoneyOverview('2027-03-15')).receivedThisMonthPaise).toBe(march.ledger.totals.netPaise);

    const february = await monthSummary(db(), '2027-02');
    expect(february.ledger.totals).toMatchObject({ receivedPaise: 0, netPaise: 0, receivedEntries: 2 });
    expect(february.documents).toEqual({ receipts: 0, invoices: 1, creditNotes: 0 });
    const april = await monthSummary(db(), '2027-04');
    expect(april.ledger.totals).toMatchObject({ receivedPaise: 300_000, refundedPaise: 0, netPaise: 300_000 });
    expect(april.ledger.laterReversals).toEqual({ count: 0, paise: 0 });
  });

  test('a credit note counts in the month it is issued: April nets Sikkim below zero', async () => {
    const april = await monthSummary(db(), '2027-04');
    expect(april.documents).toEqual({ receipts: 1, invoices: 1, creditNotes: 1 });
    expect(april.byPlace.find((p) => p.placeOfSupplyCode === '11')).toEqual({
      placeOfSupplyCode: '11',
      invoices: none,
      creditNotes: figures(1, 100_000, 2_500, 2_500, 0),
      net: amounts(-100_000, -2_500, -2_500, 0),
    });
    expect(april.totals.net).toEqual(amounts(200_000, -2_500, -2_500, 15_000));
  });

  test('an empty month is all zeros, every method listed', async () => {
    const empty = await monthSummary(db(), '2031-07');
    expect(empty.documents).toEqual({ receipts: 0, invoices: 0, creditNotes: 0 });
    expect(empty.bySupply).toEqual([]);
    expect(empty.totals.net.totalPaise).toBe(0);
    expect(empty.ledger.byMethod.map((m) => m.method)).toEqual([...PAYMENT_METHODS]);
    expect(empty.ledger.totals.netPaise).toBe(0);
  });

  test('monthDocuments reads the month oldest first across keyset batches, each once', async () => {
    const all: string[] = [];
    for await (const d of monthDocuments(db(), '2027-03', 2)) all.push(d.number);
    expect(all).toEqual(MARCH_NUMBERS);
  });
});

/** The text of a CSV response, BOM kept. */
async function csvText(response: Response) {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
}

const get = (url: string, cookie?: string) => routeArgs(url, {}, { headers: cookie ? { Cookie: cookie } : {} });

describe('the CSVs', () => {
  test('documents.csv: BOM, headers, one row per document of the month as printed', async () => {
    const response = (await documentsCsvLoader(get('/admin/accounts/documents.csv?month=2027-03', admin.cookie))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="documents-2027-03.csv"');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const text = await csvText(response);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\n');
    expect(lines[0]).toBe(
      'Number,Type,Issued (IST),Booking,Recipient,Recipient GSTIN,Place of supply,Rate (%),Taxable value (₹),CGST (₹),SGST (₹),IGST (₹),Total (₹),Against invoice,Payment method,Booking id',
    );
    expect(lines).toHaveLength(8);
    const k = `#${shortReference(booking.kolkata)}`;
    const s = `#${shortReference(booking.sikkim)}`;
    expect(lines[1]).toBe(`INV/26-27/0004,Tax Invoice,2027-03-01 00:00,${s},Asha Rai,,Sikkim (11),5,1000.00,25.00,25.00,0.00,1050.00,,,${booking.sikkim}`);
    expect(lines[5]).toBe(`RCT/26-27/0002,Receipt,2027-03-10 11:31,${k},Asha Rai,,,,,,,,21000.00,,Online (Razorpay),${booking.kolkata}`);
    expect(lines[6]).toBe(
      `CN/26-27/0001,Credit Note,2027-03-20 11:30,${k},Mukherjee Travels LLP,${GSTIN_WB},West Bengal (19),5,5000.00,0.00,0.00,250.00,5250.00,INV/26-27/0002,,${booking.kolkata}`,
    );
    expect(lines[7]).toMatch(/^INV\/26-27\/0003,Tax Invoice,2027-03-31 23:59,.*,West Bengal \(19\),18,5000\.00,0\.00,0\.00,900\.00,5900\.00,,,/);
  });

  test('summary.csv: the month on every row, sections by rate and place, the ledger by method; a negative net is a number', async () => {
    const response = (await summaryCsvLoader(get('/admin/accounts/summary.csv?month=2027-04', admin.cookie))) as Response;
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="gst-summary-2027-04.csv"');
    const lines = (await csvText(response)).slice(1).trimEnd().split('\n');
    expect(lines[0]).toBe('Month,Section,Rate (%),Place of supply,Method,Count,Taxable value (₹),CGST (₹),SGST (₹),IGST (₹),Total (₹)');
    expect(lines.every((line, i) => i === 0 || line.startsWith('2027-04,'))).toBe(true);
    expect(lines).toContain('2027-04,By place of supply: credit notes,,Sikkim (11),,1,1000.00,25.00,25.00,0.00,1050.00');
    expect(lines).toContain('2027-04,By place of supply: net,,Sikkim (11),,,-1000.00,-25.00,-25.00,0.00,-1050.00');
    expect(lines).toContain('2027-04,Month: net,,,,,2000.00,-25.00,-25.00,150.00,2100.00');
    expect(lines).toContain('2027-04,Receipts,,,,1,,,,,3000.00');
    expect(lines).toContain('2027-04,Ledger: received,,,UPI,1,,,,,3000.00');
    expect(lines.at(-1)).toBe('2027-04,Ledger total: net,,,,,,,,,3000.00');
  });

  test('summary.csv of March has the hand-worked rows', async () => {
    const response = (await summaryCsvLoader(get('/admin/accounts/summary.csv?month=2027-03', admin.cookie))) as Response;
    const lines = (await csvText(response)).slice(1).trimEnd().split('\n');
    expect(lines).toContain('2027-03,By rate and place of supply: tax invoices,5,West Bengal (19),,1,20000.00,0.00,0.00,1000.00,21000.00');
    expect(lines).toContain('2027-03,By rate and place of supply: credit notes,5,West Bengal (19),,1,5000.00,0.00,0.00,250.00,5250.00');
    expect(lines).toContain('2027-03,By rate and place of supply: net,5,West Bengal (19),,,15000.00,0.00,0.00,750.00,15750.00');
    expect(lines).toContain('2027-03,By rate: net,18,,,,5000.00,0.00,0.00,900.00,5900.00');
    expect(lines).toContain('2027-03,Registered recipients (GSTIN): net,,,,,15000.00,0.00,0.00,750.00,15750.00');
    expect(lines).toContain('2027-03,Ledger: refunded,,,Online (Razorpay),1,,,,,5250.00');
    expect(lines).toContain('2027-03,Ledger total: net,,,,,,,,,32150.00');
  });

  test('a month that is not one is a 400 naming it; no month is the current one', async () => {
    for (const loader of [documentsCsvLoader, summaryCsvLoader]) {
      const refused = (await loader(get('/admin/accounts/summary.csv?month=2027-13', admin.cookie))) as Response;
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Not a month: '2027-13'");
      const current = (await loader(get('/admin/accounts/summary.csv', admin.cookie))) as Response;
      expect(current.status).toBe(200);
      await current.body?.cancel();
    }
  });
});

describe('the page', () => {
  test('shows the month asked for, its summary and a page of its documents, filtered by kind', async () => {
    const page = await pageLoader(get('/admin/accounts?month=2027-03', admin.cookie));
    expect(page.month).toBe('2027-03');
    expect(page.refused).toBeNull();
    expect(page.summary).toEqual(march);
    expect(page.total).toBe(7);
    expect(page.documents.map((d) => d.number)).toEqual(MARCH_NUMBERS);
    const notes = await pageLoader(get('/admin/accounts?month=2027-03&kind=credit_note', admin.cookie));
    expect(notes.documents).toMatchObject([{ number: 'CN/26-27/0001', invoiceNumber: 'INV/26-27/0002', bookingId: booking.kolkata }]);
  });

  test('a month that is not one shows the current month and says so', async () => {
    const page = await pageLoader(get('/admin/accounts?month=March', admin.cookie));
    expect(page.refused).toBe('March');
    expect(page.month).toBe(page.currentMonth);
  });

  test('staff get 403 from the page and both CSVs; without a session, the login page', async () => {
    for (const [loader, url] of [
      [pageLoader, '/admin/accounts?month=2027-03'],
      [documentsCsvLoader, '/admin/accounts/documents.csv?month=2027-03'],
      [summaryCsvLoader, '/admin/accounts/summary.csv?month=2027-03'],
    ] as const) {
      const asStaff = await (loader as (args: unknown) => Promise<unknown>)(get(url, staff.cookie)).catch((thrown: unknown) => thrown);
      expect({ url, status: statusOf(asStaff) }).toEqual({ url, status: 403 });
      const anonymous = await (loader as (args: unknown) => Promise<unknown>)(get(url)).catch((thrown: unknown) => thrown);
      expect({ url, status: statusOf(anonymous) }).toEqual({ url, status: 302 });
      expect((anonymous as Response).headers.get('Location')).toBe(`/admin/login?redirectTo=${encodeURIComponent(url)}`);
    }
  });
});

/** The status of a thrown or returned Response or data(). */
function statusOf(outcome: unknown): number {
  if (outcome instanceof Response) return outcome.status;
  if (outcome && typeof outcome === 'object' && 'init' in outcome) return (outcome as { init: ResponseInit | null }).init?.status ?? 200;
  return 200;
}

// ---------------------------------------------------------------------------------------------
// The property: received and refunded by method equal the ledger, to the paisa.

/** Thrown to roll a run's rows back: each run sees only its own ledger. */
class RollBack extends Error {}

const PROPERTY_START = '2040-01-01';
const dayAfter = (start: string, days: number) => new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const entryArbitrary = fc.record({
  entryType: fc.constantFrom('payment' as const, 'refund' as const),
  method: fc.constantFrom(...PAYMENT_METHODS),
  day: fc.integer({ min: 0, max: 120 }),
  paise: fc.integer({ min: 1, max: MAX_AMOUNT_PAISE }),
  // Reversed some days later (maybe in a later month), by a row whose own method may differ.
  reversal: fc.option(fc.record({ after: fc.integer({ min: 0, max: 75 }), method: fc.constantFrom(...PAYMENT_METHODS) }), { nil: undefined }),
});

describe('received and refunded by method add up to the ledger', () => {
  let bookingId: string;
  beforeAll(async () => {
    bookingId = (await createBooking({ name: 'Property Ledger' })).id;
  });

  test('for random ledgers of payments, refunds and reversals over random methods and days, every month', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entryArbitrary, { maxLength: 30 }), async (generated) => {
        await db()
          .transaction(async (tx) => {
            type Row = { id: string; entryType: string; amountPaise: number; reversesId: string | null; method: string; month: string };
            const rows: Row[] = [];
            for (const g of generated) {
              const receivedOn = dayAfter(PROPERTY_START, g.day);
              const amountPaise = g.entryType === 'payment' ? g.paise : -g.paise;
              const entry = await insertEntry(bookingId, { entryType: g.entryType, amountPaise, method: g.method, receivedOn }, tx);
              rows.push({ id: entry.id, entryType: g.entryType, amountPaise, reversesId: null, method: g.method, month: receivedOn.slice(0, 7) });
              if (g.reversal) {
                const reversal = await insertEntry(
                  bookingId,
                  {
                    entryType: 'reversal',
                    amountPaise: -amountPaise,
                    method: g.reversal.method,
                    receivedOn: dayAfter(receivedOn, g.reversal.after),
                    reversesId: entry.id,
                  },
                  tx,
                );
                // Counted in the month and method of the entry it reverses.
                rows.push({
                  id: reversal.id,
                  entryType: 'reversal',
                  amountPaise: -amountPaise,
                  reversesId: entry.id,
                  method: g.method,
                  month: receivedOn.slice(0, 7),
                });
              }
            }

            let months = '2040-01';
            let sumOfMonths = 0;
            for (; months <= '2040-08'; months = addMonths(months, 1)) {
              const summary = await monthSummary(tx, months);
              const ofMonth = rows.filter((r) => r.month === months);
              // What `ledgerTotals` (the booking page's sums) makes of the month's entries, per method and in all.
              for (const figures of summary.ledger.byMethod) {
                const expected = ledgerTotals(ofMonth.filter((r) => r.method === figures.method));
                expect({ month: months, method: figures.method, received: figures.receivedPaise, refunded: figures.refundedPaise }).toEqual({
                  month: months,
                  method: figures.method,
                  received: expected.receivedPaise,
                  refunded: expected.refundedPaise,
                });
                expect(figures.netPaise).toBe(expected.paidPaise);
              }
              const all = ledgerTotals(ofMonth);
              expect(summary.ledger.totals).toMatchObject({ receivedPaise: all.receivedPaise, refundedPaise: all.refundedPaise, netPaise: all.paidPaise });
              expect(summary.ledger.byMethod.reduce((sum, m) => sum + m.netPaise, 0)).toBe(summary.ledger.totals.netPaise);
              // The ledger's own sum of the month, as the dashboard reads it.
              const { firstDay, nextFirstDay } = monthBounds(months);
              const own = (await tx.execute(
                sql`select coalesce(sum(p.amount_paise), 0)::text as paise from ${payments} p left join ${payments} r on r.id = p.reverses_id
                    where coalesce(r.received_on, p.received_on) >= ${firstDay}::date and coalesce(r.received_on, p.received_on) < ${nextFirstDay}::date`,
              )) as unknown as { rows: { paise: string }[] };
              expect(summary.ledger.totals.netPaise).toBe(Number(own.rows[0]!.paise));
              sumOfMonths += summary.ledger.totals.netPaise;
            }
            // Every entry falls in one month: the months add up to the whole ledger.
            const whole = (await tx.execute(
              sql`select coalesce(sum(amount_paise), 0)::text as paise from ${payments} where booking_id = ${bookingId}`,
            )) as unknown as {
              rows: { paise: string }[];
            };
            expect(sumOfMonths).toBe(Number(whole.rows[0]!.paise));
            throw new RollBack();
          })
          .catch((error: unknown) => {
            if (!(error instanceof RollBack)) throw error;
          });
      }),
      { numRuns: 60 },
    );
  });
});
