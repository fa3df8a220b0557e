import { describe, expect, test } from 'vitest';
import { DEFAULT_PACKAGE_POLICY, DEFAULT_RENTAL_POLICY, describePolicy, policyRefund } from './cancellation-policy';

/** An instant given as India's wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('cancellation policies', () => {
  test('packages: 25 % back 15 or more calendar days before travel, nothing within 15 days', () => {
    expect(policyRefund(DEFAULT_PACKAGE_POLICY, 1_000_000, '2027-03-20', ist('2027-03-05T23:59'))).toEqual({ refundPercent: 25, amountPaise: 250_000 });
    expect(policyRefund(DEFAULT_PACKAGE_POLICY, 1_000_000, '2027-03-20', ist('2027-03-06T00:01'))).toEqual({ refundPercent: 0, amountPaise: 0 });
    // After the trip started: nothing back.
    expect(policyRefund(DEFAULT_PACKAGE_POLICY, 1_000_000, '2027-03-20', ist('2027-03-21T10:00')).amountPaise).toBe(0);
  });

  test('rentals: all back up to 24 hours before the pickup day starts, half within 24 hours', () => {
    expect(policyRefund(DEFAULT_RENTAL_POLICY, 500_000, '2027-03-20', ist('2027-03-18T23:59'))).toEqual({ refundPercent: 100, amountPaise: 500_000 });
    expect(policyRefund(DEFAULT_RENTAL_POLICY, 500_000, '2027-03-20', ist('2027-03-19T08:00'))).toEqual({ refundPercent: 50, amountPaise: 250_000 });
  });

  test('the refund is rounded down to the paisa', () => {
    expect(policyRefund(DEFAULT_PACKAGE_POLICY, 333, '2027-03-20', ist('2027-01-01T10:00')).amountPaise).toBe(83);
  });

  test("the policy in the traveller's words", () => {
    expect(describePolicy(DEFAULT_PACKAGE_POLICY, 'package')).toEqual([
      'Cancelled 15 or more days before travel: 25% refunded.',
      'Cancelled within 15 days of travel: non-refundable.',
    ]);
    expect(describePolicy(DEFAULT_RENTAL_POLICY, 'rental')).toEqual([
      'Cancelled 24 or more hours before pickup: full refund.',
      'Cancelled within 24 hours of pickup: 50% refunded.',
    ]);
  });
});
