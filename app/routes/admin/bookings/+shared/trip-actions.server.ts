/**
 * The "Driver and vehicle" panel's forms on /admin/bookings/:id (docs/decisions/048-trip-operations.md):
 * `intent` = 'assign-trip' (driverId, carId, startsOn, endsOn, pickupTime, pickupPlace, notes) or
 * 'remove-trip' (assignmentId). Like the page's other forms: a redirect back with a toast when
 * done, else the panel's data under `trip` (`TripResult`): 400 naming each bad field, 409 for a
 * booking that is not confirmed or a driver or car already out on those days (the clashing booking
 * named), the typed values kept. Both roles may assign; every change is audited.
 */
import { data } from 'react-router';
import { DomainError } from '~/lib/errors.server';
import { logger } from '~/lib/logger.server';
import { redirectWithToast } from '~/lib/toast.server';
import type { AuditActor } from '~/models/audit.server';
import { assignTrip, removeAssignment } from '~/models/trip-assignment.server';
import { tripAssignmentSchema } from '~/schemas/trip-assignment';

export const TRIP_INTENTS = ['assign-trip', 'remove-trip'] as const;
export type TripIntent = (typeof TRIP_INTENTS)[number];

export function isTripIntent(value: unknown): value is TripIntent {
  return typeof value === 'string' && (TRIP_INTENTS as readonly string[]).includes(value);
}

/** What the panel shows after a refused form: the values typed and the errors by field ('' for the form). */
export type TripResult = { values: Record<string, string>; errors: Record<string, string> };

const FIELDS = ['driverId', 'carId', 'startsOn', 'endsOn', 'pickupTime', 'pickupPlace', 'notes'] as const;

export async function handleTripIntent(intent: TripIntent, form: FormData, bookingId: string, actor: AuditActor, here: string) {
  try {
    if (intent === 'remove-trip') {
      const id = form.get('assignmentId');
      const removed = typeof id === 'string' && (await removeAssignment(bookingId, id, actor));
      return redirectWithToast(
        here,
        removed ? { type: 'success', title: 'Driver removed from the trip' } : { type: 'error', title: 'That assignment was already removed' },
      );
    }
    const values = Object.fromEntries(FIELDS.map((f) => [f, typeof form.get(f) === 'string' ? (form.get(f) as string) : ''])) as Record<string, string>;
    const parsed = tripAssignmentSchema.safeParse(values);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
      return data({ trip: { values, errors } satisfies TripResult }, { status: 400 });
    }
    try {
      await assignTrip(bookingId, parsed.data, actor);
    } catch (error) {
      if (error instanceof DomainError && error.name !== 'NotFound') {
        const errors: Record<string, string> = { '': error.message };
        for (const issue of error.issues) if (issue.path && issue.path !== 'status') errors[issue.path] = issue.message;
        return data({ trip: { values, errors } satisfies TripResult }, { status: error.name === 'Conflict' ? 409 : 400 });
      }
      throw error;
    }
    return redirectWithToast(here, { type: 'success', title: 'Driver assigned' });
  } catch (error) {
    if (error instanceof DomainError && error.name === 'NotFound') return redirectWithToast('/admin/bookings', { type: 'error', title: 'Booking not found' });
    logger.error({ err: error, event: 'booking_trip_failed', id: bookingId, intent }, 'trip assignment failed');
    return redirectWithToast(here, { type: 'error', title: 'An error occurred. Please try again.' });
  }
}
