import { describe, expect, it } from 'vitest';
import { isPromoActive, promoDismissalValue, recentBookingToastAllowedOn } from './schedule';

const promo = { enabled: true, text: '15% off on all Summer 2025 bookings', link: '/packages', endsOn: '2025-06-30' };

describe('isPromoActive', () => {
  it('shows an enabled promo up to and including its last day (Asia/Kolkata date)', () => {
    expect(isPromoActive(promo, '2025-06-29')).toBe(true);
    expect(isPromoActive(promo, '2025-06-30')).toBe(true);
    expect(isPromoActive(promo, '2025-07-01')).toBe(false);
  });
  it('hides a disabled or empty promo; no end date means no end', () => {
    expect(isPromoActive({ ...promo, enabled: false }, '2025-01-01')).toBe(false);
    expect(isPromoActive({ ...promo, text: ' ' }, '2025-01-01')).toBe(false);
    expect(isPromoActive({ ...promo, endsOn: '' }, '2099-12-31')).toBe(true);
  });
  it('remembers a dismissal per offer text', () => {
    expect(promoDismissalValue({ text: ' New offer ' })).toBe('New offer');
  });
});

describe('recentBookingToastAllowedOn', () => {
  it('never shows on home or admin pages', () => {
    expect(recentBookingToastAllowedOn('/')).toBe(false);
    expect(recentBookingToastAllowedOn('/admin/bookings')).toBe(false);
    expect(recentBookingToastAllowedOn('/packages')).toBe(true);
    expect(recentBookingToastAllowedOn('/gallery')).toBe(true);
  });
});
