/**
 * The e-mail outbox (docs/decisions/011-notifications-outbox.md): every notification is a row
 * first, then sent. A failed send stays in the table with its error and is retried; nothing about a
 * submission depends on e-mail working.
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { emailOutbox, type OutboxEmail } from '~/db/schema';

export type OutgoingEmail = { to: string; subject: string; text: string; html?: string };

/** Attempts after which a mail is marked `failed` and no longer retried. */
export const MAX_SEND_ATTEMPTS = 8;

/** Queue mails (inside the submission's transaction when `executor` is one). */
export async function enqueueEmails(executor: Executor, mails: OutgoingEmail[]): Promise<void> {
  if (mails.length === 0) return;
  await executor.insert(emailOutbox).values(mails.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? null })));
}

/** Mails still to send, oldest first. */
export async function listPendingEmails(limit = 20): Promise<OutboxEmail[]> {
  return db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lt(emailOutbox.attempts, MAX_SEND_ATTEMPTS)))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id))
    .limit(limit);
}

export async function markEmailSent(id: string): Promise<void> {
  await db()
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
    .where(eq(emailOutbox.id, id));
}

/** Record a failed attempt; the last allowed attempt marks the mail `failed`. */
export async function markEmailAttemptFailed(id: string, error: string): Promise<void> {
  await db()
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: error.slice(0, 1000),
      status: sql`case when ${emailOutbox.attempts} + 1 >= ${MAX_SEND_ATTEMPTS} then 'failed' else 'pending' end`,
    })
    .where(eq(emailOutbox.id, id));
}

/** Every outbox row, newest first (admin view, tests). */
export async function listOutbox(limit = 100): Promise<OutboxEmail[]> {
  return db().select().from(emailOutbox).orderBy(sql`${emailOutbox.createdAt} desc`).limit(limit);
}
