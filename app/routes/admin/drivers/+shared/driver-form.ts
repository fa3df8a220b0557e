/**
 * What the driver editor's form starts with (a new driver or a stored one). Client-safe.
 */
import type { Driver } from '~/db/schema';

/** Fields that must be filled. */
export const DRIVER_REQUIRED = ['name', 'phone', 'licenceNumber', 'licenceExpiresOn'] as const;

export function newDriverValues(): Record<string, unknown> {
  return { languages: 'Nepali, Hindi, English' };
}

export function driverValues(d: Driver): Record<string, unknown> {
  return { name: d.name, phone: d.phone, licenceNumber: d.licenceNumber, licenceExpiresOn: d.licenceExpiresOn, languages: d.languages };
}
