/**
 * Sending an online refund to Razorpay (docs/decisions/046-payments.md#cancellation-and-refunds):
 * the cancellation flow decides the refund (a `refunds` row, method 'razorpay', status 'pending',
 * with the Razorpay payment to refund) and calls `sendRefundToRazorpay`; the money moves back when
 * Razorpay says so (its answer, the `refund.processed` webhook or the reconciliation), and only then
 * is the negative ledger row written (`markRefundProcessed`).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { refunds } from '~/db/schema';
import { NotFound } from '~/lib/errors.server';
import { todayInIndia } from '~/lib/format';
import { isUuid } from '~/lib/ids';
import { logger } from '~/lib/logger.server';
import type { AuditActor } from '~/models/audit.server';
import { markRefundFailed, markRefundProcessed } from '~/models/payments.server';
import type { OutgoingEmail } from '~/models/outbox.server';
import { getSettings } from '~/models/settings.server';
import { notifyNewMail } from '~/lib/mail-signal.server';
import { createRefund, razorpayConfigured, RazorpayError } from './razorpay.server';

const RAZORPAY: AuditActor = { id: null, name: 'Razorpay' };

/**
 * Ask Razorpay to refund the pending online refund `refundId` (POST /v1/payments/:id/refund,
 * https://razorpay.com/docs/api/refunds/create-normal/) and store Razorpay's refund id.
 *
 * - Idempotent: a refund already sent (it has `razorpayRefundId`), processed, failed or not online
 *   is left alone; the call carries our refund id as `receipt` and `X-Refund-Idempotency`, so two
 *   calls (a retry after a lost answer, the reconciliation) refund once.
 * - Razorpay answers `processed`: marked processed at once (the ledger row); `pending`: stays
 *   pending until the webhook or the reconciliation reports it.
 * - Razorpay refuses it (4xx, e.g. more than is left of the payment), Razorpay is not configured,
 *   or the row has no Razorpay payment: marked failed with the reason, for staff to see.
 * - No answer (network, timeout, Razorpay's 5xx): stays pending without an id; the reconciliation
 *   sends it again with the same idempotency key.
 *
 * Throws NotFound for an unknown refund; never throws for Razorpay's faults.
 */
export async function sendRefundToRazorpay(refundId: string): Promise<void> {
  if (!isUuid(refundId)) throw new NotFound('Refund not found');
  const [refund] = await db().select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund) throw new NotFound('Refund not found');
  if (refund.method !== 'razorpay' || refund.status !== 'pending' || refund.razorpayRefundId) return;
  // Read before any transaction (PGlite has one connection); the 'refund made' mail names the office.
  const { company } = await getSettings(['company']);
  const mails: OutgoingEmail[] = [];
  const fail = (reason: string) => db().transaction((tx) => markRefundFailed(tx, refundId, reason, RAZORPAY));
  if (!refund.razorpayPaymentId) {
    await fail('There is no Razorpay payment to refund');
    return;
  }
  if (!razorpayConfigured()) {
    await fail('Razorpay is not configured (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET)');
    return;
  }
  let remote;
  try {
    remote = await createRefund(refund.razorpayPaymentId, {
      amountPaise: refund.amountPaise,
      receipt: refund.id,
      notes: { booking_id: refund.bookingId, refund_id: refund.id },
    });
  } catch (error) {
    if (error instanceof RazorpayError && error.status >= 400 && error.status < 500) {
      await fail(`Razorpay refused the refund: ${error.description}`);
      return;
    }
    if (!(error instanceof RazorpayError)) throw error;
    logger.warn({ err: error, refundId }, 'sending a refund to Razorpay got no answer; the reconciliation will try again');
    return;
  }
  await db()
    .update(refunds)
    .set({ razorpayRefundId: remote.id })
    .where(and(eq(refunds.id, refundId), isNull(refunds.razorpayRefundId)));
  if (remote.status === 'processed') {
    await db().transaction((tx) => markRefundProcessed(tx, refundId, RAZORPAY, { razorpayRefundId: remote.id, processedOn: todayInIndia(), company, mails }));
    notifyNewMail(mails);
  } else if (remote.status === 'failed') {
    await fail('Razorpay reports the refund failed');
  }
}
