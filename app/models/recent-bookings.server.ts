/**
 * Recent confirmed bookings for the 'someone just booked' toast
 * (docs/decisions/006-display-fields.md): first name and item only, never an e-mail, phone or
 * surname. Ordered by when staff confirmed them (`confirmed_at`,
 * docs/decisions/015-no-double-booking.md), not by the last edit: correcting a phone number or a
 * follow-up day must not make an old booking 'just booked'. Only bookings whose traveller ticked the
 * publicity consent box on the booking form (`publicity_consent`, off by default; India's DPDP Act
 * 2023, docs/decisions/045-security-round-two.md section 13) are ever read: a booking without it
 * never leaves the database for the public site, and with none the toast does not appear.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bookings } from '~/db/schema';

export type RecentBooking = { firstName: string; item: string };

/** The first word of a name, capitalised ('asha rai' -> 'Asha'); '' when there is none. */
export function firstNameOf(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return first ? first[0]!.toUpperCase() + first.slice(1) : '';
}

/**
 * Up to `limit` most recently confirmed bookings whose traveller consented to being shown, newest
 * confirmation first. A confirmed booking
 * without a confirmation time (sample data) comes after those with one, by creation.
 */
export async function listRecentConfirmedBookings(limit = 5): Promise<RecentBooking[]> {
  const rows = await db()
    .select({ name: bookings.name, item: bookings.itemName })
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), eq(bookings.publicityConsent, true)))
    .orderBy(sql`${bookings.confirmedAt} desc nulls last`, desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
  return rows.map((r) => ({ firstName: firstNameOf(r.name), item: r.item })).filter((r) => r.firstName && r.item);
}
