/**
 * The instance bus over PostgreSQL LISTEN/NOTIFY (docs/decisions/022-several-instances.md): what
 * another instance sends reaches this one's page cache, shared content and live streams; its own
 * messages are not acted on twice; a dropped connection comes back and says so. PostgreSQL only:
 * with PGlite (one process) the bus is never started.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { databaseHandle } from '~/db/client.server';
import { startInstanceBus, stopInstanceBus } from '~/infrastructure/instance-bus.server';
import { INSTANCE_ID, broadcast, onBroadcast } from '~/lib/instance-messages.server';
import { subscribeLive, type LiveEvent } from '~/lib/live-events.server';
import { sharedContent } from '~/lib/public-content.server';

const POSTGRES = Boolean(process.env.DATABASE_URL);

describe.skipIf(!POSTGRES)('instance bus on PostgreSQL', () => {
  let url: string;
  /** Plays "another instance": a plain connection that sends NOTIFYs. */
  let other: pg.Client;

  beforeAll(async () => {
    url = (databaseHandle().pool!.options as { connectionString: string }).connectionString;
    await startInstanceBus(url);
    other = new pg.Client({ connectionString: url });
    await other.connect();
  });

  afterAll(async () => {
    await other.end();
    await stopInstanceBus();
  });

  const sendAs = (from: string, channel: string, payload: unknown) => other.query('select pg_notify($1, $2)', [channel, JSON.stringify({ from, payload })]);

  test("another instance's message reaches the handlers; this instance's own is ignored", async () => {
    const heard: unknown[] = [];
    const off = onBroadcast('public_content', (payload) => heard.push(payload));
    try {
      // Sent in this order on one connection, so they arrive in this order.
      await sendAs(INSTANCE_ID, 'public_content', { reason: 'mine' });
      await sendAs('instance-2', 'public_content', { reason: 'theirs' });
      await vi.waitFor(() => expect(heard).toHaveLength(1));
      expect(heard).toEqual([{ reason: 'theirs' }]);
    } finally {
      off();
    }
  });

  test('broadcast goes out under this instance’s name', async () => {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    try {
      const received: string[] = [];
      listener.on('notification', (n) => received.push(n.payload ?? ''));
      await listener.query('LISTEN live_events');
      await broadcast('live_events', { type: 'booking.created', id: 'b1' });
      await vi.waitFor(() => expect(received).toHaveLength(1));
      expect(JSON.parse(received[0]!)).toEqual({ from: INSTANCE_ID, id: expect.any(String), payload: { type: 'booking.created', id: 'b1' } });
    } finally {
      await listener.end();
    }
  });

  test('a change on another instance empties the shared content here', async () => {
    const load = vi.fn(async () => ({ loadedAt: Date.now() }));
    await sharedContent('bus-test', load);
    await sharedContent('bus-test', load);
    expect(load).toHaveBeenCalledTimes(1);
    await sendAs('instance-3', 'public_content', { reason: 'package updated' });
    await vi.waitFor(async () => {
      await sharedContent('bus-test', load);
      expect(load).toHaveBeenCalledTimes(2);
    });
  });

  test("another instance's live event reaches this instance's subscribers; a malformed one does not", async () => {
    const events: LiveEvent[] = [];
    const off = subscribeLive((event) => events.push(event));
    try {
      await sendAs('instance-2', 'live_events', { type: 'not.a.type', id: 'x' });
      await sendAs('instance-2', 'live_events', { type: 'booking.created', id: 'b-42', label: 'New booking from Asha Rai: Himalayan 450' });
      await vi.waitFor(() => expect(events).toHaveLength(1));
      expect(events[0]).toEqual({ type: 'booking.created', id: 'b-42', label: 'New booking from Asha Rai: Himalayan 450' });
    } finally {
      off();
    }
  });

  test('a dropped connection comes back, says so, and hears messages again', async () => {
    const reconnected = vi.fn();
    const heard: unknown[] = [];
    const offReconnect = onBroadcast('reconnect', reconnected);
    const off = onBroadcast('public_content', (payload) => heard.push(payload));
    try {
      const { rows } = await other.query<{ n: number }>(
        "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and application_name like 'himalayan-tours bus%'",
      );
      expect(rows[0]!.n).toBe(1);
      await vi.waitFor(() => expect(reconnected).toHaveBeenCalledTimes(1), { timeout: 10_000 });
      await sendAs('instance-2', 'public_content', { reason: 'after the drop' });
      await vi.waitFor(() => expect(heard).toEqual([{ reason: 'after the drop' }]));
    } finally {
      offReconnect();
      off();
    }
  });
});
