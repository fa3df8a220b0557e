/**
 * GET /api/openapi.json : the OpenAPI 3.1 description of the API (docs/decisions/009-rest-api.md):
 * the public catalogue reads and visitor submissions, staff sign-in / sign-out, and the admin writes
 * of packages, bikes and cars with their security schemes (Bearer token or the session cookie).
 * Request schemas are generated from the same zod schemas that validate (zod 4 `z.toJSONSchema`,
 * input side).
 */
import { bikeWriteSchema } from '~/schemas/bike';
import { bookingInputSchema } from '~/schemas/booking';
import { carWriteSchema } from '~/schemas/car';
import { bikeQuerySchema, carQuerySchema, packageQuerySchema } from '~/schemas/catalog-query';
import { inquiryInputSchema } from '~/schemas/inquiry';
import { loginSchema } from '~/schemas/login';
import {
  inputSchema,
  errorSchema,
  errorResponse,
  adminSecurity,
  unauthorized,
  crossSite,
  writeSchema,
  savedRecord,
  jsonBody,
  collectionPath,
  recordPath,
} from '~/lib/openapi';
import * as bookingsApi from './+openapi/bookings';
import * as documentsApi from './+openapi/documents';
import * as inquiriesApi from './+openapi/inquiries';
import * as paymentsApi from './+openapi/payments';
import * as travellersApi from './+openapi/travellers';
import * as refundsApi from './+openapi/refunds';
import * as settingsApi from './+openapi/settings';
import * as webhooksApi from './+openapi/webhooks';
import { packageWriteSchema } from '~/schemas/package';

const authPaths = {
  '/api/auth/login': {
    post: {
      tags: ['auth'],
      summary: 'Sign in as staff and get a Bearer token',
      description:
        'The token is a server-side session like the browser cookie (2 h idle, 7 days at most); failed sign-ins are throttled per username and IP, per IP and per username (429 with Retry-After). ' +
        'A user with two-factor sign-in on also sends `code`: the 6-digit code of the authenticator app (TOTP, 30-second steps, each code once) or an unused recovery code (each once). ' +
        "Without it the answer is 401 'Two-factor code required' with an issue on `code`; a wrong or reused code is 401 'Invalid two-factor code' and counts towards the throttle.",
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
        401: errorResponse(
          "'Invalid username or password' (also for a disabled account); for a two-factor user 'Two-factor code required' (no `code`) or 'Invalid two-factor code', with an issue on `code`",
        ),
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
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', format: 'binary', description: 'At most 10 MB and 40 megapixels' } },
          },
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
                variants: {
                  type: 'array',
                  items: { type: 'object', required: ['src', 'width'], properties: { src: { type: 'string' }, width: { type: 'integer' } } },
                },
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
      ...bookingsApi.paths,
      ...paymentsApi.paths,
      ...travellersApi.paths,
      ...refundsApi.paths,
      ...documentsApi.paths,
      ...inquiriesApi.paths,
      ...settingsApi.paths,
      ...webhooksApi.paths,
    },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The token from POST /api/auth/login' },
        cookieAuth: {
          type: 'apiKey',
          in: 'cookie',
          name: 'hx_session',
          description: 'The staff session cookie; changes must come from the site itself (Origin check)',
        },
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
        ...bookingsApi.schemas,
        ...paymentsApi.schemas,
        ...travellersApi.schemas,
        ...refundsApi.schemas,
        ...documentsApi.schemas,
        ...inquiriesApi.schemas,
        ...settingsApi.schemas,
      },
    },
  };
}

let cached: ReturnType<typeof openApiDocument> | undefined;

export function loader() {
  cached ??= openApiDocument();
  return Response.json(cached, { headers: { 'Cache-Control': 'public, max-age=300' } });
}
