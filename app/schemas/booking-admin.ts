/**
 * What staff send about bookings (docs/product.md#bookings-and-inquiries, docs/product.md#booking-status):
 * the list's query (search, status, type, source, sort, 'Due today', 'Balance due', 'Assigned to me'; the page reads it
 * leniently, the API strictly), a status change, and the corrections the API accepts (PATCH / PUT
 * /api/bookings/:id). Client-safe: no server imports, so the list page's filter form can use the
 * same vocabularies.
 */
import { z } from 'zod';
import { isCalendarDate } from '~/lib/calendar-date';
import { BOOKING_SOURCES, BOOKING_STATUSES, BOOKING_TYPES, type BookingStatus } from '~/lib/constants';
import { searchTerm } from './catalog-query';
import { normalizeInputNames } from './input-names';
import { CUSTOM_TOUR } from './submission-limits';
import { booleanField, emailField, integerField, messageField, nameField, phoneField } from './submission-fields';

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

/** The list's filters as they appear in the URL (`?q=&status=&type=&source=&sort=&due=today&balance=due&assigned=me`). */
const filterShape = {
  q: searchTerm,
  status: z.enum(['all', ...BOOKING_STATUSES]).optional(),
  type: z.enum(['all', ...BOOKING_TYPES]).optional(),
  /** Where the booking came from: the website, or entered by staff (phone, whatsapp, walk-in). */
  source: z.enum(['all', ...BOOKING_SOURCES]).optional(),
  sort: z.enum(BOOKING_SORTS).optional(),
  /** 'today': a follow-up day today or earlier (Asia/Kolkata), the booking not rejected. */
  due: z.enum(['today']).optional(),
  /**
   * 'due': money still to pay: the latest quote's total exceeds the ledger's sum, the booking not
   * rejected or cancelled (docs/decisions/046-payments.md#the-ledger).
   */
  balance: z.enum(['due'], { error: "Use 'due'" }).optional(),
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

/** What `itemId` of a booking change must be: a record id, or 'custom' (a package booking's custom tour). */
export const ITEM_ID_MESSAGE = "itemId must be the id of a package, bike or car of the booking's type, or 'custom' for a custom tour";

/** A booking change's `itemId`: a package, bike or car id (lower-cased), or 'custom'. */
export const itemIdField = z
  .string({ error: ITEM_ID_MESSAGE })
  .trim()
  .toLowerCase()
  .refine((v) => v === CUSTOM_TOUR || z.uuid().safeParse(v).success, ITEM_ID_MESSAGE);

/**
 * A partial update through the API: the status, the pipeline fields (follow-up day, assigned staff
 * member; null clears them), corrections of the contact fields and dates, and what was booked
 * (docs/product.md#bookings-and-inquiries): `itemId` (another item of the booking's type), `adults`
 * and `children` (packages), `needHelmet` (bikes), `needDriver` (cars) and `message`. Every field is
 * optional; at least one must be sent. `endDate` null means a single day. Whether a field fits the
 * booking's type is the model's check (app/models/booking.server.ts).
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
  itemId: itemIdField.optional(),
  // null (a GET record of another type sent back) is no change, like a missing field.
  adults: z.preprocess((v) => (v === null ? undefined : v), z.optional(integerField({ min: 1, max: 50, message: 'At least 1 adult' }))),
  children: z.preprocess((v) => (v === null ? undefined : v), z.optional(integerField({ min: 0, max: 50, message: 'Children cannot be negative' }))),
  needHelmet: z.preprocess((v) => (v === null ? undefined : v), z.boolean({ error: 'needHelmet must be true or false' }).optional()),
  needDriver: z.preprocess((v) => (v === null ? undefined : v), z.boolean({ error: 'needDriver must be true or false' }).optional()),
  message: z.optional(messageField),
});

export const bookingPatchSchema = bookingPatchFields
  .refine((value) => Object.values(value).some((v) => v !== undefined), { message: 'Send at least one field to change', path: [] })
  .refine((value) => !(value.startDate && value.endDate && value.endDate < value.startDate), {
    message: 'The end date cannot be before the start date',
    path: ['endDate'],
  });

export type BookingPatch = z.infer<typeof bookingPatchSchema>;

/**
 * The edit form of /admin/bookings/:id/edit (form strings): the item, the contact fields, the dates
 * (staff may correct them to past days; an empty end date is a single day), adults and children,
 * helmet and driver (a hidden 'false' before each checkbox), the message. Fields the booking's type
 * does not show are absent and stay unchanged.
 */
export const bookingEditFormSchema = z
  .object({
    // Empty (the booked item was deleted from the catalogue and none chosen since): unchanged.
    itemId: z.preprocess((v) => (v === '' ? undefined : v), itemIdField.optional()),
    name: nameField,
    email: emailField,
    phone: phoneField,
    startDate: z.preprocess((v) => (v === '' ? undefined : v), calendarDateField),
    endDate: z.preprocess((v) => (v === '' ? null : v), calendarDateField.nullable().optional()),
    // Empty (or not shown for the type): unchanged.
    adults: z.preprocess((v) => (v === '' ? undefined : v), z.optional(integerField({ min: 1, max: 50, message: 'At least 1 adult' }))),
    children: z.preprocess((v) => (v === '' ? undefined : v), z.optional(integerField({ min: 0, max: 50, message: 'Children cannot be negative' }))),
    needHelmet: z.optional(booleanField(false)),
    needDriver: z.optional(booleanField(false)),
    message: messageField,
    // The WhatsApp click it came from, by code; empty unlinks (docs/decisions/049-whatsapp-leads.md).
    whatsappRef: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().trim().max(40, 'A WhatsApp reference looks like WA-7K3MQ.')),
  })
  .refine((value) => !(value.endDate && value.endDate < value.startDate), { message: 'The end date cannot be before the start date', path: ['endDate'] });

export type BookingEditForm = z.infer<typeof bookingEditFormSchema>;

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
  // The traveller's own choice on the booking form: staff never change it.
  'publicityConsent',
  'confirmedAt',
  'inquiryId',
  // Linked by its code when the booking is entered (docs/decisions/049-whatsapp-leads.md).
  'whatsappLeadId',
  // Set when the booking is made (where it came from) and by the money work (docs/decisions/046-payments.md).
  'source',
  'cancellationPolicy',
  'cancelledAt',
  'paidButClashing',
  // The traveller's invoice details: changed only through saveInvoiceDetails (the money panel, the
  // traveller's page, PUT /api/bookings/:id/invoice-details), which checks them together
  // (docs/decisions/047-invoices-gst.md#invoice-details).
  'travellerStateCode',
  'travellerAddress',
  'travellerGstin',
  // The permit: changed only through the Permit panel (`setPermitStatus`) and the reminders
  // (docs/decisions/050-permits-and-manifests.md#the-status).
  'permitStatus',
  'permitNumber',
  'permitScanKey',
  'permitDeadlineReminderAt',
  'permitFinalReminderAt',
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
