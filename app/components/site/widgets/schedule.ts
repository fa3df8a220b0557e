/** Timings and rules of the global widgets (docs/product.md#global-widgets). Pure, unit-tested. */
import type { Settings } from '~/schemas/settings';

export const CHAT_BUBBLE_DELAY_MS = 2000;
export const PROMO_SCROLL_THRESHOLD_PX = 300;
export const PROMO_DELAY_MS = 15_000;
export const PROMO_DISMISSED_KEY = 'promo-dismissed';
export const RECENT_BOOKING_FIRST_MS = 10_000;
export const RECENT_BOOKING_EVERY_MS = 30_000;
export const RECENT_BOOKING_VISIBLE_MS = 5000;

/** Whether the promo banner may show on `today` (YYYY-MM-DD in Asia/Kolkata): on, with text, not past its end day. */
export function isPromoActive(promo: Settings['promo'], today: string): boolean {
  if (!promo.enabled || promo.text.trim() === '') return false;
  return promo.endsOn === '' || today <= promo.endsOn;
}

/** The value remembered when a promo is dismissed: its text, so a new offer shows again. */
export function promoDismissalValue(promo: Pick<Settings['promo'], 'text'>): string {
  return promo.text.trim();
}

/**
 * Pages where the recent-booking toast may appear: not home, not admin
 * (docs/product.md#global-widgets).
 */
export function recentBookingToastAllowedOn(pathname: string): boolean {
  return pathname !== '/' && pathname !== '' && !pathname.startsWith('/admin');
}
