/**
 * The staff side of inquiries (docs/product.md#bookings-and-inquiries, #inquiry-status): the list's
 * filters (page, API and CSV export share them), the status change and the partial update of the API,
 * the page action's intents, and the readable labels of types and statuses. Shared by the admin page,
 * the API routes and the OpenAPI document; no server-only code here.
 */
import { z } from 'zod';
import { INQUIRY_STATUSES, INQUIRY_TYPES, type InquiryStatus, type InquiryType } from '~/lib/constants';
import { FOLLOW_UP_EARLIEST, FOLLOW_UP_MAX_YEARS_AHEAD } from '~/lib/admin/follow-up';
import { todayInIndia } from '~/lib/format';
import { isCalendarDate } from '~/lib/calendar-date';
import { searchTerm } from './catalog-query';
import { normalizeInputNames } from './input-names';
import { addYears, idField } from './submission-fields';

/** How a type reads in the admin (filter, table, dialog, CSV). */
export const INQUIRY_TYPE_LABELS: Record<InquiryType, string> = {
  packages: 'Tour package',
  cabs: 'Cab',
  rentals: 'Bike rental',
  contact: 'Contact form',
};

/** How a status reads in the admin. */
export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  rejected: 'Rejected',
};

/** The words of the 'Reply via Email' subject: 'Re: your cab inquiry #A1B2C3'. */
const REPLY_NOUNS: Record<InquiryType, string> = {
  packages: 'tour package inquiry',
  cabs: 'cab inquiry',
  rentals: 'bike rental inquiry',
  contact: 'message',
};

/**
 * The subject of the reply to an inquiry, naming it: 'Re: your cab inquiry #A1B2C3'; a contact
 * message adds its own subject: 'Re: your message “Visa help” #A1B2C3'.
 */
export function replySubject(inquiry: { type: InquiryType; subject?: string | null }, reference: string): string {
  const subject = inquiry.type === 'contact' && inquiry.subject?.trim() ? ` “${inquiry.subject.trim()}”` : '';
  return `Re: your ${REPLY_NOUNS[inquiry.type]}${subject} #${reference}`;
}

/** `due`: 'today' (also '1' / 'true') turns the filter on; '0' / 'false' / '' or absent leaves it off. */
const dueFlag = z
  .enum(['today', '1', 'true', '0', 'false', ''], { error: "Use 'today' (or leave it out)" })
  .optional()
  .transform((v) => v === 'today' || v === '1' || v === 'true');

/**
 * Filters of the inquiry list (page, GET /api/inquiries and GET /api/inquiries/export):
 * - `q`: substring, any case, of name, e-mail, phone, subject, message, package / cab / bike name, or
 *   the short reference ('A1B2C3' or '#A1B2C3');
 * - `type`, `status`: one of the vocabularies (absent = all);
 * - `due=today`: follow-up date today or earlier (Asia/Kolkata) and still pending;
 * - `assigned`: 'me' (the signed-in staff member) or a staff member's id.
 * The same names as the bookings list (app/schemas/booking-admin.ts), so both read alike.
 */
export const inquiryFilterSchema = z.object({
  q: searchTerm,
  type: z.enum(INQUIRY_TYPES, { error: `type must be one of ${INQUIRY_TYPES.join(', ')}` }).optional(),
  status: z.enum(INQUIRY_STATUSES, { error: `status must be one of ${INQUIRY_STATUSES.join(', ')}` }).optional(),
  due: dueFlag,
  assigned: z.union([z.literal('me'), z.uuid({ error: "Use 'me' or a staff member's id" })], { error: "Use 'me' or a staff member's id" }).optional(),
});
export type InquiryFilter = z.infer<typeof inquiryFilterSchema>;

function isRealDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * A follow-up day 'YYYY-MM-DD', or null / '' to clear it: a real day from FOLLOW_UP_EARLIEST up to
 * FOLLOW_UP_MAX_YEARS_AHEAD years after today (Asia/Kolkata), past days allowed — the pipeline
 * panel's rule (docs/decisions/016-request-pipeline.md).
 */
const followUpDay = z.union(
  [
    z.literal('').transform(() => null),
    z.null(),
    z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        if (!isRealDay(value) || value < FOLLOW_UP_EARLIEST) ctx.addIssue({ code: 'custom', message: 'Please enter a valid date (YYYY-MM-DD)' });
        else if (value > addYears(todayInIndia(), FOLLOW_UP_MAX_YEARS_AHEAD)) {
          ctx.addIssue({ code: 'custom', message: `Please choose a date within ${FOLLOW_UP_MAX_YEARS_AHEAD} years` });
        }
      }),
  ],
  { error: 'Use a date as YYYY-MM-DD, or null to clear it' },
);

/**
 * The staff update of an inquiry (PUT and PATCH /api/inquiries/:id): any of `status` (checked against
 * the state machine by the model: an illegal change is 409), `followUpOn` and `assignedTo` (a staff
 * member's id, or null to unassign). At least one is needed; other fields are ignored.
 */
export const inquiryUpdateSchema = z
  .object({
    status: z.enum(INQUIRY_STATUSES, { error: `status must be one of ${INQUIRY_STATUSES.join(', ')}` }).optional(),
    followUpOn: followUpDay.optional(),
    assignedTo: z.union([z.null(), idField('assignedTo must be a staff member’s id (a UUID) or null')]).optional(),
  })
  .refine((v) => v.status !== undefined || v.followUpOn !== undefined || v.assignedTo !== undefined, {
    message: 'Send at least one of status, followUpOn, assignedTo',
    path: [],
  });
export type InquiryUpdate = z.infer<typeof inquiryUpdateSchema>;

/** An API body with snake_case names (`follow_up_on`, `assigned_to`) as the schema's names. */
export function normalizeInquiryUpdate(body: Record<string, unknown>): Record<string, unknown> {
  return normalizeInputNames(body);
}

const recordId = idField('Unknown inquiry');

/**
 * The intents the /admin/inquiries page's own forms post (the pipeline panel's intents go to
 * `handlePipelineIntent`): a status change, a delete, and 'Convert to booking'.
 */
export const inquiryActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('status'), id: recordId, status: z.enum(INQUIRY_STATUSES) }),
  z.object({ intent: z.literal('delete'), id: recordId }),
  z.object({ intent: z.literal('convert'), id: recordId }),
  // Link the inquiry to a WhatsApp click by its code, empty to unlink (docs/decisions/049-whatsapp-leads.md).
  z.object({ intent: z.literal('whatsapp-ref'), id: recordId, whatsappRef: z.string().trim().max(40).default('') }),
]);
export type InquiryAction = z.infer<typeof inquiryActionSchema>;

/** Most travellers one converted booking may have (the public booking form's limit of adults). */
export const MAX_TRAVELLERS = 50;

/**
 * What staff confirm in the 'Convert to booking' step (docs/product.md, inquiries): the travel date
 * (always: an inquiry may have none, and the booking must not invent one) and the number of
 * travellers (needed for a tour booking; optional for a cab or bike). Prefilled from the inquiry in
 * the dialog; nothing is made up on the server.
 */
export function convertInquirySchema(needsTravellers: boolean) {
  const travellers = `Enter the number of travellers, 1 to ${MAX_TRAVELLERS}`;
  return z.object({
    startDate: z.string({ error: 'Enter the travel date' }).trim().min(1, 'Enter the travel date').refine(isCalendarDate, 'Enter a date as YYYY-MM-DD'),
    adults: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === '') {
          if (needsTravellers) ctx.addIssue({ code: 'custom', message: travellers });
          return null;
        }
        const n = /^\d{1,3}$/.test(v) ? Number(v) : Number.NaN;
        if (!(n >= 1 && n <= MAX_TRAVELLERS)) {
          ctx.addIssue({ code: 'custom', message: travellers });
          return null;
        }
        return n;
      }),
  });
}
export type ConvertInquiryInput = { startDate: string; adults: number | null };
