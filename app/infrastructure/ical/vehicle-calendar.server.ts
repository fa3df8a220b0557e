/**
 * A vehicle's feed as an RFC 5545 calendar, written by ical-generator
 * (docs/decisions/048-trip-operations.md#ical-feed-per-vehicle): one all-day event per confirmed
 * rental and per trip assignment using the car. All-day events carry dates only
 * (`DTSTART;VALUE=DATE`, `DTEND` the day after the last day, exclusive as RFC 5545 wants), so a
 * phone shows the same days wherever it is; the pickup time is India time in the title. UIDs are
 * the booking's or assignment's id, so a phone updates an event in place when it changes.
 *
 * The address is secret and staff-only, so the events name the guest and their phone, the driver
 * and theirs: what staff need when a vehicle's day is opened on a phone.
 */
import ical from 'ical-generator';
import { addDays } from '~/lib/calendar-date';
import { shortReference } from '~/lib/ids';
import type { VehicleFeed } from '~/models/vehicle-feed.server';

/** A day 'YYYY-MM-DD' as the Date ical-generator writes as that date (it reads dates in UTC without a calendar time zone). */
function utcDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/**
 * The feed as text/calendar. `baseUrl` (PUBLIC_URL) gives the UIDs' domain and the events' links
 * to the admin booking page; `company`: the office's name for the calendar's title.
 */
export function vehicleCalendarIcs(feed: VehicleFeed, baseUrl: string, company: string): string {
  const host = new URL(baseUrl).hostname;
  const title = `${feed.model}${feed.plate ? ` (${feed.plate})` : ''}`;
  const calendar = ical({
    name: `${title}: ${company}`,
    description: `Confirmed ${feed.type === 'bike' ? 'rentals' : 'rentals and trips'} of the ${feed.type} ${title}`,
    prodId: { company: host, product: 'vehicle-calendar', language: 'EN' },
    // How often a subscribing calendar should fetch it again (REFRESH-INTERVAL, X-PUBLISHED-TTL).
    ttl: 60 * 60,
  });
  for (const rental of feed.rentals) {
    const ref = shortReference(rental.bookingId);
    calendar.createEvent({
      id: `booking-${rental.bookingId}@${host}`,
      allDay: true,
      start: utcDay(rental.startDate),
      end: utcDay(addDays(rental.endDate, 1)),
      stamp: rental.updatedAt,
      lastModified: rental.updatedAt,
      summary: `#${ref} ${rental.guestName}: ${rental.itemName}`,
      description: [`Rental of ${title}`, `Guest: ${rental.guestName}`, `Phone: ${rental.phone}`, `Booking #${ref}`].join('\n'),
      url: `${baseUrl}/admin/bookings/${rental.bookingId}`,
    });
  }
  for (const trip of feed.trips) {
    const ref = shortReference(trip.bookingId);
    calendar.createEvent({
      id: `trip-${trip.id}@${host}`,
      allDay: true,
      start: utcDay(trip.startsOn),
      end: utcDay(addDays(trip.endsOn, 1)),
      stamp: trip.updatedAt,
      lastModified: trip.updatedAt,
      summary: `${trip.pickupTime} pickup, ${trip.driverName}: #${ref} ${trip.guestName}`,
      location: trip.pickupPlace,
      description: [
        `Driver: ${trip.driverName} (${trip.driverPhone})`,
        `Pickup: ${trip.pickupTime} (India time) at ${trip.pickupPlace}`,
        `Guest: ${trip.guestName} (${trip.phone})`,
        `Booking #${ref}: ${trip.itemName}`,
        ...(trip.notes ? [`Notes: ${trip.notes}`] : []),
      ].join('\n'),
      url: `${baseUrl}/admin/bookings/${trip.bookingId}`,
    });
  }
  return calendar.toString();
}
