/**
 * The "Driver and vehicle" form of /admin/bookings/:id (docs/decisions/048-trip-operations.md): a
 * driver, an optional car of the fleet, the days (from and to, inclusive, India's calendar), the
 * pickup time ('HH:MM', India time) and place, and notes. Client-safe.
 */
import { z } from 'zod';
import { isCalendarDate } from '~/lib/calendar-date';
import { isUuid } from '~/lib/ids';
import { optionalText, requiredText } from './submission-fields';

const day = (message: string) => z.string({ error: message }).trim().min(1, message).refine(isCalendarDate, 'Enter a real date as YYYY-MM-DD');

export const tripAssignmentSchema = z
  .object({
    driverId: z.string({ error: 'Choose a driver' }).trim().refine(isUuid, 'Choose a driver'),
    // '' (the select's "No vehicle"): the driver comes without a car of the fleet.
    carId: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.string().refine(isUuid, 'Choose a car').nullable()),
    startsOn: day('Enter the first day'),
    endsOn: day('Enter the last day'),
    pickupTime: z
      .string({ error: 'Enter the pickup time' })
      .trim()
      .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Enter the pickup time as HH:MM'),
    pickupPlace: requiredText('Enter the pickup place', 200),
    notes: optionalText(1000),
  })
  .refine((v) => v.endsOn >= v.startsOn, { message: 'The last day cannot be before the first', path: ['endsOn'] });

export type TripAssignmentInput = z.output<typeof tripAssignmentSchema>;
