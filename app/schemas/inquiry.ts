/**
 * Inquiries (docs/product.md#inquiry-dialog, docs/decisions/025-two-stores-for-everything-visitors-send.md): the
 * inquiry dialog's three tabs (`packages`, `cabs`, `rentals`) and the contact form (`contact`). One
 * schema per form, shared by the contact page's action, POST /api/inquiries and Conform in the
 * browser. Built with `zod/mini`, like the fields (app/schemas/submission-fields.ts).
 */
import * as z from 'zod/mini';
import { GUEST_OPTIONS, RENTAL_DURATIONS } from '~/lib/constants';
import {
  LIMITS,
  emailField,
  futureDateField,
  integerField,
  messageField,
  nameField,
  optionalChoice,
  optionalIdField,
  optionalPhoneField,
  phoneField,
  requiredText,
} from './submission-fields';
import { normalizeInputNames } from './input-names';

/** The fields every dialog tab shares: name, email, phone required; message optional. */
const dialogContact = {
  name: nameField,
  email: emailField,
  phone: phoneField,
  message: messageField,
};

/** Packages tab: destination (a package) and guests optional, travel date required. */
export const packagesInquirySchema = z.object({
  type: z.literal('packages'),
  ...dialogContact,
  destination: optionalIdField('Please choose a destination from the list'),
  date: futureDateField('Please choose your travel date'),
  guests: optionalChoice(GUEST_OPTIONS, 'Please choose 1 to 6+ guests'),
});

/** Cabs tab: cab type optional; pickup, drop-off and date required. */
export const cabsInquirySchema = z.object({
  type: z.literal('cabs'),
  ...dialogContact,
  cabType: optionalIdField('Please choose a cab from the list'),
  pickupLocation: requiredText('Please enter the pickup location', LIMITS.place),
  dropoffLocation: requiredText('Please enter the drop-off location', LIMITS.place),
  date: futureDateField('Please choose the date'),
});

/** Rentals tab: bike type and duration optional, start date required, bike count default 1. */
export const rentalsInquirySchema = z.object({
  type: z.literal('rentals'),
  ...dialogContact,
  bikeType: optionalIdField('Please choose a bike from the list'),
  date: futureDateField('Please choose the start date'),
  rentalDuration: optionalChoice(RENTAL_DURATIONS, 'Please choose 1 to 7 days or Custom Duration'),
  bikeCount: integerField({ min: 1, max: 20, fallback: 1, message: 'Please enter at least 1 bike' }),
});

/** The contact form: name, email, subject, message required; phone optional. */
export const contactInquirySchema = z.object({
  type: z.literal('contact'),
  name: nameField,
  email: emailField,
  phone: optionalPhoneField,
  subject: requiredText('Please enter a subject', LIMITS.subject),
  message: requiredText('Please enter your message', LIMITS.message),
});

/** Any inquiry, told apart by `type`. */
export const inquiryInputSchema = z.discriminatedUnion('type', [packagesInquirySchema, cabsInquirySchema, rentalsInquirySchema, contactInquirySchema], {
  error: "type must be one of 'packages', 'cabs', 'rentals', 'contact'",
});

export type InquiryInput = z.infer<typeof inquiryInputSchema>;

/** An inquiry of the inquiry form's three tabs (the dialog, the /inquire page), told apart by `type`. */
export const tripInquirySchema = z.discriminatedUnion('type', [packagesInquirySchema, cabsInquirySchema, rentalsInquirySchema], {
  error: "type must be one of 'packages', 'cabs', 'rentals'",
});
export type DialogInquiryType = 'packages' | 'cabs' | 'rentals';

/**
 * Other names the API accepts for the same field (the original's spellings,
 * docs/decisions/009-rest-api.md#input), after camelCase.
 */
const ALIASES: Record<string, string> = {
  inquiryType: 'type',
  packageId: 'destination',
  carId: 'cabType',
  bikeId: 'bikeType',
  travelDate: 'date',
  startDate: 'date',
};

/** An API body with snake_case or alias names, as the schema's names. */
export function normalizeInquiryInput(body: Record<string, unknown>): Record<string, unknown> {
  return normalizeInputNames(body, { aliases: ALIASES });
}
