/**
 * Building blocks of the OpenAPI document (docs/decisions/009-rest-api.md), shared by
 * app/routes/api/openapi.ts and the per-area path modules in app/routes/api/+openapi/: request
 * schemas generated from the zod schemas that validate, the error shape, paging, the staff security
 * schemes and the usual responses.
 */
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

export function inputSchema(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

export const errorSchema: JsonSchema = {
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

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export const paging = [
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
  { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
];

export function queryParameters(schema: z.ZodObject) {
  const json = inputSchema(schema) as { properties?: Record<string, JsonSchema> };
  return [...Object.entries(json.properties ?? {}).map(([name, s]) => ({ name, in: 'query', schema: s })), ...paging];
}

export function listPath(tag: string, schema: z.ZodObject, item: string) {
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

export function detailPath(tag: string, item: string) {
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

/**
 * The optional `Idempotency-Key` header of the public submission POSTs
 * (docs/decisions/009-rest-api.md#idempotency-key).
 */
export const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Any 1-255 visible ASCII characters (a UUID is a good key), new for each submission and the same on each retry of it. ' +
    'A retry of a stored submission with the same key and body answers the first answer again (same status and body, header `Idempotent-Replayed: true`) and stores nothing; ' +
    'the same key with a different body answers 422. Keys are remembered for 24 hours.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
};

export function submissionPath(tag: string, summary: string, requestRef: string, created: string, conflict?: string) {
  return {
    post: {
      tags: [tag],
      summary,
      description:
        'Field names are accepted in camelCase or snake_case; the response is camelCase. Refused cross-site (Origin check) and rate-limited per IP. ' +
        'Send an `Idempotency-Key` header to make retries safe.',
      parameters: [idempotencyKeyParameter],
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: { $ref: `#/components/schemas/${requestRef}` } },
          'application/x-www-form-urlencoded': { schema: { $ref: `#/components/schemas/${requestRef}` } },
        },
      },
      responses: {
        201: {
          description: `${created}; a replay of an Idempotency-Key carries the header Idempotent-Replayed: true`,
          headers: {
            'Idempotent-Replayed': {
              description: "'true' when this is the stored answer to an earlier request with the same Idempotency-Key",
              schema: { const: 'true' },
            },
          },
          content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, status: { const: 'pending' } } } } },
        },
        202: { description: 'Accepted without storing (a filled honeypot field)' },
        400: errorResponse('Invalid input, or a malformed Idempotency-Key: `issues` name each field'),
        403: errorResponse('Cross-site submission refused'),
        ...(conflict ? { 409: errorResponse(conflict) } : {}),
        413: errorResponse('Body larger than 64 KB'),
        415: errorResponse('Unsupported content type'),
        422: errorResponse('The Idempotency-Key was already used with a different body'),
        429: { ...errorResponse('Too many submissions from this address'), headers: { 'Retry-After': { schema: { type: 'integer' } } } },
      },
    },
  };
}

/** Either credential of a staff session (docs/decisions/004-staff-authentication.md). */
export const adminSecurity = [{ bearerAuth: [] }, { cookieAuth: [] }];

export const unauthorized = errorResponse('No live staff session (missing, expired or unknown token)');
export const crossSite = errorResponse('A cookie-authenticated change from another origin');
/** 403 of an admin-only operation (docs/decisions/045-security-round-two.md, section 9). */
export const adminOnly = errorResponse('A cookie-authenticated change from another origin, or a user with the staff role (admin role only)');

/** Drop the `required` lists zod derives from defaults (every blank field has a default) at every level. */
export function withoutRequired(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRequired);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as JsonSchema)
        .filter(([key, v]) => !(key === 'required' && Array.isArray(v)))
        .map(([key, v]) => [key, withoutRequired(v)]),
    );
  }
  return value;
}

/**
 * The request body of an admin write: the write schema's input side, with only the truly required
 * fields marked required. camelCase names are shown; snake_case names are accepted too.
 */
export function writeSchema(schema: z.ZodType, required: string[], description: string): JsonSchema {
  return { ...(withoutRequired(inputSchema(schema)) as JsonSchema), required, description };
}

/** The saved record: the write fields plus id and timestamps. */
export function savedRecord(schema: z.ZodType, description: string): JsonSchema {
  const input = withoutRequired(inputSchema(schema)) as { properties?: Record<string, JsonSchema> };
  return {
    type: 'object',
    description,
    properties: {
      id: { type: 'string', format: 'uuid' },
      ...input.properties,
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
    },
  };
}

export const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };

export const SPELLING =
  'Field names are accepted in camelCase or snake_case, also nested (e.g. `daily_rate`, `specifications.fuel_capacity`); camelCase wins when both are sent. The answer is camelCase.';

export function jsonBody(ref: string) {
  return { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } };
}

export function writeResponses(status: 200 | 201, item: string, description: string, withNotFound: boolean) {
  return {
    [status]: { description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${item}` } } } },
    400: errorResponse('Invalid input: `issues` name each wrong field'),
    401: unauthorized,
    403: crossSite,
    ...(withNotFound ? { 404: errorResponse(`${item} not found`) } : {}),
    413: errorResponse('Body larger than 64 KB'),
    415: errorResponse('The body is not JSON'),
  };
}

/** GET (public list) + POST (admin create) of a catalogue collection. */
export function collectionPath(tag: string, schema: z.ZodObject, item: string, writeRef: string, noun: string) {
  return {
    ...listPath(tag, schema, item),
    post: {
      tags: [tag],
      summary: `Create a ${noun} (staff)`,
      description: SPELLING,
      security: adminSecurity,
      requestBody: jsonBody(writeRef),
      responses: writeResponses(201, item, `The saved ${noun}`, false),
    },
  };
}

/** GET (public detail) + PUT / DELETE (admin) of one catalogue record. */
export function recordPath(tag: string, item: string, writeRef: string, noun: string) {
  return {
    ...detailPath(tag, item),
    put: {
      tags: [tag],
      summary: `Replace a ${noun}'s fields (staff)`,
      description: `A full update: fields left out take their defaults. ${SPELLING}`,
      security: adminSecurity,
      parameters: [idParameter],
      requestBody: jsonBody(writeRef),
      responses: writeResponses(200, item, `The saved ${noun}`, true),
    },
    delete: {
      tags: [tag],
      summary: `Delete a ${noun} (admin role)`,
      description: `Bookings and inquiries that pointed to the ${noun} are kept, with its name.`,
      security: adminSecurity,
      parameters: [idParameter],
      responses: { 204: { description: 'Deleted' }, 401: unauthorized, 403: adminOnly, 404: errorResponse(`${item} not found`) },
    },
  };
}
