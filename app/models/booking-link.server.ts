/**
 * The links that open a traveller's own booking page, `/booking/<token>`
 * (docs/decisions/046-payments.md#the-travellers-booking-page). A token is 32 random bytes
 * (256 bits, base64url, 43 characters); only its SHA-256 is stored, so neither a backup nor a
 * database reader can open anyone's page. Every mail that carries the link gets a token of its own
 * (`issueBookingLink`); all stay valid until staff rotate the link (`revokeBookingLinks`), which
 * revokes every token of the booking at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { bookingAccessTokens, bookings, type Booking } from '~/db/schema';
import { env } from '~/lib/env.server';

/** A token's shape: 43 base64url characters. Anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The path of a booking page for `token`. */
export function bookingPagePath(token: string): string {
  return `/booking/${token}`;
}

/**
 * A new token for the booking, stored hashed in `executor`'s transaction; returns the page's full
 * URL (PUBLIC_URL + path), for a mail or a WhatsApp text. The token itself exists only in that URL.
 */
export async function issueBookingLink(executor: Executor, bookingId: string): Promise<{ token: string; url: string }> {
  const token = randomBytes(32).toString('base64url');
  await executor.insert(bookingAccessTokens).values({ bookingId, tokenHash: hashOf(token) });
  return { token, url: `${env().PUBLIC_URL}${bookingPagePath(token)}` };
}

/** The booking a token opens, or null (unknown, malformed or revoked token). Constant work per lookup: one indexed read. */
export async function findBookingByToken(token: string): Promise<Booking | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db()
    .select({ booking: bookings })
    .from(bookingAccessTokens)
    .innerJoin(bookings, eq(bookings.id, bookingAccessTokens.bookingId))
    .where(and(eq(bookingAccessTokens.tokenHash, hashOf(token)), isNull(bookingAccessTokens.revokedAt)));
  return row?.booking ?? null;
}

/** Revoke every live token of the booking (the staff action 'Rotate link'); returns how many were revoked. */
export async function revokeBookingLinks(executor: Executor, bookingId: string): Promise<number> {
  const revoked = await executor
    .update(bookingAccessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(bookingAccessTokens.bookingId, bookingId), isNull(bookingAccessTokens.revokedAt)))
    .returning({ id: bookingAccessTokens.id });
  return revoked.length;
}
