/**
 * GET /booking/:token/return: where Razorpay sends the traveller after paying a payment link
 * (its callback_url, https://razorpay.com/docs/payments/payment-links/apis/;
 * docs/decisions/046-payments.md#razorpay). The query's `razorpay_signature` is checked
 * (HMAC-SHA256 with the key secret over `link id|reference id|status|payment id`); for a verified
 * paid link of this booking the payment is fetched from Razorpay and credited at once
 * (`creditVerifiedReturn`, idempotent by payment id, so the webhook's credit of it changes nothing).
 * Answers 303 to /booking/:token?payment=received only when the payment is verified and in the
 * ledger, else ?payment=checking ("We are checking your payment": the webhook or the
 * reconciliation will record it). 404 for an unknown or revoked token.
 */
import { redirect } from 'react-router';
import { z } from 'zod';
import { RazorpayError, verifyPaymentLinkCallback } from '~/infrastructure/razorpay.server';
import { logger } from '~/lib/logger.server';
import { bookingPagePath, findBookingByToken } from '~/models/booking-link.server';
import { creditVerifiedReturn } from '~/infrastructure/online-payments.server';
import type { Route } from './+types/return';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** The callback query Razorpay sends (https://razorpay.com/docs/payments/payment-links/apis/). */
const callbackQuery = z.object({
  razorpay_payment_id: z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/),
  razorpay_payment_link_id: z.string().regex(/^plink_[A-Za-z0-9]{1,40}$/),
  razorpay_payment_link_reference_id: z.string().max(40),
  razorpay_payment_link_status: z.string().regex(/^[a-z_]{1,20}$/),
  razorpay_signature: z.string().regex(/^[0-9a-f]{64}$/),
});

export async function loader({ request, params }: Route.LoaderArgs) {
  const booking = await findBookingByToken(params.token);
  if (!booking) {
    return new Response('This booking link is not valid.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE } });
  }
  const page = bookingPagePath(params.token);
  const checking = redirect(`${page}?payment=checking`, { status: 303, headers: NO_STORE });
  const parsed = callbackQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success || !verifyPaymentLinkCallback(parsed.data)) {
    logger.warn({ bookingId: booking.id, shaped: parsed.success }, 'a return from Razorpay without a valid signature');
    return checking;
  }
  const query = parsed.data;
  try {
    const credited = await creditVerifiedReturn(booking.id, {
      paymentId: query.razorpay_payment_id,
      linkId: query.razorpay_payment_link_id,
      referenceId: query.razorpay_payment_link_reference_id,
      status: query.razorpay_payment_link_status,
    });
    if (credited) return redirect(`${page}?payment=received`, { status: 303, headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof RazorpayError)) throw error;
    logger.warn({ bookingId: booking.id, err: error }, 'fetching the payment of a return from Razorpay failed');
  }
  return checking;
}
