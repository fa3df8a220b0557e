/**
 * What every public page reads and staff change rarely (settings, the forms' option lists, the
 * recent-bookings toast), kept in memory between requests, and the one signal that it changed
 * (docs/decisions/042-shared-content-cache.md).
 *
 * - `publicContentChanged` is called after every committed write that public pages show: the
 *   catalogue and booking models after their transaction, settings saves, and every successful staff
 *   write at the HTTP level (server/app.ts). It drops every shared value and tells the listeners
 *   (the page cache empties itself), here and, on PostgreSQL, on every other instance of the site
 *   (app/lib/instance-messages.server.ts, carried by app/infrastructure/instance-bus.server.ts;
 *   docs/decisions/022-several-instances.md).
 * - `sharedContent(key, load)` answers from memory while the entry is younger than
 *   SHARED_CONTENT_TTL_MS and no change happened since it was loaded. Concurrent misses of one key
 *   share one load, and a load that overlapped a change is used by its callers but never kept.
 *   (lru-cache's own `fetch` cannot say this as documented: its `clear()` aborts a load in flight;
 *   docs/decisions/044-libraries-over-hand-written-code.md.)
 * - At most SHARED_CONTENT_MAX_ENTRIES values are kept, least recently read dropped first.
 * - Values are shared between requests: callers must not mutate them.
 */
import { LRUCache } from 'lru-cache';
import { broadcast, onBroadcast } from '~/lib/instance-messages.server';
import { logger } from '~/lib/logger.server';

/**
 * How long a loaded value is served without a change signal (ms): the bound on staleness should a
 * write path ever forget to signal.
 */
export const SHARED_CONTENT_TTL_MS = 60_000;

/** Most values kept; the least recently read go first (catalogue searches make many keys). */
export const SHARED_CONTENT_MAX_ENTRIES = 500;

type Entry = { loadedAt: number; value: Promise<unknown> };

const entries = new LRUCache<string, Entry>({ max: SHARED_CONTENT_MAX_ENTRIES });
const listeners = new Set<(reason: string) => void>();

/** Drop every shared value and tell this process's listeners. */
function changedHere(reason: string): void {
  entries.clear();
  logger.debug({ reason }, 'public content changed');
  for (const listener of listeners) listener(reason);
}

/**
 * Public content changed (after commit): drop every shared value and tell the listeners, at once in
 * this process and through the instance bus on the others. `reason` is for the debug log
 * ('PATCH /admin/settings', 'package updated'). The returned promise resolves once the other
 * instances have been sent the news (at once without them); it never rejects. Await it before
 * answering, so the next request, whichever instance takes it, sees the change.
 */
export function publicContentChanged(reason: string): Promise<void> {
  changedHere(reason);
  return broadcast('public_content', { reason });
}

// Another instance changed public content, or the bus was away and may have missed such news.
onBroadcast('public_content', (payload) => {
  const reason = typeof (payload as { reason?: unknown })?.reason === 'string' ? (payload as { reason: string }).reason : 'unknown';
  changedHere(`another instance: ${reason}`);
});
onBroadcast('reconnect', () => changedHere('instance bus reconnected'));

/** Call `listener` after every change; returns the function that unsubscribes. */
export function onPublicContentChanged(listener: (reason: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The value of `key`, loaded with `load` when missing, older than SHARED_CONTENT_TTL_MS or loaded
 * before the last change. A failed load is not kept (the next call tries again) and its error
 * reaches every caller that shared it.
 */
export function sharedContent<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const found = entries.get(key);
  if (found && now - found.loadedAt < SHARED_CONTENT_TTL_MS) return found.value as Promise<T>;
  const value = load();
  const entry: Entry = { loadedAt: now, value };
  entries.set(key, entry);
  // A change while loading clears `entries`, so a value that may predate it is never kept.
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/**
 * Await a committed write that public pages show, then signal the change; returns the write's
 * result (a write that throws signals nothing).
 */
export async function signalPublicWrite<T>(reason: string, write: Promise<T>): Promise<T> {
  const result = await write;
  await publicContentChanged(reason);
  return result;
}
