/**
 * The payments reconciliation timer (docs/decisions/046-payments.md#reconciliation): every
 * RAZORPAY_RECONCILE_INTERVAL_MS (10 minutes by default) the server asks Razorpay about open
 * payment requests and pending online refunds and records what a lost webhook missed
 * (`reconcilePayments`). With several instances on one PostgreSQL, one run at a time for the whole
 * set: a run starts only when it gets a session-level advisory lock without waiting
 * (`pg_try_advisory_lock`), held on one pooled connection for the run and released after it, the
 * pattern of the start-up lock (app/db/migrate.server.ts, docs/decisions/022-several-instances.md);
 * the others skip that round. PGlite is one process by nature: the run simply goes. No
 * transaction is held across Razorpay's calls.
 */
import { databaseHandle, type DatabaseHandle } from '~/db/client.server';
import { env } from '~/lib/env.server';
import { logger } from '~/lib/logger.server';
import { reconcilePayments, type ReconcileResult } from '~/infrastructure/online-payments.server';
import { razorpayConfigured } from './razorpay.server';

/** The advisory lock key of the reconciliation: PostgreSQL's hash of a name no other lock uses. */
const RECONCILE_LOCK = `hashtext('himalayan-tours: payments reconciliation')`;

/**
 * Run `work` when no other instance is running it: on PostgreSQL under a non-blocking session-level
 * advisory lock (null when another holds it), on PGlite at once.
 */
export async function withReconcileLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T | null> {
  if (handle.kind !== 'postgres' || !handle.pool) return work();
  const client = await handle.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(`select pg_try_advisory_lock(${RECONCILE_LOCK}) as locked`);
    if (!rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await client.query(`select pg_advisory_unlock(${RECONCILE_LOCK})`);
    }
  } finally {
    client.release();
  }
}

/** One reconciliation under the lock; null when another instance is running one. Logs what it did. */
export async function reconcileOnce(): Promise<ReconcileResult | null> {
  const result = await withReconcileLock(databaseHandle(), reconcilePayments);
  if (result && (result.credited || result.retired || result.refundsProcessed || result.refundsFailed || result.errors)) {
    logger.info(result, 'payments reconciliation');
  }
  return result;
}

const state: { timer?: NodeJS.Timeout; running?: Promise<unknown> } = {};

/** Start the timer (server start-up); nothing when Razorpay is not configured or the interval is 0. */
export function startReconciler(intervalMs: number = env().RAZORPAY_RECONCILE_INTERVAL_MS): void {
  if (!razorpayConfigured() || intervalMs <= 0 || state.timer) return;
  state.timer = setInterval(() => {
    if (state.running) return;
    state.running = reconcileOnce()
      .catch((error: unknown) => logger.warn({ err: error }, 'the payments reconciliation failed; will try again'))
      .finally(() => {
        state.running = undefined;
      });
  }, intervalMs);
  state.timer.unref();
}

/** Stop the timer and wait for a run in progress (graceful shutdown). */
export async function stopReconciler(): Promise<void> {
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
  await state.running;
}
