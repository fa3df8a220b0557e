/**
 * Permit document reminders (docs/decisions/050-permits-and-manifests.md#reminders-and-the-dashboard):
 * a confirmed booking whose permit status is still 'documents_missing' gets a mail to the traveller
 * once when its documents fall due (travel date − the package's days before, India's calendar) and
 * once 3 days before travel, each at most once. Each reminder is one transaction: the booking row
 * locked, the conditions read again, a new booking page link issued, the mail queued in the outbox
 * and `permit_deadline_reminder_at` / `permit_final_reminder_at` set; so another instance running at
 * the same time waits for the lock, then sees the stamp and queues nothing. A booking that reaches
 * both at once (made late) gets only the final one, and both stamps.
 *
 * The timer that calls `queuePermitReminders` is app/infrastructure/permit-reminders.server.ts.
 */
import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bookings, tourPackages } from '~/db/schema';
import { addDays } from '~/lib/calendar-date';
import { todayInIndia } from '~/lib/format';
import { notifyNewMail } from '~/lib/mail-signal.server';
import type { OutgoingEmail } from '~/lib/mail-texts.server';
import { permitReminderMail, type PermitReminderWhen } from '~/lib/permit-mail-texts.server';
import { permitDocumentsDueOn } from '~/lib/permits/deadline';
import { issueBookingLink } from './booking-link.server';
import { enqueueEmails } from './outbox.server';
import { getSettings } from './settings.server';

/** How many days before travel the last reminder goes. */
export const FINAL_REMINDER_DAYS = 3;

/** Which reminder a booking is due for on `today`, or null: the last one from 3 days before travel, the first from the due day. */
export function reminderDue(
  b: { startDate: string; daysBefore: number; deadlineSentAt: Date | null; finalSentAt: Date | null },
  today: string,
): PermitReminderWhen | null {
  if (b.startDate < today) return null;
  if (!b.finalSentAt && addDays(b.startDate, -FINAL_REMINDER_DAYS) <= today) return 'final';
  if (!b.deadlineSentAt && !b.finalSentAt && permitDocumentsDueOn(b.startDate, b.daysBefore) <= today) return 'deadline';
  return null;
}

/**
 * Queue the reminders due at `now` (default: the current time; the day is India's). Returns the
 * mails queued (and wakes the mailer). Throws whatever the database throws.
 */
export async function queuePermitReminders(now: Date = new Date()): Promise<OutgoingEmail[]> {
  const today = todayInIndia(now);
  const dueOn = sql`(${bookings.startDate} - ${tourPackages.permitDocumentsDaysBefore})`;
  const candidates = await db()
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(tourPackages, eq(tourPackages.id, bookings.packageId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        eq(bookings.permitStatus, 'documents_missing'),
        gte(bookings.startDate, today),
        or(
          and(isNull(bookings.permitFinalReminderAt), lte(bookings.startDate, addDays(today, FINAL_REMINDER_DAYS))),
          and(isNull(bookings.permitDeadlineReminderAt), isNull(bookings.permitFinalReminderAt), sql`${dueOn} <= ${today}::date`),
        ),
      ),
    );
  if (candidates.length === 0) return [];
  // Read before the transactions: PGlite has one connection, a read outside `tx` would wait for it.
  const { company, permits } = await getSettings(['company', 'permits']);

  const queued: OutgoingEmail[] = [];
  for (const { id } of candidates) {
    const mail = await db().transaction(async (tx) => {
      const [row] = await tx
        .select({ booking: bookings, permitIds: tourPackages.permitIds, daysBefore: tourPackages.permitDocumentsDaysBefore })
        .from(bookings)
        .innerJoin(tourPackages, eq(tourPackages.id, bookings.packageId))
        .where(eq(bookings.id, id))
        .for('update', { of: bookings });
      if (!row || row.booking.status !== 'confirmed' || row.booking.permitStatus !== 'documents_missing') return null;
      const b = row.booking;
      const when = reminderDue(
        { startDate: b.startDate, daysBefore: row.daysBefore, deadlineSentAt: b.permitDeadlineReminderAt, finalSentAt: b.permitFinalReminderAt },
        today,
      );
      if (!when) return null; // Another instance sent it meanwhile.
      const link = await issueBookingLink(tx, b.id);
      const names = row.permitIds.map((p) => permits.types.find((t) => t.id === p)?.name ?? p);
      const mail = permitReminderMail(b, { when, permits: names, dueOn: permitDocumentsDueOn(b.startDate, row.daysBefore) }, company, link.url);
      await enqueueEmails(tx, [mail]);
      await tx
        .update(bookings)
        .set(when === 'final' ? { permitFinalReminderAt: now, permitDeadlineReminderAt: b.permitDeadlineReminderAt ?? now } : { permitDeadlineReminderAt: now })
        .where(eq(bookings.id, b.id));
      return mail;
    });
    if (mail) queued.push(mail);
  }
  if (queued.length > 0) notifyNewMail(queued);
  return queued;
}
