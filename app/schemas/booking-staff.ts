/**
 * Bookings staff enter by hand (docs/product.md#bookings-and-inquiries): the public booking forms'
 * fields and rules (app/schemas/booking.ts: package with adults and children or a custom tour, bike,
 * car) plus where the booking came from, `source` ('phone', 'whatsapp' or 'walk-in';
 * BOOKING_SOURCES in app/lib/constants.ts; 'website' is only the public forms'). Shared by the page
 * /admin/bookings/new (one schema per type, read by Conform) and POST /api/bookings with a staff
 * session (`staffBookingInputSchema`). Client-safe, built with `zod/mini` like the public schemas.
 */
import * as z from 'zod/mini';
import { BOOKING_SOURCE_LABELS, type BookingType } from '~/lib/constants';
import { bikeBookingSchema, bookingInputSchema, carBookingSchema, tourRequestSchema } from './booking';

/** The sources staff choose from (never 'website': that is the public forms'). */
export const STAFF_BOOKING_SOURCES = ['phone', 'whatsapp', 'walk-in'] as const;
export type StaffBookingSource = (typeof STAFF_BOOKING_SOURCES)[number];

export const SOURCE_MESSAGE = "source must be one of 'phone', 'whatsapp', 'walk-in'";

/** The source select's options, in the order staff meet them most. */
export const STAFF_SOURCE_OPTIONS = STAFF_BOOKING_SOURCES.map((value) => ({ value, label: BOOKING_SOURCE_LABELS[value] }));

const sourceField = z.enum(STAFF_BOOKING_SOURCES, { error: SOURCE_MESSAGE });

/**
 * The WhatsApp reference from the traveller's first message ('WA-7K3MQ'), optional: the booking is
 * linked to that lead (docs/decisions/049-whatsapp-leads.md); the model says when no lead has it.
 */
export const whatsappRefField = z.optional(z.string().check(z.trim(), z.maxLength(40, { error: 'A WhatsApp reference looks like WA-7K3MQ.' })));

/** A staff-entered package booking: Book Your Tour's rules (adults at least 1, default 1; children default 0). */
export const staffPackageBookingSchema = z.safeExtend(tourRequestSchema, { source: sourceField, whatsappRef: whatsappRefField });
/** A staff-entered bike booking: the bike form's rules (helmet included unless unticked). */
export const staffBikeBookingSchema = z.safeExtend(bikeBookingSchema, { source: sourceField, whatsappRef: whatsappRefField });
/** A staff-entered car booking: the car form's rules (driver not included unless ticked). */
export const staffCarBookingSchema = z.safeExtend(carBookingSchema, { source: sourceField, whatsappRef: whatsappRefField });

/** Any staff-entered booking, told apart by `type` (the API's body). */
export const staffBookingInputSchema = z.discriminatedUnion('type', [staffPackageBookingSchema, staffBikeBookingSchema, staffCarBookingSchema], {
  error: "type must be one of 'package', 'bike', 'car'",
});

export type StaffBookingInput = z.infer<typeof staffBookingInputSchema>;

/** The page form's schema for one booking type. */
export const STAFF_BOOKING_SCHEMAS = {
  package: staffPackageBookingSchema,
  bike: staffBikeBookingSchema,
  car: staffCarBookingSchema,
} as const satisfies Record<BookingType, unknown>;

/** What a visitor who sends `source` to POST /api/bookings is told (400). */
export const SOURCE_STAFF_ONLY = "Only signed-in staff may set source; a visitor's booking is always from the website";

/** A visitor's POST /api/bookings body: any booking (`bookingInputSchema`), and no `source`. */
export const publicBookingApiSchema = z.intersection(z.object({ source: z.optional(z.never({ error: SOURCE_STAFF_ONLY })) }), bookingInputSchema);
