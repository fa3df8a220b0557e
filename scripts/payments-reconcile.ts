/**
 * npm run payments:reconcile
 *
 * Ask Razorpay about every open payment request with a payment link and every pending online
 * refund, and record what a lost webhook missed (docs/decisions/046-payments.md#reconciliation):
 * payments credited once by their Razorpay id, refunds marked processed or failed. Safe to run at
 * any time and as often as wanted; on PostgreSQL it waits for nothing and skips when a server's
 * timer is running one. On PGlite the site must be stopped (one process per data folder).
 */
import { migrateDatabase } from '~/db/migrate.server';
import { razorpayConfigured } from '~/infrastructure/razorpay.server';
import { withReconcileLock } from '~/infrastructure/payments-reconciler.server';
import { reconcilePayments } from '~/infrastructure/online-payments.server';
import { openFromEnv, runScript } from './open-database';

await runScript(async () => {
  if (!razorpayConfigured()) throw new Error('Razorpay is not configured: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
  const handle = await openFromEnv('payments:reconcile');
  try {
    await migrateDatabase(handle);
    const result = await withReconcileLock(handle, reconcilePayments);
    if (!result) {
      console.log('Another instance is reconciling just now; nothing done.');
      return;
    }
    console.log(
      `Checked ${result.checked}: ${result.credited} payment(s) credited, ${result.retired} request(s) closed, ` +
        `${result.refundsProcessed} refund(s) processed, ${result.refundsFailed} failed, ${result.errors} error(s).`,
    );
    if (result.errors > 0) process.exitCode = 1;
  } finally {
    await handle.close();
  }
});
