/**
 * Messages between the instances of one site that share a PostgreSQL server, over PostgreSQL's
 * LISTEN/NOTIFY (docs/decisions/022-several-instances.md#messages-between-instances).
 *
 * Two things travel this way: "public content changed" (every instance empties its page cache and
 * shared content) and the back office's live events (an admin's stream on any instance hears a
 * booking taken by any other). Each message is JSON `{from, id, payload}`; an instance does not act
 * on its own, as it did before sending.
 *
 * - `startInstanceBus(url)` opens one dedicated connection (not from the pool: a pooled client
 *   cannot stay in LISTEN) and keeps it open, reconnecting with back-off when it drops. After a
 *   reconnect the `reconnect` handlers run, since messages sent while it was away are lost.
 * - `broadcast(channel, payload)` sends through the pool and resolves once the message has come
 *   back to this instance's own listening connection (at most 1 s): PostgreSQL hands a
 *   notification to every listener at the same commit, so by then the other instances have it as
 *   well, and a response sent after it is followed by their update. It never rejects: a lost
 *   message is logged, and the receivers' own time limits bound its effect.
 * - With the embedded PGlite (one process), the bus is never started and `broadcast` does nothing.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { db } from '~/db/client.server';
import { logger } from './logger.server';

/** The channels instances talk on. */
export type BusChannel = 'public_content' | 'live_events';
const CHANNELS: readonly BusChannel[] = ['public_content', 'live_events'];

/** This process's name on the bus (host, pid and a random part): messages it sent carry it. */
export const INSTANCE_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Largest payload PostgreSQL's NOTIFY takes is 8000 bytes; longer messages are refused here. */
const MAX_MESSAGE_BYTES = 7_900;

/** Longest wait for a broadcast to come back to this instance (ms). */
const ECHO_TIMEOUT_MS = 1_000;

/** Longest wait before reconnecting (ms); the wait doubles from 250 ms up to this. */
const MAX_RECONNECT_DELAY_MS = 10_000;

type Handler = (payload: unknown) => void;

type BusState = {
  client?: pg.Client;
  url?: string;
  stopped: boolean;
  reconnectTimer?: NodeJS.Timeout;
  failures: number;
};

const holder = globalThis as typeof globalThis & {
  __instanceBus?: BusState;
  __busHandlers?: Map<BusChannel | 'reconnect', Set<Handler>>;
};
const bus: BusState = (holder.__instanceBus ??= { stopped: true, failures: 0 });
const handlers = (holder.__busHandlers ??= new Map());

function handlersOf(channel: BusChannel | 'reconnect'): Set<Handler> {
  let set = handlers.get(channel);
  if (!set) handlers.set(channel, (set = new Set()));
  return set;
}

/**
 * Call `handler` with the payload of every message another instance sends on `channel`, or (for
 * 'reconnect') after the bus connection came back. Returns the function that unsubscribes.
 */
export function onBroadcast(channel: BusChannel | 'reconnect', handler: Handler): () => void {
  handlersOf(channel).add(handler);
  return () => handlersOf(channel).delete(handler);
}

/** Whether this process is connected to other instances (a PostgreSQL server and a started bus). */
export function busStarted(): boolean {
  return !bus.stopped;
}

/** Broadcasts waiting to come back to this instance, by message id. */
const echoes = new Map<string, () => void>();
let sent = 0;

/** Tell the other instances `payload` on `channel` (see the module comment). */
export async function broadcast(channel: BusChannel, payload: unknown): Promise<void> {
  if (bus.stopped) return;
  const id = String(++sent);
  const message = JSON.stringify({ from: INSTANCE_ID, id, payload });
  if (Buffer.byteLength(message) > MAX_MESSAGE_BYTES) {
    logger.error({ channel, bytes: Buffer.byteLength(message) }, 'instance bus: message too long, not sent');
    return;
  }
  // Only a connected listener can hear the echo; while reconnecting, sending is all there is.
  const echoed = bus.client ? new Promise<void>((resolve) => echoes.set(id, resolve)) : undefined;
  const timer = echoed && setTimeout(() => echoes.get(id)?.(), ECHO_TIMEOUT_MS);
  try {
    await db().execute(sql`select pg_notify(${channel}, ${message})`);
    await echoed;
  } catch (error) {
    logger.warn({ err: error, channel }, 'instance bus: could not send a message');
  } finally {
    clearTimeout(timer);
    echoes.delete(id);
  }
}

function deliver(channel: string, text: string | undefined): void {
  if (!(CHANNELS as readonly string[]).includes(channel) || !text) return;
  let message: { from?: unknown; id?: unknown; payload?: unknown };
  try {
    message = JSON.parse(text) as typeof message;
  } catch {
    logger.warn({ channel }, 'instance bus: a message that is not JSON was ignored');
    return;
  }
  if (message.from === INSTANCE_ID) {
    if (typeof message.id === 'string') echoes.get(message.id)?.();
    return;
  }
  for (const handler of [...handlersOf(channel as BusChannel)]) {
    try {
      handler(message.payload);
    } catch (error) {
      logger.warn({ err: error, channel }, 'instance bus: a handler failed');
    }
  }
}

async function connect(): Promise<void> {
  const client = new pg.Client({ connectionString: bus.url, application_name: `himalayan-tours bus ${INSTANCE_ID}` });
  client.on('notification', (n) => deliver(n.channel, n.payload));
  client.on('error', (error) => {
    logger.warn({ err: error }, 'instance bus: connection error');
    drop(client);
  });
  client.on('end', () => drop(client));
  await client.connect();
  for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
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
        for (const handler of [...handlersOf('reconnect')]) handler(undefined);
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
  try {
    await connect();
  } catch (error) {
    bus.stopped = true;
    throw new Error(`Cannot listen for other instances on PostgreSQL: ${String(error)}`, { cause: error });
  }
  logger.info({ instance: INSTANCE_ID }, 'instance bus: listening for other instances');
}

/** Stop listening and close the connection (graceful shutdown, tests). */
export async function stopInstanceBus(): Promise<void> {
  bus.stopped = true;
  clearTimeout(bus.reconnectTimer);
  bus.reconnectTimer = undefined;
  const client = bus.client;
  bus.client = undefined;
  await client?.end().catch(() => {});
}
