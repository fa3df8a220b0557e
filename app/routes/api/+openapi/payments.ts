/**
 * OpenAPI paths and schemas of a booking's money (docs/decisions/046-payments.md,
 * docs/decisions/009-rest-api.md): GET / PUT /api/bookings/{id}/quote and GET / POST
 * /api/bookings/{id}/payments. Request bodies come from the zod schemas that validate them
 * (app/schemas/money.ts). Amounts are integer paise (₹1 = 100 paise).
 */
import { adminSecurity, crossSite, errorResponse, idParameter, inputSchema, jsonBody, unauthorized, type JsonSchema } from '~/lib/openapi';
import { LEDGER_ENTRY_TYPES, PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_REQUEST_STATUSES } from '~/lib/constants';
import { manualPaymentApiSchema, quoteApiSchema } from '~/schemas/money';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (description: string, schema: JsonSchema) => ({ description, content: { 'application/json': { schema } } });
const paise = (description: string) => ({ type: 'integer', description });
const date = { type: 'string', format: 'date' };
const nullable = (schema: JsonSchema) => ({ ...schema, type: [schema.type as string, 'null'] });
const BAD_AMOUNTS =
  'Amounts are whole numbers of paise above zero and at most ₹1 crore (1000000000): a negative, zero or fractional amount is 400 naming its field.';

/** Paths merged into /api/openapi.json. */
export const paths: Record<string, unknown> = {
  '/api/bookings/{id}/quote': {
    get: {
      tags: ['bookings'],
      summary: "A booking's quote and where its money stands (staff)",
      description: 'The current quote revision (null before the first save), the quote the catalogue price suggests, and the money summary.',
      security: adminSecurity,
      parameters: [idParameter],
      responses: {
        200: json('The quote, the suggestion and the summary', {
          type: 'object',
          properties: { quote: { oneOf: [ref('Quote'), { type: 'null' }] }, suggested: ref('QuoteInput'), summary: ref('MoneySummary') },
        }),
        401: unauthorized,
        404: errorResponse('Booking not found'),
      },
    },
    put: {
      tags: ['bookings'],
      summary: 'Save a new quote revision (staff; audited)',
      description: `The lines, the advance and the balance due day replace the current quote as a new revision; the total is the sum of quantity × unitPaise. ${BAD_AMOUNTS} The advance may be 0 and at most the total; the total may not be below what was already paid ('lines'). Nothing is written on a 400.`,
      security: adminSecurity,
      parameters: [idParameter],
      requestBody: jsonBody('QuoteInput'),
      responses: {
        200: json('The saved quote and the summary', { type: 'object', properties: { quote: ref('Quote'), summary: ref('MoneySummary') } }),
        400: errorResponse('Invalid or unknown field: `issues` name each (e.g. `lines.0.unitPaise`, `advancePaise`)'),
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Booking not found'),
        409: errorResponse('The booking is rejected or cancelled'),
        413: errorResponse('Body larger than 64 KB'),
        415: errorResponse('The body is not JSON'),
      },
    },
  },
  '/api/bookings/{id}/payments': {
    get: {
      tags: ['bookings'],
      summary: "A booking's ledger, money summary and payment requests (staff)",
      security: adminSecurity,
      parameters: [idParameter],
      responses: {
        200: json('The ledger (oldest first), the summary and the payment requests (newest first)', {
          type: 'object',
          properties: {
            ledger: { type: 'array', items: ref('LedgerEntry') },
            summary: ref('MoneySummary'),
            paymentRequests: { type: 'array', items: ref('PaymentRequest') },
          },
        }),
        401: unauthorized,
        404: errorResponse('Booking not found'),
      },
    },
    post: {
      tags: ['bookings'],
      summary: 'Record a payment received by hand: UPI, bank transfer or cash (staff; audited)',
      description: `Credited like an online payment: a ledger row, an audit entry, the receipt mailed to the traveller; when the advance is now in, a pending booking is confirmed (\`confirmed\`), or, if its vehicle is booked on those days, stays pending with \`paidButClashing\` (\`clash\`). ${BAD_AMOUNTS} \`receivedOn\` defaults to today (Asia/Kolkata) and may not be in the future. Nothing is written on a 400.`,
      security: adminSecurity,
      parameters: [idParameter],
      requestBody: jsonBody('ManualPaymentInput'),
      responses: {
        201: json('The ledger entry and what it did', {
          type: 'object',
          properties: {
            payment: ref('LedgerEntry'),
            booking: {
              type: 'object',
              properties: { id: { type: 'string', format: 'uuid' }, status: { type: 'string' }, paidButClashing: { type: ['string', 'null'] } },
            },
            confirmed: { type: 'boolean' },
            clash: { type: ['string', 'null'] },
            summary: ref('MoneySummary'),
          },
        }),
        400: errorResponse('Invalid or unknown field: `issues` name each (e.g. `amountPaise`)'),
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Booking not found'),
        409: errorResponse('The booking is rejected or cancelled'),
        413: errorResponse('Body larger than 64 KB'),
        415: errorResponse('The body is not JSON'),
      },
    },
  },
};

const line = {
  type: 'object',
  properties: { description: { type: 'string' }, quantity: { type: 'integer' }, unitPaise: paise('Price of one, in paise') },
};

/** Component schemas merged into /api/openapi.json. */
export const schemas: Record<string, JsonSchema> = {
  QuoteInput: {
    ...inputSchema(quoteApiSchema),
    description: 'A quote as staff save it: 1 to 20 lines, the advance (paise, 0 up to the total) and the balance due day',
  },
  ManualPaymentInput: { ...inputSchema(manualPaymentApiSchema), description: 'A payment received by hand' },
  Quote: {
    type: 'object',
    description: 'The current quote revision',
    properties: {
      revision: { type: 'integer' },
      lines: { type: 'array', items: line },
      totalPaise: paise('The sum of the lines'),
      advancePaise: paise('Due first; a pending booking is confirmed once it is paid'),
      balanceDueOn: date,
      createdAt: { type: 'string', format: 'date-time' },
    },
  },
  MoneySummary: {
    type: 'object',
    description: 'Where the money stands. paidPaise = receivedPaise − refundedPaise; due is what the traveller should pay next, or null',
    properties: {
      totalPaise: paise('The quote total (0 without a quote)'),
      advancePaise: paise('The quote advance'),
      balanceDueOn: nullable(date),
      receivedPaise: paise('Money received, less reversed payments'),
      refundedPaise: paise('Money returned'),
      paidPaise: paise('The ledger sum'),
      due: {
        type: ['object', 'null'],
        properties: { kind: { enum: [...PAYMENT_KINDS] }, amountPaise: { type: 'integer' }, dueOn: date },
      },
    },
  },
  LedgerEntry: {
    type: 'object',
    description: 'One row of the append-only ledger; a mistake is corrected by a reversal row naming it (reversesId)',
    properties: {
      id: { type: 'string', format: 'uuid' },
      entryType: { enum: [...LEDGER_ENTRY_TYPES] },
      amountPaise: paise('Signed: + received, − returned or reversed'),
      method: { enum: [...PAYMENT_METHODS] },
      reference: { type: 'string' },
      receivedOn: date,
      note: { type: 'string' },
      paymentRequestId: { type: ['string', 'null'], format: 'uuid' },
      refundId: { type: ['string', 'null'], format: 'uuid' },
      razorpayPaymentId: { type: ['string', 'null'] },
      reversesId: { type: ['string', 'null'], format: 'uuid' },
      recordedBy: { type: ['string', 'null'], format: 'uuid', description: 'The staff member; null when Razorpay reported it' },
      recordedByName: { type: ['string', 'null'] },
      createdAt: { type: 'string', format: 'date-time' },
    },
  },
  PaymentRequest: {
    type: 'object',
    description: 'A request for the advance or the balance, for a fixed amount',
    properties: {
      id: { type: 'string', format: 'uuid' },
      kind: { enum: [...PAYMENT_KINDS] },
      amountPaise: { type: 'integer' },
      dueOn: date,
      status: { enum: [...PAYMENT_REQUEST_STATUSES] },
      razorpayLinkUrl: { type: ['string', 'null'] },
      createdAt: { type: 'string', format: 'date-time' },
      paidAt: { type: ['string', 'null'], format: 'date-time' },
    },
  },
};
