/**
 * GET /api/openapi.json : the OpenAPI 3.1 description of the API (docs/decisions/009-rest-api.md):
 * the public catalogue reads and visitor submissions, staff sign-in / sign-out, and the admin writes
 * of packages, bikes and cars with their security schemes (Bearer token or the session cookie).
 * Request schemas are generated from the same zod schemas that validate (zod 4 `z.toJSONSchema`,
 * input side).
 */
import { z } from 'zod';
import { bikeWriteSchema } from '~/schemas/bike';
import { bookingInputSchema } from '~/schemas/booking';
import { carWriteSchema } from '~/schemas/car';
import { bikeQuerySchema, carQuerySchema, packageQuerySchema } from '~/schemas/catalog-query';
import { inquiryInputSchema } from '~/schemas/inquiry';
import { loginSchema } from '~/schemas/login';
import { packageWriteSchema } from '~/schemas/package';

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

/** Either credential of a staff session (docs/decisions/004-staff-authentication.md). */
const adminSecurity = [{ bearerAuth: [] }, { cookieAuth: [] }];

const unauthorized = errorResponse('No live staff session (missing, expired or unknown token)');
const crossSite = errorResponse('A cookie-authenticated change from another origin');

/** Drop the `required` lists zod derives from defaults (every blank field has a default) at every level. */
function withoutRequired(value: unknown): unknown {
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
function writeSchema(schema: z.ZodType, required: string[], description: string): JsonSchema {
  return { ...(withoutRequired(inputSchema(schema)) as JsonSchema), required, description };
}

/** The saved record: the write fields plus id and timestamps. */
function savedRecord(schema: z.ZodType, description: string): JsonSchema {
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

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };

const SPELLING =
  'Field names are accepted in camelCase or snake_case, also nested (e.g. `daily_rate`, `specifications.fuel_capacity`); camelCase wins when both are sent. The answer is camelCase.';

function jsonBody(ref: string) {
  return { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } };
}

function writeResponses(status: 200 | 201, item: string, description: string, withNotFound: boolean) {
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
function collectionPath(tag: string, schema: z.ZodObject, item: string, writeRef: string, noun: string) {
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
function recordPath(tag: string, item: string, writeRef: string, noun: string) {
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
      summary: `Delete a ${noun} (staff)`,
      description: `Bookings and inquiries that pointed to the ${noun} are kept, with its name.`,
      security: adminSecurity,
      parameters: [idParameter],
      responses: { 204: { description: 'Deleted' }, 401: unauthorized, 403: crossSite, 404: errorResponse(`${item} not found`) },
    },
  };
}

const authPaths = {
  '/api/auth/login': {
    post: {
      tags: ['auth'],
      summary: 'Sign in as staff and get a Bearer token',
      description: 'The token is a server-side session like the browser cookie (2 h idle, 7 days at most); failed sign-ins are throttled per username and per IP.',
      requestBody: jsonBody('LoginInput'),
      responses: {
        200: {
          description: 'Signed in',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['token', 'tokenType', 'expiresAt', 'user'],
                properties: {
                  token: { type: 'string' },
                  tokenType: { const: 'Bearer' },
                  expiresAt: { type: 'string', format: 'date-time' },
                  user: {
                    type: 'object',
                    properties: { id: { type: 'string', format: 'uuid' }, username: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
        400: errorResponse('Username or password missing'),
        401: errorResponse('Invalid username or password'),
        413: errorResponse('Body larger than 64 KB'),
        415: errorResponse('Unsupported content type'),
        429: { ...errorResponse('Too many failed sign-ins; try again after Retry-After seconds'), headers: { 'Retry-After': { schema: { type: 'integer' } } } },
      },
    },
  },
  '/api/auth/logout': {
    post: {
      tags: ['auth'],
      summary: 'Sign out: revoke the session of the Bearer token (or cookie)',
      security: adminSecurity,
      responses: { 204: { description: 'Signed out' }, 401: unauthorized, 403: crossSite },
    },
  },
};

/** POST /api/uploads: an image for a package, bike or car (docs/decisions/010-maps-video-images.md#uploads). */
const uploadPath = {
  post: {
    tags: ['uploads'],
    summary: 'Upload a JPEG, PNG or WebP image; it is re-encoded to WebP at 480, 960 and 1600 px wide',
    security: adminSecurity,
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: 'At most 10 MB and 40 megapixels' } } },
        },
      },
    },
    responses: {
      201: {
        description: 'The stored image: `url` is the widest variant; use `variants` for srcset',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['url', 'variants'],
              properties: {
                url: { type: 'string' },
                variants: { type: 'array', items: { type: 'object', required: ['src', 'width'], properties: { src: { type: 'string' }, width: { type: 'integer' } } } },
              },
            },
          },
        },
      },
      400: errorResponse('Not a JPEG, PNG or WebP image, a damaged one, one with extra data or markup, or over 40 megapixels'),
      401: unauthorized,
      403: crossSite,
      413: errorResponse('File larger than 10 MB'),
      415: errorResponse('The body is not multipart/form-data'),
    },
  },
};

/** The OpenAPI document (exported for tests). */
export function openApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Himalayan Tours & Travels API',
      version: '1.0.0',
      description:
        'Public catalogue and visitor submissions; staff sign-in and the catalogue writes (Bearer token from POST /api/auth/login, or the session cookie from a same-origin page). Errors are `{ error, issues }`.',
    },
    paths: {
      '/api/packages': collectionPath('packages', packageQuerySchema, 'TourPackage', 'PackageWrite', 'package'),
      '/api/packages/{id}': recordPath('packages', 'TourPackage', 'PackageWrite', 'package'),
      '/api/bikes': collectionPath('bikes', bikeQuerySchema, 'Bike', 'BikeWrite', 'bike'),
      '/api/bikes/{id}': recordPath('bikes', 'Bike', 'BikeWrite', 'bike'),
      '/api/cars': collectionPath('cars', carQuerySchema, 'Car', 'CarWrite', 'car'),
      '/api/cars/{id}': recordPath('cars', 'Car', 'CarWrite', 'car'),
      ...authPaths,
      '/api/uploads': uploadPath,
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
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The token from POST /api/auth/login' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'hx_session', description: 'The staff session cookie; changes must come from the site itself (Origin check)' },
      },
      schemas: {
        Error: errorSchema,
        InquiryInput: inputSchema(inquiryInputSchema),
        BookingInput: inputSchema(bookingInputSchema),
        LoginInput: inputSchema(loginSchema.omit({ redirectTo: true })),
        PackageWrite: writeSchema(packageWriteSchema, ['title', 'description'], 'A tour package as staff save it (create or full update)'),
        BikeWrite: writeSchema(bikeWriteSchema, ['model', 'dailyRate'], 'A bike as staff save it; dailyRate null means contact for price'),
        CarWrite: writeSchema(carWriteSchema, ['model', 'dailyRate'], 'A car as staff save it; dailyRate null means contact for price'),
        TourPackage: savedRecord(packageWriteSchema, 'A tour package'),
        Bike: savedRecord(bikeWriteSchema, 'A bike for rent'),
        Car: savedRecord(carWriteSchema, 'A car for rent'),
      },
    },
  };
}

let cached: ReturnType<typeof openApiDocument> | undefined;

export function loader() {
  cached ??= openApiDocument();
  return Response.json(cached, { headers: { 'Cache-Control': 'public, max-age=300' } });
}
