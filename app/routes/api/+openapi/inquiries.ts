/**
 * OpenAPI paths and schemas of the inquiries endpoints (docs/decisions/009-rest-api.md): the public
 * POST /api/inquiries (visitor submissions), and the staff list, detail, update, delete and CSV export.
 * Query parameters and the update body come from the zod schemas that validate them
 * (app/schemas/inquiry-admin.ts).
 */
import {
  adminSecurity,
  adminOnly,
  crossSite,
  errorResponse,
  idParameter,
  inputSchema,
  jsonBody,
  paging,
  submissionPath,
  unauthorized,
  type JsonSchema,
} from '~/lib/openapi';
import { INQUIRY_STATUSES, INQUIRY_TYPES } from '~/lib/constants';
import { inquiryUpdateSchema } from '~/schemas/inquiry-admin';

const TAG = 'inquiries';

const filterParameters = [
  {
    name: 'q',
    in: 'query',
    description:
      'Substring (any case) of name, e-mail, phone, subject, message, package / cab / bike name, pickup or drop-off; or the short reference (A1B2C3 or #A1B2C3)',
    schema: { type: 'string', maxLength: 100 },
  },
  { name: 'type', in: 'query', schema: { type: 'string', enum: [...INQUIRY_TYPES] } },
  { name: 'status', in: 'query', schema: { type: 'string', enum: [...INQUIRY_STATUSES] } },
  {
    name: 'due',
    in: 'query',
    description: "'today': follow-up day today or earlier (Asia/Kolkata) and still pending",
    schema: { type: 'string', enum: ['today'] },
  },
  {
    name: 'assigned',
    in: 'query',
    description: "'me' (the signed-in staff member) or a staff member's id",
    schema: { anyOf: [{ const: 'me' }, { type: 'string', format: 'uuid' }] },
  },
];

const inquiryRef = { $ref: '#/components/schemas/Inquiry' };
const inquiryJson = (description: string) => ({ description, content: { 'application/json': { schema: inquiryRef } } });
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

/** Paths merged into /api/openapi.json. */
export const paths: Record<string, unknown> = {
  '/api/inquiries': {
    ...submissionPath(TAG, 'Send an inquiry or a contact message', 'InquiryInput', 'The stored inquiry (status pending)'),
    get: {
      tags: [TAG],
      summary: 'List inquiries, newest first (staff)',
      security: adminSecurity,
      parameters: [...filterParameters, ...paging],
      responses: {
        200: {
          description: 'A bare JSON array of inquiries; the total is in X-Total-Count',
          headers: { 'X-Total-Count': { schema: { type: 'integer' } } },
          content: { 'application/json': { schema: { type: 'array', items: inquiryRef } } },
        },
        400: errorResponse('Invalid query parameters: `issues` name each'),
        401: unauthorized,
      },
    },
  },
  '/api/inquiries/export': {
    get: {
      tags: [TAG],
      summary: 'Download the inquiries matching the filters as CSV (staff)',
      description:
        'Streamed `text/csv` (UTF-8 with a byte-order mark), newest first, same filters as the list. Cells that begin with = + - @ are prefixed with a quote so spreadsheets never run them.',
      security: adminSecurity,
      parameters: filterParameters,
      responses: {
        200: {
          description: 'The CSV file (Content-Disposition: attachment; filename="inquiries-YYYY-MM-DD.csv")',
          content: { 'text/csv': { schema: { type: 'string' } } },
        },
        400: errorResponse('Invalid query parameters'),
        401: unauthorized,
      },
    },
  },
  '/api/inquiries/{id}': {
    get: {
      tags: [TAG],
      summary: 'One inquiry (staff)',
      security: adminSecurity,
      parameters: [idParameter],
      responses: { 200: inquiryJson('The inquiry'), 401: unauthorized, 404: errorResponse('Inquiry not found') },
    },
    put: {
      tags: [TAG],
      summary: 'Update an inquiry: status, follow-up day, assignee (staff)',
      description:
        'A partial update (same as PATCH). `status` follows the state machine: pending → completed or rejected, completed ↔ rejected, never back to pending; anything else (the same status included) is 409. Field names may be camelCase or snake_case.',
      security: adminSecurity,
      parameters: [idParameter],
      requestBody: jsonBody('InquiryUpdate'),
      responses: updateResponses(),
    },
    patch: {
      tags: [TAG],
      summary: 'Update an inquiry: status, follow-up day, assignee (staff)',
      description: 'Same as PUT.',
      security: adminSecurity,
      parameters: [idParameter],
      requestBody: jsonBody('InquiryUpdate'),
      responses: updateResponses(),
    },
    delete: {
      tags: [TAG],
      summary: 'Delete an inquiry and its notes (admin role)',
      description: 'A booking made from the inquiry stays.',
      security: adminSecurity,
      parameters: [idParameter],
      responses: { 204: { description: 'Deleted' }, 401: unauthorized, 403: adminOnly, 404: errorResponse('Inquiry not found') },
    },
  },
};

function updateResponses() {
  return {
    200: inquiryJson('The saved inquiry'),
    400: errorResponse('Invalid input (e.g. an unknown status, a bad date, an unknown staff member): `issues` name each field'),
    401: unauthorized,
    403: crossSite,
    404: errorResponse('Inquiry not found'),
    409: errorResponse('The status change is not allowed from the current status'),
    413: errorResponse('Body larger than 64 KB'),
    415: errorResponse('The body is not JSON'),
  };
}

const text = { type: 'string' };
const date = { type: 'string', format: 'date' };
const uuid = { type: 'string', format: 'uuid' };

/** Component schemas merged into /api/openapi.json. */
export const schemas: Record<string, JsonSchema> = {
  Inquiry: {
    type: 'object',
    description: 'An inquiry or contact message as staff see it; fields its type does not use are null',
    required: ['id', 'reference', 'type', 'name', 'email', 'message', 'status', 'createdAt', 'updatedAt'],
    properties: {
      id: uuid,
      reference: { type: 'string', description: 'Short reference: the last 6 characters of the id, upper-case' },
      type: { type: 'string', enum: [...INQUIRY_TYPES] },
      name: text,
      email: { type: 'string', format: 'email' },
      phone: nullable(text),
      subject: nullable(text),
      message: text,
      travelDate: nullable(date),
      packageId: nullable(uuid),
      packageTitle: nullable(text),
      guests: nullable(text),
      carId: nullable(uuid),
      carModel: nullable(text),
      pickupLocation: nullable(text),
      dropoffLocation: nullable(text),
      bikeId: nullable(uuid),
      bikeModel: nullable(text),
      rentalDuration: nullable(text),
      bikeCount: nullable({ type: 'integer', minimum: 1 }),
      status: { type: 'string', enum: [...INQUIRY_STATUSES] },
      assignedTo: nullable(uuid),
      followUpOn: nullable(date),
      bookingId: { ...nullable(uuid), description: 'The booking made from this inquiry (Convert to booking), if any' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
    },
  },
  InquiryUpdate: {
    ...inputSchema(inquiryUpdateSchema),
    description: 'Any of status, followUpOn (YYYY-MM-DD or null), assignedTo (a staff id or null); at least one',
  },
};
