import { describe, expect, test } from 'vitest';
import { isMonth, monthBounds } from './india-month';

describe('monthBounds', () => {
  test("a month runs from its first day's midnight in India to the next month's", () => {
    expect(monthBounds('2026-12')).toEqual({ from: new Date('2026-11-30T18:30:00Z'), to: new Date('2026-12-31T18:30:00Z') });
    expect(monthBounds('2027-02')).toEqual({ from: new Date('2027-01-31T18:30:00Z'), to: new Date('2027-02-28T18:30:00Z') });
  });

  test('31 December 23:59 IST is still December, 1 January 00:00 IST is January', () => {
    const december = monthBounds('2026-12');
    const lastMinute = new Date('2026-12-31T18:29:00Z');
    const newYear = new Date('2026-12-31T18:30:00Z');
    expect(lastMinute >= december.from && lastMinute < december.to).toBe(true);
    expect(newYear < december.to).toBe(false);
    expect(newYear.getTime()).toBe(monthBounds('2027-01').from.getTime());
  });

  test('refuses what is not a month', () => {
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-12', '2026-12-01', '1999-12', '2101-01', '', 'abcd-ef']) expect(isMonth(bad), bad).toBe(false);
    expect(isMonth('2026-01')).toBe(true);
    expect(() => monthBounds('2026-13')).toThrow(RangeError);
  });
});
