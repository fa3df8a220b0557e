/**
 * Numbered GST documents (docs/decisions/047-invoices-gst.md#numbered-documents): a receipt per
 * payment, numbered PREFIX/YY-YY/NNNN in its series and financial year, allocated in the issuing
 * transaction (200 at once: 1..200, no gap, no repeat; on PostgreSQL from two connection pools, as
 * two instances would), a rollback leaves no gap, a payment has one receipt, an issued document
 * cannot be changed, and the frozen snapshot is what the PDF shows.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { databaseHandle, db, openDatabase, type Database } from '~/db/client.server';
import { auditLog, payments, taxDocumentCounters, taxDocuments } from '~/db/schema';
import { financialYearOf } from '~/lib/gst/document-number';
import { renderTaxDocumentPdf, type TaxDocumentView } from '~/infrastructure/pdf/tax-document-pdf.server';
import type { AuditActor } from '~/models/audit.server';
import { saveSettings } from '~/models/settings.server';
import { recordManualPayment } from '~/models/payments.server';
import { issueReceipt, listBookingDocuments, listSeries, type TaxDocument } from '~/models/tax-documents.server';
import { defaultSettings } from '~/schemas/settings';
import { createStaffSession } from '../auth-helpers';
import { createBooking } from '../factories';
import { pdfText } from '../support/pdf-text';

/** 1 December 2026, 10:00 IST: financial year 26-27. */
const DECEMBER_2026 = new Date('2026-12-01T04:30:00Z');

let actor: AuditActor;
let bookingId: string;

beforeAll(async () => {
  const admin = await createStaffSession();
  actor = { id: admin.user.id, name: admin.user.username, ip: '127.0.0.1' };
  bookingId = (await createBooking({ name: 'Asha Rai', itemName: 'North Sikkim Explorer' })).id;
});

/** A payment received by UPI for the test booking, straight into the ledger. */
async function recordPayment(amountPaise: number, database: Database = db()) {
  const [row] = await database
    .insert(payments)
    .values({ bookingId, entryType: 'payment', amountPaise, method: 'upi', reference: 'UTR 4242', receivedOn: '2026-11-30' })
    .returning();
  return row!;
}

/** Issue the receipt of `payment` in a transaction of its own. */
function receiptOf(payment: Awaited<ReturnType<typeof recordPayment>>, options: Parameters<typeof issueReceipt>[2] = {}, database: Database = db()) {
  return database.transaction((tx) => issueReceipt(tx, payment, options));
}

/** The numbers of every receipt of financial year 26-27, in sequence order. */
const receiptSequences = async () => (await listSeries(db(), 'receipt', 2026)).map((d) => d.sequence);

describe('issueReceipt', () => {
  let first: TaxDocument;

  test('the first receipt of a fresh install is RCT/26-27/0001: the amount, no GSTIN, audited, and its snapshot prints', async () => {
    const payment = await recordPayment(1_050_000);
    first = await receiptOf(payment, { actor, issuedAt: DECEMBER_2026 });
    expect(first).toMatchObject({
      kind: 'receipt',
      number: 'RCT/26-27/0001',
      prefix: 'RCT',
      financialYear: 2026,
      sequence: 1,
      bookingId,
      paymentId: payment.id,
      totalPaise: 1_050_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    });
    expect(first.issuedAt.toISOString()).toBe(DECEMBER_2026.toISOString());
    expect(first.snapshot).toMatchObject({
      number: 'RCT/26-27/0001',
      amountInWords: 'Rupees Ten Thousand Five Hundred only',
      totals: { grandTotal: '₹10,500.00' },
    });
    expect((first.snapshot.supplier as { gstin?: string }).gstin).toBeUndefined();

    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'document')).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(audit).toMatchObject({ entityType: 'booking', entityId: bookingId, actorId: actor.id });
    expect(audit!.summary).toBe(`Issued receipt RCT/26-27/0001 for ₹10,500.00 (booking ${first.snapshot.bookingReference as string})`);

    // The snapshot is the PDF's view: it renders, and the PDF shows what was frozen.
    const view = { ...first.snapshot, issuedAt: new Date(first.snapshot.issuedAt) } as unknown as TaxDocumentView;
    const text = (await pdfText(await renderTaxDocumentPdf(view))).join('\n');
    expect(text).toContain('RCT/26-27/0001');
    expect(text).toContain('₹10,500.00');
    expect(text).toContain('Rupees Ten Thousand Five Hundred only');
    expect(text).toContain('not registered for GST');
    expect(text).not.toContain('GSTIN');
  });

  test('a payment has one receipt: asking again gives the same one and uses no number', async () => {
    const payment = (await db().select().from(payments).where(eq(payments.id, first.paymentId!)))[0]!;
    const again = await receiptOf(payment, { issuedAt: DECEMBER_2026 });
    expect(again.id).toBe(first.id);
    const next = await receiptOf(await recordPayment(20_000), { issuedAt: DECEMBER_2026 });
    expect(next.number).toBe('RCT/26-27/0002');
  });

  test('a rolled-back issue leaves no gap: the next receipt takes its number', async () => {
    const payment = await recordPayment(30_000);
    const failed = await db()
      .transaction(async (tx) => {
        const doc = await issueReceipt(tx, payment, { issuedAt: DECEMBER_2026 });
        expect(doc.number).toBe('RCT/26-27/0003');
        throw new Error('the credit failed after the receipt');
      })
      .catch((e: unknown) => e);
    expect((failed as Error).message).toBe('the credit failed after the receipt');
    expect(await db().select().from(taxDocuments).where(eq(taxDocuments.paymentId, payment.id))).toEqual([]);
    expect((await receiptOf(payment, { issuedAt: DECEMBER_2026 })).number).toBe('RCT/26-27/0003');
    expect(await receiptSequences()).toEqual([1, 2, 3]);
  });

  test('a new financial year starts at 1 at midnight of 1 April in India', async () => {
    const lastMinute = await receiptOf(await recordPayment(10_000), { issuedAt: new Date('2027-03-31T18:29:00Z') });
    expect(lastMinute.number).toBe('RCT/26-27/0004');
    const firstMinute = await receiptOf(await recordPayment(10_000), { issuedAt: new Date('2027-03-31T18:30:00Z') });
    expect(firstMinute).toMatchObject({ number: 'RCT/27-28/0001', financialYear: 2027, sequence: 1 });
  });

  test("the settings' receipt prefix and GSTIN are printed once set", async () => {
    await saveSettings({ tax: { ...defaultSettings.tax, gstin: '11AAACI1681G1Z2', receiptPrefix: 'HR' } }, actor);
    const doc = await receiptOf(await recordPayment(50_000), { issuedAt: DECEMBER_2026 });
    expect(doc.number).toBe('HR/26-27/0005');
    expect(doc.snapshot.supplier).toMatchObject({ gstin: '11AAACI1681G1Z2', stateName: 'Sikkim', stateCode: '11' });
    await saveSettings({ tax: defaultSettings.tax }, actor);
  });

  test('a refund has no receipt (RangeError), and nothing is numbered', async () => {
    const [refund] = await db()
      .insert(payments)
      .values({ bookingId, entryType: 'refund', amountPaise: -10_000, method: 'upi', receivedOn: '2026-12-01' })
      .returning();
    await expect(receiptOf(refund!, { issuedAt: DECEMBER_2026 })).rejects.toThrow(RangeError);
    expect(await receiptSequences()).toEqual([1, 2, 3, 4, 5]);
  });

  test('an issued document is never changed or removed (the database refuses)', async () => {
    await expect(db().update(taxDocuments).set({ totalPaise: 1, taxablePaise: 1 }).where(eq(taxDocuments.id, first.id))).rejects.toThrow();
    await expect(db().delete(taxDocuments).where(eq(taxDocuments.id, first.id))).rejects.toThrow();
    expect((await db().select().from(taxDocuments).where(eq(taxDocuments.id, first.id)))[0]!.totalPaise).toBe(1_050_000);
  });
});

describe('numbers under load', () => {
  test('200 receipts issued at once (two instances on PostgreSQL): 1..200, no gap, no repeat', async () => {
    const handle = databaseHandle();
    // On PostgreSQL a second connection pool to the same database stands for a second instance.
    const second =
      handle.kind === 'postgres'
        ? await openDatabase({ url: (handle.pool as unknown as { options: { connectionString: string } }).options.connectionString })
        : null;
    try {
      const before = await receiptSequences();
      const paid = [];
      for (let i = 0; i < 200; i++) paid.push(await recordPayment(10_000 + i));
      const issued = await Promise.all(paid.map((p, i) => receiptOf(p, { issuedAt: DECEMBER_2026 }, second && i % 2 === 1 ? second.db : db())));
      const offset = before.length;
      const sequences = issued.map((d) => d.sequence).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: 200 }, (_, i) => offset + i + 1));
      expect(new Set(issued.map((d) => d.number)).size).toBe(200);
      expect(await receiptSequences()).toEqual(Array.from({ length: offset + 200 }, (_, i) => i + 1));
    } finally {
      await second?.close();
    }
  });
});

describe('a payment credited gets its receipt', () => {
  const thisYear = () => financialYearOf(new Date());

  test('a payment recorded by hand is credited with its receipt, in the same transaction', async () => {
    const booking = await createBooking({ name: 'Karma Bhutia' });
    const before = (await listSeries(db(), 'receipt', thisYear().start)).length;
    const outcome = await recordManualPayment(booking.id, { amountPaise: 250_000, method: 'cash', reference: '', receivedOn: '2026-12-01', note: '' }, actor);
    expect(outcome.receipt).toMatchObject({ kind: 'receipt', paymentId: outcome.entry!.id, totalPaise: 250_000, sequence: before + 1 });
    expect(outcome.receipt!.number).toBe(`RCT/${thisYear().label}/${String(before + 1).padStart(4, '0')}`);
    expect((await listBookingDocuments(db(), booking.id)).map((d) => d.number)).toEqual([outcome.receipt!.number]);
  });

  test('a receipt that cannot be numbered does not stop the credit, and uses no number', async () => {
    // Financial year 31-32, whose receipt 9999 was the last: a 5-character prefix cannot go on to
    // 10000 within 16 characters (formatDocumentNumber refuses it).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-01T06:30:00Z'));
    try {
      await db().insert(taxDocumentCounters).values({ kind: 'receipt', financialYear: 2031, lastSequence: 9999 });
      await saveSettings({ tax: { ...defaultSettings.tax, receiptPrefix: 'HTOUR' } }, actor);
      const booking = await createBooking({ name: 'Dawa Sherpa' });
      const outcome = await recordManualPayment(booking.id, { amountPaise: 10_000, method: 'cash', reference: '', receivedOn: '2031-06-01', note: '' }, actor);
      expect(outcome.entry).toMatchObject({ amountPaise: 10_000, bookingId: booking.id });
      expect(outcome.receipt).toBeNull();
      expect(await listBookingDocuments(db(), booking.id)).toEqual([]);
      const [counter] = await db().select().from(taxDocumentCounters).where(eq(taxDocumentCounters.financialYear, 2031));
      expect(counter!.lastSequence).toBe(9999);
    } finally {
      vi.useRealTimers();
      await saveSettings({ tax: defaultSettings.tax }, actor);
    }
  });
});
