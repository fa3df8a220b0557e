/**
 * POST /api/webhooks/razorpay: Razorpay's server-to-server event deliveries
 * (docs/decisions/046-payments.md#webhooks; the work is `receiveRazorpayWebhook` in
 * app/models/razorpay-events.server.ts).
 *
 * Authenticated by `X-Razorpay-Signature` alone (HMAC-SHA256 of the raw body with
 * RAZORPAY_WEBHOOK_SECRET), never by a session: there is no staff guard, no Origin check (the
 * Express check skips this path, app/lib/origin-check.server.ts) and no JSON content-type rule (the
 * body is read as the bytes sent, whatever its type, and parsed only once the signature matches).
 * Answers: 200 `{status: 'received'}` (recorded; acted on just after, by the inbox) or `{status: 'duplicate'}`; 400 bad or missing
 * signature, event id or body (nothing recorded); 413 over 64 KB; 503 when RAZORPAY_WEBHOOK_SECRET
 * is not set: Razorpay retries any non-2xx for 24 hours (https://razorpay.com/docs/webhooks/best-practices/),
 * so deliveries made while the secret is missing are not lost once it is set. GET and other methods: 405.
 */
import { apiError, MAX_JSON_BYTES, readBodyBytes } from '~/lib/api.server';
import { env } from '~/lib/env.server';
import { logger } from '~/lib/logger.server';
import { receiveRazorpayWebhook } from '~/models/razorpay-events.server';
import type { Route } from './+types/webhooks.razorpay';

export function loader(): never {
  throw apiError(405, 'Method not allowed: Razorpay POSTs here', [], { Allow: 'POST' });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') throw apiError(405, 'Method not allowed: Razorpay POSTs here', [], { Allow: 'POST' });
  const body = await readBodyBytes(request, MAX_JSON_BYTES);
  const result = await receiveRazorpayWebhook(
    body,
    { signature: request.headers.get('x-razorpay-signature'), eventId: request.headers.get('x-razorpay-event-id') },
    env().RAZORPAY_WEBHOOK_SECRET,
  );
  if (result.status === 503) logger.warn('Razorpay webhook refused: RAZORPAY_WEBHOOK_SECRET is not set');
  else if (result.status === 400) logger.warn({ reason: result.body.error }, 'Razorpay webhook refused');
  return Response.json(result.body, { status: result.status, headers: { 'Cache-Control': 'no-store' } });
}
