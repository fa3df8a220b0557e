/**
 * What staff send about bookings (docs/product.md#bookings-and-inquiries, docs/product.md#booking-status):
 * the list's query (search, status, type, sort, 'Due today', 'Assigned to me'; the page reads it
 * leniently, the API strictly), a status change, and the corrections the API accepts (PATCH / PUT
 * /api/bookings/:id). Client-safe: no server imports, so the list page's filter form can use the
 * same vocabularies.
 */
import { z } from 'zod';
import { isCalendarDate } from '~/lib/calendar-date';
import { BOOKING_STATUSES, BOOKING_TYPES, type BookingStatus } from '~/lib/constants';
import { searchTerm } from './catalog-query';
import { normalizeInputNames } from './input-names';
import { emailField, nameField, phoneField } from './submission-fields';

/** The booking state machine lives with the other vocabularies (docs/product.md#booking-status). */
export { BOOKING_TRANSITIONS } from '~/lib/constants';

/** Orders of the admin list and the export: by received date (newest / oldest) or by travel date. */
export const BOOKING_SORTS = ['newest', 'oldest', 'travel-soonest', 'travel-latest'] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];

/** The sort select's words. */
export const BOOKING_SORT_LABELS: Record<BookingSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'travel-soonest': 'Travel date, soonest first',
  'travel-latest': 'Travel date, latest first',
};

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** The list's filters as they appear in the URL (`?q=&status=&type=&sort=&due=today&assigned=me`). */
const filterShape = {
  q: searchTerm,
  status: z.enum(['all', ...BOOKING_STATUSES]).optional(),
  type: z.enum(['all', ...BOOKING_TYPES]).optional(),
  sort: z.enum(BOOKING_SORTS).optional(),
  /** 'today': a follow-up day today or earlier (Asia/Kolkata), the booking not rejected. */
  due: z.enum(['today']).optional(),
  /** 'me': assigned to the signed-in staff member; the API also takes a staff member's id. */
  assigned: z.union([z.literal('me'), z.uuid({ error: "Use 'me' or a staff member's id" })]).optional(),
};

/** The admin page's query (read leniently: a bad value means no filter). */
export const bookingListQuerySchema = z.object({ ...filterShape, assigned: z.literal('me').optional() });

/** The API's and the export's query: a bad value is a 400 naming the parameter. */
export const bookingApiQuerySchema = z.object(filterShape);

export type BookingFilterParams = z.infer<typeof bookingApiQuerySchema>;

/** A real calendar day 'YYYY-MM-DD' between 2000 and 2100 (staff may correct dates in the past). */
export const calendarDateField = z.string({ error: 'Enter a date as YYYY-MM-DD' }).trim().refine(isCalendarDate, 'Enter a real date as YYYY-MM-DD');

/** A status change from a page form or the API: the new status (one of the booking states). */
export const bookingStatusSchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: `status must be one of ${BOOKING_STATUSES.map((s) => `'${s}'`).join(', ')}` }),
});

/**
 * A partial update through the API: the status, the pipeline fields (follow-up day, assigned staff
 * member; null clears them) and corrections of the contact fields and dates. Every field is
 * optional; at least one must be sent. `endDate` null means a single day.
 */
const bookingPatchFields = z.object({
  status: bookingStatusSchema.shape.status.optional(),
  followUpOn: calendarDateField.nullable().optional(),
  assignedTo: z.uuid({ error: "assignedTo must be a staff member's id or null" }).nullable().optional(),
  // The shared contact fields are zod/mini schemas (app/schemas/submission-fields.ts).
  name: z.optional(nameField),
  email: z.optional(emailField),
  phone: z.optional(phoneField),
  startDate: calendarDateField.optional(),
  endDate: calendarDateField.nullable().optional(),
});

export const bookingPatchSchema = bookingPatchFields
  .refine((value) => Object.values(value).some((v) => v !== undefined), { message: 'Send at least one field to change', path: [] })
  .refine((value) => !(value.startDate && value.endDate && value.endDate < value.startDate), {
    message: 'The end date cannot be before the start date',
    path: ['endDate'],
  });

export type BookingPatch = z.infer<typeof bookingPatchSchema>;

/**
 * Fields of a booking as the API returns it that a client may send back unchanged (a GET record
 * round-tripped through PUT); they are read-only and ignored. Any other unknown field is refused
 * (400), so a misspelt field never looks like a successful change.
 */
export const BOOKING_READ_ONLY_FIELDS = [
  'id',
  'reference',
  'type',
  'packageId',
  'bikeId',
  'carId',
  'itemName',
  'adults',
  'children',
  'needHelmet',
  'needDriver',
  'message',
  // The traveller's own choice on the booking form: staff never change it.
  'publicityConsent',
  'confirmedAt',
  'inquiryId',
  // Set by the product: where the booking came from, and the money work (docs/decisions/046-payments.md).
  'source',
  'cancellationPolicy',
  'cancelledAt',
  'paidButClashing',
  'createdAt',
  'updatedAt',
] as const;

const WRITABLE = new Set(Object.keys(bookingPatchFields.shape));

/**
 * A PATCH / PUT body with snake_case names as camelCase and the read-only fields left out; also
 * returns the names that are neither (for a 400).
 */
export function normalizeBookingPatch(body: Record<string, unknown>): { input: Record<string, unknown>; unknown: string[] } {
  const camel = normalizeInputNames(body);
  const readOnly = new Set<string>(BOOKING_READ_ONLY_FIELDS);
  const input: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(camel)) {
    if (WRITABLE.has(key)) input[key] = value;
    else if (!readOnly.has(key)) unknown.push(key);
  }
  return { input, unknown };
}
