/**
 * Messages between the instances of one site (docs/decisions/022-several-instances.md#messages-between-instances):
 * the channels, the subscriptions and `broadcast`, without the database. The link that carries the
 * messages, PostgreSQL's LISTEN/NOTIFY, is app/infrastructure/instance-bus.server.ts: it installs
 * itself here with `setBusLink` when started and hands every notification it hears to
 * `deliverMessage`. This split keeps lib/ free of the database client (docs/architecture.md#layers)
 * while the modules below the models (the shared content cache, live events) can still broadcast.
 *
 * Two things travel this way: "public content changed" (every instance empties its page cache and
 * shared content) and the back office's live events (an admin's stream on any instance hears a
 * booking taken by any other). Each message is JSON `{from, id, payload}`; an instance does not act
 * on its own, as it did before sending.
 *
 * - `broadcast(channel, payload)` sends through the link and resolves once the message has come
 *   back to this instance's own listening connection (at most 1 s): PostgreSQL hands a
 *   notification to every listener at the same commit, so by then the other instances have it as
 *   well, and a response sent after it is followed by their update. It never rejects: a lost
 *   message is logged, and the receivers' own time limits bound its effect.
 * - Without a link (the embedded PGlite, one process) `broadcast` does nothing.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { logger } from './logger.server';

/** The channels instances talk on. */
export type BusChannel = 'public_content' | 'live_events';
/** Every channel, in the order a link listens to them. */
export const BUS_CHANNELS: readonly BusChannel[] = ['public_content', 'live_events'];

/** This process's name on the bus (host, pid and a random part): messages it sent carry it. */
export const INSTANCE_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Largest payload PostgreSQL's NOTIFY takes is 8000 bytes; longer messages are refused here. */
const MAX_MESSAGE_BYTES = 7_900;

/** Longest wait for a broadcast to come back to this instance (ms). */
const ECHO_TIMEOUT_MS = 1_000;

/** What carries messages to the other instances (app/infrastructure/instance-bus.server.ts). */
export type BusLink = {
  /** Send the JSON text `message` on `channel` to every instance, this one included; may reject. */
  send(channel: BusChannel, message: string): Promise<void>;
  /** Whether the link is listening now: only then can a message come back to this instance. */
  listening(): boolean;
};

type Handler = (payload: unknown) => void;

const holder = globalThis as typeof globalThis & {
  __busLink?: { link?: BusLink };
  __busHandlers?: Map<BusChannel | 'reconnect', Set<Handler>>;
};
const linkHolder = (holder.__busLink ??= {});
const handlers = (holder.__busHandlers ??= new Map());

function handlersOf(channel: BusChannel | 'reconnect'): Set<Handler> {
  let set = handlers.get(channel);
  if (!set) handlers.set(channel, (set = new Set()));
  return set;
}

/** Install the link to the other instances (when the bus starts), or remove it (`undefined`, when it stops). */
export function setBusLink(link: BusLink | undefined): void {
  linkHolder.link = link;
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
  return Boolean(linkHolder.link);
}

/** Broadcasts waiting to come back to this instance, by message id. */
const echoes = new Map<string, () => void>();
let sent = 0;

/** Tell the other instances `payload` on `channel` (see the module comment). */
export async function broadcast(channel: BusChannel, payload: unknown): Promise<void> {
  const link = linkHolder.link;
  if (!link) return;
  const id = String(++sent);
  const message = JSON.stringify({ from: INSTANCE_ID, id, payload });
  if (Buffer.byteLength(message) > MAX_MESSAGE_BYTES) {
    logger.error({ channel, bytes: Buffer.byteLength(message) }, 'instance bus: message too long, not sent');
    return;
  }
  // Only a connected listener can hear the echo; while reconnecting, sending is all there is.
  const echoed = link.listening() ? new Promise<void>((resolve) => echoes.set(id, resolve)) : undefined;
  const timer = echoed && setTimeout(() => echoes.get(id)?.(), ECHO_TIMEOUT_MS);
  try {
    await link.send(channel, message);
    await echoed;
  } catch (error) {
    logger.warn({ err: error, channel }, 'instance bus: could not send a message');
  } finally {
    clearTimeout(timer);
    echoes.delete(id);
  }
}

/**
 * A notification the link heard on `channel` with the text `text`: this instance's own echo ends
 * its `broadcast`'s wait; another instance's message goes to the channel's handlers. Malformed
 * messages and unknown channels are ignored (logged).
 */
export function deliverMessage(channel: string, text: string | undefined): void {
  if (!(BUS_CHANNELS as readonly string[]).includes(channel) || !text) return;
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

/** The link came back after a drop: messages sent meanwhile are lost, so the 'reconnect' handlers run. */
export function busReconnected(): void {
  for (const handler of [...handlersOf('reconnect')]) handler(undefined);
}
