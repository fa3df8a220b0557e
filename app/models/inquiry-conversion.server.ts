/**
 * 'Convert to booking' (docs/product.md#bookings-and-inquiries): a pending booking made from an
 * inquiry with the travel date and travellers staff confirmed, linked both ways, the inquiry marked
 * completed, audited (docs/decisions/017-audit-log.md) in one transaction and published to open admin
 * pages after the commit (docs/decisions/018-live-updates.md).
 */
import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bookings, inquiries, type Booking, type Inquiry, type NewBooking } from '~/db/schema';
import type { InquiryType } from '~/lib/constants';
import { Conflict, NotFound } from '~/lib/errors.server';
import { shortReference } from '~/lib/ids';
import { publishLive } from '~/lib/live-events.server';
import { CUSTOM_TOUR_NAME } from '~/schemas/booking';
import type { ConvertInquiryInput } from '~/schemas/inquiry-admin';
import { diffChanges, recordAudit, type AuditActor } from './audit.server';
import { label, lockInquiry } from './inquiry.server';
import { initialPermitStatus, permitPackageOf } from './permits.server';

/** Adults from the inquiry's guests ('3' → 3, '6+' → 6); null when it does not read as 1 to 50. */
export function adultsFromGuests(guests: string | null): number | null {
  const match = /^\s*(\d{1,3})/.exec(guests ?? '');
  const n = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 50 ? n : null;
}

/** The extra line of a converted booking's message: what the inquiry said beyond its message. */
function conversionNote(inquiry: Inquiry): string {
  const parts = [
    inquiry.subject ? `Subject: ${inquiry.subject}` : null,
    inquiry.guests ? `Guests: ${inquiry.guests}` : null,
    inquiry.pickupLocation ? `Pickup: ${inquiry.pickupLocation}` : null,
    inquiry.dropoffLocation ? `Drop-off: ${inquiry.dropoffLocation}` : null,
    inquiry.rentalDuration
      ? `Duration: ${inquiry.rentalDuration === 'custom' ? 'custom' : `${inquiry.rentalDuration} day${inquiry.rentalDuration === '1' ? '' : 's'}`}`
      : null,
    inquiry.bikeCount ? `Bikes: ${inquiry.bikeCount}` : null,
  ].filter(Boolean);
  return `From ${label(inquiry)}${parts.length > 0 ? ` (${parts.join('; ')})` : ''}`;
}

/** Whether an inquiry converts into a tour booking, which needs its number of travellers. */
export function convertsToTour(type: string): boolean {
  return type !== 'cabs' && type !== 'rentals';
}

/** Item names of a converted cab or rental inquiry that named no vehicle. */
export const ANY_CAB = 'Cab (model not chosen)';
export const ANY_BIKE = 'Bike (model not chosen)';

/**
 * What 'Convert to booking' writes: the new booking's values from the inquiry, with the travel date
 * and travellers staff confirmed (`input`, never made up here: docs/product.md, inquiries).
 */
export function bookingFromInquiry(inquiry: Inquiry, input: ConvertInquiryInput): NewBooking {
  const common = {
    name: inquiry.name,
    email: inquiry.email,
    phone: inquiry.phone ?? '',
    startDate: input.startDate,
    message: [inquiry.message.trim(), conversionNote(inquiry)].filter(Boolean).join('\n'),
    status: 'pending',
    inquiryId: inquiry.id,
  } satisfies Partial<NewBooking>;
  switch (inquiry.type as InquiryType) {
    case 'cabs':
      return { ...common, type: 'car', carId: inquiry.carId, itemName: inquiry.carModel ?? ANY_CAB, adults: input.adults };
    case 'rentals':
      return { ...common, type: 'bike', bikeId: inquiry.bikeId, itemName: inquiry.bikeModel ?? ANY_BIKE, adults: input.adults };
    case 'packages':
      return { ...common, type: 'package', packageId: inquiry.packageId, itemName: inquiry.packageTitle ?? CUSTOM_TOUR_NAME, adults: input.adults };
    default:
      return { ...common, type: 'package', itemName: CUSTOM_TOUR_NAME, adults: input.adults };
  }
}

/**
 * 'Convert to booking': in ONE transaction, create a pending booking from the inquiry and the date
 * and travellers staff confirmed (`bookingFromInquiry`), link both ways (bookings.inquiryId, inquiries.bookingId), mark the inquiry
 * completed, and write the audit entries ('convert' on the inquiry, 'create' on the booking); a
 * failure anywhere writes nothing. Publishes 'booking.created' and 'inquiry.updated' after the
 * commit. Throws NotFound (unknown id) or Conflict (already converted, 409).
 *
 * `whatsappLeadId` (a code staff typed, resolved by `resolveLeadCode`) links both the booking and the
 * inquiry to that WhatsApp click; without it the booking keeps the inquiry's own link, if any
 * (docs/decisions/049-whatsapp-leads.md).
 */
export async function convertInquiryToBooking(
  id: string,
  input: ConvertInquiryInput,
  actor: AuditActor,
  options: { whatsappLeadId?: string | null } = {},
): Promise<{ booking: Booking; inquiry: Inquiry }> {
  const result = await db().transaction(async (tx) => {
    const before = await lockInquiry(tx, id);
    if (!before) throw new NotFound('Inquiry not found');
    if (before.bookingId) {
      throw new Conflict('This inquiry was already converted to a booking', [
        { path: 'bookingId', message: `Booking #${shortReference(before.bookingId)} was made from it` },
      ]);
    }
    const whatsappLeadId = options.whatsappLeadId ?? before.whatsappLeadId;
    const values = bookingFromInquiry(before, input);
    // A package needing a permit starts with its documents missing (docs/decisions/050-permits-and-manifests.md#the-status).
    const pkg = await permitPackageOf(tx, values.packageId ?? null);
    const [booking] = await tx
      .insert(bookings)
      .values({ ...values, whatsappLeadId, permitStatus: initialPermitStatus(pkg?.permitIds) })
      .returning();
    const [after] = await tx
      .update(inquiries)
      .set({ bookingId: booking!.id, status: 'completed', whatsappLeadId })
      .where(eq(inquiries.id, before.id))
      .returning();
    const bookingRef = `booking #${shortReference(booking!.id)}`;
    await recordAudit(tx, actor, {
      action: 'convert',
      entityType: 'inquiry',
      entityId: before.id,
      summary: `Converted ${label(before)} to ${bookingRef}`,
      changes: diffChanges(before, after!, ['status', 'bookingId', 'whatsappLeadId']),
    });
    await recordAudit(tx, actor, {
      action: 'create',
      entityType: 'booking',
      entityId: booking!.id,
      summary: `Created ${bookingRef} from ${label(before)}`,
      changes: diffChanges(null, booking!, ['type', 'itemName', 'name', 'email', 'phone', 'startDate', 'adults', 'status', 'inquiryId', 'whatsappLeadId']),
    });
    return { booking: booking!, inquiry: after! };
  });
  publishLive({ type: 'booking.created', id: result.booking.id, label: `New booking from ${result.booking.name}: ${result.booking.itemName}` });
  publishLive({ type: 'inquiry.updated', id: result.inquiry.id, label: `Inquiry from ${result.inquiry.name} converted to a booking` });
  return result;
}
