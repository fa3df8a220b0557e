/**
 * OpenAPI paths and schemas of /api/bookings (docs/decisions/009-rest-api.md): the public POST (and
 * staff's, with `source`), the staff list, export, read, change and delete. Query parameters and request bodies come from the zod
 * schemas that validate them (app/schemas/booking-admin.ts).
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
import { BOOKING_SOURCES, BOOKING_STATUSES, BOOKING_TYPES } from '~/lib/constants';
import { bookingApiQuerySchema, bookingPatchSchema, BOOKING_READ_ONLY_FIELDS } from '~/schemas/booking-admin';
import { staffBookingInputSchema } from '~/schemas/booking-staff';

const filterParameters = Object.entries((inputSchema(bookingApiQuerySchema) as { properties?: Record<string, JsonSchema> }).properties ?? {}).map(
  ([name, schema]) => ({ name, in: 'query', schema }),
);

const FILTERS =
  '`q` searches the customer name, e-mail, phone, item and short reference (last 6 characters of the id); `status`, `type` and `source` (website, phone, whatsapp, walk-in) filter (`all` = no filter); `sort` is newest / oldest (received) or travel-soonest / travel-latest (start date); `due=today` keeps bookings whose follow-up day is today or earlier in Asia/Kolkata and that are not rejected or cancelled; `balance=due` keeps bookings with money still to pay (the latest quote total above the sum of the ledger: payments less refunds), not rejected or cancelled; `assigned=me` (or a staff id) keeps the bookings assigned to that staff member.';

const bookingRef = { $ref: '#/components/schemas/Booking' };

const submission = submissionPath(
  'bookings',
  'Send a booking (package, bike or car; a Book Your Tour request is a package booking), or enter one as staff',
  'BookingInput',
  'The stored booking (status pending)',
  "The bike or car is currently unavailable (issue on `itemId`), or a visitor's dates overlap days it is already confirmed for (issue on `startDate`: 'This bike is already booked on 12–14 Jan. Please choose other dates.'; docs/decisions/048-trip-operations.md#availability-on-the-booking-forms)",
);

/** The POST's body: a visitor's booking, or a staff-entered one (with `source`). */
const submissionBody = { oneOf: [{ $ref: '#/components/schemas/BookingInput' }, { $ref: '#/components/schemas/StaffBookingInput' }] };

/** Paths merged into /api/openapi.json. */
export const paths: Record<string, unknown> = {
  '/api/bookings': {
    post: {
      ...submission.post,
      description:
        `${submission.post.description} ` +
        "A visitor's body may not name `source` (400). A signed-in staff member (Bearer token or session cookie) who sends `source` ('phone', 'whatsapp' or 'walk-in') enters a booking taken by hand: the same fields and rules, stored with that source, audited, the traveller acknowledged by e-mail and the office not notified; no submission rate limit. A staff call without `source` is handled like a visitor's.",
      security: [{}, ...adminSecurity],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: submissionBody }, 'application/x-www-form-urlencoded': { schema: submissionBody } },
      },
      responses: { ...submission.post.responses, 401: unauthorized },
    },
    get: {
      tags: ['bookings'],
      summary: 'List bookings (staff)',
      description: `${FILTERS} A bare JSON array, newest first by default; the total is in X-Total-Count.`,
      security: adminSecurity,
      parameters: [...filterParameters, ...paging],
      responses: {
        200: {
          description: 'A bare JSON array of bookings; the total is in X-Total-Count',
          headers: { 'X-Total-Count': { schema: { type: 'integer' } } },
          content: { 'application/json': { schema: { type: 'array', items: bookingRef } } },
        },
        400: errorResponse('Invalid query parameters'),
        401: unauthorized,
      },
    },
  },
  '/api/bookings/export': {
    get: {
      tags: ['bookings'],
      summary: 'Export bookings as CSV (staff)',
      description: `${FILTERS} Streamed as UTF-8 with a byte-order mark; cells starting with = + - @ are prefixed with a quote so spreadsheets never run them.`,
      security: adminSecurity,
      parameters: filterParameters,
      responses: {
        200: {
          description: 'bookings-YYYY-MM-DD.csv',
          content: { 'text/csv': { schema: { type: 'string' } } },
        },
        400: errorResponse('Invalid query parameters'),
        401: unauthorized,
      },
    },
  },
  '/api/bookings/{id}': {
    get: {
      tags: ['bookings'],
      summary: 'One booking (staff)',
      security: adminSecurity,
      parameters: [idParameter],
      responses: {
        200: { description: 'The booking', content: { 'application/json': { schema: bookingRef } } },
        401: unauthorized,
        404: errorResponse('Booking not found'),
      },
    },
    patch: {
      tags: ['bookings'],
      summary: 'Change a booking (staff): status, follow-up, assignment, contact fields, dates, item, travellers, helmet or driver, message',
      description:
        "Only the fields sent change. `status` follows the state machine: pending → confirmed, rejected or cancelled; confirmed → rejected or cancelled; rejected → confirmed; cancelled is final; never back to pending. Cancelling here is for a booking with nothing paid: once money was paid it is 409, and POST /api/bookings/{id}/refunds with `cancel: true` cancels it and decides the refund. Confirming a bike or car booking whose days overlap another confirmed booking of the same vehicle is refused with 409 naming the clash, and so is moving a confirmed one to such days or to such a vehicle. `itemId` is another item of the booking's type (a package or 'custom' for a package booking, a bike for a bike booking, a car for a car booking): an unknown one is 400 naming `itemId`, a vehicle marked unavailable 409. `adults` and `children` apply to package bookings, `needHelmet` to bike bookings, `needDriver` to car bookings; sent for another type they are 400 (null is no change). Field names may be camelCase or snake_case; read-only fields of the record are ignored, other unknown fields are refused.",
      security: adminSecurity,
      parameters: [idParameter],
      requestBody: jsonBody('BookingChange'),
      responses: {
        200: { description: 'The saved booking', content: { 'application/json': { schema: bookingRef } } },
        400: errorResponse('Invalid or unknown field: `issues` name each'),
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Booking not found'),
        409: errorResponse(
          'Illegal status transition, cancelling a booking with money paid, a vehicle marked unavailable, or the vehicle is already booked on overlapping days',
        ),
        413: errorResponse('Body larger than 64 KB'),
        415: errorResponse('The body is not JSON'),
      },
    },
    put: {
      tags: ['bookings'],
      summary: 'Change a booking (staff): the same as PATCH',
      description: 'Kept for clients of the original API, which updated a booking status with PUT. Only the fields sent change.',
      security: adminSecurity,
      parameters: [idParameter],
      requestBody: jsonBody('BookingChange'),
      responses: {
        200: { description: 'The saved booking', content: { 'application/json': { schema: bookingRef } } },
        400: errorResponse('Invalid or unknown field: `issues` name each'),
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Booking not found'),
        409: errorResponse(
          'Illegal status transition, cancelling a booking with money paid, a vehicle marked unavailable, or the vehicle is already booked on overlapping days',
        ),
      },
    },
    delete: {
      tags: ['bookings'],
      summary: 'Delete a booking and its notes (admin role; audited)',
      security: adminSecurity,
      parameters: [idParameter],
      responses: { 204: { description: 'Deleted' }, 401: unauthorized, 403: adminOnly, 404: errorResponse('Booking not found') },
    },
  },
};

const date = { type: 'string', format: 'date' };
const nullableDate = { type: ['string', 'null'], format: 'date' };
const nullableTime = { type: ['string', 'null'], format: 'date-time' };
const nullableId = { type: ['string', 'null'], format: 'uuid' };

/** Component schemas merged into /api/openapi.json. */
export const schemas: Record<string, JsonSchema> = {
  Booking: {
    type: 'object',
    description: 'A booking as stored (camelCase), with its short reference',
    properties: {
      id: { type: 'string', format: 'uuid' },
      reference: { type: 'string', description: 'Last 6 characters of the id, upper-case', examples: ['A1B2C3'] },
      type: { enum: [...BOOKING_TYPES] },
      packageId: nullableId,
      bikeId: nullableId,
      carId: nullableId,
      itemName: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      phone: { type: 'string' },
      startDate: date,
      endDate: nullableDate,
      adults: { type: ['integer', 'null'] },
      children: { type: ['integer', 'null'] },
      needHelmet: { type: ['boolean', 'null'] },
      needDriver: { type: ['boolean', 'null'] },
      message: { type: 'string' },
      status: { enum: [...BOOKING_STATUSES] },
      source: { enum: [...BOOKING_SOURCES], description: "Where it came from: 'website' (the public forms) or entered by staff" },
      confirmedAt: { ...nullableTime, description: 'When it last became confirmed; null unless confirmed' },
      cancellationPolicy: {
        type: ['object', 'null'],
        description: 'The cancellation policy it was sold under: unit (days or hours) and tiers (before, refundPercent); null for bookings older than payments',
      },
      cancelledAt: { ...nullableTime, description: 'When it was cancelled; null unless cancelled' },
      paidButClashing: { type: ['string', 'null'], description: 'The advance is in but the vehicle is booked on those days: the clash, for staff to decide' },
      travellerStateCode: {
        type: ['string', 'null'],
        description: "GST state code of the traveller's address, for the tax invoice's place of supply (PUT /api/bookings/{id}/invoice-details)",
      },
      travellerAddress: { type: 'string', description: 'The postal address printed on the tax invoice' },
      travellerGstin: { type: 'string', description: "The traveller's GSTIN when a registered business, else ''" },
      assignedTo: nullableId,
      followUpOn: nullableDate,
      inquiryId: { ...nullableId, description: 'The inquiry it was converted from' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
    },
  },
  StaffBookingInput: {
    ...inputSchema(staffBookingInputSchema),
    description:
      'A booking staff enter by hand (staff session only): the fields of BookingInput (a package booking as Book Your Tour: adults default 1) plus `source`.',
  },
  BookingChange: {
    ...inputSchema(bookingPatchSchema),
    description: `At least one field. Read-only fields of the record (${BOOKING_READ_ONLY_FIELDS.join(', ')}) are ignored.`,
  },
};
