/**
 * The "Travellers" panel's forms on /admin/bookings/:id (docs/decisions/050-permits-and-manifests.md,
 * "Travellers and their documents"): the intents of app/services/traveller-forms.server.ts
 * ('traveller-add', 'traveller-edit', 'traveller-remove', 'traveller-document', 'permit-scan'), as
 * staff of either role, audited by name. Like the page's other forms: a redirect back with a toast
 * when done, else the panel's data under `travellers` with the status (400 a field, 404 unknown
 * traveller, 413 a file over 10 MB), the typed values kept.
 */
import { data } from 'react-router';
import { DomainError } from '~/lib/errors.server';
import { logger } from '~/lib/logger.server';
import { redirectWithToast } from '~/lib/toast.server';
import type { AuditActor } from '~/models/audit.server';
import { handleTravellerForm, type TravellerIntent } from '~/services/traveller-forms.server';

export { isTravellerIntent } from '~/services/traveller-forms.server';

export async function handleTravellerIntent(intent: TravellerIntent, form: FormData, bookingId: string, actor: AuditActor, here: string) {
  try {
    const outcome = await handleTravellerForm(intent, form, bookingId, { actor, by: 'staff' });
    if (outcome.ok) return redirectWithToast(`${here}#booking-travellers`, { type: 'success', title: outcome.message });
    if (outcome.status === 404 && outcome.failure.errors.form === 'Booking not found') {
      return redirectWithToast('/admin/bookings', { type: 'error', title: 'Booking not found' });
    }
    return data({ travellers: outcome.failure }, { status: outcome.status });
  } catch (error) {
    if (error instanceof DomainError && error.name === 'NotFound') return redirectWithToast('/admin/bookings', { type: 'error', title: 'Booking not found' });
    logger.error({ err: error, event: 'booking_travellers_failed', id: bookingId, intent }, 'travellers change failed');
    return redirectWithToast(here, { type: 'error', title: 'An error occurred. Please try again.' });
  }
}
