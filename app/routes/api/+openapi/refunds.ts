/**
 * OpenAPI paths and schemas of /api/bookings/{id}/refunds (docs/decisions/046-payments.md#cancellation-and-refunds):
 * the refund terms, and deciding a refund (cancelling the booking with it, or alone). The request
 * body comes from the zod schema that validates it (app/schemas/refund.ts).
 */
import { REFUND_METHODS, REFUND_STATUSES } from '~/lib/constants';
import { adminSecurity, crossSite, errorResponse, idParameter, inputSchema, jsonBody, unauthorized, type JsonSchema } from '~/lib/openapi';
import { refundRequestSchema } from '~/schemas/refund';

const paise = { type: 'integer', description: 'Paise (₹1 = 100 paise)' };
const nullableTime = { type: ['string', 'null'], format: 'date-time' };

/** Paths merged into /api/openapi.json. */
export const paths: Record<string, unknown> = {
  '/api/bookings/{id}/refunds': {
    get: {
      tags: ['bookings'],
      summary: 'Refund terms of a booking (staff): what was paid, the cancellation policy that applies and the refund it gives today',
      security: adminSecurity,
      parameters: [idParameter],
      responses: {
        200: { description: 'The refund terms', content: { 'application/json': { schema: { $ref: '#/components/schemas/RefundTerms' } } } },
        401: unauthorized,
        404: errorResponse('Booking not found'),
      },
    },
    post: {
      tags: ['bookings'],
      summary: 'Decide a refund (staff), cancelling the booking with it when `cancel` is true',
      description:
        "With `cancel: true` the booking (pending or confirmed) becomes cancelled in the same transaction: its open payment requests are cancelled and the traveller is mailed; `amountPaise` 0 means nothing is refunded. `reason` is required when `amountPaise` differs from the policy's refund (GET's `computedPaise`: the booking's own policy, or today's settings for bookings older than payments, as of today in India) and for a refund without cancelling. The amount may not exceed what was paid less refunds still pending. `method` 'razorpay' refunds an online payment (`razorpayPaymentId`, at most what is left of it) and stays pending until Razorpay reports it; 'upi' and 'bank_transfer' (with `reference`) and 'cash' are refunds made by hand, processed at once: the ledger gets the negative row and the traveller a 'refund made' mail. A booking whose money was paid cannot be cancelled by PATCH /api/bookings/{id} (409): use this. Nothing is written on an error.",
      security: adminSecurity,
      parameters: [idParameter],
      requestBody: jsonBody('RefundRequest'),
      responses: {
        201: {
          description:
            'The booking after the decision, the refund written (null when nothing goes back) and `sendError`: why an online refund could not be sent to Razorpay (then the refund is failed or, when Razorpay was unreachable, still pending)',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  booking: { $ref: '#/components/schemas/Booking' },
                  refund: { oneOf: [{ $ref: '#/components/schemas/Refund' }, { type: 'null' }] },
                  sendError: { type: ['string', 'null'] },
                },
              },
            },
          },
        },
        400: errorResponse(
          'Invalid or unknown field (amount negative, zero without cancelling, fractional, above ₹1 crore or above what was paid; reason or reference missing; unknown online payment): `issues` name each',
        ),
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Booking not found'),
        409: errorResponse('The booking cannot be cancelled (already cancelled or rejected)'),
        413: errorResponse('Body larger than 64 KB'),
        415: errorResponse('The body is not JSON'),
      },
    },
  },
};

const refund: JsonSchema = {
  type: 'object',
  description: 'A refund staff decided',
  properties: {
    id: { type: 'string', format: 'uuid' },
    bookingId: { type: 'string', format: 'uuid' },
    amountPaise: paise,
    computedPaise: { type: ['integer', 'null'], description: "The cancellation policy's refund; null for a refund without cancelling" },
    reason: { type: 'string' },
    method: { enum: [...REFUND_METHODS] },
    status: { enum: [...REFUND_STATUSES] },
    razorpayPaymentId: { type: ['string', 'null'] },
    razorpayRefundId: { type: ['string', 'null'] },
    failureReason: { type: ['string', 'null'] },
    createdBy: { type: ['string', 'null'], format: 'uuid' },
    createdAt: { type: 'string', format: 'date-time' },
    processedAt: nullableTime,
  },
};

/** Component schemas merged into /api/openapi.json. */
export const schemas: Record<string, JsonSchema> = {
  RefundRequest: { ...inputSchema(refundRequestSchema), description: 'A refund decision; unknown fields are refused (400)' },
  Refund: refund,
  RefundTerms: {
    type: 'object',
    properties: {
      bookingId: { type: 'string', format: 'uuid' },
      status: { type: 'string' },
      paidPaise: { ...paise, description: 'The ledger: received less refunded' },
      refundablePaise: { ...paise, description: 'What may still be refunded: paidPaise less refunds still pending' },
      policy: { type: 'object', description: 'unit (days or hours) and tiers (before, refundPercent)' },
      policySource: {
        enum: ['booking', 'settings'],
        description: "'booking': the policy it was sold under; 'settings': today's, for bookings older than payments",
      },
      policyLines: { type: 'array', items: { type: 'string' } },
      refundPercent: { type: 'integer' },
      computedPaise: { ...paise, description: "The policy's refund for cancelling today (Asia/Kolkata)" },
      onlinePayments: {
        type: 'array',
        items: {
          type: 'object',
          properties: { razorpayPaymentId: { type: 'string' }, receivedOn: { type: 'string', format: 'date' }, amountPaise: paise, refundablePaise: paise },
        },
      },
      refunds: { type: 'array', items: refund },
    },
  },
};
