/**
 * Bookings (docs/decisions/003-visitor-submissions-stored.md, 013-open-points-resolved.md): every
 * "book" request is validated, then stored with its notification mails in one transaction before the
 * visitor sees success. A vehicle that is not available is refused (Conflict).
 */
import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bikes, bookings, cars, tourPackages, type Booking, type NewBooking } from '~/db/schema';
import { Conflict, InvalidReference } from '~/lib/errors.server';
import { publishLive } from '~/lib/live-events.server';
import { bookingMails, notifyNewMail, operatorEmail } from '~/lib/mailer.server';
import { CUSTOM_TOUR, CUSTOM_TOUR_NAME, type BookingInput } from '~/schemas/booking';
import { getSettings } from './settings.server';
import { enqueueEmails } from './outbox.server';

/**
 * Store a booking (status pending) and queue its mails, in one transaction. Throws InvalidReference
 * for an unknown package, bike or car and Conflict for a vehicle that is not available (errors.server.ts).
 */
export async function createBooking(input: BookingInput): Promise<Booking> {
  const settings = await getSettings(['company', 'notifications']);
  let mails: ReturnType<typeof bookingMails> = [];
  const booking = await db().transaction(async (tx) => {
    const values: NewBooking = {
      type: input.type,
      itemName: '',
      name: input.name,
      email: input.email,
      phone: input.phone,
      startDate: input.startDate,
      message: input.message,
      status: 'pending',
    };
    if (input.type === 'package') {
      if (input.itemId === CUSTOM_TOUR) {
        values.itemName = CUSTOM_TOUR_NAME;
      } else {
        const [pkg] = await tx
          .select({ id: tourPackages.id, title: tourPackages.title })
          .from(tourPackages)
          .where(eq(tourPackages.id, input.itemId));
        if (!pkg) throw new InvalidReference('Unknown tour package', [{ path: 'itemId', message: 'Please select a tour package.' }]);
        values.packageId = pkg.id;
        values.itemName = pkg.title;
      }
      values.adults = input.adults ?? null;
      values.children = input.children ?? null;
    } else {
      const table = input.type === 'bike' ? bikes : cars;
      const noun = input.type === 'bike' ? 'bike' : 'car';
      // FOR SHARE: the admin cannot mark the vehicle unavailable while this booking is written.
      const [vehicle] = await tx
        .select({ id: table.id, model: table.model, available: table.available })
        .from(table)
        .where(eq(table.id, input.itemId))
        .for('share');
      if (!vehicle) throw new InvalidReference(`Unknown ${noun}`, [{ path: 'itemId', message: `This ${noun} does not exist` }]);
      if (!vehicle.available) {
        throw new Conflict(`This ${noun} is currently unavailable`, [
          { path: 'itemId', message: `${vehicle.model} is currently unavailable` },
        ]);
      }
      values.itemName = vehicle.model;
      values.endDate = input.endDate ?? null;
      if (input.type === 'bike') {
        values.bikeId = vehicle.id;
        values.needHelmet = input.needHelmet;
      } else {
        values.carId = vehicle.id;
        values.needDriver = input.needDriver;
      }
    }
    const [row] = await tx.insert(bookings).values(values).returning();
    mails = bookingMails(row!, settings.company, operatorEmail(settings));
    await enqueueEmails(tx, mails);
    return row!;
  });
  notifyNewMail(mails);
  publishLive({ type: 'booking.created', id: booking.id, label: `New booking from ${booking.name}: ${booking.itemName}` });
  return booking;
}

/** The booking, or null (tests and the admin). */
export async function getBooking(id: string): Promise<Booking | null> {
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}
