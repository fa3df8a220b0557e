/**
 * The traveller's booking page shows who drives them (docs/decisions/048-trip-operations.md#the-travellers-page):
 * the driver's name and phone, the car and its number plate, the pickup, from 18:00 IST on the
 * evening before the assignment starts, not before; only while the booking is confirmed. The clock
 * is passed in (`now`), nothing sleeps.
 */
import { eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bookings } from '~/db/schema';
import { issueBookingLink } from '~/models/booking-link.server';
import { assignTrip } from '~/models/trip-assignment.server';
import TravellerBooking from '~/routes/site/traveller-booking';
import { travellerBooking } from '~/routes/site/+shared/traveller-booking.server';
import { createBooking, createCar, createDriver } from '../factories';

async function pageHtml(token: string, now: Date): Promise<string> {
  const loaderData = {
    found: true,
    view: await travellerBooking(token, { now, online: false }),
    payment: null,
    payAction: `/booking/${token}/pay`,
    detailsSaved: false,
    pagePath: `/booking/${token}`,
  };
  const props = { loaderData, params: { token }, matches: [] } as unknown as Parameters<typeof TravellerBooking>[0];
  return renderToStaticMarkup(
    <MemoryRouter>
      <TravellerBooking {...props} />
    </MemoryRouter>,
  );
}

describe("the traveller's driver", () => {
  test('appears at 18:00 IST the evening before the trip', async () => {
    const driver = await createDriver({ name: 'Tashi Bhutia', phone: '+91 94340 12345' });
    const car = await createCar({ model: 'Toyota Innova Crysta', registrationNumber: 'SK 01 P 1234' });
    const booking = await createBooking({ status: 'confirmed', startDate: '2027-03-10', endDate: '2027-03-12' });
    await assignTrip(booking.id, {
      driverId: driver.id,
      carId: car.id,
      startsOn: '2027-03-10',
      endsOn: '2027-03-12',
      pickupTime: '07:30',
      pickupPlace: 'Hotel Mayfair',
      notes: 'internal note',
    });
    const { token } = await issueBookingLink(db(), booking.id);

    // 17:59 IST on 9 March: nothing yet.
    const before = await pageHtml(token, new Date('2027-03-09T12:29:00Z'));
    expect(before).not.toContain('Your driver');
    expect(before).not.toContain('Tashi Bhutia');

    // 18:00 IST: the driver, the phone, the car and its plate, the pickup; never the office's notes.
    const from = await pageHtml(token, new Date('2027-03-09T12:30:00Z'));
    expect(from).toContain('Your driver');
    expect(from).toContain('Tashi Bhutia');
    expect(from).toContain('href="tel:+919434012345"');
    expect(from).toContain('Toyota Innova Crysta');
    expect(from).toContain('SK 01 P 1234');
    expect(from).toContain('07:30 at Hotel Mayfair');
    expect(from).not.toContain('internal note');
    // The page still sends no script.
    expect(from).not.toContain('<script');

    // A booking that is no longer confirmed shows no driver.
    await db().update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
    expect((await travellerBooking(token, { now: new Date('2027-03-10T03:00:00Z'), online: false }))!.drivers).toEqual([]);
  });
});
