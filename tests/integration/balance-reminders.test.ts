/**
 * Balance reminders (app/models/balance-reminders.server.ts, docs/decisions/046-payments.md#notifications):
 * a confirmed booking with a balance still to pay gets one mail a week before the due day and one
 * on the day, never twice; paid, cancelled and rejected bookings get none.
 */
import { eq, like } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bookingAccessTokens, bookings, emailOutbox } from '~/db/schema';
import { balanceReminderKey, queueBalanceReminders } from '~/models/balance-reminders.server';
import { findBookingByToken } from '~/models/booking-link.server';
import { recordManualPayment, saveQuote } from '~/models/payments.server';
import { createStaffSession } from '../auth-helpers';
import { createBooking } from '../factories';

const TODAY = '2027-03-01';
const IN_A_WEEK = '2027-03-08';

const actorOf = async () => {
  const { user } = await createStaffSession();
  return { id: user.id, name: user.name };
};

/** A confirmed booking for `email` quoted ₹10,000 (advance ₹5,000, balance due on `dueOn`), with `paidRupees` received by UPI. */
async function quotedBooking(email: string, dueOn: string, paidRupees: number) {
  const actor = await actorOf();
  const booking = await createBooking({ email, status: 'confirmed', startDate: '2027-04-01' });
  await saveQuote(
    booking.id,
    { lines: [{ description: 'Sikkim Explorer', quantity: 1, unitPaise: 1_000_000 }], advancePaise: 500_000, balanceDueOn: dueOn },
    actor,
  );
  if (paidRupees > 0) {
    await recordManualPayment(booking.id, { amountPaise: paidRupees * 100, method: 'upi', reference: 'UTR1', receivedOn: '2027-02-01', note: '' }, actor);
  }
  return booking;
}

async function remindersTo(email: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .then((rows) => rows.filter((r) => r.dedupeKey?.startsWith('balance-reminder:')));
}

describe('queueBalanceReminders', () => {
  test('a week before the due day: one mail with the balance, the day and a working booking link; a second run queues nothing', async () => {
    const booking = await quotedBooking('week.before@example.com', IN_A_WEEK, 5_000);
    await queueBalanceReminders(TODAY);
    const [mail, ...more] = await remindersTo('week.before@example.com');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: 'payment', status: 'pending', dedupeKey: balanceReminderKey(booking.id, IN_A_WEEK, '7d') });
    expect(mail!.subject).toContain('Balance due in a week');
    expect(mail!.text).toContain('₹5,000.00');
    expect(mail!.text).toContain('Mar 8, 2027');
    const token = /\/booking\/([A-Za-z0-9_-]{43})/.exec(mail!.text)?.[1];
    expect((await findBookingByToken(token!))?.id).toBe(booking.id);

    const tokensBefore = await db().select().from(bookingAccessTokens).where(eq(bookingAccessTokens.bookingId, booking.id));
    expect(await queueBalanceReminders(TODAY)).toEqual([]);
    expect(await remindersTo('week.before@example.com')).toHaveLength(1);
    // The second run issued no link either.
    expect(await db().select().from(bookingAccessTokens).where(eq(bookingAccessTokens.bookingId, booking.id))).toHaveLength(tokensBefore.length);
  });

  test('on the due day a second reminder, once; nothing between', async () => {
    const booking = await quotedBooking('on.the.day@example.com', IN_A_WEEK, 0);
    await queueBalanceReminders(TODAY);
    await queueBalanceReminders('2027-03-04');
    expect(await remindersTo('on.the.day@example.com')).toHaveLength(1);
    await queueBalanceReminders(IN_A_WEEK);
    await queueBalanceReminders(IN_A_WEEK);
    const mails = await remindersTo('on.the.day@example.com');
    expect(mails.map((m) => m.dedupeKey).sort()).toEqual(
      [balanceReminderKey(booking.id, IN_A_WEEK, '0d'), balanceReminderKey(booking.id, IN_A_WEEK, '7d')].sort(),
    );
    const dayMail = mails.find((m) => m.dedupeKey?.endsWith(':0d'))!;
    expect(dayMail.subject).toContain('Balance due today');
    // Nothing was paid, so the whole ₹10,000 is still to pay.
    expect(dayMail.text).toContain('₹10,000.00');
  });

  test('two runs at once queue each reminder once', async () => {
    await quotedBooking('at.once@example.com', IN_A_WEEK, 5_000);
    await Promise.all([queueBalanceReminders(TODAY), queueBalanceReminders(TODAY)]);
    expect(await remindersTo('at.once@example.com')).toHaveLength(1);
  });

  test('paid in full, cancelled, rejected or pending bookings get no reminder', async () => {
    await quotedBooking('paid.in.full@example.com', IN_A_WEEK, 10_000);
    const cancelled = await quotedBooking('cancelled@example.com', IN_A_WEEK, 5_000);
    await db().update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, cancelled.id));
    const rejected = await quotedBooking('rejected@example.com', IN_A_WEEK, 0);
    await db().update(bookings).set({ status: 'rejected' }).where(eq(bookings.id, rejected.id));
    const pending = await quotedBooking('pending@example.com', IN_A_WEEK, 0);
    await db().update(bookings).set({ status: 'pending' }).where(eq(bookings.id, pending.id));
    await queueBalanceReminders(TODAY);
    await queueBalanceReminders(IN_A_WEEK);
    for (const email of ['paid.in.full@example.com', 'cancelled@example.com', 'rejected@example.com', 'pending@example.com']) {
      expect(await remindersTo(email), email).toEqual([]);
    }
  });

  test('a booking without a quote gets none', async () => {
    await createBooking({ email: 'no.quote@example.com', status: 'confirmed' });
    await queueBalanceReminders(TODAY);
    expect(await db().select().from(emailOutbox).where(like(emailOutbox.to, 'no.quote@example.com'))).toEqual([]);
  });
});
