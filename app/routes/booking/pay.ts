/**
 * /booking/:token/pay: the traveller's Pay button on their booking page
 * (docs/decisions/046-payments.md#razorpay).
 *
 * POST: the amount is what the server computes is due now (`moneySummary().due`), never one from
 * the browser; the open payment request of that kind and amount is reused with its live Razorpay
 * link, else one is created with a new link. Answers:
 * - 303 to GET /booking/:token/pay?request=<id>, the hand-over page below;
 * - 303 back to /booking/:token when Razorpay is not configured (the page shows the UPI ID and bank
 *   details) or nothing is due;
 * - 303 to /booking/:token?payment=unavailable when Razorpay refused or did not answer (never a 500);
 * - 403 for a post from another site (app/lib/origin-check.server.ts), 404 for an unknown or
 *   revoked token.
 *
 * GET ?request=<id>: a tiny page that forwards the browser to the link's short_url (meta refresh,
 * with a "Continue to Razorpay" link for a browser that does not follow it). Why not a 303 from
 * the POST straight to Razorpay: the site's Content-Security-Policy has `form-action 'self'`, which
 * Chromium applies to every redirect of a form submission, so it blocks a form post that redirects
 * to another origin; a page reached by the post that then navigates is not a form submission.
 * Chromium replaces a refresh-at-once page in the history, so Back from Razorpay returns to the
 * booking page. Any other GET goes to the booking page.
 */
import { and, eq } from 'drizzle-orm';
import { redirect } from 'react-router';
import { db } from '~/db/client.server';
import { paymentRequests } from '~/db/schema';
import { startOnlinePayment } from '~/infrastructure/online-payments.server';
import { apiError } from '~/lib/errors.server';
import { isUuid, shortReference } from '~/lib/ids';
import { formatPaise } from '~/lib/money';
import { checkOrigin } from '~/lib/origin-check.server';
import { bookingPagePath, findBookingByToken } from '~/models/booking-link.server';
import type { Route } from './+types/pay';

const NO_STORE = { 'Cache-Control': 'no-store' };

function notFound(): Response {
  return new Response('This booking link is not valid.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE } });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The hand-over page: forwards to `url` at once; nothing but itself may load. */
function handOverPage(url: string, amountPaise: number, bookingId: string): Response {
  const href = escapeHtml(url);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta http-equiv="refresh" content="0;url=${href}">
<title>Continue to Razorpay</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}a{font-weight:600}</style>
</head>
<body>
<h1>Taking you to Razorpay</h1>
<p>You are paying ${escapeHtml(formatPaise(amountPaise))} for booking #${shortReference(bookingId)}.</p>
<p><a href="${href}">Continue to Razorpay</a></p>
</body>
</html>
`;
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'X-Robots-Tag': 'noindex, nofollow',
      ...NO_STORE,
    },
  });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const page = bookingPagePath(params.token);
  const requestId = new URL(request.url).searchParams.get('request') ?? '';
  if (!isUuid(requestId)) return redirect(page, { status: 303, headers: NO_STORE });
  const booking = await findBookingByToken(params.token);
  if (!booking) return notFound();
  const [open] = await db()
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.id, requestId), eq(paymentRequests.bookingId, booking.id), eq(paymentRequests.status, 'open')));
  if (!open?.razorpayLinkUrl) return redirect(page, { status: 303, headers: NO_STORE });
  return handOverPage(open.razorpayLinkUrl, open.amountPaise, booking.id);
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
      return redirect(`${page}/pay?request=${outcome.request.id}`, { status: 303, headers: NO_STORE });
    case 'failed':
      return redirect(`${page}?payment=unavailable`, { status: 303, headers: NO_STORE });
    case 'offline':
    case 'nothing-due':
      return redirect(page, { status: 303, headers: NO_STORE });
  }
}
