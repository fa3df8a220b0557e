/**
 * The vocabulary of permits and travellers' documents (docs/decisions/050-permits-and-manifests.md,
 * issue #27 section 1): shared by the database's CHECK constraints, the settings schema, the forms
 * and the PDFs, so that every layer names a status or a gender the same way.
 */

/**
 * Where a booking's permit stands. `documents_missing` → `documents_complete` follow the travellers'
 * rows by themselves; staff move it to `applied` and `issued` (with the permit number and a scan);
 * `not_needed` is a booking whose package needs no permit (or staff said so).
 */
export const PERMIT_STATUSES = ['documents_missing', 'documents_complete', 'applied', 'issued', 'not_needed'] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];

/** What each status is called on the admin pages, the traveller's page, the voucher and the mails. */
export const PERMIT_STATUS_LABELS: Record<PermitStatus, string> = {
  documents_missing: 'Documents missing',
  documents_complete: 'Documents complete',
  applied: 'Applied',
  issued: 'Permit issued',
  not_needed: 'Not needed',
};

/** A traveller's gender as the permit forms ask it. */
export const GENDERS = ['female', 'male', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { female: 'Female', male: 'Male', other: 'Other' };

/** Nationality code of Indian travellers (ISO 3166-1 alpha-2); anyone else is a foreign national (passport and visa). */
export const INDIAN_NATIONALITY = 'IN';

/** The two identity documents kept per traveller. */
export const TRAVELLER_DOCUMENT_KINDS = ['photo', 'id_scan'] as const;
export type TravellerDocumentKind = (typeof TRAVELLER_DOCUMENT_KINDS)[number];

/** Days of the week, 0 = Sunday as `Date.prototype.getUTCDay` counts them. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Image formats a permit office accepts (settings `permits.documentFormats`). */
export const DOCUMENT_FORMATS = ['jpeg', 'png'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
