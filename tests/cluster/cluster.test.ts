/**
 * Several instances on one PostgreSQL database behave as one site
 * (docs/decisions/022-several-instances.md). `npm run test:cluster` starts three instances of the
 * production build behind the local proxy (scripts/cluster.mjs) on a fresh database, with a test
 * SMTP server, and checks what a visitor or a member of staff would notice: sessions, the login
 * throttle, page caches, live updates, submissions and their e-mails while an instance dies, and
 * concurrent confirmations of one vehicle.
 *
 * Needs DATABASE_URL (any database on the server: a fresh one is created next to it and dropped).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startCluster, type Cluster, type ClusterInstance } from '../../scripts/cluster.mjs';
import { createPostgresDatabase } from '../durability/database';
import { startSmtpCounter } from '../support/smtp-counter';
import { connectionPortsOf, freePortRange, withClient } from './support';

const ADMIN_URL = process.env.DATABASE_URL;
const ADMIN_PASSWORD = 'cluster-admin-password';
const LOGIN_FAILURES = 4;

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpCounter>>;
let cluster: Cluster;
let instances: ClusterInstance[];

beforeAll(async () => {
  if (!ADMIN_URL) throw new Error('npm run test:cluster needs DATABASE_URL=postgres://… (a PostgreSQL server the suite may create a database on)');
  database = await createPostgresDatabase({ adminUrl: ADMIN_URL, prefix: 'cluster' });
  smtp = await startSmtpCounter();
  const port = await freePortRange(4);
  cluster = await startCluster({
    count: 3,
    port,
    parallel: true,
    env: {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_FAILURES: String(LOGIN_FAILURES),
      // Every submission's acknowledgement is sent: the caps against mail relaying
      // (docs/decisions/045-security-round-two.md, section 4) would hold most of 300 in an hour.
      ACK_CAP_PER_ADDRESS_PER_DAY: '100000',
      ACK_CAP_PER_SITE_PER_HOUR: '100000',
      // A killed sender's claimed mail is taken over after 5 s instead of 5 min.
      MAIL_CLAIM_TIMEOUT_SECONDS: '5',
    },
  });
  instances = cluster.instances;
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await smtp?.close();
  await database?.drop();
});

/** A distinct visitor address per test (the instances trust the loopback proxy's X-Forwarded-For). */
const visitor = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

async function signInBearer(instance: ClusterInstance, ip = visitor()): Promise<string> {
  const response = await fetch(`${instance.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A browser sign-in through /admin/login: the session cookie ("name=value"). */
async function signInCookie(instance: ClusterInstance): Promise<string> {
  const response = await fetch(`${instance.url}/admin/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: instance.url, 'X-Forwarded-For': visitor() },
    body: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, redirectTo: '/admin' }),
  });
  expect(response.status).toBe(302);
  const cookie = response.headers.getSetCookie().find((c) => /^[^=]*session[^=]*=[^;]+/i.test(c));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('sessions and the login throttle', () => {
  test('a session created through instance 1 works on instances 2 and 3; logout on one ends it on all', async () => {
    const token = await signInBearer(instances[0]!);
    for (const instance of instances) {
      expect((await fetch(`${instance.url}/api/bookings`, { headers: bearer(token) })).status).toBe(200);
    }
    expect((await fetch(`${instances[2]!.url}/api/auth/logout`, { method: 'POST', headers: bearer(token) })).status).toBe(204);
    for (const instance of instances) {
      expect((await fetch(`${instance.url}/api/bookings`, { headers: bearer(token) })).status).toBe(401);
    }
  });

  test('failed sign-ins are counted across instances', async () => {
    const username = `nobody-${randomUUID().slice(0, 8)}`;
    // One address (the throttle counts per username and address, per address and per username:
    // docs/decisions/045-security-round-two.md, section 5), its attempts spread over the instances.
    const address = visitor();
    const attempt = (instance: ClusterInstance) =>
      fetch(`${instance.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify({ username, password: 'wrong password 123' }),
      });
    for (let i = 0; i < LOGIN_FAILURES; i++) expect((await attempt(instances[i % 3]!)).status).toBe(401);
    // The next try from that address, on any instance, is refused until the lockout ends.
    for (const instance of instances) {
      const refused = await attempt(instance);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
  });
});

describe('caches and live updates', () => {
  test('an admin edit through instance 1 shows on a page served by instance 3 at the next request', async () => {
    const list = (await (await fetch(`${instances[2]!.url}/api/packages`)).json()) as { id: string }[];
    const id = list[0]!.id;
    const pageOn3 = () => fetch(`${instances[2]!.url}/packages/${id}`);
    await pageOn3();
    const cached = await pageOn3();
    expect(cached.headers.get('X-Page-Cache')).toBe('HIT');
    const current = (await (await fetch(`${instances[0]!.url}/api/packages/${id}`)).json()) as Record<string, unknown>;
    const title = `Sikkim Explorer ${randomUUID().slice(0, 6)}`;
    const token = await signInBearer(instances[0]!);
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = current;
    const saved = await fetch(`${instances[0]!.url}/api/packages/${id}`, {
      method: 'PUT',
      headers: { ...bearer(token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...fields, title }),
    });
    expect(saved.status).toBe(200);
    const after = await pageOn3();
    expect(after.headers.get('X-Page-Cache')).not.toBe('HIT');
    expect(await after.text()).toContain(title);
  });

  test("a booking submitted through instance 2 reaches an admin's live stream held on instance 1", async () => {
    const cookie = await signInCookie(instances[0]!);
    const controller = new AbortController();
    const stream = await fetch(`${instances[0]!.url}/admin/events`, { headers: { Cookie: cookie, Accept: 'text/event-stream' }, signal: controller.signal });
    expect(stream.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const heard = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received += value;
        if (/event: booking\.created\ndata: .*Live Stream Rider/.test(received)) return;
      }
    })();
    // The stream is open once its first message (the pending counts) has arrived.
    await vi.waitFor(() => expect(received).toContain('event: counts'));
    const booking = await fetch(`${instances[1]!.url}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': visitor() },
      body: JSON.stringify({
        type: 'package',
        itemId: 'custom',
        name: 'Live Stream Rider',
        email: 'live@example.com',
        phone: '+91 98320 12345',
        startDate: inDays(40),
        adults: 2,
      }),
    });
    expect(booking.status).toBe(201);
    await Promise.race([
      heard,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no booking.created on instance 1; stream so far:\n${received}`)), 10_000)),
    ]);
    controller.abort();
    expect(received).toMatch(/event: booking\.created\ndata: \{"type":"booking\.created","id":"[0-9a-f-]{36}","label":"New booking from Live Stream Rider/);
  });
});

/** Outbox ids of the mails the SMTP server has answered 250 to (their Message-ID is `<id@host>`). */
function acceptedMailIds(): string[] {
  return [...smtp.deliveries.keys()].flatMap((messageId) => /^<([0-9a-f-]{36})@/.exec(messageId)?.[1] ?? []);
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

type Submission = { key: string; marker: string; body: Record<string, unknown>; acknowledged?: string; attempts: number };

describe('an instance killed with SIGKILL', () => {
  const TOTAL = 300;
  const CONCURRENCY = 12;
  const KILL_AFTER = 100;

  test('during 300 submissions over 3 instances: every one stored once, every e-mail sent once', async () => {
    const runId = randomUUID().slice(0, 8);
    const submissions: Submission[] = Array.from({ length: TOTAL }, (_, i) => ({
      key: `cluster-${runId}-${i}`,
      marker: `cluster-${runId}-${i}`,
      attempts: 0,
      body: {
        type: 'contact',
        name: `Cluster ${i}`,
        email: `cluster-${runId}-${i}@example.com`,
        subject: 'Cluster',
        message: `Scale-out check cluster-${runId}-${i}.`,
      },
    }));
    const victim = instances[2]!;
    let acknowledged = 0;
    let killed = false;
    let heldAtKill = 0;

    const kill = async () => {
      // Hold every SMTP answer, so no sender is between a 250 and recording the mail as sent when
      // the victim dies (the one window no outbox can close; see the ADR); wait until a sender that
      // had just got its 250 has recorded it.
      smtp.hold();
      await withClient(database.url, (client) =>
        vi.waitFor(
          async () => {
            const { rows } = await client.query<{ n: number }>(
              "select count(*)::int as n from email_outbox where id::text = any($1::text[]) and status <> 'sent'",
              [acceptedMailIds()],
            );
            expect(rows[0]!.n).toBe(0);
          },
          { timeout: 10_000, interval: 50 },
        ),
      );
      // Stopped first, so its connections to the SMTP server can be read while it opens no more.
      victim.kill('SIGSTOP');
      const victimSmtpPorts = connectionPortsOf(victim.pid!, Number(new URL(smtp.url).port));
      victim.kill('SIGKILL');
      await victim.exited;
      // The victim's sockets were closed before it exited, but this process may learn of its exit
      // before it reads those closes: wait until the SMTP server has, so it knows which held
      // messages lost their sender.
      await vi.waitFor(() => expect(smtp.openConnectionsFrom(victimSmtpPorts)).toBe(0), { timeout: 10_000, interval: 20 });
      heldAtKill = smtp.heldCount();
      smtp.release();
    };

    /** Post one submission through the proxy until it is acknowledged (same key every time). */
    const submit = async (submission: Submission) => {
      for (;;) {
        submission.attempts++;
        try {
          const response = await fetch(`${cluster.url}/api/inquiries`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Idempotency-Key': submission.key, 'X-Forwarded-For': '203.0.113.77' },
            body: JSON.stringify(submission.body),
            signal: AbortSignal.timeout(60_000),
          });
          if (response.status === 201 || response.status === 200) {
            submission.acknowledged = ((await response.json()) as { id: string }).id;
            acknowledged++;
            if (acknowledged === KILL_AFTER && !killed) {
              killed = true;
              void kill();
            }
            return;
          }
          // 502/503 while the proxy notices the dead instance: send it again.
          await response.arrayBuffer();
          expect([502, 503]).toContain(response.status);
        } catch {
          // The connection broke with the instance: send it again.
        }
        expect(submission.attempts).toBeLessThan(20);
        // A short back-off before sending it again (a retry's pause, not a wait for time to pass).
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < submissions.length) await submit(submissions[next++]!);
      }),
    );
    await victim.exited;
    expect(killed).toBe(true);
    expect(submissions.every((s) => s.acknowledged)).toBe(true);

    const stored = await withClient(database.url, async (client) => {
      const { rows } = await client.query<{ id: string; message: string }>("select id, message from inquiries where message like 'Scale-out check %'");
      return rows;
    });
    // Stored exactly once each, under the id its acknowledgement named.
    expect(stored).toHaveLength(TOTAL);
    const byMarker = new Map(stored.map((row) => [/cluster-\S+-\d+/.exec(row.message)![0], row.id]));
    for (const s of submissions) expect(byMarker.get(s.marker)).toBe(s.acknowledged);

    // Two mails per submission (operator and traveller), each delivered exactly once, including the
    // ones the victim had claimed when it died (taken over when their claim ran out).
    // The operator's mail quotes the message; the traveller's acknowledgement quotes nothing typed
    // (docs/decisions/045-security-round-two.md, section 4), so it is found by its address.
    const mailsOfRun = `%Scale-out check cluster-${runId}-%`;
    const addressesOfRun = `cluster-${runId}-%@example.com`;
    const mailIds = await withClient(database.url, async (client) => {
      await vi.waitFor(
        async () => {
          const { rows } = await client.query<{ n: number }>(
            `select count(*)::int as n from email_outbox where (text like $1 or "to" like $2) and status <> 'sent'`,
            [mailsOfRun, addressesOfRun],
          );
          expect(rows[0]!.n).toBe(0);
        },
        { timeout: 90_000, interval: 500 },
      );
      const { rows } = await client.query<{ id: string }>(`select id from email_outbox where text like $1 or "to" like $2`, [mailsOfRun, addressesOfRun]);
      return rows.map((r) => r.id);
    });
    expect(mailIds).toHaveLength(TOTAL * 2);
    const host = new URL(cluster.url).hostname;
    const counts = mailIds.map((id) => smtp.deliveries.get(`<${id}@${host}>`) ?? 0);
    expect(counts.filter((n) => n === 0)).toHaveLength(0);
    expect(
      mailIds.filter((_, i) => counts[i]! > 1),
      'mails delivered more than once',
    ).toEqual([]);
    const retried = submissions.filter((s) => s.attempts > 1).length;
    console.info(
      `[cluster] ${TOTAL} acknowledged (${retried} sent again after the kill); ${heldAtKill} mails were mid-delivery at the kill; ${mailIds.length} mails each delivered once`,
    );
  });
});

describe('double booking', () => {
  test('20 concurrent confirmations of overlapping bookings of one bike, spread over the instances: exactly 1 succeeds', async () => {
    const live = instances.filter((i) => i.running());
    const token = await signInBearer(live[0]!);
    const bikes = (await (await fetch(`${live[0]!.url}/api/bikes`)).json()) as { id: string }[];
    const bikeId = bikes[0]!.id;
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${live[i % live.length]!.url}/api/bookings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': visitor() },
        body: JSON.stringify({
          type: 'bike',
          itemId: bikeId,
          name: `Rider ${i}`,
          email: `rider${i}@example.com`,
          phone: '+91 90000 00000',
          startDate: inDays(50 + (i % 5)),
          endDate: inDays(58 + (i % 4)),
          needHelmet: true,
        }),
      });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }
    const statuses = await Promise.all(
      ids.map((id, i) =>
        fetch(`${live[i % live.length]!.url}/api/bookings/${id}`, {
          method: 'PATCH',
          headers: { ...bearer(token), 'Content-Type': 'application/json' },
          body: JSON.stringify({ status: 'confirmed' }),
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  });
});
