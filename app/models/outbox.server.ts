/**
 * The e-mail outbox (docs/decisions/011-notifications-outbox.md): every notification is a row
 * first, then sent. A failed send stays in the table with its error and is retried; nothing about a
 * submission depends on e-mail working.
 */
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { databaseHandle, db, type Executor } from '~/db/client.server';
import { emailOutbox, type OutboxEmail } from '~/db/schema';
import { OUTBOX_STATUSES, type OutboxStatus } from '~/lib/constants';
import { env } from '~/lib/env.server';
import { Conflict, NotFound } from '~/lib/errors.server';
import { notifyNewMail } from '~/lib/mail-signal.server';
import type { OutgoingEmail } from '~/lib/mail-texts.server';
import { diffChanges, recordAudit, type AuditActor } from './audit.server';
import { selectPage } from './query.server';

export type { OutgoingEmail };

/** Attempts after which a mail is marked `failed` and no longer retried. */
export const MAX_SEND_ATTEMPTS = 8;

/** Why an acknowledgement is `held`, as /admin/outbox shows it. */
export const HELD_FOR_ADDRESS = 'Acknowledgement cap for this address reached';
export const HELD_FOR_SITE = 'Acknowledgement cap for the site reached';

/** How many acknowledgements are sent: per recipient address per day, for the whole site per hour. */
export type AcknowledgementCaps = { perAddressPerDay: number; perSitePerHour: number };

/** The caps from ACK_CAP_PER_ADDRESS_PER_DAY and ACK_CAP_PER_SITE_PER_HOUR (app/lib/env.server.ts). */
export function acknowledgementCaps(): AcknowledgementCaps {
  return { perAddressPerDay: env().ACK_CAP_PER_ADDRESS_PER_DAY, perSitePerHour: env().ACK_CAP_PER_SITE_PER_HOUR };
}

/**
 * The mailbox an address reaches, for counting: lower-case, without a `+tag` in the local part
 * (`Victim+1@Example.com` and `victim@example.com` reach the same person).
 */
export function mailboxKey(address: string): string {
  return address
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, '@');
}
/** The advisory lock key that makes the cap check and the insert of acknowledgements one step. */
const ACK_CAP_LOCK = sql`hashtextextended('email_outbox acknowledgement caps', 0)`;

/**
 * The reason (HELD_FOR_ADDRESS, HELD_FOR_SITE) an acknowledgement to `mailbox` must not be sent,
 * as an SQL expression, or null: the database function `ack_hold_reason` (drizzle/0017_ack_hold_reason_function.sql)
 * counts the acknowledgements that are or will be mailed (not `held`) to the same mailbox in the
 * last 24 hours and to anyone in the last hour. Each count reads only a partial index of mailed
 * acknowledgements, so its cost is bounded by the caps, not by how many submissions a flood has
 * made; being PL/pgSQL, its two queries are planned once per connection, not per submission.
 */
function holdReasonSql(mailbox: SQL, caps: AcknowledgementCaps): SQL {
  return sql`ack_hold_reason(${mailbox}, ${caps.perAddressPerDay}::integer, ${caps.perSitePerHour}::integer)`;
}

/**
 * Insert mails in one statement (`INSERT … SELECT` over a VALUES list): each acknowledgement's
 * status and held reason are computed in the same statement by `holdReasonSql`, so a submission
 * costs one statement for all its mails, as it did before the caps. A mail with a `dedupeKey`
 * already in the outbox is skipped (ON CONFLICT DO NOTHING).
 */
async function insertMails(executor: Executor, mails: OutgoingEmail[], caps: AcknowledgementCaps): Promise<void> {
  const values = sql.join(
    mails.map(
      (m) =>
        sql`(${m.to}::text, ${m.subject}::text, ${m.text}::text, ${m.html ?? null}::text, ${m.kind ?? 'notification'}::text, ${m.dedupeKey ?? null}::text, ${m.kind === 'acknowledgement' ? mailboxKey(m.to) : null}::text)`,
    ),
    sql`, `,
  );
  const v = sql.raw('"v"');
  await executor.execute(sql`
    insert into ${emailOutbox} ("to", subject, text, html, kind, dedupe_key, mailbox, status, held_reason)
    select ${v}."to", ${v}.subject, ${v}.text, ${v}.html, ${v}.kind, ${v}.dedupe_key, ${v}.mailbox,
           case when r.reason is null then 'pending' else 'held' end, r.reason
    from (values ${values}) as v("to", subject, text, html, kind, dedupe_key, mailbox)
    cross join lateral (
      select case when ${v}.kind = 'acknowledgement' then ${holdReasonSql(sql`${v}.mailbox`, caps)} end as reason
    ) as r
    on conflict (dedupe_key) do nothing`);
}

/**
 * Queue mails (inside the submission's transaction when `executor` is one). An acknowledgement
 * (`kind: 'acknowledgement'`) over its caps (docs/decisions/045-security-round-two.md#4-the-acknowledgement-e-mail-is-no-relay)
 * is stored as `held` with its reason and never sent; notifications to the office, status and
 * payment mails are never capped. On a PostgreSQL server, acknowledgements take a transaction-wide
 * advisory lock first, so two submissions at once cannot both see room under a cap (call it inside
 * a transaction); embedded PGlite runs one transaction at a time, so it needs no lock. Mails go in
 * with one statement; a call with several acknowledgements inserts them one by one, so each counts
 * the ones before it.
 */
export async function enqueueEmails(executor: Executor, mails: OutgoingEmail[], caps: AcknowledgementCaps = acknowledgementCaps()): Promise<void> {
  if (mails.length === 0) return;
  const acknowledgements = mails.filter((m) => m.kind === 'acknowledgement').length;
  if (acknowledgements > 0 && databaseHandle().kind === 'postgres') await executor.execute(sql`select pg_advisory_xact_lock(${ACK_CAP_LOCK})`);
  if (acknowledgements <= 1) return insertMails(executor, mails, caps);
  for (const mail of mails) await insertMails(executor, [mail], caps);
}

/** Queue mails on their own (not inside another write) and wake the sending loop. */
export async function enqueueEmailsNow(mails: OutgoingEmail[]): Promise<void> {
  await enqueueEmails(db(), mails);
  notifyNewMail(mails);
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
