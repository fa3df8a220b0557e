/**
 * GET /admin/events: the back office's live updates as Server-Sent Events
 * (docs/decisions/018-live-updates.md). Staff only (`requireAdmin`: a cookie session; without one
 * the browser is sent to the login page and EventSource gives up).
 *
 * The stream starts with `retry: 5000` (reconnect after 5 s) and the pending counts
 * (`event: counts`, `data: {"bookings":n,"inquiries":n}`). Then, for each LiveEvent published in
 * this process (app/lib/live-events.server.ts): `event: <type>` with `data: {"type","id","label"}`,
 * followed by fresh counts. A comment line every LIVE_HEARTBEAT_MS (25 s by default,
 * app/lib/env.server.ts) keeps proxies from closing an idle connection; before each, the stream
 * re-checks its session (`sessionStillStands`) and ends when the user has signed out, the session
 * was revoked (a password change ends the other sessions), expired or went idle, the user was
 * disabled or their role changed (docs/decisions/045-security-round-two.md section 6): the browser
 * then reconnects and the guard decides afresh. The subscription ends when the client goes (the
 * request's abort signal), when the stream is cancelled, or when the process shuts down.
 *
 * `Cache-Control: no-cache, no-transform` and `X-Accel-Buffering: no` keep proxies from buffering;
 * server.js leaves `text/event-stream` out of compression, which would hold events back.
 */
import { requireAdmin, sessionStillStands } from '~/services/admin-guard.server';
import { env } from '~/lib/env.server';
import { subscribeLive, type LiveEvent } from '~/lib/live-events.server';
import { logger } from '~/lib/logger.server';
import { getPendingCounts, type PendingCounts } from '~/models/dashboard.server';
import type { Route } from './+types/events';

/** Milliseconds between heartbeat comments by default (LIVE_HEARTBEAT_MS sets them). */
export const HEARTBEAT_MS = 25_000;
/** Milliseconds the browser waits before reconnecting (the `retry:` field). */
export const RETRY_MS = 5_000;

/** One SSE message: `event:` line and one `data:` line of JSON, then the blank line that ends it. */
export function sseMessage(event: string, data: unknown): string {
  // JSON.stringify never emits a raw newline, so the data stays on one line.
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The fields of a LiveEvent a browser receives (nothing else rides along). */
function eventData(event: LiveEvent): { type: string; id: string; label: string } {
  return { type: event.type, id: event.id, label: event.label ?? '' };
}

/** Every open stream's close function, so a shutdown can end them and let the server close. */
const holder = globalThis as typeof globalThis & { __liveStreams?: Set<() => void> };
const openStreams = (holder.__liveStreams ??= (() => {
  const streams = new Set<() => void>();
  const closeAll = () => {
    for (const close of [...streams]) close();
  };
  process.once('SIGTERM', closeAll);
  process.once('SIGINT', closeAll);
  return streams;
})());

/** How many event streams are open in this process (tests, diagnostics). */
export function openStreamCount(): number {
  return openStreams.size;
}

export async function loader({ request }: Route.LoaderArgs) {
  const auth = await requireAdmin(request);
  const initialCounts = await getPendingCounts();
  const encoder = new TextEncoder();
  let close = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const sendCounts = (counts: PendingCounts) => send(sseMessage('counts', counts));

      // Events are queued in order; the counts after each are read once the event is sent.
      let chain: Promise<void> = Promise.resolve();
      const unsubscribe = subscribeLive((event) => {
        send(sseMessage(event.type, eventData(event)));
        chain = chain
          .then(async () => {
            if (!closed) sendCounts(await getPendingCounts());
          })
          .catch((error: unknown) => logger.warn({ err: error }, 'live updates: could not read the pending counts'));
      });
      // Each heartbeat first re-checks the session (one at a time); a stream whose session no
      // longer stands ends, and so does one whose check failed (the reconnect asks the guard).
      let checking = false;
      const beat = async () => {
        if (checking || closed) return;
        checking = true;
        try {
          if (!(await sessionStillStands(auth))) return close();
          send(`: heartbeat ${Date.now()}\n\n`);
        } catch (error: unknown) {
          logger.warn({ err: error }, 'live updates: could not re-check the session; closing the stream');
          close();
        } finally {
          checking = false;
        }
      };
      const heartbeat = setInterval(() => void beat(), env().LIVE_HEARTBEAT_MS);
      // The heartbeat alone never keeps a process (or a test run) alive.
      heartbeat.unref?.();

      close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        request.signal.removeEventListener('abort', close);
        openStreams.delete(close);
        try {
          controller.close();
        } catch {
          // Already closed or cancelled by the reader.
        }
      };
      openStreams.add(close);
      request.signal.addEventListener('abort', close, { once: true });

      send(`retry: ${RETRY_MS}\n\n`);
      sendCounts(initialCounts);
      if (request.signal.aborted) close();
    },
    cancel() {
      close();
    },
  });

  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}
