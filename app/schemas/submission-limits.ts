/**
 * The visitor forms' constants, without zod (docs/product.md#shared-field-rules): what a page needs
 * to render its form (length caps, date bounds, the honeypot's name, the booking page's package
 * choice) while its validation code loads after hydration (docs/decisions/023-public-page-speed.md).
 * The rules themselves are in app/schemas/submission-fields.ts and app/schemas/booking.ts.
 */

/** Caps (docs/product.md#shared-field-rules): names 120 characters, messages 5,000. */
export const LIMITS = { name: 120, email: 254, phone: 30, subject: 200, message: 5000, place: 200 } as const;

/** How far ahead a travel or rental date may be (keeps dates inside what the database can store). */
export const MAX_YEARS_AHEAD = 3;

/** Name of the hidden honeypot field that people never see and bots fill in. */
export const HONEYPOT_FIELD = 'leave_this_empty';

/** 'YYYY-MM-DD' `years` after `from` (same calendar day). */
export function addYears(from: string, years: number): string {
  const [y, m, d] = from.split('-');
  return `${String(Number(y) + years).padStart(4, '0')}-${m}-${d}`;
}

/** The package choice of Book Your Tour when the traveller wants a tour of their own. */
export const CUSTOM_TOUR = 'custom';
export const CUSTOM_TOUR_NAME = 'Custom tour';

/** Message of a missing package on /booking (docs/product.md#book-your-tour). */
export const PACKAGE_REQUIRED_MESSAGE = 'Please select a tour package.';
