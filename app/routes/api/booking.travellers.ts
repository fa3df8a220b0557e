/**
 * GET /api/bookings/:id/travellers (staff; docs/decisions/050-permits-and-manifests.md,
 * docs/decisions/009-rest-api.md): the booking's travellers for the permit, read-only: the permit
 * status, whether the documents are complete, the deadline, and each traveller (position, name as on
 * the ID, gender, date of birth, nationality, ID type and number or passport and visa numbers) with
 * the staff URLs of their photo and ID scan (null until uploaded). Changes are made on the admin
 * booking page or by the traveller on their booking page. 404 for an unknown booking.
 */
import { notFound } from '~/lib/api.server';
import { getBooking } from '~/models/booking.server';
import { travellersView } from '~/models/travellers.server';
import { requireAdmin } from '~/services/admin-guard.server';
import { adminHeaders } from '~/services/catalog-api.server';
import type { Route } from './+types/booking.travellers';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const booking = await getBooking(params.id);
  if (!booking) return adminHeaders(notFound('Booking'));
  const view = await travellersView(booking, `/admin/bookings/${booking.id}/travellers`);
  return adminHeaders(
    Response.json({
      permitNeeded: view.needsPermit,
      permitStatus: view.permitStatus,
      permitNumber: view.permitNumber,
      documentsDueOn: view.dueOn,
      expected: view.expected,
      complete: view.complete,
      permitScanUrl: view.hasPermitScan ? `/admin/bookings/${booking.id}/permit-scan` : null,
      travellers: view.travellers.map((t) => ({
        id: t.id,
        position: t.position,
        fullName: t.fullName,
        gender: t.gender,
        dateOfBirth: t.dateOfBirth,
        nationality: t.nationality,
        idType: t.idType || null,
        idNumber: t.idNumber,
        passportNumber: t.passportNumber,
        visaNumber: t.visaNumber,
        photoUrl: t.photoUrl,
        idScanUrl: t.idScanUrl,
        detailsComplete: t.detailsComplete,
        documentsDeleted: t.documentsDeleted,
      })),
    }),
  );
}
