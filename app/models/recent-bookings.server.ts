/**
 * Recent confirmed bookings for the 'someone just booked' toast
 * (docs/decisions/006-display-fields.md): first name and item only, never an e-mail, phone or
 * surname.
 */
import { desc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bookings } from '~/db/schema';

export type RecentBooking = { firstName: string; item: string };

/** The first word of a name, capitalised ('asha rai' -> 'Asha'); '' when there is none. */
export function firstNameOf(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return first ? first[0]!.toUpperCase() + first.slice(1) : '';
}

/** Up to `limit` most recently confirmed bookings, newest first. */
export async function listRecentConfirmedBookings(limit = 5): Promise<RecentBooking[]> {
  const rows = await db()
    .select({ name: bookings.name, item: bookings.itemName })
    .from(bookings)
    .where(eq(bookings.status, 'confirmed'))
    .orderBy(desc(bookings.updatedAt), desc(bookings.createdAt))
    .limit(limit);
  return rows.map((r) => ({ firstName: firstNameOf(r.name), item: r.item })).filter((r) => r.firstName && r.item);
}
