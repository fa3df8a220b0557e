/**
 * The acknowledgement e-mail is no relay (docs/decisions/045-security-round-two.md#4-the-acknowledgement-e-mail-is-no-relay):
 * it repeats nothing the visitor typed, at most ACK_CAP_PER_ADDRESS_PER_DAY (3) go to one mailbox a
 * day and at most ACK_CAP_PER_SITE_PER_HOUR for the whole site an hour; the rest are stored as
 * `held` with the reason staff read at /admin/outbox, while every submission is still stored and
 * the office is still told of each. Submissions are counted per IPv4 address or IPv6 /64.
 */
import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { describe, expect, test, vi } from 'vitest';
import { db } from '~/db/client.server';
import { emailOutbox, inquiries } from '~/db/schema';
import { deliverPending } from '~/infrastructure/mail-delivery.server';
import { CLIENT_IP_HEADER, ipRateLimitKey } from '~/infrastructure/rate-limit.server';
import { HELD_FOR_ADDRESS, HELD_FOR_SITE, enqueueEmails } from '~/models/outbox.server';
import { loader as outboxLoader } from '~/routes/admin/outbox';
import { action as inquiriesAction } from '~/routes/api/inquiries';
import { createStaffSession } from '../auth-helpers';
import { routeArgs, settle } from '../route-args';
import { post } from './submissions-helpers';

process.env.RATE_LIMIT_SUBMISSIONS_PER_MINUTE = '5';

const SPAM = 'Cheap watches at http://spam.example/offer';
const contact = (email: string, extra: Record<string, string> = {}) => ({
  type: 'contact',
  name: 'Visit http://spam.example now',
  email,
  subject: 'Win big at spam.example',
  message: SPAM,
  ...extra,
});
const from = (ip: string) => ({ [CLIENT_IP_HEADER]: ip });

/** Every outbox row to `address` (any case), oldest first. */
async function mailsTo(address: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.to}) = ${address.toLowerCase()}`)
    .orderBy(emailOutbox.createdAt);
}

/** Send everything that is due through a JSON transport; returns the recipients of what went out. */
async function sendAll(): Promise<string[]> {
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const send = vi.spyOn(transport, 'sendMail');
  while ((await deliverPending(transport, 'Tours <no-reply@example.com>')).sent > 0);
  return send.mock.calls.map(([mail]) => String(mail.to));
}

describe('acknowledgements', () => {
  test('50 submissions naming one victim from 50 addresses: all stored, 3 acknowledgements sent, 47 held with the reason, the office told of all 50', async () => {
    const victim = `victim-${crypto.randomUUID()}@example.com`;
    for (let i = 0; i < 50; i++) {
      // A +tag or other case reaches the same mailbox, so it counts the same.
      const address = i % 3 === 0 ? victim.replace('@', `+${i}@`) : i % 3 === 1 ? victim.toUpperCase() : victim;
      const res = await post(inquiriesAction, '/api/inquiries', contact(address), from(`203.0.113.${i + 1}`));
      expect(res.status).toBe(201);
    }
    const [stored] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(inquiries)
      .where(sql`lower(regexp_replace(${inquiries.email}, '[+][^@]*@', '@')) = ${victim}`);
    expect(stored!.n).toBe(50);

    const acks = (
      await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'acknowledgement'), sql`lower(regexp_replace(${emailOutbox.to}, '[+][^@]*@', '@')) = ${victim}`))
    ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(acks).toHaveLength(50);
    expect(acks.filter((m) => m.status === 'pending')).toHaveLength(3);
    const held = acks.filter((m) => m.status === 'held');
    expect(held).toHaveLength(47);
    expect(new Set(held.map((m) => m.heldReason))).toEqual(new Set([HELD_FOR_ADDRESS]));

    const recipients = await sendAll();
    const toVictim = recipients.filter((to) => to.toLowerCase().replace(/\+[^@]*@/, '@') === victim);
    expect(toVictim).toHaveLength(3);
    // The office's notification of each submission is not capped.
    const office = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'notification'));
    expect(office[0]!.n).toBeGreaterThanOrEqual(50);
    expect(
      await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'notification'), eq(emailOutbox.status, 'held'))),
    ).toEqual([]);
    // Staff see the held ones and why at /admin/outbox?status=held.
    const { cookie } = await createStaffSession();
    const page = await settle(() => outboxLoader(routeArgs('/admin/outbox?status=held', {}, { headers: { Cookie: cookie } })));
    const shown = (page.body as { rows: { to: string; heldReason: string | null }[]; counts: { held: number } }).rows;
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((row) => row.heldReason === HELD_FOR_ADDRESS)).toBe(true);
    expect((page.body as { counts: { held: number } }).counts.held).toBe(47);
    // 50 submissions and 53 sends take about 9 s alone; more on a loaded 2-core machine.
  }, 90_000);

  test('20 submissions at once naming one victim still mail only 3 acknowledgements (on PostgreSQL, from concurrent transactions)', async () => {
    const victim = `rush-${crypto.randomUUID()}@example.com`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(inquiriesAction, '/api/inquiries', contact(victim), from(`198.51.100.${i + 1}`))),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const acks = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'acknowledgement'), eq(emailOutbox.to, victim)));
    expect(acks).toHaveLength(20);
    expect(acks.filter((m) => m.status === 'pending')).toHaveLength(3);
  }, 60_000);

  test("the acknowledgement repeats nothing the visitor typed; the office's notification keeps it all", async () => {
    const address = `ack-text-${crypto.randomUUID()}@example.com`;
    expect((await post(inquiriesAction, '/api/inquiries', contact(address), from('198.51.100.200'))).status).toBe(201);
    const [ack] = await mailsTo(address);
    expect(ack!.kind).toBe('acknowledgement');
    expect(`${ack!.subject}\n${ack!.text}`).not.toContain('spam.example');
    expect(ack!.text).toMatch(/Reference: #[A-Z0-9]+/);
    const [notification] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'notification'), sql`${emailOutbox.text} like ${`%${address}%`}`));
    expect(notification!.text).toContain(SPAM);
  });

  test('over the site-wide hourly cap, an acknowledgement to a fresh address is held for the site; a notification is not', async () => {
    const [mailed] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'acknowledgement'), sql`${emailOutbox.status} <> 'held'`, sql`${emailOutbox.createdAt} > now() - interval '1 hour'`));
    const caps = { perAddressPerDay: 3, perSitePerHour: mailed!.n + 1 };
    const [first, second] = [`site-cap-1-${crypto.randomUUID()}@example.com`, `site-cap-2-${crypto.randomUUID()}@example.com`];
    await db().transaction(async (tx) => {
      await enqueueEmails(tx, [{ to: first, subject: 'Ack', text: 'Hello', kind: 'acknowledgement' }], caps);
      await enqueueEmails(tx, [{ to: second, subject: 'Ack', text: 'Hello', kind: 'acknowledgement' }], caps);
      await enqueueEmails(tx, [{ to: second, subject: 'Office', text: 'New', kind: 'notification' }], caps);
    });
    expect((await mailsTo(first)).map((m) => [m.status, m.heldReason])).toEqual([['pending', null]]);
    expect((await mailsTo(second)).map((m) => [m.kind, m.status, m.heldReason])).toEqual([
      ['acknowledgement', 'held', HELD_FOR_SITE],
      ['notification', 'pending', null],
    ]);
  });
});

describe('submission rate limit per network', () => {
  test('addresses of one IPv6 /64 share one bucket; the next /64 has its own', async () => {
    const body = contact(`ipv6-${crypto.randomUUID()}@example.com`);
    for (let i = 1; i <= 5; i++) expect((await post(inquiriesAction, '/api/inquiries', body, from(`2001:db8:abcd:12::${i}`))).status).toBe(201);
    const limited = await post(inquiriesAction, '/api/inquiries', body, from('2001:db8:abcd:12:ffff:eeee:dddd:9'));
    expect(limited.status).toBe(429);
    expect((await post(inquiriesAction, '/api/inquiries', body, from('2001:db8:abcd:13::1'))).status).toBe(201);
  });

  test('an IPv4-mapped IPv6 address counts as its IPv4 address', async () => {
    const body = contact(`mapped-${crypto.randomUUID()}@example.com`);
    for (let i = 0; i < 5; i++) {
      const ip = i % 2 === 0 ? '192.0.2.77' : '::ffff:192.0.2.77';
      expect((await post(inquiriesAction, '/api/inquiries', body, from(ip))).status).toBe(201);
    }
    expect((await post(inquiriesAction, '/api/inquiries', body, from('::ffff:c000:24d'))).status).toBe(429);
    expect(ipRateLimitKey('::ffff:192.0.2.77')).toBe('192.0.2.77');
    expect(ipRateLimitKey('2001:DB8:0:1:2:3:4:5')).toBe('2001:db8:0:1::/64');
    expect(ipRateLimitKey('unknown')).toBe('unknown');
  });
});
