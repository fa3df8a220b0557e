import { describe, expect, test } from 'vitest';
import { bookedDatesMessage, formatBookedRange, formatBookedRanges, mergeBookedRanges, overlappingRanges } from './booked-dates';

describe('booked dates', () => {
  test('ranges read the way people say them, the year only when it is not this one', () => {
    expect(formatBookedRange({ start: '2027-01-20', end: '2027-01-20' }, '2027')).toBe('20 Jan');
    expect(formatBookedRange({ start: '2027-01-12', end: '2027-01-14' }, '2027')).toBe('12–14 Jan');
    expect(formatBookedRange({ start: '2027-01-30', end: '2027-02-02' }, '2027')).toBe('30 Jan – 2 Feb');
    expect(formatBookedRange({ start: '2028-01-30', end: '2028-02-02' }, '2027')).toBe('30 Jan – 2 Feb 2028');
    expect(formatBookedRange({ start: '2027-12-30', end: '2028-01-02' }, '2027')).toBe('30 Dec 2027 – 2 Jan 2028');
    expect(
      formatBookedRanges(
        [
          { start: '2027-01-20', end: '2027-01-20' },
          { start: '2027-01-12', end: '2027-01-14' },
        ],
        '2027-01-01',
      ),
    ).toBe('12–14 Jan, 20 Jan');
    expect(formatBookedRanges([], '2027-01-01')).toBe('');
  });

  test('touching and overlapping ranges are one stay', () => {
    expect(
      mergeBookedRanges([
        { start: '2027-01-15', end: '2027-01-16' },
        { start: '2027-01-12', end: '2027-01-14' },
        { start: '2027-01-13', end: '2027-01-13' },
        { start: '2027-01-18', end: '2027-01-18' },
      ]),
    ).toEqual([
      { start: '2027-01-12', end: '2027-01-16' },
      { start: '2027-01-18', end: '2027-01-18' },
    ]);
  });

  test('overlap: inclusive days, the end date optional, nothing for dates not picked yet', () => {
    const ranges = [{ start: '2027-01-12', end: '2027-01-14' }];
    expect(overlappingRanges(ranges, '2027-01-14', '2027-01-16')).toEqual(ranges);
    expect(overlappingRanges(ranges, '2027-01-10', '')).toEqual([]);
    expect(overlappingRanges(ranges, '2027-01-13')).toEqual(ranges);
    expect(overlappingRanges(ranges, '2027-01-10', '2027-01-11')).toEqual([]);
    expect(overlappingRanges(ranges, '2027-01-15', '2027-01-20')).toEqual([]);
    expect(overlappingRanges(ranges, '2027-01-10', '2027-01-20')).toEqual(ranges);
    expect(overlappingRanges(ranges, '2027-01-1', '2027-01-20')).toEqual([]);
    expect(overlappingRanges(ranges, '2027-01-16', '2027-01-10')).toEqual([]);
  });

  test('the message names days, not people', () => {
    expect(bookedDatesMessage('car', [{ start: '2027-01-12', end: '2027-01-14' }], '2027-01-01')).toBe(
      'This car is already booked on 12–14 Jan. Please choose other dates.',
    );
  });
});
