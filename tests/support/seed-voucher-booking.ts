/**
 * Prepare a DATA_DIR for the voucher's browser test (docs/decisions/051-voucher.md): migrate, seed the
 * sample content, then through the models make a North Sikkim package with an itinerary, a hotel and
 * a permit, a booking of it confirmed by its advance, its two travellers and a driver assigned, and a
 * pending booking (no voucher). Prints one JSON line with the two booking links' tokens:
 *
 *   DATA_DIR=/tmp/x npx tsx tests/support/seed-voucher-booking.ts
 *   → {"confirmed":"<token>","pending":"<token>","reference":"A1B2C3"}
 *
 * Run it while no server has the folder open (it takes the data folder's lock).
 */
import { db } from '~/db/client.server';
import { migrateDatabase, withStartupLock } from '~/db/migrate.server';
import { bookings, bookingTravellers, cars, drivers, tourPackages, type NewBooking } from '~/db/schema';
import { seedDatabase } from '~/db/seed';
import { shortReference } from '~/lib/ids';
import { issueBookingLink } from '~/models/booking-link.server';
import { recordManualPayment, saveQuote } from '~/models/payments.server';
import { assignTrip } from '~/models/trip-assignment.server';
import { openFromEnv, runScript } from '../../scripts/open-database';

const staff = { id: null, name: 'Test seed' };

await runScript(async () => {
  const handle = await openFromEnv('seed-voucher-booking');
  try {
    await withStartupLock(handle, async () => {
      await migrateDatabase(handle);
      await seedDatabase(handle.db);
    });
    const [pkg] = await db()
      .insert(tourPackages)
      .values({
        title: 'North Sikkim Voucher Tour',
        description: 'Lachung and Yumthang.',
        permitIds: ['north-sikkim-pap'],
        itinerary: [
          { day: 1, title: 'Gangtok to Lachung', description: 'Drive north to Lachung.', activities: [], meals: 'Dinner', stay: 'Lachung' },
          { day: 2, title: 'Yumthang Valley', description: 'The valley of flowers.', activities: [], meals: 'Breakfast, Dinner', stay: 'Lachung' },
        ],
        accommodation: [{ location: 'Lachung', hotel: 'Hotel Snow Lion', nights: 1, category: 'Deluxe', rooms: 1 }],
      })
      .returning({ id: tourPackages.id, title: tourPackages.title });
    const values = (extra: Partial<NewBooking>): NewBooking => ({
      type: 'package',
      packageId: pkg!.id,
      itemName: pkg!.title,
      name: 'Asha Rai',
      email: 'asha.rai@example.com',
      phone: '+919000000001',
      startDate: '2030-04-10',
      endDate: '2030-04-11',
      adults: 2,
      children: 0,
      source: 'phone',
      permitStatus: 'documents_missing',
      ...extra,
    });
    const [confirmed] = await db().insert(bookings).values(values({})).returning({ id: bookings.id });
    const [pending] = await db()
      .insert(bookings)
      .values(values({ name: 'Pema Lhamu' }))
      .returning({ id: bookings.id });
    await saveQuote(
      confirmed!.id,
      { lines: [{ description: 'North Sikkim (per person)', quantity: 2, unitPaise: 1_500_000 }], advancePaise: 1_000_000, balanceDueOn: '2030-03-26' },
      staff,
    );
    // The advance confirms the booking (docs/decisions/046-payments.md#confirmation).
    await recordManualPayment(confirmed!.id, { amountPaise: 1_000_000, method: 'upi', reference: 'UTR 1111', receivedOn: '2026-12-01', note: '' }, staff);
    await db()
      .insert(bookingTravellers)
      .values([
        { bookingId: confirmed!.id, position: 1, fullName: 'Asha Rai', gender: 'female', dateOfBirth: '1990-03-12', nationality: 'IN', idType: 'voter-id' },
        { bookingId: confirmed!.id, position: 2, fullName: 'Dawa Rai', gender: 'male', dateOfBirth: '1988-01-20', nationality: 'IN', idType: 'passport' },
      ]);
    const [driver] = await db()
      .insert(drivers)
      .values({ name: 'Tashi Bhutia', phone: '+91 94340 12345', licenceNumber: 'SK01 2015 0001', licenceExpiresOn: '2035-01-01', languages: 'Nepali' })
      .returning({ id: drivers.id });
    const [car] = await db()
      .insert(cars)
      .values({ model: 'Toyota Innova Crysta', description: 'Seven seats.', category: 'suv', dailyRate: 3500, registrationNumber: 'SK 01 P 4321' })
      .returning({ id: cars.id });
    await assignTrip(confirmed!.id, {
      driverId: driver!.id,
      carId: car!.id,
      startsOn: '2030-04-10',
      endsOn: '2030-04-11',
      pickupTime: '07:30',
      pickupPlace: 'Hotel Mayfair',
      notes: '',
    });
    console.log(
      JSON.stringify({
        confirmed: (await issueBookingLink(db(), confirmed!.id)).token,
        pending: (await issueBookingLink(db(), pending!.id)).token,
        reference: shortReference(confirmed!.id),
      }),
    );
  } finally {
    await handle.close();
  }
});
