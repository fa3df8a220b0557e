/**
 * When a booking's permit documents are due (docs/decisions/050-permits-and-manifests.md): the
 * package's `permitDocumentsDaysBefore` days before the travel date, a day of India's calendar.
 * Client-safe; shared by the traveller's page, the admin, the reminders and the voucher.
 */
import { addDays } from '~/lib/calendar-date';

/** The last day ('YYYY-MM-DD') to send the documents for a trip starting on `startDate` ('YYYY-MM-DD'). */
export function permitDocumentsDueOn(startDate: string, daysBefore: number): string {
  return addDays(startDate, -daysBefore);
}
