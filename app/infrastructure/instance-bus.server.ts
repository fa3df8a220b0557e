/**
 * The link between the instances of one site that share a PostgreSQL server: PostgreSQL's
 * LISTEN/NOTIFY (docs/decisions/022-several-instances.md#messages-between-instances). What travels
 * on it, and `broadcast`/`onBroadcast`, are in app/lib/instance-messages.server.ts; this module is
 * the machinery that needs the database, installed there with `setBusLink` while started.
 *
 * - `startInstanceBus(url)` opens one dedicated connection (not from the pool: a pooled client
 *   cannot stay in LISTEN) and keeps it open, reconnecting with back-off when it drops. After a
 *   reconnect the `reconnect` handlers run, since messages sent while it was away are lost.
 * - Messages are sent through the pool (`select pg_notify(...)`); every notification the listening
 *   connection hears goes to `deliverMessage`.
 * - With the embedded PGlite (one process), the bus is never started and `broadcast` does nothing.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { db } from '~/db/client.server';
import { BUS_CHANNELS, busReconnected, deliverMessage, INSTANCE_ID, setBusLink, type BusChannel, type BusLink } from '~/lib/instance-messages.server';
import { logger } from '~/lib/logger.server';

/** Longest wait before reconnecting (ms); the wait doubles from 250 ms up to this. */
const MAX_RECONNECT_DELAY_MS = 10_000;

type BusState = {
  client?: pg.Client;
  url?: string;
  stopped: boolean;
  reconnectTimer?: NodeJS.Timeout;
  failures: number;
};

const holder = globalThis as typeof globalThis & { __instanceBus?: BusState };
const bus: BusState = (holder.__instanceBus ??= { stopped: true, failures: 0 });

/** What app/lib/instance-messages.server.ts sends through while the bus is started. */
const link: BusLink = {
  async send(channel: BusChannel, message: string): Promise<void> {
    await db().execute(sql`select pg_notify(${channel}, ${message})`);
  },
  listening: () => Boolean(bus.client),
};

async function connect(): Promise<void> {
  const client = new pg.Client({ connectionString: bus.url, application_name: `himalayan-tours bus ${INSTANCE_ID}` });
  client.on('notification', (n) => deliverMessage(n.channel, n.payload));
  client.on('error', (error) => {
    logger.warn({ err: error }, 'instance bus: connection error');
    drop(client);
  });
  client.on('end', () => drop(client));
  await client.connect();
  for (const channel of BUS_CHANNELS) await client.query(`LISTEN ${channel}`);
  if (bus.stopped) {
    await client.end().catch(() => {});
    return;
  }
  bus.client = client;
}

/** The connection `client` is gone: forget it and reconnect (unless stopping). */
function drop(client: pg.Client): void {
  if (bus.client !== client) return;
  bus.client = undefined;
  client.end().catch(() => {});
  scheduleReconnect();
}

function scheduleReconnect(): void {
  if (bus.stopped || bus.reconnectTimer) return;
  const delay = Math.min(MAX_RECONNECT_DELAY_MS, 250 * 2 ** bus.failures);
  bus.reconnectTimer = setTimeout(() => {
    bus.reconnectTimer = undefined;
    connect()
      .then(() => {
        if (bus.stopped) return;
        bus.failures = 0;
        logger.info('instance bus: reconnected');
        // Whatever was sent while the connection was away is lost: act as if everything changed.
        busReconnected();
      })
      .catch((error: unknown) => {
        bus.failures++;
        logger.warn({ err: error, attempt: bus.failures }, 'instance bus: cannot reconnect yet');
        scheduleReconnect();
      });
  }, delay);
  bus.reconnectTimer.unref();
}

/**
 * Listen for the other instances on the PostgreSQL server at `url` (server start-up, when
 * DATABASE_URL is set). Throws when the first connection fails.
 */
export async function startInstanceBus(url: string): Promise<void> {
  if (!bus.stopped) return;
  bus.url = url;
  bus.stopped = false;
  bus.failures = 0;
  setBusLink(link);
  try {
    await connect();
  } catch (error) {
    bus.stopped = true;
    setBusLink(undefined);
    throw new Error(`Cannot listen for other instances on PostgreSQL: ${String(error)}`, { cause: error });
  }
  logger.info({ instance: INSTANCE_ID }, 'instance bus: listening for other instances');
}

/** Stop listening and close the connection (graceful shutdown, tests). */
export async function stopInstanceBus(): Promise<void> {
  bus.stopped = true;
  setBusLink(undefined);
  clearTimeout(bus.reconnectTimer);
  bus.reconnectTimer = undefined;
  const client = bus.client;
  bus.client = undefined;
  await client?.end().catch(() => {});
}
