/**
 * A crash loses no acknowledged submission and a retry never duplicates one
 * (docs/decisions/003-visitor-submissions-stored.md, 009-rest-api.md#idempotency-key).
 *
 * Against the production server (`node server.js`), on PGlite and, when reachable, on PostgreSQL:
 * 500 bookings and inquiries are posted 20 at a time, each with its own Idempotency-Key and a
 * marker in its message. After 250 answers 2xx the server is killed with SIGKILL (no shutdown code
 * runs, requests are in flight). The database is then read directly: every acknowledged submission
 * must be there exactly once. The server is restarted on the same data, every submission without a
 * 2xx is sent again with its key (and every acknowledged one too, which must be answered from the
 * stored key with the same record), and in the end every submission is stored exactly once, each
 * with its key row. The figures are printed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process';
import { createPostgresDatabase, postgresReachable, POSTGRES_ADMIN_URL, withDatabase, type DatabaseTarget } from './database';

const SUBMISSIONS = 500;
const CONCURRENCY = 20;
const KILL_AFTER_ACKNOWLEDGED = 250;
/** Ports of this suite (3410-3419 by default; DURABILITY_PORT moves the range). */
const PORT = Number(process.env.DURABILITY_PORT ?? 3410);

type Answer = { status: number; body: { id?: string }; replayed: boolean } | { error: string };

type Submission = {
  index: number;
  kind: 'booking' | 'inquiry';
  key: string;
  marker: string;
  body: Record<string, unknown>;
  /** The answer before the crash (undefined: not sent before the kill). */
  first?: Answer;
  /** The id of the record the first 2xx named. */
  acknowledgedId?: string;
  /** The answer after the restart. */
  retry?: Answer;
};

const isSuccess = (answer: Answer | undefined): answer is Extract<Answer, { status: number }> =>
  answer !== undefined && 'status' in answer && answer.status >= 200 && answer.status < 300;

function travelDate(): string {
  return new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
}

function submissions(runId: string): Submission[] {
  return Array.from({ length: SUBMISSIONS }, (_, index) => {
    const marker = `dur-${runId}-${index}`;
    const kind = index % 2 === 0 ? 'booking' : 'inquiry';
    const contact = { name: `Durability ${index}`, email: `durability-${index}@example.com`, message: `Durability check ${marker}.` };
    const body =
      kind === 'booking'
        ? { type: 'package', itemId: 'custom', ...contact, phone: '+91 98320 12345', startDate: travelDate(), adults: 2 }
        : { type: 'contact', ...contact, subject: 'Durability' };
    return { index, kind, key: `${marker}.${randomUUID()}`, marker, body };
  });
}

async function send(url: string, submission: Submission): Promise<Answer> {
  try {
    const response = await fetch(`${url}/api/${submission.kind === 'booking' ? 'bookings' : 'inquiries'}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': submission.key },
      body: JSON.stringify(submission.body),
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await response.json()) as { id?: string };
    return { status: response.status, body, replayed: response.headers.get('Idempotent-Replayed') === 'true' };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return { error: cause };
  }
}

/** Run `work` over `items`, `concurrency` at a time, until done or `stop()` is true. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>, stop = () => false): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stop() && next < items.length) await work(items[next++]!);
    }),
  );
}

/** Per marker of this run: the ids of the records carrying it; and the id each key row stores. */
async function readStored(target: DatabaseTarget, runId: string) {
  return withDatabase(target, async (query) => {
    const pattern = `%dur-${runId}-%`;
    const records = await query<{ id: string; message: string }>(
      'select id::text as id, message from bookings where message like $1 union all select id::text, message from inquiries where message like $1',
      [pattern],
    );
    const keys = await query<{ key: string; id: string }>("select key, response_body->>'id' as id from idempotency_keys where key like $1", [`dur-${runId}-%`]);
    const byMarker = new Map<string, string[]>();
    for (const { id, message } of records) {
      const marker = /dur-[a-z0-9]+-\d+/.exec(message)![0];
      byMarker.set(marker, [...(byMarker.get(marker) ?? []), id]);
    }
    return { byMarker, keyIds: new Map(keys.map((k) => [k.key, k.id])), records: records.length };
  });
}

function seconds(ms: number) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Where a run keeps its data: `prepare` gets the run's DATA_DIR and gives the database to read and a cleanup. */
type Target = {
  label: string;
  port: number;
  prepare: (dataDir: string) => Promise<{ database: DatabaseTarget; databaseUrl?: string; cleanup: () => Promise<void> }>;
};

async function crashAndRetry({ label, port, prepare }: Target) {
  const runId = randomBytes(4).toString('hex');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'durability-'));
  const { database, databaseUrl, cleanup } = await prepare(dataDir);
  const all = submissions(runId);
  const serverOptions = {
    port,
    dataDir,
    databaseUrl,
    env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '1000000', SEED_ON_START: 'false', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'durability-password' },
  };
  let server: ServerProcess | undefined;
  try {
    const started = Date.now();
    server = await startServer(serverOptions);
    const firstStart = Date.now() - started;

    // 1. Post, 20 at a time; SIGKILL once 250 have answered 2xx.
    let acknowledged = 0;
    let inFlight = 0;
    let inFlightAtKill = 0;
    let killed: Promise<unknown> | undefined;
    const running = server;
    const postStarted = Date.now();
    await pool(
      all,
      CONCURRENCY,
      async (submission) => {
        inFlight++;
        submission.first = await send(running.url, submission);
        inFlight--;
        if (isSuccess(submission.first)) {
          submission.acknowledgedId = submission.first.body.id;
          acknowledged++;
          if (acknowledged >= KILL_AFTER_ACKNOWLEDGED && !killed) {
            inFlightAtKill = inFlight;
            killed = running.kill();
          }
        }
      },
      () => killed !== undefined,
    );
    const killStatus = await killed;
    const postTime = Date.now() - postStarted;
    expect(killStatus).toMatchObject({ signal: 'SIGKILL' });
    const sent = all.filter((s) => s.first);
    const refused = sent.filter((s) => s.first && 'status' in s.first && !isSuccess(s.first));
    expect(
      refused.map((s) => s.first),
      'answers other than 2xx before the crash',
    ).toEqual([]);
    const acked = all.filter((s) => s.acknowledgedId);

    // 2. Right after the crash: every acknowledged submission is stored, once, with its key.
    const afterCrash = await readStored(database, runId);
    const lost = acked.filter((s) => (afterCrash.byMarker.get(s.marker) ?? []).length === 0);
    const duplicatesAfterCrash = [...afterCrash.byMarker.values()].filter((ids) => ids.length > 1).length;
    expect(
      lost.map((s) => s.marker),
      'acknowledged before the kill but missing after it',
    ).toEqual([]);
    expect(duplicatesAfterCrash).toBe(0);
    for (const s of acked) expect(afterCrash.byMarker.get(s.marker)).toEqual([s.acknowledgedId]);
    // Record and key row are committed together: one key row per stored record, naming it.
    expect(afterCrash.keyIds.size).toBe(afterCrash.records);
    for (const s of all) {
      const ids = afterCrash.byMarker.get(s.marker);
      if (ids) expect(afterCrash.keyIds.get(s.key)).toBe(ids[0]);
    }
    const storedNotAcknowledged = all.filter((s) => !s.acknowledgedId && afterCrash.byMarker.has(s.marker)).length;

    // 3. Restart on the same data; send every submission again with its key.
    const restartStarted = Date.now();
    server = await startServer(serverOptions);
    const restartTime = Date.now() - restartStarted;
    const again = server;
    const retryStarted = Date.now();
    await pool(all, CONCURRENCY, async (submission) => {
      submission.retry = await send(again.url, submission);
    });
    const retryTime = Date.now() - retryStarted;
    const failedRetries = all.filter((s) => !isSuccess(s.retry));
    expect(
      failedRetries.map((s) => s.retry),
      'answers other than 2xx after the restart',
    ).toEqual([]);
    for (const s of all) {
      const retry = s.retry as Extract<Answer, { status: number }>;
      if (s.acknowledgedId) {
        // Answered again from the stored key: the same record.
        expect(retry).toMatchObject({ status: 201, replayed: true, body: { id: s.acknowledgedId } });
      } else if (afterCrash.byMarker.has(s.marker)) {
        expect(retry).toMatchObject({ status: 201, replayed: true, body: { id: afterCrash.byMarker.get(s.marker)![0] } });
      } else {
        expect(retry).toMatchObject({ status: 201, replayed: false });
      }
    }
    const stop = await server.stop('SIGTERM');
    expect(stop, `shutdown after the retries; output:\n${server.logs()}`).toEqual({ code: 0, signal: null });

    // 4. Every submission stored exactly once, with the id its answers named.
    const final = await readStored(database, runId);
    const duplicates = [...final.byMarker.values()].filter((ids) => ids.length > 1).length;
    expect(duplicates).toBe(0);
    expect(final.records).toBe(SUBMISSIONS);
    expect(final.keyIds.size).toBe(SUBMISSIONS);
    for (const s of all) {
      const id = (s.retry as Extract<Answer, { status: number }>).body.id;
      expect(final.byMarker.get(s.marker)).toEqual([id]);
      expect(final.keyIds.get(s.key)).toBe(id);
    }

    console.log(
      [
        `durability (${label}): ${SUBMISSIONS} submissions (bookings and inquiries), ${CONCURRENCY} at a time`,
        `  sent before SIGKILL: ${sent.length}; acknowledged (2xx): ${acked.length}; in flight at the kill: ${inFlightAtKill}; failed by the crash: ${sent.length - acked.length}`,
        `  found after the crash: ${afterCrash.records} (acknowledged lost: ${lost.length}; stored but not acknowledged: ${storedNotAcknowledged}; duplicates: ${duplicatesAfterCrash})`,
        `  after restart and retries: ${final.records} stored, ${duplicates} duplicates; ${all.filter((s) => (s.retry as { replayed?: boolean }).replayed).length} answers replayed`,
        `  time: first start ${seconds(firstStart)}, posting until the kill ${seconds(postTime)}, restart ${seconds(restartTime)}, ${SUBMISSIONS} retries ${seconds(retryTime)}`,
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
if (!postgres.ok) console.warn(`durability: PostgreSQL case skipped: no server at ${POSTGRES_ADMIN_URL} (${postgres.reason})`);

describe('SIGKILL during 500 submissions, restart, retry with the same keys', () => {
  test('PGlite (DATA_DIR): no acknowledged submission lost, none stored twice', async () => {
    await crashAndRetry({
      label: 'PGlite',
      port: PORT,
      prepare: async (dataDir) => ({ database: { kind: 'pglite', dataDir }, cleanup: async () => undefined }),
    });
  });

  test.skipIf(!postgres.ok)(
    postgres.ok
      ? 'PostgreSQL (DATABASE_URL): no acknowledged submission lost, none stored twice'
      : `PostgreSQL: skipped, server unreachable at ${POSTGRES_ADMIN_URL}`,
    async () => {
      await crashAndRetry({
        label: 'PostgreSQL',
        port: PORT + 1,
        prepare: async () => {
          const created = await createPostgresDatabase();
          return { database: { kind: 'postgres', url: created.url }, databaseUrl: created.url, cleanup: created.drop };
        },
      });
    },
  );
});
