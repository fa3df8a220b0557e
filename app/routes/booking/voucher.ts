/**
 * GET /booking/:token/voucher: the traveller downloads the travel voucher of their booking, a PDF
 * (docs/decisions/051-voucher.md), linked from their booking page and from the "confirmed" mail.
 * The token is the key, checked as for the page and its documents: an unknown, malformed or revoked
 * token answers a bare 404, nothing more. A booking that is not confirmed (pending, could not be
 * confirmed, cancelled) has no voucher: 409 with a line saying so and where the booking page is, as
 * the holder of the link may know that much. The driver shows from 18:00 IST the evening before, as
 * on the page. Never cached (`private, no-store`) nor indexed (`X-Robots-Tag`).
 */
import { bookingPagePath, findBookingByToken } from '~/models/booking-link.server';
import { hasVoucher, voucherPdfResponse } from './+shared/voucher.server';
import type { Route } from './+types/voucher';

const PRIVATE = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...PRIVATE } });
}

export async function loader({ params }: Route.LoaderArgs) {
  const booking = await findBookingByToken(params.token);
  if (!booking) return plain(404, 'Not found');
  if (!hasVoucher(booking)) {
    return plain(409, `This booking is not confirmed, so it has no travel voucher. Your booking page says where it stands: ${bookingPagePath(params.token)}\n`);
  }
  return voucherPdfResponse(booking, 'traveller', { headers: PRIVATE });
}
