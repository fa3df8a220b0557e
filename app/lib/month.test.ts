import { describe, expect, test } from 'vitest';
import { addMonths, formatMonth, isMonth, monthBounds, monthInIndia } from './month';

describe('months in India', () => {
  test('isMonth takes YYYY-MM from 2000-01 to 2100-12 only', () => {
    for (const ok of ['2026-03', '2000-01', '2100-12', '2026-12']) expect(isMonth(ok)).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-3', '202603', '1999-12', '2101-01', '2026-03-01', ' 2026-03', '']) expect(isMonth(bad)).toBe(false);
  });

  test('the month changes at midnight IST, not UTC', () => {
    expect(monthInIndia(new Date('2026-03-31T18:29:59.999Z'))).toBe('2026-03');
    expect(monthInIndia(new Date('2026-03-31T18:30:00Z'))).toBe('2026-04');
  });

  test('bounds are the first days and their midnights in India', () => {
    const march = monthBounds('2026-03');
    expect(march).toEqual({
      firstDay: '2026-03-01',
      nextFirstDay: '2026-04-01',
      start: new Date('2026-02-28T18:30:00Z'),
      end: new Date('2026-03-31T18:30:00Z'),
    });
    expect(monthBounds('2026-12').nextFirstDay).toBe('2027-01-01');
    expect(() => monthBounds('2026-13')).toThrow(RangeError);
  });

  test('addMonths crosses years both ways', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-03', -15)).toBe('2024-12');
  });

  test('formatMonth names the month', () => {
    expect(formatMonth('2026-03')).toBe('March 2026');
    expect(formatMonth('2027-01')).toBe('January 2027');
  });
});
