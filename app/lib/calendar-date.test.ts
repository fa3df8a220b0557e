import { describe, expect, test } from 'vitest';
import { isCalendarDate, isRealDate } from './calendar-date';

describe('isRealDate', () => {
  test.each(['2026-11-27', '2028-02-29', '0001-01-01'])('%s is a real day', (value) => expect(isRealDate(value)).toBe(true));
  test.each(['2026-02-30', '2027-02-29', '2026-13-01', '2026-1-5', '26-11-27', '2026-11-27T00:00', ' 2026-11-27', ''])('%j is not', (value) =>
    expect(isRealDate(value)).toBe(false),
  );
});

describe('isCalendarDate', () => {
  test('accepts real days from 2000 to 2100, the past included', () => {
    expect(isCalendarDate('2000-01-01')).toBe(true);
    expect(isCalendarDate('2100-12-31')).toBe(true);
  });
  test('refuses days outside those years, and days that do not exist', () => {
    expect(isCalendarDate('1999-12-31')).toBe(false);
    expect(isCalendarDate('2101-01-01')).toBe(false);
    expect(isCalendarDate('2026-02-30')).toBe(false);
  });
});
