/**
 * Two instances on one PostgreSQL database receive Razorpay's deliveries for the same payment at
 * the same moment (docs/decisions/046-payments.md#webhooks, 022-several-instances.md): the same
 * event delivered to both (a retry racing the original), and the payment's two events
 * (payment_link.paid and payment.captured) split between them. Each payment ends up in the ledger
 * once and each event id is recorded once; both instances' inboxes act on the recorded events at
 * once, and each event is acted on by one of them. Every credited payment has its one receipt, and
 * the receipts are numbered 1..N whichever instance credited them.
 *
 * Needs DATABASE_URL (a fresh database is created next to it and dropped); `npm run test:cluster`.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCluster, type Cluster, type ClusterInstance } from '../../scripts/cluster.mjs';
import { createPostgresDatabase } from '../durability/database';
import { delivery, paymentEvent, paymentLinkPaid, seedPaymentRequests, TEST_WEBHOOK_SECRET } from '../support/razorpay-webhooks';
import { freePortRange, withClient } from './support';

const ADMIN_URL = process.env.DATABASE_URL;
/** Payments raced per case. */
const PAYMENTS = 20;

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let cluster: Cluster;
let instances: ClusterInstance[];

beforeAll(async () => {
  if (!ADMIN_URL) throw new Error('npm run test:cluster needs DATABASE_URL=postgres://… (a PostgreSQL server the suite may create a database on)');
  database = await createPostgresDatabase({ adminUrl: ADMIN_URL, prefix: 'cluster_webhook' });
  cluster = await startCluster({
    count: 2,
    port: await freePortRange(3),
    parallel: true,
    env: {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      SEED_ON_START: 'false',
      ADMIN_PASSWORD: 'cluster-admin-password',
      RAZORPAY_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    },
  });
  instances = cluster.instances;
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await database?.drop();
});

async function post(instance: ClusterInstance, d: ReturnType<typeof delivery>) {
  const response = await fetch(`${instance.url}/api/webhooks/razorpay`, { method: 'POST', headers: d.headers, body: d.body });
  return { status: response.status, body: (await response.json()) as { status: string } };
}

async function ledgerCounts(runId: string) {
  return withClient(database.url, async (client) => {
    const { rows } = await client.query<{ id: string; n: number }>(
      "select razorpay_payment_id as id, count(*)::int as n from payments where entry_type = 'payment' and razorpay_payment_id like $1 group by 1",
      [`pay_${runId}x%`],
    );
    return new Map(rows.map((r) => [r.id, r.n]));
  });
}

/** Once both instances' inboxes acted on every recorded event: each event's outcome, by event id. */
async function outcomesOnceActedOn(eventIds: string[]): Promise<Map<string, string>> {
  const read = () =>
    withClient(database.url, async (client) => {
      const { rows } = await client.query<{ event_id: string; outcome: string; waiting: boolean }>(
        'select event_id, outcome, processed_at is null as waiting from razorpay_events where event_id = any($1)',
        [eventIds],
      );
      return rows;
    });
  await expect.poll(async () => (await read()).filter((r) => r.waiting).length, { timeout: 30_000 }).toBe(0);
  return new Map((await read()).map((r) => [r.event_id, r.outcome]));
}

async function seed(runId: string) {
  return withClient(database.url, (client) => seedPaymentRequests(async (text, params) => (await client.query(text, params)).rows, runId, PAYMENTS));
}

describe('two instances, one payment reported at once', () => {
  test('the same delivery to both instances at once: one credit, one duplicate, one ledger row', async () => {
    const runId = randomBytes(4).toString('hex');
    const seeded = await seed(runId);
    const deliveries = seeded.map((s, i) => delivery(paymentLinkPaid(s.linkId, { id: `pay_${runId}x${i}`, amountPaise: s.amountPaise })));
    const answers = await Promise.all(deliveries.map((d) => Promise.all([post(instances[0]!, d), post(instances[1]!, d)])));
    for (const pair of answers) {
      expect(pair.map((a) => a.status)).toEqual([200, 200]);
      expect(pair.map((a) => a.body.status).sort()).toEqual(['duplicate', 'received']);
    }
    await outcomesOnceActedOn(deliveries.map((d) => d.eventId));
    const ledger = await ledgerCounts(runId);
    expect(ledger.size).toBe(PAYMENTS);
    expect([...ledger.values()].every((n) => n === 1)).toBe(true);
  });

  test('payment_link.paid on one instance and payment.captured on the other at once: one ledger row each', async () => {
    const runId = randomBytes(4).toString('hex');
    const seeded = await seed(runId);
    const pairs = seeded.map((s, i) => {
      const payment = { id: `pay_${runId}x${i}`, amountPaise: s.amountPaise, notes: { payment_request_id: s.requestId } };
      return [delivery(paymentLinkPaid(s.linkId, payment)), delivery(paymentEvent('payment.captured', payment))] as const;
    });
    const answers = await Promise.all(
      pairs.map(([paid, captured], i) => {
        const [first, second] = i % 2 === 0 ? [instances[0]!, instances[1]!] : [instances[1]!, instances[0]!];
        return Promise.all([post(first, paid), post(second, captured)]);
      }),
    );
    for (const pair of answers) expect(pair.map((a) => `${a.status} ${a.body.status}`)).toEqual(['200 received', '200 received']);
    const outcomes = await outcomesOnceActedOn(pairs.flatMap((pair) => pair.map((d) => d.eventId)));
    for (const pair of pairs) {
      expect(pair.map((d) => outcomes.get(d.eventId)).sort()).toEqual(['already credited', 'credited; booking confirmed']);
    }
    const ledger = await ledgerCounts(runId);
    expect(ledger.size).toBe(PAYMENTS);
    expect([...ledger.values()].every((n) => n === 1)).toBe(true);
    const confirmed = await withClient(
      database.url,
      async (client) =>
        (await client.query<{ n: number }>("select count(*)::int as n from bookings where status = 'confirmed' and email like $1", [`webhook-${runId}-%`]))
          .rows[0]!.n,
    );
    expect(confirmed).toBe(PAYMENTS);
  });

  test('every payment credited by either instance has one receipt, numbered 1..N with no gap or repeat', async () => {
    // docs/decisions/047-invoices-gst.md#numbered-documents: the receipt series' counter is moved on in
    // each credit's transaction, whichever instance runs it. The two cases above credited 2 × PAYMENTS.
    const { credited, receipts } = await withClient(database.url, async (client) => ({
      credited: (await client.query<{ n: number }>("select count(*)::int as n from payments where entry_type = 'payment'")).rows[0]!.n,
      receipts: (
        await client.query<{ sequence: number; payment_id: string }>(
          "select sequence, payment_id from tax_documents where kind = 'receipt' order by financial_year, sequence",
        )
      ).rows,
    }));
    expect(credited).toBe(2 * PAYMENTS);
    expect(new Set(receipts.map((r) => r.payment_id)).size).toBe(credited);
    expect(receipts.map((r) => r.sequence)).toEqual(Array.from({ length: credited }, (_, i) => i + 1));
  });
});
