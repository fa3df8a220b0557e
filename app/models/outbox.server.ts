/**
 * The e-mail outbox (docs/decisions/011-notifications-outbox.md): every notification is a row
 * first, then sent. A failed send stays in the table with its error and is retried; nothing about a
 * submission depends on e-mail working.
 */
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { emailOutbox, type OutboxEmail } from '~/db/schema';
import { OUTBOX_STATUSES, type OutboxStatus } from '~/lib/constants';
import { Conflict, NotFound } from '~/lib/errors.server';
import type { OutgoingEmail } from '~/lib/mail-texts.server';
import { diffChanges, recordAudit, type AuditActor } from './audit.server';
import { selectPage } from './query.server';

export type { OutgoingEmail };

/** Attempts after which a mail is marked `failed` and no longer retried. */
export const MAX_SEND_ATTEMPTS = 8;

/** Queue mails (inside the submission's transaction when `executor` is one). */
export async function enqueueEmails(executor: Executor, mails: OutgoingEmail[]): Promise<void> {
  if (mails.length === 0) return;
  await executor.insert(emailOutbox).values(mails.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? null })));
}

/**
 * Claim up to `limit` mails to send, oldest first, for `claimant` (docs/decisions/022-several-instances.md#one-sender-per-mail):
 * pending ones with attempts left, past their back-off, and not claimed by another sender (or
 * claimed by one whose claim ran out: it died or hung). One statement, `FOR UPDATE SKIP LOCKED`:
 * senders on every instance claim at once and never get the same row. A claim lasts `leaseMs`;
 * the sender marks each mail sent or failed well before that.
 */
export async function claimEmails({ limit, claimant, leaseMs }: { limit: number; claimant: string; leaseMs: number }): Promise<OutboxEmail[]> {
  const due = db()
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        lt(emailOutbox.attempts, MAX_SEND_ATTEMPTS),
        or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, sql`now()`)),
        or(isNull(emailOutbox.nextAttemptAt), lte(emailOutbox.nextAttemptAt, sql`now()`)),
      ),
    )
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db()
    .update(emailOutbox)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`, claimedBy: claimant })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/** The mail went out: `sent`, claim released. */
export async function markEmailSent(id: string): Promise<void> {
  await db()
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null, claimedUntil: null, nextAttemptAt: null })
    .where(eq(emailOutbox.id, id));
}

/**
 * Record a failed attempt and release the claim: tried again after `retryInMs` (the back-off), or,
 * when that was the last allowed attempt, marked `failed`.
 */
export async function markEmailAttemptFailed(id: string, error: string, retryInMs: number): Promise<void> {
  await db()
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: error.slice(0, 1000),
      status: sql`case when ${emailOutbox.attempts} + 1 >= ${MAX_SEND_ATTEMPTS} then 'failed' else 'pending' end`,
      claimedUntil: null,
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
    })
    .where(eq(emailOutbox.id, id));
}

/** Every outbox row, newest first (admin view, tests). */
export async function listOutbox(limit = 100): Promise<OutboxEmail[]> {
  return db()
    .select()
    .from(emailOutbox)
    .orderBy(sql`${emailOutbox.createdAt} desc`)
    .limit(limit);
}

/** Rows on one page of /admin/outbox. */
export const OUTBOX_PAGE_SIZE = 20;

/**
 * One page of the outbox for the admin (docs/decisions/011-notifications-outbox.md), newest first,
 * optionally only one status; with the number of matching rows and the count of each status.
 */
export async function listOutboxPage({
  status,
  limit = OUTBOX_PAGE_SIZE,
  offset = 0,
}: {
  status?: OutboxStatus;
  limit?: number;
  offset?: number;
}): Promise<{ items: OutboxEmail[]; total: number; counts: Record<OutboxStatus, number> }> {
  const where = status ? eq(emailOutbox.status, status) : undefined;
  const [page, countRows] = await Promise.all([
    selectPage(
      db().select().from(emailOutbox).where(where).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).$dynamic(),
      { table: emailOutbox, where },
      { limit, offset },
    ),
    db().select({ status: emailOutbox.status, n: count() }).from(emailOutbox).groupBy(emailOutbox.status),
  ]);
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<OutboxStatus, number>;
  for (const row of countRows) if ((OUTBOX_STATUSES as readonly string[]).includes(row.status)) counts[row.status as OutboxStatus] = row.n;
  return { ...page, counts };
}

/**
 * Put a failed mail back in the queue (/admin/outbox 'Resend'): status pending, attempts 0, last
 * error cleared, audited as 'resend' on entity 'email' in the same transaction
 * (docs/decisions/017-audit-log.md). Throws NotFound for an unknown id and Conflict when the mail
 * is not failed (a pending one is already queued; a sent one is not sent twice). The caller wakes
 * the mailer after this returns (`retryEmailsNow` in app/infrastructure/mail-delivery.server.ts).
 */
export async function resendEmail(id: string, actor: AuditActor): Promise<OutboxEmail> {
  return db().transaction(async (tx) => {
    const [mail] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update');
    if (!mail) throw new NotFound('E-mail not found', [{ path: 'id', message: 'No e-mail with this id' }]);
    if (mail.status !== 'failed') {
      throw new Conflict('Only a failed e-mail can be resent', [{ path: 'status', message: `The e-mail is ${mail.status}` }]);
    }
    const [updated] = await tx
      .update(emailOutbox)
      .set({ status: 'pending', attempts: 0, lastError: null, claimedUntil: null, nextAttemptAt: null })
      .where(eq(emailOutbox.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'resend',
      entityType: 'email',
      entityId: id,
      summary: `Resent the e-mail “${mail.subject.slice(0, 120)}” to ${mail.to}`,
      changes: diffChanges(mail, updated!, ['status', 'attempts', 'lastError']),
    });
    return updated!;
  });
}
