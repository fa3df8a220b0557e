/**
 * A booking's money (docs/decisions/046-payments.md): quotes, payments credited by hand or once per
 * Razorpay payment id, the advance confirming a pending booking through the no-double-booking check,
 * reversals instead of edits, and a ledger the database itself keeps append-only.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, bookings, emailOutbox, payments, refunds } from '~/db/schema';
import { findBookingByToken, revokeBookingLinks } from '~/models/booking-link.server';
import { createBooking as createPublicBooking, deleteBookingForAdmin, setBookingStatus } from '~/models/booking.server';
import {
  creditPayment,
  ledgerOf,
  markRefundFailed,
  markRefundProcessed,
  moneySummary,
  recordManualPayment,
  reverseLedgerEntry,
  saveQuote,
  suggestedQuote,
  type QuoteInput,
} from '~/models/payments.server';
import { enqueueEmails } from '~/models/outbox.server';
import { getSettings } from '~/models/settings.server';
import { createStaffSession } from '../auth-helpers';
import { createBooking, createCar } from '../factories';

const actorOf = async () => {
  const { user } = await createStaffSession();
  return { id: user.id, name: user.name };
};

const quote = (totalRupees: number, advanceRupees: number, balanceDueOn = '2027-01-01'): QuoteInput => ({
  lines: [{ description: 'Sikkim Explorer (per person)', quantity: 1, unitPaise: totalRupees * 100 }],
  advancePaise: advanceRupees * 100,
  balanceDueOn,
});

const upi = (rupees: number) => ({ amountPaise: rupees * 100, method: 'upi' as const, reference: 'UTR123456', receivedOn: '2026-11-28', note: '' });

async function mailsTo(address: string) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.to, address)).orderBy(emailOutbox.createdAt);
}

describe('quotes', () => {
  test('a quote is the sum of its lines; each save is a new revision, audited', async () => {
    const actor = await actorOf();
    const booking = await createBooking();
    await saveQuote(
      booking.id,
      { lines: [{ description: 'Tour', quantity: 2, unitPaise: 525_000 }], advancePaise: 525_000, balanceDueOn: '2026-12-20' },
      actor,
    );
    const second = await saveQuote(booking.id, quote(12_000, 6_000), actor);
    expect(second.revision).toBe(2);
    expect(second.totalPaise).toBe(1_200_000);
    const summary = await moneySummary(db(), booking);
    expect(summary).toMatchObject({ totalPaise: 1_200_000, advancePaise: 600_000, paidPaise: 0, due: { kind: 'advance', amountPaise: 600_000 } });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'quote')));
    expect(audits.map((a) => a.summary)).toEqual(
      expect.arrayContaining([expect.stringContaining('Quoted booking'), expect.stringContaining('Revised booking')]),
    );
  });

  test('after money is received, a revision below what was paid is refused and nothing is written', async () => {
    const actor = await actorOf();
    const booking = await createBooking({ status: 'confirmed' });
    await saveQuote(booking.id, quote(10_000, 5_000), actor);
    await recordManualPayment(booking.id, upi(6_000), actor);
    await expect(saveQuote(booking.id, quote(5_500, 2_000), actor)).rejects.toMatchObject({
      message: 'The total cannot be less than what was already paid, ₹6,000.00',
      issues: [{ path: 'lines' }],
    });
    expect((await moneySummary(db(), booking)).quote?.revision).toBe(1);
    await expect(saveQuote(booking.id, quote(8_000, 9_000), actor)).rejects.toMatchObject({ issues: [{ path: 'advancePaise' }] });
  });

  test('the suggested quote: package price × travellers, advance at 50 %, balance due 15 days before travel', () => {
    const suggested = suggestedQuote(
      { type: 'package', itemName: 'Gangtok Getaway', startDate: '2027-03-20', endDate: null, adults: 2, children: 1 },
      10_499.5,
      { advancePercent: 50, balanceDueDaysBeforeTravel: 15 },
      '2026-11-28',
    );
    expect(suggested.lines).toEqual([{ description: 'Gangtok Getaway (per person)', quantity: 3, unitPaise: 1_049_950 }]);
    expect(suggested.advancePaise).toBe(1_574_900); // half of ₹31,498.50, down to the rupee
    expect(suggested.balanceDueOn).toBe('2027-03-05');
    const rental = suggestedQuote(
      { type: 'car', itemName: 'Innova', startDate: '2027-03-20', endDate: '2027-03-22', adults: null, children: null },
      3_500,
      { advancePercent: 50, balanceDueDaysBeforeTravel: 15 },
      '2026-11-28',
    );
    expect(rental.lines).toEqual([{ description: 'Innova (per day)', quantity: 3, unitPaise: 350_000 }]);
    expect(rental.balanceDueOn).toBe('2027-03-20');
  });
});

describe('crediting payments', () => {
  test('the advance paid by UPI confirms a pending booking: ledger row, audit, receipt and confirmation mails with the booking page link', async () => {
    const actor = await actorOf();
    const email = `advance-${crypto.randomUUID()}@example.com`;
    const booking = await createBooking({ email });
    await saveQuote(booking.id, quote(10_000, 5_000), actor);
    const outcome = await recordManualPayment(booking.id, upi(5_000), actor);
    expect(outcome.confirmed).toBe(true);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('confirmed');
    expect(await moneySummary(db(), row!)).toMatchObject({ paidPaise: 500_000, due: { kind: 'balance', amountPaise: 500_000, dueOn: '2027-01-01' } });
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('is confirmed'), expect.stringContaining('Payment received for booking')]),
    );
    const receipt = mails.find((m) => m.subject.startsWith('Payment received'))!;
    expect(receipt.kind).toBe('payment');
    expect(receipt.text).toContain('Amount: ₹5,000.00');
    expect(receipt.text).toContain('Paid so far: ₹5,000.00 of ₹10,000.00');
    expect(receipt.text).toContain('Balance due: ₹5,000.00 by Jan 1, 2027');
    // The link in the mail opens this booking's page.
    const token = /\/booking\/([A-Za-z0-9_-]{43})/.exec(receipt.text)![1]!;
    expect((await findBookingByToken(token))?.id).toBe(booking.id);
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['quote', 'payment', 'status']));
  });

  test('the advance for a car already confirmed for those days: the booking stays pending, flagged paid but clashing', async () => {
    const actor = await actorOf();
    const car = await createCar();
    const dates = { startDate: '2027-02-10', endDate: '2027-02-12' };
    const first = await createBooking({ type: 'car', carId: car.id, itemName: car.model, ...dates, name: 'Karma Bhutia' });
    await setBookingStatus(first.id, 'confirmed', actor);
    const second = await createBooking({ type: 'car', carId: car.id, itemName: car.model, startDate: '2027-02-11', endDate: '2027-02-13' });
    await saveQuote(second.id, quote(9_000, 4_500), actor);
    const outcome = await recordManualPayment(second.id, upi(4_500), actor);
    expect(outcome.confirmed).toBe(false);
    expect(outcome.clash).toContain('Already booked');
    const [row] = await db().select().from(bookings).where(eq(bookings.id, second.id));
    expect(row!.status).toBe('pending');
    expect(row!.paidButClashing).toContain('Karma Bhutia');
    expect((await ledgerOf(db(), second.id)).map((e) => e.amountPaise)).toEqual([450_000]);
    // Staff decide: once the first booking is rejected, confirming the paid one clears the flag.
    await setBookingStatus(first.id, 'rejected', actor);
    await setBookingStatus(second.id, 'confirmed', actor);
    const [after] = await db().select().from(bookings).where(eq(bookings.id, second.id));
    expect(after!.paidButClashing).toBeNull();
  });

  test('one Razorpay payment id is credited once, however often it is reported', async () => {
    const actor = { id: null, name: 'Razorpay' };
    const booking = await createBooking();
    await saveQuote(booking.id, quote(10_000, 5_000), await actorOf());
    const credit = { amountPaise: 500_000, method: 'razorpay' as const, razorpayPaymentId: `pay_${crypto.randomUUID().slice(0, 14)}` };
    const { company } = await getSettings(['company']);
    const results = await Promise.all([1, 2, 3].map(() => db().transaction((tx) => creditPayment(tx, booking.id, credit, actor, company))));
    expect(results.filter((r) => r.entry !== null)).toHaveLength(1);
    expect(await ledgerOf(db(), booking.id)).toHaveLength(1);
  });
});

describe('the ledger is append-only', () => {
  test('the database refuses to update or delete a ledger row', async () => {
    const actor = await actorOf();
    const booking = await createBooking({ status: 'confirmed' });
    const { entry } = await recordManualPayment(booking.id, upi(1_000), actor);
    const appendOnly = { cause: { message: expect.stringContaining('the payments ledger is append-only') } };
    await expect(db().update(payments).set({ amountPaise: 1 }).where(eq(payments.id, entry!.id))).rejects.toMatchObject(appendOnly);
    await expect(db().delete(payments).where(eq(payments.id, entry!.id))).rejects.toMatchObject(appendOnly);
    expect((await ledgerOf(db(), booking.id)).map((e) => e.amountPaise)).toEqual([100_000]);
    await expect(db().execute(sql`delete from bookings where id = ${booking.id}`)).rejects.toThrow();
    // A booking with money on record is cancelled, not deleted.
    await expect(deleteBookingForAdmin(booking.id, actor)).rejects.toMatchObject({ message: expect.stringContaining('cancel it instead') });
  });

  test('a mistaken entry is reversed, once, with a reason; both stay in the ledger and the audit log', async () => {
    const actor = await actorOf();
    const booking = await createBooking({ status: 'confirmed' });
    await saveQuote(booking.id, quote(10_000, 5_000), actor);
    const { entry } = await recordManualPayment(booking.id, { ...upi(7_000), method: 'cash' }, actor);
    await expect(reverseLedgerEntry(booking.id, entry!.id, '  ', actor)).rejects.toMatchObject({ issues: [{ path: 'reason' }] });
    const reversal = await reverseLedgerEntry(booking.id, entry!.id, 'Typed 7,000 instead of 700', actor);
    expect(reversal).toMatchObject({ entryType: 'reversal', amountPaise: -700_000, reversesId: entry!.id });
    await expect(reverseLedgerEntry(booking.id, entry!.id, 'again', actor)).rejects.toThrow('already reversed');
    await expect(reverseLedgerEntry(booking.id, reversal.id, 'undo', actor)).rejects.toThrow('cannot be reversed');
    const summary = await moneySummary(db(), booking);
    expect(summary).toMatchObject({ receivedPaise: 0, paidPaise: 0, due: { kind: 'advance', amountPaise: 500_000 } });
    expect((await ledgerOf(db(), booking.id)).map((e) => e.amountPaise)).toEqual([700_000, -700_000]);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.entityId, booking.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['payment', 'reversal']));
  });

  test('a rejected booking takes no payment, and nothing is written', async () => {
    const actor = await actorOf();
    const booking = await createBooking({ status: 'rejected' });
    await expect(recordManualPayment(booking.id, upi(1_000), actor)).rejects.toThrow('takes no payments');
    expect(await ledgerOf(db(), booking.id)).toHaveLength(0);
  });
});

describe('booking page links', () => {
  test('the acknowledgement links to the booking page; rotating revokes every link', async () => {
    const email = `link-${crypto.randomUUID()}@example.com`;
    const booking = await createPublicBooking({
      type: 'package',
      itemId: 'custom',
      name: 'Tashi Dorjee',
      email,
      phone: '+91 98320 12345',
      startDate: '2027-04-01',
      adults: 2,
      children: 0,
      message: '',
      publicityConsent: false,
    } as Parameters<typeof createPublicBooking>[0]);
    const [ack] = (await mailsTo(email)).filter((m) => m.kind === 'acknowledgement');
    const token = /\/booking\/([A-Za-z0-9_-]{43})/.exec(ack!.text)![1]!;
    expect((await findBookingByToken(token))?.id).toBe(booking.id);
    expect(booking.cancellationPolicy).toMatchObject({ unit: 'days' });
    expect(await findBookingByToken(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toBeNull();
    expect(await revokeBookingLinks(db(), booking.id)).toBe(1);
    expect(await findBookingByToken(token)).toBeNull();
  });
});

describe('refunds', () => {
  test('a processed refund is one negative ledger row, however often it is reported; a failed one moves no money', async () => {
    const actor = await actorOf();
    const booking = await createBooking({ status: 'confirmed' });
    await saveQuote(booking.id, quote(10_000, 5_000), actor);
    await recordManualPayment(booking.id, upi(5_000), actor);
    const [refund] = await db()
      .insert(refunds)
      .values({ bookingId: booking.id, amountPaise: 125_000, computedPaise: 125_000, method: 'upi', status: 'pending', createdBy: actor.id })
      .returning();
    const { company } = await getSettings(['company']);
    const first = await db().transaction((tx) => markRefundProcessed(tx, refund!.id, actor, { company, reference: 'UPI-REF-1' }));
    const again = await db().transaction((tx) => markRefundProcessed(tx, refund!.id, actor, { company }));
    expect(again.id).toBe(first.id);
    expect(await moneySummary(db(), booking)).toMatchObject({ receivedPaise: 500_000, refundedPaise: 125_000, paidPaise: 375_000 });
    const [failing] = await db()
      .insert(refunds)
      .values({ bookingId: booking.id, amountPaise: 1_000, method: 'razorpay', status: 'pending', createdBy: actor.id })
      .returning();
    await db().transaction((tx) => markRefundFailed(tx, failing!.id, 'BAD_REQUEST_ERROR: payment already refunded', actor));
    const [stored] = await db().select().from(refunds).where(eq(refunds.id, failing!.id));
    expect(stored).toMatchObject({ status: 'failed', failureReason: 'BAD_REQUEST_ERROR: payment already refunded' });
    expect(await ledgerOf(db(), booking.id)).toHaveLength(2);
  });
});

describe('mails that go at most once', () => {
  test('a second mail with the same dedupe key is not queued, in one call or in two', async () => {
    const to = `once-${crypto.randomUUID()}@example.com`;
    const mail = { to, subject: 'Balance reminder', text: 'Due soon', kind: 'payment' as const, dedupeKey: `test:${to}` };
    await enqueueEmails(db(), [mail]);
    await enqueueEmails(db(), [mail, { ...mail, dedupeKey: `test:${to}:other` }]);
    expect((await mailsTo(to)).map((m) => m.dedupeKey)).toEqual([`test:${to}`, `test:${to}:other`]);
  });
});
