/**
 * One sender per mail (docs/decisions/022-several-instances.md#one-sender-per-mail): senders claim
 * outbox rows with FOR UPDATE SKIP LOCKED, so concurrent senders never take the same mail; a claim
 * runs out when its sender dies; a failed mail waits for its back-off. On PGlite and on PostgreSQL.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { emailOutbox } from '~/db/schema';
import { deliverPending, messageIdOf } from '~/infrastructure/mail-delivery.server';
import { claimEmails, enqueueEmails, markEmailAttemptFailed } from '~/models/outbox.server';
import { startSmtpCounter } from '../support/smtp-counter';

const mails = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ to: `guest${i}@example.com`, subject: `${tag} ${i}`, text: `Mail ${i}` }));

afterEach(async () => {
  await db().delete(emailOutbox);
});

describe('claimEmails', () => {
  test('concurrent senders share the pending mails without ever taking one twice', async () => {
    await enqueueEmails(db(), mails(40, 'Claim'));
    const taken: string[][] = [[], [], [], [], []];
    await Promise.all(
      taken.map(async (mine, sender) => {
        for (;;) {
          const batch = await claimEmails({ limit: 3, claimant: `sender-${sender}`, leaseMs: 60_000 });
          if (batch.length === 0) return;
          mine.push(...batch.map((m) => m.id));
        }
      }),
    );
    const all = taken.flat();
    expect(all).toHaveLength(40);
    expect(new Set(all).size).toBe(40);
    const rows = await db().select({ claimedBy: emailOutbox.claimedBy }).from(emailOutbox);
    expect(rows.every((r) => r.claimedBy?.startsWith('sender-'))).toBe(true);
  });

  test('a claimed mail stays with its sender until the claim runs out, then another may take it', async () => {
    await enqueueEmails(db(), mails(1, 'Lease'));
    const [first] = await claimEmails({ limit: 5, claimant: 'instance-1', leaseMs: 60_000 });
    expect(first).toBeDefined();
    expect(await claimEmails({ limit: 5, claimant: 'instance-2', leaseMs: 60_000 })).toEqual([]);
    // instance-1 died holding it: its claim ends.
    await db()
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, first!.id));
    const [again] = await claimEmails({ limit: 5, claimant: 'instance-2', leaseMs: 60_000 });
    expect(again?.id).toBe(first!.id);
    expect(again?.claimedBy).toBe('instance-2');
  });

  test('a failed mail is released but not taken again before its back-off', async () => {
    await enqueueEmails(db(), mails(1, 'Backoff'));
    const [mail] = await claimEmails({ limit: 1, claimant: 'instance-1', leaseMs: 60_000 });
    await markEmailAttemptFailed(mail!.id, 'connection refused', 15_000);
    expect(await claimEmails({ limit: 1, claimant: 'instance-2', leaseMs: 60_000 })).toEqual([]);
    await db()
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, mail!.id));
    const [retry] = await claimEmails({ limit: 1, claimant: 'instance-2', leaseMs: 60_000 });
    expect(retry).toMatchObject({ id: mail!.id, attempts: 1, lastError: 'connection refused' });
  });
});

describe('deliverPending', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCounter>>;

  beforeAll(async () => {
    smtp = await startSmtpCounter();
  });

  afterAll(async () => {
    await smtp.close();
  });

  test('three senders at once deliver every mail exactly once, each with its own Message-ID', async () => {
    await enqueueEmails(db(), mails(30, 'Exactly once'));
    const { port } = new URL(smtp.url);
    const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port: Number(port), secure: false, ignoreTLS: true });
    const results = await Promise.all([deliverPending(transport()), deliverPending(transport()), deliverPending(transport())]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(30);
    const ids = (await db().select({ id: emailOutbox.id }).from(emailOutbox)).map((r) => r.id);
    expect(ids.map((id) => smtp.deliveries.get(messageIdOf(id)))).toEqual(ids.map(() => 1));
    expect(smtp.deliveries.size).toBe(30);
    const sent = await db().select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(sent.every((m) => m.status === 'sent' && m.attempts === 1 && m.claimedUntil === null)).toBe(true);
  });
});
