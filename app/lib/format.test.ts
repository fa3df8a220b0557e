import { describe, expect, test } from 'vitest';
import {
  CONTACT_FOR_BIKE_PRICE,
  CONTACT_FOR_PRICE,
  CONTACT_FOR_PRICING,
  formatCount,
  formatDate,
  formatDateTime,
  formatRating,
  formatReviewCount,
  formatRupees,
  priceOrContact,
  seatsFromCapacity,
  splitFeatures,
  todayInIndia,
} from './format';

describe('money (docs/decisions/008-money-dates-ids.md#money)', () => {
  test('formats rupees in the Indian style without decimals', () => {
    expect(formatRupees(3500)).toBe('₹3,500');
    expect(formatRupees(1800)).toBe('₹1,800');
    expect(formatRupees(125000)).toBe('₹1,25,000');
    expect(formatRupees(1234567)).toBe('₹12,34,567');
    expect(formatRupees(2499.6)).toBe('₹2,500');
  });

  test('0, empty, negative and non-numbers are not a price', () => {
    for (const amount of [0, null, undefined, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatRupees(amount)).toBeNull();
  });

  test('priceOrContact shows rupees above 0, else the contact text of the place', () => {
    expect(priceOrContact(4500, CONTACT_FOR_PRICE)).toBe('₹4,500');
    expect(priceOrContact(0, CONTACT_FOR_PRICE)).toBe('Contact for Price');
    expect(priceOrContact(0, CONTACT_FOR_PRICING)).toBe('Contact for Pricing');
    expect(priceOrContact(null, CONTACT_FOR_BIKE_PRICE)).toBe('Contact for price');
  });
});

describe('display helpers', () => {
  test('ratings keep one decimal', () => {
    expect(formatRating(4.7)).toBe('4.7');
    expect(formatRating(5)).toBe('5.0');
    expect(formatRating(Number.NaN)).toBe('0.0');
  });

  test('review counts are pluralised and grouped', () => {
    expect(formatReviewCount(1)).toBe('1 review');
    expect(formatReviewCount(59)).toBe('59 reviews');
    expect(formatReviewCount(0)).toBe('0 reviews');
    expect(formatReviewCount(125000)).toBe('1,25,000 reviews');
  });

  test('seats come from the number in the capacity text, 4 by default', () => {
    expect(seatsFromCapacity('7 Seater')).toBe(7);
    expect(seatsFromCapacity('5 seats')).toBe(5);
    expect(seatsFromCapacity('')).toBe(4);
    expect(seatsFromCapacity(null)).toBe(4);
  });

  test('features split on commas, trimmed, blanks dropped', () => {
    expect(splitFeatures(' ABS,  LED headlamp ,, USB charging,')).toEqual(['ABS', 'LED headlamp', 'USB charging']);
    expect(splitFeatures(null)).toEqual([]);
  });
});

// format.ts does not use Intl in the browser (docs/decisions/023-public-page-speed.md); these hold it
// to what Intl writes for the same formats, over a spread of values.
describe('the same text as Intl', () => {
  const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
  const date = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', month: 'short', day: 'numeric', year: 'numeric' });
  const dateTime = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Kolkata',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
  // Intl may write a narrow no-break space before AM/PM, depending on the ICU version.
  const plainSpaces = (text: string) => text.replace(/\u202f/g, ' ');
  // The same spread of values every run (a Park-Miller generator), so a failure can be repeated.
  let seed = 20_261_124;
  const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;

  test('rupees and counts, from 1 to twelve digits and halves', () => {
    const amounts = [1, 9, 10, 99.5, 100, 999, 999.5, 1000, 1250, 9999, 10000, 99999, 100000, 125000, 1234567, 2499.5, 98765432, 123456789012];
    for (let i = 0; i < 500; i++) amounts.push(Math.floor(random() * 10 ** (1 + (i % 12))) + (i % 3 === 0 ? 0.5 : 0));
    for (const amount of amounts) {
      expect(formatRupees(amount)).toBe(rupees.format(amount));
      expect(formatCount(Math.trunc(amount))).toBe(Math.trunc(amount).toLocaleString('en-IN'));
    }
    expect(formatCount(0)).toBe('0');
  });

  test('dates and times in Asia/Kolkata, across midnight and noon in India', () => {
    const instants = [
      '2025-01-04T18:29:59Z',
      '2025-01-04T18:30:00Z',
      '2025-01-05T06:29:00Z',
      '2025-01-05T06:30:00Z',
      '2025-01-05T07:35:00Z',
      '2024-02-28T18:30:00Z',
      '2024-12-31T18:30:00Z',
      '2026-06-30T23:59:00Z',
    ].map((t) => new Date(t));
    for (let i = 0; i < 500; i++) instants.push(new Date(Date.UTC(2000, 0, 1) + Math.floor(random() * 40 * 365 * 86_400_000)));
    for (const instant of instants) {
      expect(formatDate(instant)).toBe(date.format(instant));
      expect(formatDateTime(instant)).toBe(plainSpaces(dateTime.format(instant)));
      expect(todayInIndia(instant)).toBe(day.format(instant));
    }
  });

  test('a calendar day is that day in India, and an invalid date throws as Intl does', () => {
    expect(formatDate('2025-01-05')).toBe('Jan 5, 2025');
    expect(formatDateTime('2025-01-05T10:10:00Z')).toBe('Jan 5, 2025, 3:40 PM');
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});
