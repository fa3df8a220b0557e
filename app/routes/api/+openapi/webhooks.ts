/**
 * OpenAPI path of Razorpay's webhook, POST /api/webhooks/razorpay
 * (server/razorpay-webhook.ts, docs/decisions/046-payments.md#webhooks). Called by
 * Razorpay only; described so the API's description lists every route.
 */
import { errorResponse } from '~/lib/openapi';

const result = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'string', enum: ['received', 'duplicate'] },
  },
};

const refused = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: { type: 'object', required: ['status', 'error'], properties: { status: { const: 'refused' }, error: { type: 'string' } } },
    },
  },
});

/** Paths merged into /api/openapi.json. */
export const paths: Record<string, unknown> = {
  '/api/webhooks/razorpay': {
    post: {
      tags: ['webhooks'],
      summary: 'Razorpay event delivery (Razorpay only)',
      description:
        'Authenticated by `X-Razorpay-Signature`, the hex HMAC-SHA256 of the raw body with the webhook secret; no session. Each event is recorded once by `X-Razorpay-Event-Id` and answered `received`; a repeat answers `duplicate`. The event is acted on just after the answer, in its own transaction; what it did (e.g. `credited`, `unknown payment link plink_…`, an amount that differs, a cancelled booking) is recorded for staff at /admin/payments/events.',
      parameters: [
        { name: 'X-Razorpay-Signature', in: 'header', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
        { name: 'X-Razorpay-Event-Id', in: 'header', required: true, schema: { type: 'string', maxLength: 100 } },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['event', 'payload'] } } } },
      responses: {
        200: { description: 'Recorded (and acted on, or a repeat)', content: { 'application/json': { schema: result } } },
        400: refused('Signature missing or wrong, event id missing, or the body is not a Razorpay event; nothing recorded'),
        413: errorResponse('Body larger than 64 KB'),
        503: refused('RAZORPAY_WEBHOOK_SECRET is not set; Razorpay retries'),
      },
    },
  },
};
