/**
 * GET /admin/bookings/:id/voucher: staff download the travel voucher of a confirmed booking, a PDF
 * (docs/decisions/051-voucher.md), to print it or send it on WhatsApp. Staff of either role
 * (`requireAdmin`: anonymous requests go to the sign-in page); the driver and vehicle show as soon as
 * they are assigned. 404 for an unknown booking, 409 for one that is not confirmed (it has no
 * voucher). A resource route: the booking page links to it with a plain `<a>`.
 */
import { data } from 'react-router';
import { getBooking } from '~/models/booking.server';
import { requireAdmin } from '~/services/admin-guard.server';
import { hasVoucher, voucherPdfResponse } from '~/routes/booking/+shared/voucher.server';
import type { Route } from './+types/voucher';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const booking = await getBooking(params.id);
  if (!booking) throw data('Booking not found', { status: 404 });
  if (!hasVoucher(booking)) throw data('Only a confirmed booking has a voucher', { status: 409 });
  return voucherPdfResponse(booking, 'staff');
}
