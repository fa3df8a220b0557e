/**
 * POST /booking/:token/pay: the traveller's Pay button on their booking page
 * (docs/decisions/046-payments.md#razorpay). The amount is what the server computes is due now
 * (`moneySummary().due`), never one from the browser; the open payment request of that kind and
 * amount is reused with its live Razorpay link, else one is created with a new link, and the
 * traveller is sent (303) to Razorpay's page. Answers:
 * - 303 to the link's short_url;
 * - 303 back to /booking/:token when Razorpay is not configured (the page shows the UPI ID and bank
 *   details) or nothing is due;
 * - 303 to /booking/:token?payment=unavailable when Razorpay refused or did not answer (never a 500);
 * - 403 for a post from another site (app/lib/origin-check.server.ts), 404 for an unknown or
 *   revoked token. A GET is sent to the page.
 */
import { redirect } from 'react-router';
import { apiError } from '~/lib/errors.server';
import { checkOrigin } from '~/lib/origin-check.server';
import { bookingPagePath, findBookingByToken } from '~/models/booking-link.server';
import { startOnlinePayment } from '~/infrastructure/online-payments.server';
import type { Route } from './+types/pay';

const NO_STORE = { 'Cache-Control': 'no-store' };

function notFound(): Response {
  return new Response('This booking link is not valid.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE } });
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(bookingPagePath(params.token), { status: 303, headers: NO_STORE });
}

export async function action({ request, params }: Route.ActionArgs) {
  const origin = checkOrigin(request);
  if (!origin.ok) return apiError(403, origin.reason);
  const booking = await findBookingByToken(params.token);
  if (!booking) return notFound();
  const page = bookingPagePath(params.token);
  const outcome = await startOnlinePayment(booking, params.token);
  switch (outcome.kind) {
    case 'razorpay':
      return redirect(outcome.url, { status: 303, headers: NO_STORE });
    case 'failed':
      return redirect(`${page}?payment=unavailable`, { status: 303, headers: NO_STORE });
    case 'offline':
    case 'nothing-due':
      return redirect(page, { status: 303, headers: NO_STORE });
  }
}
