/**
 * Bookings (docs/product.md#forms-and-validation, docs/decisions/025-two-stores-for-everything-visitors-send.md): bike
 * and car booking forms, the global booking dialog and Book Your Tour (/booking, a `package`
 * booking with adults and children; `custom` means no package). One schema per form, shared by the
 * page action, POST /api/bookings and Conform in the browser. Built with `zod/mini`, like the fields
 * (app/schemas/submission-fields.ts).
 */
import * as z from 'zod/mini';
import {
  booleanField,
  emailField,
  futureDateField,
  idField,
  integerField,
  messageField,
  nameField,
  optionalFutureDateField,
  phoneField,
} from './submission-fields';
import { normalizeInputNames } from './input-names';

import { CUSTOM_TOUR, PACKAGE_REQUIRED_MESSAGE } from './submission-limits';

export { CUSTOM_TOUR, CUSTOM_TOUR_NAME, PACKAGE_REQUIRED_MESSAGE } from './submission-limits';

/**
 * Every booking form carries the publicity consent box: off unless ticked (a missing field is
 * false), stored on the booking; only consenting bookings feed the public 'someone just booked'
 * toast (docs/decisions/045-security-round-two.md, section 13).
 */
const contact = { name: nameField, email: emailField, phone: phoneField, message: messageField, publicityConsent: booleanField(false) };

/** Every date range is checked end >= start (docs/decisions/034-dates.md). */
const endNotBeforeStart = z.superRefine((value: { startDate: string; endDate?: string | undefined }, ctx) => {
  if (value.endDate && value.endDate < value.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date cannot be before the start date' });
  }
});

/** Bike booking form (detail page Book Now): helmet included by default. */
export const bikeBookingSchema = z
  .object({
    type: z.literal('bike'),
    itemId: idField('Please choose a bike'),
    ...contact,
    startDate: futureDateField('Please choose the start date'),
    endDate: optionalFutureDateField(),
    needHelmet: booleanField(true),
  })
  .check(endNotBeforeStart);

/** Car booking form (detail page Book Now): driver not included by default. */
export const carBookingSchema = z
  .object({
    type: z.literal('car'),
    itemId: idField('Please choose a car'),
    ...contact,
    startDate: futureDateField('Please choose the start date'),
    endDate: optionalFutureDateField(),
    needDriver: booleanField(false),
  })
  .check(endNotBeforeStart);

const packageChoice = z.pipe(
  z.string({ error: PACKAGE_REQUIRED_MESSAGE }).check(z.trim(), z.minLength(1, PACKAGE_REQUIRED_MESSAGE)),
  z.union([z.literal(CUSTOM_TOUR), idField(PACKAGE_REQUIRED_MESSAGE)], { error: PACKAGE_REQUIRED_MESSAGE }),
);

/** A package booking from the global booking dialog or the API; adults and children optional. */
export const packageBookingSchema = z.object({
  type: z.literal('package'),
  itemId: packageChoice,
  ...contact,
  startDate: futureDateField('Please choose your preferred date'),
  adults: z.optional(integerField({ min: 1, max: 50, message: 'At least 1 adult' })),
  children: z.optional(integerField({ min: 0, max: 50, message: 'Children cannot be negative' })),
});

/** Book Your Tour (/booking): adults at least 1 (default 1), children at least 0 (default 0). */
export const tourRequestSchema = z.extend(packageBookingSchema, {
  startDate: futureDateField('Please choose your travel date'),
  adults: integerField({ min: 1, max: 50, fallback: 1, message: 'At least 1 adult' }),
  children: integerField({ min: 0, max: 50, fallback: 0, message: 'Children cannot be negative' }),
});

/** Any booking, told apart by `type`. */
export const bookingInputSchema = z.discriminatedUnion('type', [packageBookingSchema, bikeBookingSchema, carBookingSchema], {
  error: "type must be one of 'package', 'bike', 'car'",
});

export type BookingInput = z.infer<typeof bookingInputSchema>;
export type TourRequestInput = z.infer<typeof tourRequestSchema>;

const ALIASES: Record<string, string> = {
  bookingType: 'type',
  itemType: 'type',
  packageId: 'itemId',
  bikeId: 'itemId',
  carId: 'itemId',
  package: 'itemId',
  date: 'startDate',
  preferredDate: 'startDate',
  travelDate: 'startDate',
};

/**
 * An API or dialog body with snake_case or alias names as the schema's names; an `item` value
 * 'bike:<id>' (the global dialog's item select) becomes type and itemId.
 */
export function normalizeBookingInput(body: Record<string, unknown>): Record<string, unknown> {
  const input = normalizeInputNames(body, { aliases: ALIASES });
  if (typeof input.item === 'string' && input.item.includes(':') && input.itemId === undefined) {
    const [type, id] = input.item.split(':', 2);
    input.type = type;
    input.itemId = id;
  }
  return input;
}
