/**
 * The loop that acts on Razorpay's webhook events after they were recorded and answered
 * (docs/decisions/046-payments.md#webhooks): woken by each new event, and every `intervalMs` for
 * events that wait for a retry or were recorded by another instance or before a restart. One run at
 * a time per process; instances sharing a PostgreSQL server take different events
 * (`processNextRazorpayEvent` claims with SKIP LOCKED).
 */
import { logger } from '~/lib/logger.server';
import { onRazorpayEventReceived, processNextRazorpayEvent, razorpayDeliveriesArriving } from '~/models/razorpay-events.server';

/** How often the inbox is looked at without a new event (ms). */
export const RAZORPAY_INBOX_INTERVAL_MS = 5_000;

/** Deliveries recorded within this many ms make the loop hold back its work (ms). */
const QUIET_MS = 20;
/** The longest the loop holds back between two events while deliveries keep arriving (ms). */
const MAX_HOLD_MS = 1_000;

const state: { timer?: NodeJS.Timeout; running?: Promise<unknown>; again: boolean; stopped: boolean } = { again: false, stopped: true };

function runOnce(): void {
  if (state.stopped) return;
  if (state.running) {
    state.again = true;
    return;
  }
  state.again = false;
  state.running = (async () => {
    // Until nothing due is left, or shutdown began (what waits is taken after the next start).
    // Answering Razorpay comes first, the work can wait: while deliveries are being recorded (or
    // were within QUIET_MS) the loop holds back, but never longer than MAX_HOLD_MS between two
    // events, so a steady stream of deliveries still gets its events acted on. Between events it
    // yields to the event loop's I/O. (On PGlite the database runs on this thread and takes one
    // statement at a time: acting on events during a burst kept deliveries waiting for hundreds of
    // milliseconds.)
    let lastWorkedAt = performance.now();
    while (!state.stopped) {
      if (razorpayDeliveriesArriving(QUIET_MS) && performance.now() - lastWorkedAt < MAX_HOLD_MS) {
        await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
        continue;
      }
      if (!(await processNextRazorpayEvent())) break;
      lastWorkedAt = performance.now();
      await new Promise((resolve) => setImmediate(resolve));
    }
  })()
    .catch((error: unknown) => logger.error({ err: error }, 'the Razorpay inbox failed; will try again'))
    .finally(() => {
      state.running = undefined;
      if (state.again) setImmediate(runOnce);
    });
}

/** Start the loop (server start-up); it acts at once on whatever waits from before. */
export function startRazorpayInbox({ intervalMs = RAZORPAY_INBOX_INTERVAL_MS }: { intervalMs?: number } = {}): void {
  if (!state.stopped) return;
  state.stopped = false;
  onRazorpayEventReceived(() => setImmediate(runOnce));
  state.timer = setInterval(runOnce, intervalMs);
  state.timer.unref();
  runOnce();
}

/**
 * Stop the loop (graceful shutdown): wait for a run in progress, then act on what is still due for
 * up to `drainMs` (server.js exits by force 10 s after SIGTERM); whatever still waits is taken after
 * the next start.
 */
export async function stopRazorpayInbox({ drainMs = 5_000 }: { drainMs?: number } = {}): Promise<void> {
  state.stopped = true;
  onRazorpayEventReceived(undefined);
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
  await state.running;
  const deadline = Date.now() + drainMs;
  try {
    while (Date.now() < deadline && (await processNextRazorpayEvent()));
  } catch (error) {
    logger.error({ err: error }, 'the Razorpay inbox failed at shutdown; the rest waits for the next start');
  }
}
