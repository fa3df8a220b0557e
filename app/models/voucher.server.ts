/**
 * What the traveller's voucher reads that no other model reads for it (docs/decisions/051-voucher.md):
 * the package's trip plan (itinerary, hotels, permits) and the booking's travellers. The rest (money,
 * assignments, settings) comes from the models the booking page already uses.
 */
import { asc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bookingTravellers, tourPackages, type AccommodationStay, type ItineraryDay } from '~/db/schema';
import { isUuid } from '~/lib/ids';

/** A package's plan as the voucher prints it. */
export type TripPlan = {
  itinerary: ItineraryDay[];
  accommodation: AccommodationStay[];
  permitIds: string[];
  permitDocumentsDaysBefore: number;
};

/** The trip plan of package `packageId`, or null (no package: a rental, a custom tour, a deleted package). */
export async function voucherTripPlan(packageId: string | null): Promise<TripPlan | null> {
  if (!packageId || !isUuid(packageId)) return null;
  const [row] = await db()
    .select({
      itinerary: tourPackages.itinerary,
      accommodation: tourPackages.accommodation,
      permitIds: tourPackages.permitIds,
      permitDocumentsDaysBefore: tourPackages.permitDocumentsDaysBefore,
    })
    .from(tourPackages)
    .where(eq(tourPackages.id, packageId));
  return row ?? null;
}

/** One traveller of the booking, with whether each identity document is on file (never the files or their keys). */
export type VoucherTravellerRow = {
  position: number;
  fullName: string;
  gender: string;
  dateOfBirth: string;
  nationality: string;
  idType: string | null;
  hasPhoto: boolean;
  hasIdScan: boolean;
  /** The documents were deleted after the trip (retention). */
  documentsDeleted: boolean;
};

/** The booking's travellers in their order (position), or [] when none are given yet. */
export async function voucherTravellers(bookingId: string): Promise<VoucherTravellerRow[]> {
  if (!isUuid(bookingId)) return [];
  const rows = await db()
    .select({
      position: bookingTravellers.position,
      fullName: bookingTravellers.fullName,
      gender: bookingTravellers.gender,
      dateOfBirth: bookingTravellers.dateOfBirth,
      nationality: bookingTravellers.nationality,
      idType: bookingTravellers.idType,
      photoKey: bookingTravellers.photoKey,
      idScanKey: bookingTravellers.idScanKey,
      documentsDeletedAt: bookingTravellers.documentsDeletedAt,
    })
    .from(bookingTravellers)
    .where(eq(bookingTravellers.bookingId, bookingId))
    .orderBy(asc(bookingTravellers.position));
  return rows.map(({ photoKey, idScanKey, documentsDeletedAt, ...row }) => ({
    ...row,
    hasPhoto: photoKey !== null,
    hasIdScan: idScanKey !== null,
    documentsDeleted: documentsDeletedAt !== null,
  }));
}
