/**
 * GET /api/openapi.json : the OpenAPI 3.1 description of the public API (D7), generated from the
 * same zod schemas that validate requests (zod 4 `z.toJSONSchema`, input side).
 */
import { z } from 'zod';
import { bookingInputSchema } from '~/schemas/booking';
import { bikeQuerySchema, carQuerySchema, packageQuerySchema } from '~/schemas/catalog-query';
import { inquiryInputSchema } from '~/schemas/inquiry';

type JsonSchema = Record<string, unknown>;

function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error', 'issues'],
  properties: {
    error: { type: 'string' },
    issues: {
      type: 'array',
      items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const paging = [
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
  { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
];

function queryParameters(schema: z.ZodObject) {
  const json = inputSchema(schema) as { properties?: Record<string, JsonSchema> };
  return [...Object.entries(json.properties ?? {}).map(([name, s]) => ({ name, in: 'query', schema: s })), ...paging];
}

function listPath(tag: string, schema: z.ZodObject, item: string) {
  return {
    get: {
      tags: [tag],
      summary: `List ${tag}`,
      parameters: queryParameters(schema),
      responses: {
        200: {
          description: `A bare JSON array of ${tag}; the total is in X-Total-Count`,
          headers: { 'X-Total-Count': { schema: { type: 'integer' } } },
          content: { 'application/json': { schema: { type: 'array', items: { $ref: `#/components/schemas/${item}` } } } },
        },
        400: errorResponse('Invalid query parameters'),
      },
    },
  };
}

function detailPath(tag: string, item: string) {
  return {
    get: {
      tags: [tag],
      summary: `One ${item}`,
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: {
        200: { description: item, content: { 'application/json': { schema: { $ref: `#/components/schemas/${item}` } } } },
        404: errorResponse(`${item} not found`),
      },
    },
  };
}

function submissionPath(tag: string, summary: string, requestRef: string, created: string, conflict?: string) {
  return {
    post: {
      tags: [tag],
      summary,
      description:
        'Field names are accepted in camelCase or snake_case; the response is camelCase. Refused cross-site (Origin check) and rate-limited per IP.',
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: { $ref: `#/components/schemas/${requestRef}` } },
          'application/x-www-form-urlencoded': { schema: { $ref: `#/components/schemas/${requestRef}` } },
        },
      },
      responses: {
        201: { description: created, content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, status: { const: 'pending' } } } } } },
        202: { description: 'Accepted without storing (a filled honeypot field)' },
        400: errorResponse('Invalid input: `issues` name each field'),
        403: errorResponse('Cross-site submission refused'),
        ...(conflict ? { 409: errorResponse(conflict) } : {}),
        413: errorResponse('Body larger than 64 KB'),
        415: errorResponse('Unsupported content type'),
        429: { ...errorResponse('Too many submissions from this address'), headers: { 'Retry-After': { schema: { type: 'integer' } } } },
      },
    },
  };
}

const record = (description: string): JsonSchema => ({ type: 'object', description, additionalProperties: true, properties: { id: { type: 'string', format: 'uuid' } } });

/** The OpenAPI document (exported for tests). */
export function openApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Himalayan Tours & Travels API',
      version: '1.0.0',
      description: 'Public catalogue and visitor submissions. Errors are `{ error, issues }`.',
    },
    paths: {
      '/api/packages': listPath('packages', packageQuerySchema, 'TourPackage'),
      '/api/packages/{id}': detailPath('packages', 'TourPackage'),
      '/api/bikes': listPath('bikes', bikeQuerySchema, 'Bike'),
      '/api/bikes/{id}': detailPath('bikes', 'Bike'),
      '/api/cars': listPath('cars', carQuerySchema, 'Car'),
      '/api/cars/{id}': detailPath('cars', 'Car'),
      '/api/inquiries': submissionPath('inquiries', 'Send an inquiry or a contact message', 'InquiryInput', 'The stored inquiry (status pending)'),
      '/api/bookings': submissionPath(
        'bookings',
        'Send a booking (package, bike or car; a Book Your Tour request is a package booking)',
        'BookingInput',
        'The stored booking (status pending)',
        'The bike or car is currently unavailable',
      ),
    },
    components: {
      schemas: {
        Error: errorSchema,
        InquiryInput: inputSchema(inquiryInputSchema),
        BookingInput: inputSchema(bookingInputSchema),
        TourPackage: record('A tour package (camelCase fields of spec section 3)'),
        Bike: record('A bike for rent'),
        Car: record('A car for rent'),
      },
    },
  };
}

let cached: ReturnType<typeof openApiDocument> | undefined;

export function loader() {
  cached ??= openApiDocument();
  return Response.json(cached, { headers: { 'Cache-Control': 'public, max-age=300' } });
}
