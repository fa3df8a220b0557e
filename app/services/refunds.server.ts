/**
 * Refund decisions for the routes (docs/decisions/046-payments.md#cancellation-and-refunds): the
 * decision itself (`decideRefund`, app/models/refunds.server.ts: cancel, `refunds` row, a refund by
 * hand processed at once) and, after it committed, an online refund sent to Razorpay
 * (`sendRefundToRazorpay`, app/infrastructure/razorpay-refunds.server.ts).
 */
import { sendRefundToRazorpay } from '~/infrastructure/razorpay-refunds.server';
import { DomainError } from '~/lib/errors.server';
import { logger } from '~/lib/logger.server';
import type { AuditActor } from '~/models/audit.server';
import { getRefund } from '~/models/payments.server';
import { decideRefund, recordRefundRefused, type RefundInput, type RefundOutcome } from '~/models/refunds.server';

/** A decision's outcome; `sendError`: Razorpay (or the module in front of it) refused the online refund, now `failed`. */
export type RefundResult = RefundOutcome & { sendError: string | null };

/**
 * Decide a refund (see `decideRefund`: its errors are thrown unchanged, nothing written) and send an
 * online one to Razorpay. A refusal there (a DomainError) marks the refund `failed` with its
 * message, audited, and comes back as `sendError` (the cancellation stands; staff may refund by
 * hand); any other error (Razorpay unreachable) leaves it `pending`, logged, for the retry of
 * B1's reconciliation, and comes back as `sendError` too.
 */
export async function decideAndSendRefund(bookingId: string, input: RefundInput, actor: AuditActor, now: Date = new Date()): Promise<RefundResult> {
  const outcome = await decideRefund(bookingId, input, actor, now);
  const pending = outcome.refund;
  if (!pending || pending.method !== 'razorpay' || pending.status !== 'pending') return { ...outcome, sendError: null };
  let sendError: string | null = null;
  try {
    await sendRefundToRazorpay(pending.id);
  } catch (error) {
    sendError = error instanceof Error ? error.message : String(error);
    if (error instanceof DomainError) {
      await recordRefundRefused(pending.id, sendError, actor);
      logger.warn({ event: 'refund_send_refused', refundId: pending.id, bookingId, reason: sendError }, 'online refund refused');
    } else {
      logger.error({ err: error, event: 'refund_send_failed', refundId: pending.id, bookingId }, 'online refund could not be sent; it stays pending');
      sendError = 'Razorpay could not be reached; the refund stays pending';
    }
  }
  return { ...outcome, refund: (await getRefund(pending.id)) ?? pending, sendError };
}
