/**
 * Balance reminders (docs/decisions/046-payments.md#notifications): a confirmed booking whose quote's
 * balance is not paid gets a `payment` mail to the traveller 7 days before the quote's balance due
 * day and on the day itself (India's calendar), each at most once. The outbox row carries the key
 * `balance-reminder:<bookingId>:<balanceDueOn>:<7d|0d>` (`email_outbox.dedupe_key`, unique), so a
 * second run the same day, or another instance running at the same time, queues nothing again;
 * moving the due day makes a new key, so the new day is reminded of too.
 *
 * The timer that calls `queueBalanceReminders` is app/infrastructure/balance-reminders.server.ts.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bookings, emailOutbox, type Booking } from '~/db/schema';
import { addDays } from '~/lib/calendar-date';
import { todayInIndia } from '~/lib/format';
import { notifyNewMail } from '~/lib/mail-signal.server';
import { balanceReminderMail } from '~/lib/payment-mail-texts.server';
import type { OutgoingEmail } from '~/lib/mail-texts.server';
import { balanceDueOnSql, balanceDueSql } from './booking-money-sql.server';
import { issueBookingLink } from './booking-link.server';
import { lockBooking, moneySummary } from './payments.server';
import { getSettings } from './settings.server';

/** Which reminder: a week before the due day, or on it. */
export type ReminderWhen = '7d' | '0d';

/** The outbox key that makes a reminder go at most once. */
export function balanceReminderKey(bookingId: string, balanceDueOn: string, when: ReminderWhen): string {
  return `balance-reminder:${bookingId}:${balanceDueOn}:${when}`;
}

/** Thrown inside a reminder's transaction to roll it back (another run queued the same reminder first). */
class AlreadyQueued extends Error {}

/**
 * Queue the reminders due on `today` ('YYYY-MM-DD', India's calendar; default today in India):
 * for every confirmed booking whose latest quote's balance falls due on `today + 7` or on `today`
 * and whose ledger sum is below the quote's total, one mail naming what is still to pay (total −
 * paid, in paise, shown in rupees; the advance too when staff confirmed without it), the due day and a new booking page link (`issueBookingLink`). Bookings
 * paid in full, pending, rejected or cancelled get none. Each reminder is one transaction (booking
 * locked, money read again, link issued, mail queued with its dedupe key); a reminder already in
 * the outbox is skipped and leaves no link behind. Returns the mails queued (and wakes the mailer).
 * Throws whatever the database throws.
 */
export async function queueBalanceReminders(today: string = todayInIndia()): Promise<OutgoingEmail[]> {
  const days: Record<ReminderWhen, string> = { '7d': addDays(today, 7), '0d': today };
  const candidates = await db()
    .select({ id: bookings.id, balanceDueOn: balanceDueOnSql })
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), or(sql`${balanceDueOnSql} = ${days['7d']}`, sql`${balanceDueOnSql} = ${days['0d']}`), balanceDueSql));
  if (candidates.length === 0) return [];

  const wanted = candidates.map((c) => {
    const when: ReminderWhen = c.balanceDueOn === days['0d'] ? '0d' : '7d';
    return { bookingId: c.id, dueOn: c.balanceDueOn!, when, key: balanceReminderKey(c.id, c.balanceDueOn!, when) };
  });
  const existing = await db()
    .select({ key: emailOutbox.dedupeKey })
    .from(emailOutbox)
    .where(
      inArray(
        emailOutbox.dedupeKey,
        wanted.map((w) => w.key),
      ),
    );
  const sent = new Set(existing.map((e) => e.key));
  // Read before the transactions: PGlite has one connection, a read outside `tx` would wait for it.
  const { company } = await getSettings(['company']);

  const queued: OutgoingEmail[] = [];
  for (const reminder of wanted.filter((w) => !sent.has(w.key))) {
    try {
      const mail = await db().transaction(async (tx) => {
        const booking: Booking = await lockBooking(tx, reminder.bookingId);
        if (booking.status !== 'confirmed') return null;
        const money = await moneySummary(tx, booking, today);
        // Paid meanwhile, or the due day moved: nothing to remind of under this key.
        const balancePaise = money.totalPaise - money.paidPaise;
        if (!money.quote || balancePaise <= 0 || money.balanceDueOn !== reminder.dueOn) return null;
        const link = await issueBookingLink(tx, booking.id);
        const mail = balanceReminderMail(booking, { amountPaise: balancePaise, dueOn: reminder.dueOn, when: reminder.when }, money, company, link.url);
        const inserted = await tx
          .insert(emailOutbox)
          .values({ to: mail.to, subject: mail.subject, text: mail.text, kind: 'payment', status: 'pending', dedupeKey: reminder.key })
          .onConflictDoNothing({ target: emailOutbox.dedupeKey })
          .returning({ id: emailOutbox.id });
        if (inserted.length === 0) throw new AlreadyQueued();
        return mail;
      });
      if (mail) queued.push(mail);
    } catch (error) {
      if (!(error instanceof AlreadyQueued)) throw error;
    }
  }
  if (queued.length > 0) notifyNewMail(queued);
  return queued;
}
