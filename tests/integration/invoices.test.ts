/**
 * Tax invoices and credit notes (docs/decisions/047-invoices-gst.md#invoice-details, #tax-invoices and
 * #credit-notes), end to end through the models a user's action reaches: the issue's examples
 * (₹10,500 of a package, tax included at 5 %, for a traveller in Sikkim and in West Bengal) in the
 * stored paise and in the PDF; the place of supply from the traveller's invoice details; the number
 * and the audit; each refusal with its reason and nothing written; credit notes never above what is
 * left of the invoice and summing to it exactly (also as a property test); a refund after the invoice
 * issuing its credit note, named in the traveller's mail; the timer at the start of a trip; 200
 * invoices at once (from two connection pools on PostgreSQL); invoice details refused on the right
 * field.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { databaseHandle, db, openDatabase } from '~/db/client.server';
import { auditLog, bookingQuotes, bookings, emailOutbox, payments, taxDocuments, type QuoteLine } from '~/db/schema';
import { Conflict, errorStatus, zodIssues, type DomainError } from '~/lib/errors.server';
import { taxDocument, taxLine, type TaxAmounts } from '~/lib/gst/tax';
import { storedDocumentPdf } from '~/infrastructure/pdf/tax-document-pdf.server';
import type { AuditActor } from '~/models/audit.server';
import { InvalidBookingChange } from '~/models/booking.server';
import {
  creditNoteAmounts,
  currentInvoice,
  INVOICE_TIMER_ACTOR,
  invoiceStandings,
  issueCreditNote,
  issueDueInvoices,
  issueInvoice,
  issueInvoiceIn,
  itemKindOf,
  saveInvoiceDetails,
} from '~/models/invoices.server';
import { InvalidMoneyChange, moneySummary, recordManualPayment, saveQuote } from '~/models/payments.server';
import { decideRefund } from '~/models/refunds.server';
import { getSettings, saveSettings } from '~/models/settings.server';
import { listBookingDocuments, listSeries, type TaxDocument } from '~/models/tax-documents.server';
import { invoiceDetailsSchema, type InvoiceDetails } from '~/schemas/invoice';
import { defaultSettings, type Settings } from '~/schemas/settings';
import { createStaffSession } from '../auth-helpers';
import { createBike, createBooking, createCar } from '../factories';
import { pdfText } from '../support/pdf-text';

/** 1 December 2026, 10:00 IST: financial year 26-27. */
const DECEMBER_2026 = new Date('2026-12-01T04:30:00Z');
/** Indian Oil's registration in Sikkim, a published GSTIN (app/lib/gst/gstin.test.ts). */
const SIKKIM_GSTIN = '11AAACI1681G1Z2';
/** The same PAN registered in West Bengal (19) and in Delhi (07), with their check characters. */
const WEST_BENGAL_GSTIN = '19AAACI1681G1ZM';
const DELHI_GSTIN = '07AAACI1681G1ZR';
/** A traveller's business registered in West Bengal. */
const KOLKATA_CLIENT_GSTIN = '19AABCT1332L1ZB';

/** The issue's example: a ₹10,500 package quote (2 travellers at ₹5,250), prices including GST. */
const EXAMPLE_LINES: QuoteLine[] = [{ description: 'North Sikkim Explorer (per person)', quantity: 2, unitPaise: 525_000 }];

let actor: AuditActor;
let seq = 0;
const email = () => `invoice-traveller-${++seq}@example.com`;

/** The tax settings of a registered operator in Sikkim (the defaults plus a GSTIN), with `over`. */
const registeredTax = (over: Partial<Settings['tax']> = {}): Settings['tax'] => ({ ...defaultSettings.tax, gstin: SIKKIM_GSTIN, ...over });

beforeAll(async () => {
  const admin = await createStaffSession();
  actor = { id: admin.user.id, name: admin.user.username, ip: '127.0.0.1' };
});

// Every test starts as a registered operator in Sikkim; a test that changes the settings is undone here.
beforeEach(async () => {
  await saveSettings({ tax: registeredTax() }, actor);
});

const total = (lines: QuoteLine[]) => lines.reduce((sum, l) => sum + l.quantity * l.unitPaise, 0);

type PaidBookingOptions = {
  lines?: QuoteLine[];
  details?: Partial<InvoiceDetails>;
  /** How much of the quote is paid: all of it by default. */
  paidPaise?: number;
  booking?: Parameters<typeof createBooking>[0];
};

/**
 * A booking as staff take it: quoted, the traveller's invoice details saved, paid by UPI (which
 * confirms it and issues the payment's receipt). Returns the booking and the payment's outcome.
 */
async function paidBooking({ lines = EXAMPLE_LINES, details, paidPaise, booking: overrides = {} }: PaidBookingOptions = {}) {
  const booking = await createBooking({ email: email(), ...overrides });
  const quoteTotal = total(lines);
  await saveQuote(booking.id, { lines, advancePaise: Math.floor(quoteTotal / 2), balanceDueOn: booking.startDate }, actor);
  if (details) await saveInvoiceDetails(booking.id, { stateCode: '', address: '', gstin: '', ...details }, actor);
  const amountPaise = paidPaise ?? quoteTotal;
  const payment =
    amountPaise > 0
      ? await recordManualPayment(booking.id, { amountPaise, method: 'upi', reference: `UTR-${seq}`, receivedOn: '2026-11-30', note: '' }, actor)
      : null;
  return { booking, payment };
}

/** What a promise was rejected with (fails the test if it was fulfilled). */
async function rejection(run: Promise<unknown>): Promise<DomainError> {
  const outcome = await run.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.value)}`);
  return outcome.error as DomainError;
}

/** The PDF of a stored document as one text. */
const pdfOf = async (document: TaxDocument) => (await pdfText(await storedDocumentPdf(document))).join('\n');

const documentsOf = async (bookingId: string, kind?: TaxDocument['kind']) =>
  (await listBookingDocuments(db(), bookingId)).filter((d) => !kind || d.kind === kind);

/** The audit entries of action 'document' on a booking (its receipts, invoices and credit notes). */
const documentAudits = (bookingId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, bookingId), eq(auditLog.action, 'document')));

/** The audit entry of the tax invoice a booking was issued. */
const invoiceAudit = async (bookingId: string) => (await documentAudits(bookingId)).find((a) => a.summary.startsWith('Issued tax invoice'));

const mailsTo = (address: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, address)).orderBy(emailOutbox.createdAt);

const amounts = (d: Pick<TaxDocument, 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise'>) => ({
  taxablePaise: d.taxablePaise,
  cgstPaise: d.cgstPaise,
  sgstPaise: d.sgstPaise,
  igstPaise: d.igstPaise,
  totalPaise: d.totalPaise,
});

describe("the issue's examples, end to end", () => {
  test('₹10,500 of a package for a traveller in Sikkim (11): INV/26-27/0001, taxable ₹10,000.00 + CGST ₹250.00 + SGST ₹250.00, stored, printed and audited', async () => {
    const { booking } = await paidBooking({ details: { stateCode: '11', address: 'MG Marg\nGangtok 737101' } });
    const invoice = await issueInvoice(booking.id, actor, DECEMBER_2026);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: 'INV/26-27/0001',
      prefix: 'INV',
      financialYear: 2026,
      sequence: 1,
      bookingId: booking.id,
      paymentId: null,
      invoiceId: null,
      taxablePaise: 1_000_000,
      cgstPaise: 25_000,
      sgstPaise: 25_000,
      igstPaise: 0,
      totalPaise: 1_050_000,
      placeOfSupplyCode: '11',
      rateBasisPoints: 500,
      issuedBy: actor.id,
    });
    expect(invoice.issuedAt.toISOString()).toBe(DECEMBER_2026.toISOString());

    // The PDF of the document as stored (its frozen snapshot).
    const [stored] = await db().select().from(taxDocuments).where(eq(taxDocuments.id, invoice.id));
    const text = await pdfOf(stored!);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('No. INV/26-27/0001');
    expect(text).toContain(`GSTIN: ${SIKKIM_GSTIN}`);
    expect(text).toContain('Place of supply: Sikkim (11)');
    expect(text).toContain('Tax payable on reverse charge: No');
    expect(text).toContain('998555');
    expect(text).toContain('North Sikkim Explorer (per person)');
    expect(text).toContain('MG Marg');
    expect(text).toMatch(/Taxable value\s*₹10,000\.00/);
    expect(text).toMatch(/CGST\s*₹250\.00/);
    expect(text).toMatch(/SGST\s*₹250\.00/);
    expect(text).not.toContain('IGST');
    expect(text).toMatch(/Total\s*₹10,500\.00/);
    expect(text).toContain('Rupees Ten Thousand Five Hundred only');
    expect(text).toContain('GST at 5 % without input tax credit');

    const audit = await invoiceAudit(booking.id);
    expect(audit).toMatchObject({ entityType: 'booking', actorId: actor.id, changes: { invoice: { from: null, to: 'INV/26-27/0001' } } });
    expect(audit!.summary).toContain('Issued tax invoice INV/26-27/0001 for ₹10,500.00');
    expect(audit!.summary).toContain('place of supply Sikkim (11)');
  });

  test('the same for a traveller in West Bengal (19): IGST ₹500.00, and the PDF says "Place of supply: West Bengal (19)"', async () => {
    const { booking } = await paidBooking({ details: { stateCode: '19', address: 'Park Street, Kolkata' } });
    const invoice = await issueInvoice(booking.id, actor, DECEMBER_2026);
    expect(invoice).toMatchObject({
      taxablePaise: 1_000_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 50_000,
      totalPaise: 1_050_000,
      placeOfSupplyCode: '19',
      rateBasisPoints: 500,
    });
    const text = await pdfOf(invoice);
    expect(text).toContain('Place of supply: West Bengal (19)');
    expect(text).toMatch(/IGST\s*₹500\.00/);
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    expect(text).toMatch(/Total\s*₹10,500\.00/);
  });

  test("a traveller's GSTIN decides the place of supply: a business registered in West Bengal is inter-state even with no state chosen", async () => {
    const { booking } = await paidBooking({ details: { gstin: KOLKATA_CLIENT_GSTIN.toLowerCase(), address: 'Camac Street, Kolkata' } });
    const invoice = await issueInvoice(booking.id, actor, DECEMBER_2026);
    expect(invoice).toMatchObject({ placeOfSupplyCode: '19', igstPaise: 50_000, cgstPaise: 0, sgstPaise: 0 });
    const text = await pdfOf(invoice);
    expect(text).toContain(`GSTIN: ${KOLKATA_CLIENT_GSTIN}`);
    expect(text).toContain('Place of supply: West Bengal (19)');
  });

  test('no state given: the place of supply is the home state, the state the operator is registered in', async () => {
    const sikkim = await issueInvoice((await paidBooking()).booking.id, actor, DECEMBER_2026);
    expect(sikkim).toMatchObject({ placeOfSupplyCode: '11', cgstPaise: 25_000, sgstPaise: 25_000, igstPaise: 0 });

    // An operator registered in West Bengal: a traveller who gave no state is intra-state there.
    await saveSettings({ tax: registeredTax({ gstin: WEST_BENGAL_GSTIN, stateCode: '19' }) }, actor);
    const bengal = await issueInvoice((await paidBooking()).booking.id, actor, DECEMBER_2026);
    expect(bengal).toMatchObject({ placeOfSupplyCode: '19', cgstPaise: 25_000, sgstPaise: 25_000, igstPaise: 0 });
    const text = await pdfOf(bengal);
    expect(text).toContain('Place of supply: West Bengal (19)');
    expect(text).toContain('State: West Bengal (19)');
    // ...and a traveller in Sikkim is inter-state for it.
    const fromSikkim = await issueInvoice((await paidBooking({ details: { stateCode: '11' } })).booking.id, actor, DECEMBER_2026);
    expect(fromSikkim).toMatchObject({ placeOfSupplyCode: '11', igstPaise: 50_000, cgstPaise: 0 });
  });
});

describe('tax invoices', () => {
  test("the number is PREFIX/26-27/NNNN with the settings' invoice prefix, counted on from the same series", async () => {
    const before = (await listSeries(db(), 'invoice', 2026)).length;
    await saveSettings({ tax: registeredTax({ invoicePrefix: 'htinv' }) }, actor);
    const invoice = await issueInvoice((await paidBooking()).booking.id, actor, DECEMBER_2026);
    expect(invoice).toMatchObject({ prefix: 'HTINV', sequence: before + 1, number: `HTINV/26-27/${String(before + 1).padStart(4, '0')}` });
    expect(invoice.number.length).toBeLessThanOrEqual(16);
  });

  test('each item kind is taxed at its SAC and rate: package → tour package, car with driver → car with driver, bike or self-drive car → self-drive', async () => {
    const car = await createCar();
    const bike = await createBike();
    const cases = [
      { booking: { type: 'package' as const }, kind: 'tour_package', sac: '998555', rate: 500 },
      { booking: { type: 'car' as const, carId: car.id, itemName: car.model, needDriver: true }, kind: 'car_with_driver', sac: '996601', rate: 500 },
      { booking: { type: 'car' as const, carId: car.id, itemName: car.model, needDriver: false }, kind: 'self_drive', sac: '997311', rate: 1800 },
      { booking: { type: 'bike' as const, bikeId: bike.id, itemName: bike.model }, kind: 'self_drive', sac: '997311', rate: 1800 },
    ];
    for (const [index, c] of cases.entries()) {
      // Different days, so the two car bookings do not clash when paid.
      const startDate = `2027-02-${String(10 + index * 3).padStart(2, '0')}`;
      const { booking } = await paidBooking({ lines: [{ description: 'Hire', quantity: 1, unitPaise: 1_180_000 }], booking: { ...c.booking, startDate } });
      expect(itemKindOf(booking)).toBe(c.kind);
      const invoice = await issueInvoice(booking.id, actor, DECEMBER_2026);
      expect(invoice.rateBasisPoints).toBe(c.rate);
      expect((invoice.snapshot.lines as { sac: string }[]).map((l) => l.sac)).toEqual([c.sac]);
      // ₹11,800 including tax: ₹10,000 + 18 %, or ₹11,238.10 + 5 %.
      expect(invoice.taxablePaise).toBe(c.rate === 1800 ? 1_000_000 : 1_123_810);
      expect(invoice.totalPaise).toBe(1_180_000);
    }
  });

  test('a quote of several lines is taxed line by line, and its totals are the sums of the lines', async () => {
    const lines = [
      { description: 'Package (per adult)', quantity: 3, unitPaise: 899_900 },
      { description: 'Package (per child)', quantity: 1, unitPaise: 449_950 },
      { description: 'Monastery entry', quantity: 1, unitPaise: 1_010 },
      { description: 'Prayer flags', quantity: 1, unitPaise: 1_010 },
    ];
    const { booking } = await paidBooking({ lines });
    const invoice = await issueInvoice(booking.id, actor, DECEMBER_2026);
    // Per line: ₹25,711.43 + ₹4,285.24 + ₹9.62 + ₹9.62 taxable. The whole ₹31,516.70 taxed at once
    // would give ₹30,015.90, a paisa less: the invoice adds up its lines.
    expect(amounts(invoice)).toEqual({ taxablePaise: 3_001_591, cgstPaise: 75_040, sgstPaise: 75_039, igstPaise: 0, totalPaise: 3_151_670 });
    expect((invoice.snapshot.lines as { taxableValue: string; cgst: string; sgst: string }[]).map((l) => [l.taxableValue, l.cgst, l.sgst])).toEqual([
      ['25,711.43', '642.79', '642.78'],
      ['4,285.24', '107.13', '107.13'],
      ['9.62', '0.24', '0.24'],
      ['9.62', '0.24', '0.24'],
    ]);
  });

  test('prices excluding GST: the quote carries the GST on top of its lines, so paying the quote pays the invoice', async () => {
    await saveSettings({ tax: registeredTax({ prices: 'exclusive' }) }, actor);
    const booking = await createBooking({ email: email() });
    await saveQuote(booking.id, { lines: EXAMPLE_LINES, advancePaise: 0, balanceDueOn: booking.startDate }, actor);
    const summary = await moneySummary(db(), booking);
    // ₹10,500 of lines at 5 % on top: what the traveller is asked for is ₹11,025.00.
    expect(summary.totalPaise).toBe(1_102_500);
    expect(summary.due).toMatchObject({ amountPaise: 1_102_500 });
    await recordManualPayment(booking.id, { amountPaise: 1_050_000, method: 'cash', reference: '', receivedOn: '2026-11-30', note: '' }, actor);
    const refused = await rejection(issueInvoice(booking.id, actor, DECEMBER_2026));
    expect(refused).toBeInstanceOf(Conflict);
    expect(refused.message).toMatch(/₹525\.00 is still due/);
    expect(await documentsOf(booking.id, 'invoice')).toEqual([]);
    await recordManualPayment(booking.id, { amountPaise: 52_500, method: 'cash', reference: '', receivedOn: '2026-11-30', note: 'the rest' }, actor);
    const invoice = await issueInvoice(booking.id, actor, DECEMBER_2026);
    expect(amounts(invoice)).toEqual({ taxablePaise: 1_050_000, cgstPaise: 26_250, sgstPaise: 26_250, igstPaise: 0, totalPaise: 1_102_500 });
    expect(await pdfOf(invoice)).toContain('GST is charged on the prices shown.');
  });

  test('prices including GST (the default): the quote is the lines, and the invoice is the quote', async () => {
    await saveSettings({ tax: registeredTax() }, actor);
    const booking = await createBooking({ email: email() });
    const quote = await saveQuote(booking.id, { lines: EXAMPLE_LINES, advancePaise: 0, balanceDueOn: booking.startDate }, actor);
    expect(quote.totalPaise).toBe(1_050_000);
  });
});

describe('refusals (409) say why, and write nothing', () => {
  async function expectRefused(bookingId: string, message: string | RegExp) {
    const before = (await listSeries(db(), 'invoice', 2026)).length;
    const error = await rejection(issueInvoice(bookingId, actor, DECEMBER_2026));
    expect(error).toBeInstanceOf(Conflict);
    expect(errorStatus(error)).toBe(409);
    expect(error.message).toMatch(message);
    expect(error.issues).toEqual([{ path: 'invoice', message: error.message }]);
    expect((await listSeries(db(), 'invoice', 2026)).length).toBe(before);
    return error;
  }

  test('no GSTIN in the tax settings: receipts only, no tax invoice (and the timer issues none either)', async () => {
    await saveSettings({ tax: defaultSettings.tax }, actor);
    const { booking, payment } = await paidBooking({ booking: { startDate: '2026-11-20' } });
    await expectRefused(booking.id, 'The business has no GSTIN in the tax settings, so it issues receipts only, no tax invoices');
    expect(await issueDueInvoices('2026-12-01', DECEMBER_2026)).toEqual([]);
    expect((await documentsOf(booking.id)).map((d) => d.kind)).toEqual(['receipt']);
    expect(payment!.receipt).not.toBeNull();
    // Registered later, staff can invoice it (a timer run, too, would).
    await saveSettings({ tax: registeredTax() }, actor);
    expect((await issueInvoice(booking.id, actor, DECEMBER_2026)).kind).toBe('invoice');
  });

  test('no quote', async () => {
    const booking = await createBooking({ email: email(), status: 'confirmed' });
    await expectRefused(booking.id, 'Save a quote first: an invoice is issued for the quote');
  });

  test('an unpaid quote: only the advance paid, or nothing', async () => {
    const { booking } = await paidBooking({ paidPaise: 525_000 });
    await expectRefused(booking.id, 'The quote is not paid in full: ₹5,250.00 is still due. An invoice is issued once the quote is paid');
    const { booking: unpaid } = await paidBooking({ paidPaise: 0 });
    await expectRefused(unpaid.id, /not paid in full: ₹10,500\.00 is still due/);
    // Paid in full, it can be invoiced.
    await recordManualPayment(booking.id, { amountPaise: 525_000, method: 'cash', reference: '', receivedOn: '2026-11-30', note: '' }, actor);
    expect((await issueInvoice(booking.id, actor, DECEMBER_2026)).totalPaise).toBe(1_050_000);
  });

  test('a second invoice while one is current; after a credit note for all of it, a new invoice may be issued (a correction)', async () => {
    const { booking } = await paidBooking({ details: { stateCode: '11' } });
    const first = await issueInvoice(booking.id, actor, DECEMBER_2026);
    await expectRefused(booking.id, `This booking already has tax invoice ${first.number}; issue a credit note for all of it first to replace it`);

    // Credited in part, it is still current.
    await issueCreditNote(booking.id, { amountPaise: 100_000, reason: 'Discount for a late pickup' }, actor, DECEMBER_2026);
    await expectRefused(booking.id, `already has tax invoice ${first.number}`);

    // The traveller was in West Bengal after all: credit the rest, correct the details, issue again.
    await issueCreditNote(booking.id, { amountPaise: 950_000, reason: 'Wrong place of supply' }, actor, DECEMBER_2026);
    expect(await currentInvoice(db(), booking.id)).toBeNull();
    await saveInvoiceDetails(booking.id, { stateCode: '19', address: 'Salt Lake, Kolkata', gstin: '' }, actor);
    const second = await issueInvoice(booking.id, actor, DECEMBER_2026);
    expect(second).toMatchObject({ sequence: first.sequence + 1, placeOfSupplyCode: '19', igstPaise: 50_000, totalPaise: 1_050_000 });
    expect((await currentInvoice(db(), booking.id))!.invoice.id).toBe(second.id);
    // The first invoice is unchanged: documents are never edited.
    const [stored] = await db().select().from(taxDocuments).where(eq(taxDocuments.id, first.id));
    expect(amounts(stored!)).toEqual(amounts(first));
    await expectRefused(booking.id, `already has tax invoice ${second.number}`);
  });

  test('a cancelled booking', async () => {
    const booking = await createBooking({ email: email(), status: 'cancelled' });
    await db()
      .insert(bookingQuotes)
      .values({ bookingId: booking.id, revision: 1, lines: EXAMPLE_LINES, totalPaise: 1_050_000, advancePaise: 0, balanceDueOn: '2027-01-01' });
    await db().insert(payments).values({ bookingId: booking.id, entryType: 'payment', amountPaise: 1_050_000, method: 'upi', receivedOn: '2026-11-30' });
    await expectRefused(booking.id, 'A cancelled booking gets no tax invoice');
  });

  test('an unknown booking is NotFound (404)', async () => {
    expect(errorStatus(await rejection(issueInvoice('00000000-0000-4000-8000-000000000000', actor)))).toBe(404);
    expect(errorStatus(await rejection(issueInvoice('not-a-uuid', actor)))).toBe(404);
  });
});

describe('credit notes', () => {
  test('above what is left of the invoice: refused on amountPaise (400), nothing written; in part then the rest: sums exactly to the invoice', async () => {
    const { booking } = await paidBooking({ details: { stateCode: '11' } });
    const invoice = await issueInvoice(booking.id, actor, DECEMBER_2026);
    const creditNotesBefore = (await listSeries(db(), 'credit_note', 2026)).length;
    const documentsBefore = await documentsOf(booking.id);

    const tooMuch = await rejection(issueCreditNote(booking.id, { amountPaise: 1_050_001, reason: 'Too much' }, actor, DECEMBER_2026));
    expect(tooMuch).toBeInstanceOf(InvalidMoneyChange);
    expect(errorStatus(tooMuch)).toBe(400);
    const message = `A credit note cannot be more than what is left of invoice ${invoice.number}: ₹10,500.00`;
    expect(tooMuch.issues).toEqual([{ path: 'amountPaise', message }]);
    for (const [amountPaise, said] of [
      [0, 'Enter an amount above zero'],
      [-100, 'Enter an amount above zero'],
      [10.5, 'amountPaise must be a whole number of paise'],
    ] as const) {
      const refused = await rejection(issueCreditNote(booking.id, { amountPaise, reason: 'Odd amount' }, actor, DECEMBER_2026));
      expect(refused).toBeInstanceOf(InvalidMoneyChange);
      expect(refused.issues).toEqual([{ path: 'amountPaise', message: said }]);
    }
    expect(await documentsOf(booking.id)).toEqual(documentsBefore);
    expect((await listSeries(db(), 'credit_note', 2026)).length).toBe(creditNotesBefore);

    // ₹4,000 back, tax included at the invoice's 5 %: taxable ₹3,809.52, tax ₹190.48 split in two.
    const part = await issueCreditNote(booking.id, { amountPaise: 400_000, reason: 'One traveller could not come' }, actor, DECEMBER_2026);
    expect(part).toMatchObject({
      kind: 'credit_note',
      number: `CN/26-27/${String(creditNotesBefore + 1).padStart(4, '0')}`,
      invoiceId: invoice.id,
      bookingId: booking.id,
      taxablePaise: 380_952,
      cgstPaise: 9_524,
      sgstPaise: 9_524,
      igstPaise: 0,
      totalPaise: 400_000,
      placeOfSupplyCode: '11',
      rateBasisPoints: 500,
    });
    const overRest = await rejection(issueCreditNote(booking.id, { amountPaise: 650_001, reason: 'Too much' }, actor, DECEMBER_2026));
    expect(overRest.issues).toEqual([
      { path: 'amountPaise', message: `A credit note cannot be more than what is left of invoice ${invoice.number}: ₹6,500.00` },
    ]);

    const rest = await issueCreditNote(booking.id, { amountPaise: 650_000, reason: 'Trip cancelled' }, actor, DECEMBER_2026);
    for (const column of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'totalPaise'] as const) {
      expect(part[column] + rest[column]).toBe(invoice[column]);
    }
    const [standing] = await invoiceStandings(db(), booking.id);
    expect(standing!.remaining).toEqual({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0, totalPaise: 0 });
    expect(standing!.creditNotes.map((d) => d.id)).toEqual([part.id, rest.id]);

    // Nothing is left to credit.
    const nothingLeft = await rejection(issueCreditNote(booking.id, { amountPaise: 1, reason: 'Again' }, actor, DECEMBER_2026));
    expect(nothingLeft).toBeInstanceOf(Conflict);
    expect(nothingLeft.message).toBe('This booking has no tax invoice to credit');

    // The PDF names the invoice it corrects; the parties and place of supply are the invoice's.
    const text = await pdfOf(part);
    expect(text).toContain('Credit Note');
    expect(text).toContain(`No. ${part.number}`);
    expect(text).toContain(`Against invoice ${invoice.number} of Dec 1, 2026`);
    expect(text).toContain('Place of supply: Sikkim (11)');
    expect(text).toContain('One traveller could not come');
    expect(text).toMatch(/CGST\s*₹95\.24/);
    expect(text).toMatch(/Total\s*₹4,000\.00/);
    expect(text).toContain('Rupees Four Thousand only');

    const audits = await documentAudits(booking.id);
    expect(audits.map((a) => a.summary)).toEqual(
      expect.arrayContaining([
        `Issued credit note ${part.number} for ₹4,000.00 against tax invoice ${invoice.number} (booking ${invoice.snapshot.bookingReference as string}): One traveller could not come`,
        expect.stringContaining(`Issued credit note ${rest.number} for ₹6,500.00 against tax invoice ${invoice.number}`),
      ]),
    );
    expect(audits.find((a) => a.summary.includes(part.number))!.changes).toEqual({
      creditNote: { from: null, to: part.number },
      amountPaise: { from: null, to: 400_000 },
    });
  });

  test('two credit notes at once that together exceed the invoice: one is issued, the other refused', async () => {
    const { booking } = await paidBooking();
    const invoice = await issueInvoice(booking.id, actor, DECEMBER_2026);
    const outcomes = await Promise.allSettled([
      issueCreditNote(booking.id, { amountPaise: 600_000, reason: 'Staff A' }, actor, DECEMBER_2026),
      issueCreditNote(booking.id, { amountPaise: 600_000, reason: 'Staff B' }, actor, DECEMBER_2026),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')!.reason as DomainError;
    expect(refused).toBeInstanceOf(InvalidMoneyChange);
    expect(refused.issues).toEqual([
      { path: 'amountPaise', message: `A credit note cannot be more than what is left of invoice ${invoice.number}: ₹4,500.00` },
    ]);
    expect((await documentsOf(booking.id, 'credit_note')).map((d) => d.totalPaise)).toEqual([600_000]);
  });

  test('an inter-state invoice is credited in IGST only', async () => {
    const { booking } = await paidBooking({ details: { stateCode: '07', gstin: DELHI_GSTIN } });
    const invoice = await issueInvoice(booking.id, actor, DECEMBER_2026);
    expect(invoice).toMatchObject({ placeOfSupplyCode: '07', igstPaise: 50_000 });
    const note = await issueCreditNote(booking.id, { amountPaise: 210_000, reason: 'Discount' }, actor, DECEMBER_2026);
    expect(amounts(note)).toEqual({ taxablePaise: 200_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 10_000, totalPaise: 210_000 });
    const text = await pdfOf(note);
    expect(text).toContain('Place of supply: Delhi (07)');
    expect(text).toMatch(/IGST\s*₹100\.00/);
  });

  test('a booking without an invoice has nothing to credit (409)', async () => {
    const { booking } = await paidBooking();
    const error = await rejection(issueCreditNote(booking.id, { amountPaise: 1_000, reason: 'Discount' }, actor));
    expect(error).toBeInstanceOf(Conflict);
    expect(errorStatus(error)).toBe(409);
  });

  test('a credit note without a reason is refused on reason (400)', async () => {
    const { booking } = await paidBooking();
    await issueInvoice(booking.id, actor, DECEMBER_2026);
    const error = await rejection(issueCreditNote(booking.id, { amountPaise: 1_000, reason: '  ' }, actor, DECEMBER_2026));
    expect(error).toBeInstanceOf(InvalidMoneyChange);
    expect(error.issues).toEqual([{ path: 'reason', message: 'Say why the credit note is issued' }]);
    expect(await documentsOf(booking.id, 'credit_note')).toEqual([]);
  });
});

describe('refunds after the invoice', () => {
  test('a refund by hand (cancel + refund) issues its credit note, and the mails name the receipt and the credit note', async () => {
    const { booking, payment } = await paidBooking({ details: { stateCode: '19' } });
    const receipt = payment!.receipt!;
    expect(receipt.number).toMatch(/^RCT\/\d\d-\d\d\/\d{4}$/);
    const paymentMail = (await mailsTo(booking.email)).find((m) => m.subject.startsWith('Payment received for booking'))!;
    expect(paymentMail.text).toContain(`Receipt: ${receipt.number}`);

    const invoice = await issueInvoice(booking.id, actor, DECEMBER_2026);
    const outcome = await decideRefund(
      booking.id,
      { cancel: true, amountPaise: 262_500, method: 'upi', reason: 'Cancelled three weeks before travel', reference: 'UPI-RFND-77' },
      actor,
    );
    expect(outcome.booking.status).toBe('cancelled');
    expect(outcome.refund).toMatchObject({ amountPaise: 262_500, status: 'processed' });

    const [note, ...others] = await documentsOf(booking.id, 'credit_note');
    expect(others).toEqual([]);
    // ₹2,625 of an inter-state 5 % invoice: ₹2,500 + IGST ₹125.
    expect(note).toMatchObject({ invoiceId: invoice.id, placeOfSupplyCode: '19', taxablePaise: 250_000, igstPaise: 12_500, cgstPaise: 0, totalPaise: 262_500 });
    expect(JSON.stringify(note!.snapshot.lines)).toContain('Refund: Cancelled three weeks before travel');
    expect(note!.issuedBy).toBe(actor.id);

    const refundMail = (await mailsTo(booking.email)).find((m) => m.subject.startsWith('Refund made for booking'))!;
    expect(refundMail.text).toContain(`Credit note: ${note!.number}`);
    const audits = await documentAudits(booking.id);
    expect(audits.map((a) => a.summary)).toContainEqual(
      expect.stringContaining(`Issued credit note ${note!.number} for ₹2,625.00 against tax invoice ${invoice.number}`),
    );
    // What was kept (the cancellation charge) stays invoiced.
    expect((await currentInvoice(db(), booking.id))!.remaining.totalPaise).toBe(787_500);
    // A cancelled booking is not invoiced again.
    expect((await rejection(issueInvoice(booking.id, actor))).message).toBe('A cancelled booking gets no tax invoice');
  });

  test('a refund before any invoice issues no credit note, and its mail names none', async () => {
    const { booking } = await paidBooking();
    await decideRefund(booking.id, { cancel: false, amountPaise: 50_000, method: 'cash', reason: 'Goodwill', reference: '' }, actor);
    expect(await documentsOf(booking.id, 'credit_note')).toEqual([]);
    const refundMail = (await mailsTo(booking.email)).find((m) => m.subject.startsWith('Refund made for booking'))!;
    expect(refundMail.text).not.toContain('Credit note');
  });

  test('a refund above what is left of the invoice credits only what is left', async () => {
    const { booking } = await paidBooking();
    const invoice = await issueInvoice(booking.id, actor, DECEMBER_2026);
    await issueCreditNote(booking.id, { amountPaise: 800_000, reason: 'Hotel downgraded' }, actor, DECEMBER_2026);
    await decideRefund(booking.id, { cancel: true, amountPaise: 1_050_000, method: 'cash', reason: 'Everything back', reference: '' }, actor);
    const notes = await documentsOf(booking.id, 'credit_note');
    expect(notes.map((n) => n.totalPaise)).toEqual([800_000, 250_000]);
    for (const column of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'totalPaise'] as const) {
      expect(notes[0]![column] + notes[1]![column]).toBe(invoice[column]);
    }
  });
});

describe('the timer: invoices at the start of the trip', () => {
  test('issueDueInvoices invoices confirmed, fully paid bookings whose trip has started, skips the others, never twice', async () => {
    const today = '2026-12-20';
    const issuedAt = new Date('2026-12-20T00:30:00Z');
    const startsToday = (await paidBooking({ booking: { startDate: today } })).booking;
    const started = (await paidBooking({ booking: { startDate: '2026-12-02' }, details: { stateCode: '19' } })).booking;
    const future = (await paidBooking({ booking: { startDate: '2026-12-21' } })).booking;
    const unpaid = (await paidBooking({ booking: { startDate: '2026-12-15' }, paidPaise: 525_000 })).booking;
    const unquoted = await createBooking({ email: email(), status: 'confirmed', startDate: '2026-12-15' });
    // Paid in full but still pending (its payments written straight to the ledger, no confirmation).
    const pending = await createBooking({ email: email(), status: 'pending', startDate: '2026-12-15' });
    await db()
      .insert(bookingQuotes)
      .values({ bookingId: pending.id, revision: 1, lines: EXAMPLE_LINES, totalPaise: 1_050_000, advancePaise: 0, balanceDueOn: '2026-12-15' });
    await db().insert(payments).values({ bookingId: pending.id, entryType: 'payment', amountPaise: 1_050_000, method: 'upi', receivedOn: '2026-11-30' });
    // Invoiced by staff already.
    const invoicedEarlier = (await paidBooking({ booking: { startDate: '2026-12-10' } })).booking;
    await issueInvoice(invoicedEarlier.id, actor, DECEMBER_2026);

    const issued = await issueDueInvoices(today, issuedAt);
    expect(issued.map((d) => d.bookingId).sort()).toEqual([startsToday.id, started.id].sort());
    expect(issued.find((d) => d.bookingId === started.id)).toMatchObject({ kind: 'invoice', placeOfSupplyCode: '19', igstPaise: 50_000, issuedBy: null });
    expect(issued[0]!.issuedAt.toISOString()).toBe(issuedAt.toISOString());
    const audit = await invoiceAudit(startsToday.id);
    expect(audit).toMatchObject({ actorId: null, actorName: INVOICE_TIMER_ACTOR.name });
    for (const skipped of [future, unpaid, unquoted, pending]) expect(await documentsOf(skipped.id, 'invoice')).toEqual([]);
    expect(await documentsOf(invoicedEarlier.id, 'invoice')).toHaveLength(1);

    // Again (the next hour, or another instance at once): nothing more.
    expect(await Promise.all([issueDueInvoices(today, issuedAt), issueDueInvoices(today, issuedAt)])).toEqual([[], []]);
    for (const id of [startsToday.id, started.id]) expect(await documentsOf(id, 'invoice')).toHaveLength(1);

    // An invoice credited in full is not issued again by the timer: a correction is staff's.
    await issueCreditNote(startsToday.id, { amountPaise: 1_050_000, reason: 'Wrong traveller name' }, actor, issuedAt);
    // The unpaid one paid the rest, and tomorrow the future one starts.
    await recordManualPayment(unpaid.id, { amountPaise: 525_000, method: 'cash', reference: '', receivedOn: today, note: '' }, actor);
    const nextDay = await issueDueInvoices('2026-12-21', issuedAt);
    expect(nextDay.map((d) => d.bookingId).sort()).toEqual([unpaid.id, future.id].sort());
    expect(await documentsOf(startsToday.id, 'invoice')).toHaveLength(1);
  });

  test('two started trips at once from two instances: each invoiced once (the second finds the first and skips it)', async () => {
    const today = '2026-12-22';
    const a = (await paidBooking({ booking: { startDate: today } })).booking;
    const b = (await paidBooking({ booking: { startDate: today } })).booking;
    const runs = await Promise.all([issueDueInvoices(today, DECEMBER_2026), issueDueInvoices(today, DECEMBER_2026)]);
    expect(
      runs
        .flat()
        .map((d) => d.bookingId)
        .sort(),
    ).toEqual([a.id, b.id].sort());
  });

  test('a booking that cannot be invoiced for another reason does not stop the others', async () => {
    const today = '2026-12-23';
    const broken = (await paidBooking({ booking: { startDate: today } })).booking;
    // A GSTIN that never went through the invoice details' checks (an older import, a direct edit).
    await db().update(bookings).set({ travellerGstin: '19AAACI1681G1Z0' }).where(eq(bookings.id, broken.id));
    const fine = (await paidBooking({ booking: { startDate: today } })).booking;
    const issued = await issueDueInvoices(today, DECEMBER_2026);
    expect(issued.map((d) => d.bookingId)).toEqual([fine.id]);
    expect(await documentsOf(broken.id, 'invoice')).toEqual([]);
  });
});

describe('numbers under load', () => {
  test('200 invoices issued at once (two instances on PostgreSQL): 1..200, no gap, no repeat', async () => {
    // A financial year no other test issues in, so the series starts at 1.
    const issuedAt = new Date('2028-06-01T04:30:00Z');
    const rows = await db()
      .insert(bookings)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          type: 'package',
          itemName: 'Sikkim Explorer',
          name: `Traveller ${i}`,
          email: email(),
          phone: '+91 90000 00001',
          startDate: '2028-07-01',
          status: 'confirmed',
        })),
      )
      .returning({ id: bookings.id });
    const ids = rows.map((r) => r.id);
    await db()
      .insert(bookingQuotes)
      .values(
        ids.map((bookingId, i) => ({
          bookingId,
          revision: 1,
          lines: [{ description: 'Tour', quantity: 1, unitPaise: 100_000 + i }],
          totalPaise: 100_000 + i,
          advancePaise: 0,
          balanceDueOn: '2028-07-01',
        })),
      );
    await db()
      .insert(payments)
      .values(ids.map((bookingId, i) => ({ bookingId, entryType: 'payment', amountPaise: 100_000 + i, method: 'upi', receivedOn: '2028-05-01' })));

    const handle = databaseHandle();
    // On PostgreSQL a second connection pool to the same database stands for a second instance.
    const second =
      handle.kind === 'postgres'
        ? await openDatabase({ url: (handle.pool as unknown as { options: { connectionString: string } }).options.connectionString })
        : null;
    try {
      const { tax } = await getSettings(['tax']);
      const issued = await Promise.all(
        ids.map((id, i) =>
          second && i % 2 === 1 ? second.db.transaction((tx) => issueInvoiceIn(tx, id, tax, actor, issuedAt)) : issueInvoice(id, actor, issuedAt),
        ),
      );
      expect(issued.map((d) => d.sequence).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      expect(new Set(issued.map((d) => d.number)).size).toBe(200);
      const series = await listSeries(db(), 'invoice', 2028);
      expect(series.map((d) => d.sequence)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      expect(series[0]!.number).toBe('INV/28-29/0001');
      expect(series[199]!.number).toBe('INV/28-29/0200');
      // One invoice per booking, each for its own quote.
      const perBooking = await db()
        .select()
        .from(taxDocuments)
        .where(and(eq(taxDocuments.kind, 'invoice'), inArray(taxDocuments.bookingId, ids)));
      expect(new Set(perBooking.map((d) => d.bookingId)).size).toBe(200);
      for (const d of perBooking) expect(d.totalPaise).toBe(100_000 + ids.indexOf(d.bookingId));
    } finally {
      await second?.close();
    }
  });
});

describe('invoice details', () => {
  const parseIssues = (input: Record<string, unknown>) => {
    const result = invoiceDetailsSchema.safeParse(input);
    return result.success ? [] : zodIssues(result.error);
  };

  test('the schema: a valid GSTIN is upper-cased, a state is optional, each mistake is named on its field', () => {
    expect(invoiceDetailsSchema.parse({ stateCode: ' 19 ', address: ' Park Street ', gstin: KOLKATA_CLIENT_GSTIN.toLowerCase() })).toEqual({
      stateCode: '19',
      address: 'Park Street',
      gstin: KOLKATA_CLIENT_GSTIN,
    });
    expect(invoiceDetailsSchema.parse({})).toEqual({ stateCode: '', address: '', gstin: '' });
    expect(parseIssues({ gstin: '11AAACI1681G1Z3' })).toEqual([{ path: 'gstin', message: expect.stringMatching(/check character/i) as unknown as string }]);
    expect(parseIssues({ gstin: 'ABC' })).toEqual([{ path: 'gstin', message: expect.stringContaining('15') as unknown as string }]);
    expect(parseIssues({ stateCode: '99' })).toEqual([{ path: 'stateCode', message: 'Choose a state from the list' }]);
    expect(parseIssues({ stateCode: '25' })).toEqual([{ path: 'stateCode', message: 'Choose a state from the list' }]);
    expect(parseIssues({ stateCode: '11', gstin: KOLKATA_CLIENT_GSTIN })).toEqual([
      { path: 'gstin', message: 'This GSTIN is registered in West Bengal (19), not Sikkim (11): choose that state or check the GSTIN' },
    ]);
    expect(parseIssues({ address: 'x'.repeat(301) })).toEqual([{ path: 'address', message: 'At most 300 characters' }]);
  });

  test('saveInvoiceDetails saves them, audited; a refused one (invalid GSTIN, unknown state, GSTIN of another state) saves nothing', async () => {
    const booking = await createBooking({ email: email() });
    const saved = await saveInvoiceDetails(booking.id, { stateCode: '19', address: 'Park Street\nKolkata', gstin: KOLKATA_CLIENT_GSTIN }, actor);
    expect(saved).toMatchObject({ travellerStateCode: '19', travellerAddress: 'Park Street\nKolkata', travellerGstin: KOLKATA_CLIENT_GSTIN });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'update')))
      .orderBy(desc(auditLog.createdAt));
    expect(audit!.changes).toEqual({
      travellerStateCode: { from: null, to: '19' },
      travellerAddress: { from: '', to: 'Park Street\nKolkata' },
      travellerGstin: { from: '', to: KOLKATA_CLIENT_GSTIN },
    });

    const refused: [Record<string, string>, string, string | RegExp][] = [
      [{ stateCode: '19', address: 'Elsewhere', gstin: '19AABCT1332L1ZX' }, 'gstin', /check character/i],
      [{ stateCode: '42', address: 'Elsewhere', gstin: '' }, 'stateCode', 'Choose a state from the list'],
      [{ stateCode: '1', address: 'Elsewhere', gstin: '' }, 'stateCode', 'Choose a state from the list'],
      [
        { stateCode: '11', address: 'Elsewhere', gstin: KOLKATA_CLIENT_GSTIN },
        'gstin',
        'This GSTIN is registered in West Bengal (19), not Sikkim (11): choose that state or check the GSTIN',
      ],
    ];
    const auditsBefore = await db().select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    for (const [input, path, message] of refused) {
      expect(parseIssues(input).map((i) => i.path)).toEqual([path]);
      // The model checks them too, whoever calls it.
      const error = await rejection(saveInvoiceDetails(booking.id, input as InvoiceDetails, actor));
      expect(error).toBeInstanceOf(InvalidBookingChange);
      expect(errorStatus(error)).toBe(400);
      expect(error.issues).toHaveLength(1);
      expect(error.issues[0]!.path).toBe(path);
      expect(error.issues[0]!.message).toMatch(message);
    }
    const [after] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ travellerStateCode: '19', travellerAddress: 'Park Street\nKolkata', travellerGstin: KOLKATA_CLIENT_GSTIN });
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, booking.id))).toHaveLength(auditsBefore.length);

    // Cleared again: no state is stored as null.
    expect(await saveInvoiceDetails(booking.id, { stateCode: '', address: '', gstin: '' }, actor)).toMatchObject({
      travellerStateCode: null,
      travellerAddress: '',
      travellerGstin: '',
    });
    await expect(saveInvoiceDetails('00000000-0000-4000-8000-000000000000', { stateCode: '', address: '', gstin: '' }, actor)).rejects.toThrow(
      'Booking not found',
    );
  });

  test('an invoice keeps the details it was issued with when they change later', async () => {
    const { booking } = await paidBooking({ details: { stateCode: '19', address: 'Park Street, Kolkata' } });
    const invoice = await issueInvoice(booking.id, actor, DECEMBER_2026);
    await saveInvoiceDetails(booking.id, { stateCode: '11', address: 'MG Marg, Gangtok', gstin: '' }, actor);
    const [stored] = await db().select().from(taxDocuments).where(eq(taxDocuments.id, invoice.id));
    expect(stored!.snapshot).toEqual(invoice.snapshot);
    expect(await pdfOf(stored!)).toContain('Park Street, Kolkata');
  });
});

describe('property: credit notes never exceed the invoice, and crediting the rest leaves exactly zero', () => {
  const COLUMNS = ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'totalPaise'] as const;

  /** A tax rate in percent with at most two decimals, 0 to 28 %. */
  const rate = fc.oneof(
    fc.constantFrom(0, 0.25, 3, 5, 12, 18, 28),
    fc.integer({ min: 0, max: 2800 }).map((bp) => bp / 100),
  );
  const line = fc.record({
    quantity: fc.integer({ min: 1, max: 12 }),
    unitPricePaise: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 5_000_000 })),
  });
  /** How much of what is left the next partial credit note takes: a few paise, or a share of it. */
  const step = fc.oneof(fc.record({ paise: fc.integer({ min: 1, max: 7 }) }), fc.record({ share: fc.double({ min: 0, max: 1, noNaN: true }) }));

  /** The next partial amount (1 to what is left less one paisa), or null when only the rest is left. */
  function partialAmount(s: { paise?: number; share?: number }, left: number): number | null {
    if (left <= 1) return null;
    const wanted = s.paise ?? Math.floor((s.share ?? 0) * left);
    return Math.min(Math.max(1, wanted), left - 1);
  }

  const taxAmountsOf = (a: TaxAmounts): TaxAmounts => ({
    taxablePaise: a.taxablePaise,
    cgstPaise: a.cgstPaise,
    sgstPaise: a.sgstPaise,
    igstPaise: a.igstPaise,
    taxPaise: a.taxPaise,
    totalPaise: a.totalPaise,
  });

  function expectWithin(note: TaxAmounts, remaining: TaxAmounts, amountPaise: number, interState: boolean) {
    for (const column of COLUMNS) {
      expect(note[column]).toBeGreaterThanOrEqual(0);
      expect(note[column]).toBeLessThanOrEqual(remaining[column]);
    }
    expect(note.totalPaise).toBe(amountPaise);
    expect(note.taxablePaise + note.cgstPaise + note.sgstPaise + note.igstPaise).toBe(amountPaise);
    expect(note.taxPaise).toBe(note.cgstPaise + note.sgstPaise + note.igstPaise);
    if (interState) expect(note.cgstPaise + note.sgstPaise).toBe(0);
    else expect(note.igstPaise).toBe(0);
  }

  test('creditNoteAmounts, for random invoices and random sequences of partial credit notes', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        rate,
        fc.boolean(),
        fc.boolean(),
        fc.array(step, { maxLength: 25 }),
        (lines, ratePercent, pricesIncludeTax, interState, steps) => {
          const invoice = taxDocument({
            lines: lines.map((l) => ({ description: 'Tour', sac: '998555', ratePercent, ...l })),
            pricesIncludeTax,
            supplierStateCode: '11',
            placeOfSupplyStateCode: interState ? '19' : '11',
          });
          fc.pre(invoice.totals.totalPaise > 0);
          let remaining: TaxAmounts = { ...invoice.totals };
          const subtract = (note: TaxAmounts) => {
            remaining = {
              taxablePaise: remaining.taxablePaise - note.taxablePaise,
              cgstPaise: remaining.cgstPaise - note.cgstPaise,
              sgstPaise: remaining.sgstPaise - note.sgstPaise,
              igstPaise: remaining.igstPaise - note.igstPaise,
              taxPaise: remaining.taxPaise - note.taxPaise,
              totalPaise: remaining.totalPaise - note.totalPaise,
            };
          };
          for (const s of steps) {
            const amountPaise = partialAmount(s, remaining.totalPaise);
            if (amountPaise === null) break;
            const note = creditNoteAmounts(amountPaise, ratePercent, interState, remaining);
            expectWithin(note, remaining, amountPaise, interState);
            // Where what is left allows it, the tax is exactly that of one tax-inclusive line at the rate.
            const asLine = taxLine({ description: '', sac: '', quantity: 1, unitPricePaise: amountPaise, ratePercent }, { pricesIncludeTax: true, interState });
            if (COLUMNS.every((c) => asLine[c] <= remaining[c])) expect(note).toEqual(taxAmountsOf(asLine));
            subtract(note);
          }
          const rest = creditNoteAmounts(remaining.totalPaise, ratePercent, interState, remaining);
          expectWithin(rest, remaining, remaining.totalPaise, interState);
          subtract(rest);
          expect(remaining).toEqual({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0, totalPaise: 0 });
        },
      ),
      { numRuns: 1000 },
    );
  });

  test('through the database: random invoices, random partial credit notes, then the rest', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ quantity: fc.integer({ min: 1, max: 4 }), unitPaise: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 3_000_000 })) }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.integer({ min: 0, max: 2800 }).map((bp) => bp / 100),
        fc.constantFrom('', '11', '19'),
        fc.array(step, { maxLength: 8 }),
        async (quoteLines, ratePercent, stateCode, steps) => {
          await saveSettings({ tax: registeredTax({ tourPackage: { sac: '998555', ratePercent } }) }, actor);
          const lines = quoteLines.map((l) => ({ description: 'Tour', ...l }));
          const { booking } = await paidBooking({ lines, details: { stateCode } });
          const invoice = await issueInvoice(booking.id, actor, DECEMBER_2026);
          expect(invoice.rateBasisPoints).toBe(Math.round(ratePercent * 100));
          let left = invoice.totalPaise;
          for (const s of steps) {
            const amountPaise = partialAmount(s, left);
            if (amountPaise === null) break;
            await issueCreditNote(booking.id, { amountPaise, reason: 'Part' }, actor, DECEMBER_2026);
            left -= amountPaise;
            const [standing] = await invoiceStandings(db(), booking.id);
            for (const column of COLUMNS) expect(standing!.remaining[column]).toBeGreaterThanOrEqual(0);
          }
          // One paisa more than is left is refused; what is left is accepted and leaves zero.
          const over = await rejection(issueCreditNote(booking.id, { amountPaise: left + 1, reason: 'Over' }, actor, DECEMBER_2026));
          expect(over.issues[0]!.path).toBe('amountPaise');
          await issueCreditNote(booking.id, { amountPaise: left, reason: 'The rest' }, actor, DECEMBER_2026);
          const [standing] = await invoiceStandings(db(), booking.id);
          expect(standing!.remaining).toEqual({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0, totalPaise: 0 });
          for (const column of COLUMNS) {
            expect(standing!.creditNotes.reduce((sum, n) => sum + n[column], 0)).toBe(invoice[column]);
          }
          expect(await currentInvoice(db(), booking.id)).toBeNull();
        },
      ),
      { numRuns: 20 },
    );
  });
});
