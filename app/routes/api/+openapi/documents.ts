/**
 * OpenAPI paths and schemas of the GST documents (docs/decisions/047-invoices-gst.md,
 * docs/decisions/009-rest-api.md): GET /api/documents, /api/documents/{id} and its PDF (admin role:
 * the `accounts` permission), and issuing on a booking, POST /api/bookings/{id}/invoice and
 * /credit-notes and PUT /api/bookings/{id}/invoice-details (staff and admin, like the rest of a
 * booking's money). The query and request bodies come from the zod schemas that validate them
 * (app/schemas/tax-document-query.ts, app/schemas/invoice.ts). Amounts are integer paise.
 */
import { DOCUMENT_KINDS } from '~/lib/gst/document-number';
import {
  adminSecurity,
  crossSite,
  errorResponse,
  idParameter,
  inputSchema,
  jsonBody,
  queryParameters,
  unauthorized,
  withoutRequired,
  type JsonSchema,
} from '~/lib/openapi';
import { creditNoteApiSchema, invoiceDetailsSchema } from '~/schemas/invoice';
import { taxDocumentQuerySchema } from '~/schemas/tax-document-query';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (description: string, schema: JsonSchema) => ({ description, content: { 'application/json': { schema } } });
const paise = (description: string) => ({ type: 'integer', minimum: 0, description: `${description} (integer paise, ₹1 = 100)` });
const nullableUuid = (description: string) => ({ type: ['string', 'null'], format: 'uuid', description });
const staffRole = errorResponse('A user with the staff role (admin role only)');
const notFound = (what: string) => errorResponse(`${what} not found`);
const BODY_ERRORS = { 413: errorResponse('Body larger than 64 KB'), 415: errorResponse('The body is not JSON') };

/** Paths merged into /api/openapi.json. */
export const paths: Record<string, unknown> = {
  '/api/documents': {
    get: {
      tags: ['documents'],
      summary: 'Every issued receipt, tax invoice and credit note, newest first (admin role)',
      description:
        "A bare array with the number matching in X-Total-Count, paged with limit and offset. `month` is a month of India's calendar (Asia/Kolkata): a document issued at 23:59 IST on the last day is that month's. An empty parameter is no filter; a bad one is 400 naming it.",
      security: adminSecurity,
      parameters: queryParameters(taxDocumentQuerySchema),
      responses: {
        200: {
          description: 'The documents, newest first; the total is in X-Total-Count',
          headers: { 'X-Total-Count': { schema: { type: 'integer' } } },
          content: { 'application/json': { schema: { type: 'array', items: ref('TaxDocumentListItem') } } },
        },
        400: errorResponse('Invalid query parameters: `issues` name each (`month`, `kind`, `bookingId`, `limit`, ...)'),
        401: unauthorized,
        403: staffRole,
      },
    },
  },
  '/api/documents/{id}': {
    get: {
      tags: ['documents'],
      summary: 'One issued document with its snapshot (admin role)',
      security: adminSecurity,
      parameters: [idParameter],
      responses: {
        200: json('The document', ref('TaxDocument')),
        401: unauthorized,
        403: staffRole,
        404: notFound('Document'),
      },
    },
  },
  '/api/documents/{id}/pdf': {
    get: {
      tags: ['documents'],
      summary: "The document's PDF, as a download (admin role)",
      description:
        'Drawn from the snapshot frozen at issue, so the same document always gives the same bytes. Sent with `Content-Disposition: attachment` named after the number (`INV-26-27-0001.pdf`) and `Cache-Control: private, no-store`.',
      security: adminSecurity,
      parameters: [idParameter],
      responses: {
        200: {
          description: 'The PDF (A4)',
          headers: {
            'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="INV-26-27-0001.pdf"' },
            'Cache-Control': { schema: { const: 'private, no-store' } },
          },
          content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        },
        401: unauthorized,
        403: staffRole,
        404: notFound('Document'),
      },
    },
  },
  '/api/bookings/{id}/invoice': {
    post: {
      tags: ['bookings'],
      summary: "Issue the booking's tax invoice now (staff; audited)",
      description:
        "For the booking's quote, once it is paid in full: the quote's lines at the SAC and rate of the booking's item kind from the tax settings, the place of supply from the traveller's invoice details, the next number of the invoice series. No body is needed. Refused with 409 and the reason when the business has no GSTIN in the tax settings, the booking is rejected or cancelled, it already has a current invoice (credit all of it first to replace it), it has no quote or the quote is not paid in full.",
      security: adminSecurity,
      parameters: [idParameter],
      responses: {
        201: json('The invoice issued', ref('TaxDocument')),
        401: unauthorized,
        403: crossSite,
        404: notFound('Booking'),
        409: errorResponse('The invoice cannot be issued now: `error` says why (issue path `invoice`)'),
      },
    },
  },
  '/api/bookings/{id}/credit-notes': {
    post: {
      tags: ['bookings'],
      summary: "Issue a credit note against the booking's current tax invoice (staff; audited)",
      description:
        "`amountPaise` is tax included, at most what is left of the invoice after its earlier credit notes; the tax is taken off at the invoice's rate and place of supply. `amount_paise` is accepted too. Nothing is written on a 400.",
      security: adminSecurity,
      parameters: [idParameter],
      requestBody: jsonBody('CreditNoteInput'),
      responses: {
        201: json('The credit note issued', ref('TaxDocument')),
        400: errorResponse('Invalid or unknown field: `issues` name each (`amountPaise` also when above what is left of the invoice, `reason`)'),
        401: unauthorized,
        403: crossSite,
        404: notFound('Booking'),
        409: errorResponse('The booking has no tax invoice to credit'),
        ...BODY_ERRORS,
      },
    },
  },
  '/api/bookings/{id}/invoice-details': {
    put: {
      tags: ['bookings'],
      summary: "Save the traveller's details for the tax invoice (staff; audited)",
      description:
        'Replaces the three fields; one left out is saved blank. `stateCode` decides the place of supply unless a GSTIN is given, whose state then decides it (and must be `stateCode` when both are given). Documents already issued keep what they were issued with. snake_case accepted (`state_code`). Nothing is written on a 400.',
      security: adminSecurity,
      parameters: [idParameter],
      requestBody: jsonBody('InvoiceDetails'),
      responses: {
        200: json('The saved details', {
          type: 'object',
          required: ['bookingId', 'stateCode', 'address', 'gstin'],
          properties: { bookingId: { type: 'string', format: 'uuid' }, stateCode: { type: 'string' }, address: { type: 'string' }, gstin: { type: 'string' } },
        }),
        400: errorResponse('Invalid or unknown field: `issues` name each (`stateCode`, `address`, `gstin`)'),
        401: unauthorized,
        403: crossSite,
        404: notFound('Booking'),
        ...BODY_ERRORS,
      },
    },
  },
};

const listItem: JsonSchema = {
  type: 'object',
  description: 'An issued receipt, tax invoice or credit note; documents are never changed (a mistake is corrected by a credit note)',
  required: ['id', 'kind', 'number', 'financialYear', 'sequence', 'bookingId', 'issuedAt', 'totalPaise', 'recipientName', 'pdfUrl'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    kind: { enum: [...DOCUMENT_KINDS] },
    number: { type: 'string', maxLength: 16, description: 'As printed: PREFIX/YY-YY/NNNN, e.g. INV/26-27/0001' },
    financialYear: { type: 'integer', description: 'The year the financial year starts in (2026 for 26-27)' },
    sequence: { type: 'integer', minimum: 1, description: 'Its place in the series of its kind and financial year' },
    bookingId: { type: 'string', format: 'uuid' },
    paymentId: nullableUuid('The ledger payment a receipt is for (receipts only)'),
    invoiceId: nullableUuid('The invoice a credit note corrects (credit notes only)'),
    issuedAt: { type: 'string', format: 'date-time' },
    taxablePaise: paise('Taxable value (a receipt: the amount)'),
    cgstPaise: paise('CGST'),
    sgstPaise: paise('SGST or UTGST'),
    igstPaise: paise('IGST'),
    totalPaise: paise('Taxable value plus the taxes'),
    placeOfSupplyCode: { type: ['string', 'null'], description: 'GST state code of the place of supply (null on a receipt)' },
    rateBasisPoints: { type: ['integer', 'null'], description: 'GST rate, 5 % = 500 (null on a receipt)' },
    recipientName: { type: 'string' },
    issuedBy: nullableUuid('The staff member; null when issued on its own (a payment online, the invoicing timer)'),
    pdfUrl: { type: 'string', description: '/api/documents/{id}/pdf' },
  },
};

/** Component schemas merged into /api/openapi.json. */
export const schemas: Record<string, JsonSchema> = {
  TaxDocumentListItem: listItem,
  TaxDocument: {
    ...listItem,
    required: [...(listItem.required as string[]), 'snapshot'],
    properties: {
      ...(listItem.properties as Record<string, JsonSchema>),
      snapshot: {
        type: 'object',
        description:
          'What the PDF shows, frozen at issue: kind, title, number, date, issuedAt, supplier, recipient, placeOfSupply, reverseCharge, originalInvoice (a credit note), bookingReference, lines, totals (printed figures), amountInWords, notes, signature',
        required: ['kind', 'number', 'issuedAt'],
        additionalProperties: true,
      },
    },
  },
  CreditNoteInput: {
    ...inputSchema(creditNoteApiSchema),
    additionalProperties: false,
    description: 'A credit note staff issue; unknown fields are refused (400)',
  },
  InvoiceDetails: {
    ...(withoutRequired(inputSchema(invoiceDetailsSchema)) as JsonSchema),
    additionalProperties: false,
    description: "The traveller's details for the tax invoice; unknown fields are refused (400)",
  },
};
