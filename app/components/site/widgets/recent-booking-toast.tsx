/**
 * 'Someone just booked' toast (docs/decisions/006-display-fields.md): real confirmed bookings of
 * travellers who ticked the publicity consent box (docs/decisions/045-security-round-two.md,
 * section 13), first name and item only; first 10 s after load, then every 30 s, visible 5 s; never on home or
 * admin pages. Renders nothing itself: it schedules sonner toasts.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { toast } from '~/components/ui/toast';
import type { RecentBooking } from '~/models/recent-bookings.server';
import { RECENT_BOOKING_EVERY_MS, RECENT_BOOKING_FIRST_MS, RECENT_BOOKING_VISIBLE_MS, recentBookingToastAllowedOn } from './schedule';

export function RecentBookingToast({ bookings }: { bookings: RecentBooking[] }) {
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  useEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);
  const key = bookings.map((b) => `${b.firstName}|${b.item}`).join(',');

  useEffect(() => {
    if (bookings.length === 0) return;
    let next = 0;
    const show = () => {
      if (!recentBookingToastAllowedOn(pathRef.current)) return;
      const booking = bookings[next % bookings.length]!;
      next += 1;
      toast(`${booking.firstName} just booked`, {
        description: booking.item,
        duration: RECENT_BOOKING_VISIBLE_MS,
        id: 'recent-booking',
      });
    };
    let interval: number | undefined;
    const first = window.setTimeout(() => {
      show();
      interval = window.setInterval(show, RECENT_BOOKING_EVERY_MS);
    }, RECENT_BOOKING_FIRST_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(interval);
    };
    // `key` captures the list's content; a new array with the same bookings does not restart the timers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return null;
}
