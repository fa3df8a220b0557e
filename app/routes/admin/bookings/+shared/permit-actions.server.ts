/**
 * The "Permit" panel's form on /admin/bookings/:id (docs/decisions/050-permits-and-manifests.md#the-status):
 * `intent` = 'permit-status' with `permitStatus` ('applied', 'issued', 'not_needed',
 * 'documents_missing') and, for 'issued', `permitNumber`. Like the page's other forms: a redirect
 * back with a toast when done, else the panel's data under `permit` (`PermitResult`): 400 naming the
 * field (no number for an issued permit), 409 for a cancelled booking or no change, what was typed
 * kept. Both roles may change it; every change is audited (`setPermitStatus`).
 */
import { data } from 'react-router';
import { DomainError } from '~/lib/errors.server';
import { logger } from '~/lib/logger.server';
import { PERMIT_STATUS_LABELS } from '~/lib/permits/constants';
import { redirectWithToast } from '~/lib/toast.server';
import type { AuditActor } from '~/models/audit.server';
import { isStaffPermitStatus, setPermitStatus } from '~/models/permits.server';

export const PERMIT_INTENT = 'permit-status';

/** What the panel shows after a refused form: the number typed and the errors by field ('' for the form). */
export type PermitResult = { values: { permitNumber: string }; errors: Record<string, string> };

export async function handlePermitIntent(form: FormData, bookingId: string, actor: AuditActor, here: string) {
  const status = form.get('permitStatus');
  const permitNumber = typeof form.get('permitNumber') === 'string' ? (form.get('permitNumber') as string) : '';
  const values = { permitNumber };
  if (!isStaffPermitStatus(status)) {
    return data(
      { permit: { values, errors: { permitStatus: 'Choose applied, issued, not needed or documents missing' } } satisfies PermitResult },
      { status: 400 },
    );
  }
  try {
    await setPermitStatus(bookingId, { status, permitNumber }, actor);
  } catch (error) {
    if (error instanceof DomainError && error.name === 'NotFound') return redirectWithToast('/admin/bookings', { type: 'error', title: 'Booking not found' });
    if (error instanceof DomainError) {
      const errors: Record<string, string> = {};
      for (const issue of error.issues) errors[issue.path === 'permitStatus' ? '' : issue.path] = issue.message;
      if (Object.keys(errors).length === 0) errors[''] = error.message;
      return data({ permit: { values, errors } satisfies PermitResult }, { status: error.name === 'Conflict' ? 409 : 400 });
    }
    logger.error({ err: error, event: 'booking_permit_failed', id: bookingId }, 'permit status change failed');
    return redirectWithToast(here, { type: 'error', title: 'An error occurred. Please try again.' });
  }
  return redirectWithToast(here, { type: 'success', title: `Permit: ${PERMIT_STATUS_LABELS[status]}` });
}
