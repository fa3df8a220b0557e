/**
 * The write schema of a driver (docs/decisions/048-trip-operations.md): the /admin/drivers editor's
 * form data. Name, phone, licence number and licence expiry are required; the phone has the shape
 * every other phone field has (app/schemas/submission-fields.ts); the expiry is a real calendar day
 * 'YYYY-MM-DD' (an expired licence is allowed: the list flags it). Client-safe.
 */
import { z } from 'zod';
import { isCalendarDate } from '~/lib/calendar-date';
import { optionalText, phoneField, requiredText } from './submission-fields';

export const DRIVER_LIMITS = { name: 100, licenceNumber: 40, languages: 200 } as const;

export const driverWriteSchema = z.object({
  name: requiredText('Please enter the driver’s name', DRIVER_LIMITS.name),
  phone: phoneField,
  licenceNumber: requiredText('Please enter the licence number', DRIVER_LIMITS.licenceNumber),
  licenceExpiresOn: z
    .string({ error: 'Please enter the licence’s expiry date' })
    .trim()
    .min(1, 'Please enter the licence’s expiry date')
    .refine(isCalendarDate, 'Enter a real date as YYYY-MM-DD'),
  languages: optionalText(DRIVER_LIMITS.languages),
});

export type DriverWriteInput = z.output<typeof driverWriteSchema>;
