/**
 * Razorpay's signatures (docs/decisions/046-payments.md#webhooks): HMAC-SHA256 in hex, with the
 * webhook secret over a webhook's raw body bytes, or with the key secret over
 * `payment_link_id|reference_id|status|payment_id` on a payment link's return (razorpay-node
 * `lib/utils/razorpay-utils.js`, `validateWebhookSignature` and `validatePaymentVerification`).
 * Compared in constant time, unlike razorpay-node's `===`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `payload` with `secret`, in hex: how Razorpay signs callbacks and webhooks. */
export function razorpaySignature(payload: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** True when `signature` is the hex HMAC-SHA256 of `payload` with `secret`; false for a missing or malformed one. Constant time. */
export function validRazorpaySignature(payload: string | Buffer, signature: string | null | undefined, secret: string): boolean {
  const given = signature?.trim().toLowerCase() ?? '';
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(razorpaySignature(payload, secret), 'hex'), Buffer.from(given, 'hex'));
}
