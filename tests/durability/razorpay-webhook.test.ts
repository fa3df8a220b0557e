/**
 * A crash loses no acknowledged Razorpay delivery and a redelivery never credits twice
 * (docs/decisions/046-payments.md#webhooks).
 *
 * Against the production server (`node server.js`), on PGlite and, when reachable, on PostgreSQL:
 * 200 bookings wait for their advance on a payment link; 200 signed `payment_link.paid` deliveries
 * (one per link, each its own event id and payment id) are posted 10 at a time. After 100 answer
 * 2xx the server is killed with SIGKILL. The database is then read directly: every delivery that
 * got a 2xx has its event row (the answer comes once the event is recorded; the inbox credits it
 * after), no payment is in the ledger twice, and an event is marked acted on exactly when its
 * payment is in the ledger (the credit and the event's outcome commit together). The server is
 * restarted on the same data and every delivery is sent again, as Razorpay retries any that got no
 * 2xx: each recorded one answers `duplicate`, the others `received`; once the inbox has acted on
 * every event (the one left waiting by the crash included), each payment is in the ledger exactly
 * once. The figures are printed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process';
import { delivery, paymentLinkPaid, seedPaymentRequests, TEST_WEBHOOK_SECRET } from '../support/razorpay-webhooks';
import { createPostgresDatabase, postgresReachable, POSTGRES_ADMIN_URL, withDatabase, type DatabaseTarget } from './database';

const DELIVERIES = 200;
const CONCURRENCY = 10;
const KILL_AFTER_ACKNOWLEDGED = 100;
/** This suite's ports (DURABILITY_PORT + 5 and + 6; 3415 and 3416 by default). */
const PORT = Number(process.env.DURABILITY_PORT ?? 3410) + 5;

type Answer = { status: number; body: { status?: string } } | { error: string };
type Delivery = ReturnType<typeof delivery> & { paymentId: string; first?: Answer; retry?: Answer };

const isSuccess = (answer: Answer | undefined): answer is Extract<Answer, { status: number }> =>
  answer !== undefined && 'status' in answer && answer.status >= 200 && answer.status < 300;

async function send(url: string, d: Delivery): Promise<Answer> {
  try {
    const response = await fetch(`${url}/api/webhooks/razorpay`, { method: 'POST', headers: d.headers, body: d.body, signal: AbortSignal.timeout(60_000) });
    return { status: response.status, body: (await response.json()) as { status?: string } };
  } catch (error) {
    return { error: error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error) };
  }
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>, stop = () => false): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stop() && next < items.length) await work(items[next++]!);
    }),
  );
}

/** Per payment id of this run: its ledger rows; the event ids recorded, and those acted on. */
async function readStored(target: DatabaseTarget, runId: string) {
  return withDatabase(target, async (query) => {
    const rows = await query<{ razorpay_payment_id: string }>(
      "select razorpay_payment_id from payments where entry_type = 'payment' and razorpay_payment_id like $1",
      [`pay_${runId}x%`],
    );
    const events = await query<{ event_id: string; acted_on: boolean }>(
      'select event_id, processed_at is not null as acted_on from razorpay_events where event_id like $1',
      [`evt_${runId}x%`],
    );
    const ledger = new Map<string, number>();
    for (const { razorpay_payment_id: id } of rows) ledger.set(id, (ledger.get(id) ?? 0) + 1);
    return {
      ledger,
      events: new Set(events.map((e) => e.event_id)),
      actedOn: new Set(events.filter((e) => e.acted_on).map((e) => e.event_id)),
      rows: rows.length,
    };
  });
}

type Target = {
  label: string;
  port: number;
  prepare: (dataDir: string) => Promise<{ database: DatabaseTarget; databaseUrl?: string; cleanup: () => Promise<void> }>;
};

async function crashAndRedeliver({ label, port, prepare }: Target) {
  const runId = randomBytes(4).toString('hex');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'durability-webhook-'));
  const { database, databaseUrl, cleanup } = await prepare(dataDir);
  const serverOptions = {
    port,
    dataDir,
    databaseUrl,
    env: { SEED_ON_START: 'false', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'durability-password', RAZORPAY_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
  };
  let server: ServerProcess | undefined;
  const stopAndRead = async () => {
    expect(await server!.stop('SIGTERM'), `shutdown; output:\n${server!.logs()}`).toEqual({ code: 0, signal: null });
    return readStored(database, runId);
  };
  try {
    // Migrate with a first start, then seed the bookings while no server holds the database (PGlite: one process).
    server = await startServer(serverOptions);
    await server.stop('SIGTERM');
    const seeded = await withDatabase(database, (query) => seedPaymentRequests(query, runId, DELIVERIES));
    const all: Delivery[] = seeded.map((s, index) => {
      const paymentId = `pay_${runId}x${index}`;
      return { ...delivery(paymentLinkPaid(s.linkId, { id: paymentId, amountPaise: s.amountPaise }), { eventId: `evt_${runId}x${index}` }), paymentId };
    });
    server = await startServer(serverOptions);

    // 1. Deliver, 10 at a time; SIGKILL once 100 have answered 2xx.
    let acknowledged = 0;
    let inFlight = 0;
    let inFlightAtKill = 0;
    let killed: Promise<unknown> | undefined;
    const running = server;
    const started = Date.now();
    await pool(
      all,
      CONCURRENCY,
      async (d) => {
        inFlight++;
        d.first = await send(running.url, d);
        inFlight--;
        if (isSuccess(d.first)) {
          acknowledged++;
          if (acknowledged >= KILL_AFTER_ACKNOWLEDGED && !killed) {
            inFlightAtKill = inFlight;
            killed = running.kill();
          }
        }
      },
      () => killed !== undefined,
    );
    expect(await killed).toMatchObject({ signal: 'SIGKILL' });
    const deliverTime = Date.now() - started;
    const sent = all.filter((d) => d.first);
    expect(
      sent.filter((d) => d.first && 'status' in d.first && !isSuccess(d.first)).map((d) => d.first),
      'answers other than 2xx before the crash',
    ).toEqual([]);
    const acked = all.filter((d) => isSuccess(d.first));
    expect(acked.every((d) => (d.first as { body: { status?: string } }).body.status === 'received')).toBe(true);

    // 2. Right after the crash: every acknowledged delivery is recorded; no payment is credited
    // twice, and an event is marked acted on exactly when its payment is in the ledger.
    const afterCrash = await readStored(database, runId);
    expect(
      acked.filter((d) => !afterCrash.events.has(d.eventId)).map((d) => d.eventId),
      'acknowledged before the kill but not recorded after it',
    ).toEqual([]);
    expect([...afterCrash.ledger.values()].every((n) => n === 1)).toBe(true);
    expect(
      all.filter((d) => afterCrash.ledger.has(d.paymentId) !== afterCrash.actedOn.has(d.eventId)).map((d) => d.eventId),
      'credited but not marked acted on, or the reverse',
    ).toEqual([]);
    const waitingAfterCrash = afterCrash.events.size - afterCrash.actedOn.size;

    // 3. Restart on the same data; Razorpay delivers everything again.
    server = await startServer(serverOptions);
    const again = server;
    await pool(all, CONCURRENCY, async (d) => {
      d.retry = await send(again.url, d);
    });
    expect(
      all.filter((d) => !isSuccess(d.retry)).map((d) => d.retry),
      'answers other than 2xx after the restart',
    ).toEqual([]);
    for (const d of all) {
      const expected = afterCrash.events.has(d.eventId) ? { status: 'duplicate' } : { status: 'received' };
      expect({ eventId: d.eventId, body: (d.retry as { body: unknown }).body }).toEqual({ eventId: d.eventId, body: expected });
    }

    // 4. Once the inbox has acted on every event: every payment credited exactly once. PGlite is
    // read with the server stopped; a stop may come before the inbox is done (it finishes the event
    // in hand and leaves the rest to the next start), so start again until nothing waits.
    let final = await stopAndRead();
    for (let starts = 0; final.actedOn.size < DELIVERIES && starts < 10; starts++) {
      server = await startServer(serverOptions);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      final = await stopAndRead();
    }
    expect(final.actedOn.size).toBe(DELIVERIES);
    expect(final.rows).toBe(DELIVERIES);
    expect(all.filter((d) => final.ledger.get(d.paymentId) !== 1).map((d) => d.paymentId)).toEqual([]);
    expect(final.events.size).toBe(DELIVERIES);

    console.log(
      [
        `webhook durability (${label}): ${DELIVERIES} payment_link.paid deliveries, ${CONCURRENCY} at a time`,
        `  sent before SIGKILL: ${sent.length}; acknowledged: ${acked.length}; in flight at the kill: ${inFlightAtKill}`,
        `  after the crash: ${afterCrash.events.size} events recorded, ${waitingAfterCrash} of them still waiting for the inbox; ${afterCrash.rows} ledger rows`,
        `  after redelivery and the inbox: ${final.rows} ledger rows, none twice`,
        `  delivering until the kill: ${(deliverTime / 1000).toFixed(1)} s`,
      ].join('\n'),
    );
  } catch (error) {
    if (server) console.log(`server output (${label}):\n${server.logs().slice(-20_000)}`);
    throw error;
  } finally {
    await server?.kill();
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const postgres = await postgresReachable();
if (!postgres.ok) console.warn(`webhook durability: PostgreSQL case skipped: no server at ${POSTGRES_ADMIN_URL} (${postgres.reason})`);

describe('SIGKILL during 200 Razorpay deliveries, restart, redelivery', () => {
  test('PGlite (DATA_DIR): every acknowledged delivery credited once; redelivery credits the rest once', async () => {
    await crashAndRedeliver({
      label: 'PGlite',
      port: PORT,
      prepare: async (dataDir) => ({ database: { kind: 'pglite', dataDir }, cleanup: async () => undefined }),
    });
  });

  test.skipIf(!postgres.ok)(
    postgres.ok ? 'PostgreSQL (DATABASE_URL): every acknowledged delivery credited once; redelivery credits the rest once' : `PostgreSQL: skipped`,
    async () => {
      await crashAndRedeliver({
        label: 'PostgreSQL',
        port: PORT + 1,
        prepare: async () => {
          const created = await createPostgresDatabase({ prefix: 'durability_webhook' });
          return { database: { kind: 'postgres', url: created.url }, databaseUrl: created.url, cleanup: created.drop };
        },
      });
    },
  );
});
