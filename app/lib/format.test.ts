import { describe, expect, test } from 'vitest';
import {
  CONTACT_FOR_BIKE_PRICE,
  CONTACT_FOR_PRICE,
  CONTACT_FOR_PRICING,
  formatRating,
  formatReviewCount,
  formatRupees,
  priceOrContact,
  seatsFromCapacity,
  splitFeatures,
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
