/**
 * Live updates of the back office (docs/decisions/018-live-updates.md): a new or changed booking or
 * inquiry is published here after its transaction commits, and every open admin page's
 * Server-Sent Events stream (/admin/events) passes it on. Each process has one emitter; on
 * PostgreSQL every event is also sent to the site's other instances (app/lib/instance-messages.server.ts,
 * docs/decisions/022-several-instances.md), whose emitters pass it on to the admins connected there.
 * Publishing never throws and never waits for a listener.
 */
import { EventEmitter } from 'node:events';
import { LIVE_EVENT_TYPES, type LiveEventType } from './constants';
import { broadcast, onBroadcast } from './instance-messages.server';
import { logger } from './logger.server';

export type { LiveEventType };

/** What a listener receives: the kind of change, the record's id and a short label for a toast. */
export type LiveEvent = {
  type: LiveEventType;
  id: string;
  /** e.g. 'New booking from Asha Rai: Royal Enfield Himalayan 450'; no e-mail or phone. */
  label?: string;
};

const holder = globalThis as typeof globalThis & { __liveEvents?: EventEmitter };

function emitter(): EventEmitter {
  if (!holder.__liveEvents) {
    holder.__liveEvents = new EventEmitter();
    // One listener per open admin tab; there is no sensible fixed limit.
    holder.__liveEvents.setMaxListeners(0);
  }
  return holder.__liveEvents;
}

function emitHere(event: LiveEvent): void {
  try {
    emitter().emit('event', event);
  } catch (error) {
    logger.warn({ err: error, event: event.type }, 'a live-update listener failed');
  }
}

/**
 * Tell every subscriber, on this instance and the others, about `event`. Call it after the change's
 * transaction has committed.
 */
export function publishLive(event: LiveEvent): void {
  emitHere(event);
  void broadcast('live_events', { type: event.type, id: event.id, label: event.label });
}

// An event published on another instance: only well-formed ones reach this instance's streams.
onBroadcast('live_events', (payload) => {
  const event = payload as Partial<LiveEvent> | null;
  if (!event || typeof event.type !== 'string' || !(LIVE_EVENT_TYPES as readonly string[]).includes(event.type) || typeof event.id !== 'string') return;
  emitHere({ type: event.type as LiveEventType, id: event.id, label: typeof event.label === 'string' ? event.label : undefined });
});

/** Receive every published event until the returned function is called. */
export function subscribeLive(listener: (event: LiveEvent) => void): () => void {
  emitter().on('event', listener);
  return () => {
    emitter().off('event', listener);
  };
}
