/**
 * The status buttons of /admin/bookings and /admin/bookings/:id (docs/product.md#booking-status):
 * a POST form with `intent` = 'confirm' | 'reject' and the booking's `id`, answered with a redirect
 * and a toast: 'Booking confirmed' / 'Booking rejected', or the refusal as an error toast (an illegal
 * transition, 'Already booked: #A1B2C3 (Asha Rai, Jan 5 – Jan 7, 2025)', 'Booking not found'). The
 * server decides; the buttons a page shows are only what it expects to be allowed.
 */
import { auditActor, type AdminAuth } from '~/services/admin-guard.server';
import { DomainError } from '~/lib/errors.server';
import { isUuid } from '~/lib/ids';
import { logger } from '~/lib/logger.server';
import { redirectWithToast } from '~/lib/toast.server';
import { setBookingStatus } from '~/models/booking.server';
import type { BookingStatus } from '~/lib/constants';

/** The form's intents and the status each asks for. */
export const STATUS_INTENTS = { confirm: 'confirmed', reject: 'rejected' } as const satisfies Record<string, BookingStatus>;
export type StatusIntent = keyof typeof STATUS_INTENTS;

export const SUCCESS_TOASTS: Record<StatusIntent, string> = { confirm: 'Booking confirmed', reject: 'Booking rejected' };

export function isStatusIntent(value: unknown): value is StatusIntent {
  return value === 'confirm' || value === 'reject';
}

/**
 * Apply a status intent to booking `id` and redirect to `back` with the toast. Always returns the
 * redirect Response (never throws a domain error).
 */
export async function changeStatusFromForm(request: Request, auth: AdminAuth, intent: StatusIntent, id: unknown, back: string): Promise<Response> {
  if (typeof id !== 'string' || !isUuid(id)) return redirectWithToast(back, { type: 'error', title: 'Booking not found' });
  try {
    await setBookingStatus(id, STATUS_INTENTS[intent], auditActor(auth, request));
  } catch (error) {
    if (error instanceof DomainError) return redirectWithToast(back, { type: 'error', title: error.message });
    logger.error({ err: error, event: 'booking_status_failed', id }, 'booking status change failed');
    return redirectWithToast(back, { type: 'error', title: 'An error occurred. Please try again.' });
  }
  return redirectWithToast(back, { type: 'success', title: SUCCESS_TOASTS[intent] });
}
