import { describe, expect, test } from 'vitest';
import { parseRupees, rupeesInputText } from './rupees';

describe('parseRupees', () => {
  test.each([
    ['24999', 24999],
    ['24,999', 24999],
    ['1,25,000', 125000],
    ['12,34,567', 1234567],
    ['125,000', 125000],
    ['1,250,000', 1250000],
    ['₹ 24999', 24999],
    ['₹24,999', 24999],
    ['Rs. 24,999', 24999],
    ['rs 24999', 24999],
    ['INR 1,25,000', 125000],
    ['24,999/-', 24999],
    ['24999.50', 24999.5],
    ['24,999.5', 24999.5],
    ['0', 0],
    ['  3500 ', 3500],
    ['\u00a0₹\u00a03,500', 3500],
  ])('reads %j as %d', (text, expected) => {
    expect(parseRupees(text)).toBe(expected);
  });

  test.each([
    '',
    '  ',
    'abc',
    '24,99',
    '2,4999',
    '1,25,00',
    ',999',
    '24999.505',
    '-500',
    '24 999',
    '24.999,50',
    '₹',
    '1e5',
    '0x10',
    '24999.',
    '.5',
    '1234567890123',
  ])('refuses %j', (text) => {
    expect(parseRupees(text)).toBeNull();
  });

  test('gives the plain input text of an amount', () => {
    expect(rupeesInputText('Rs. 1,25,000')).toBe('125000');
    expect(rupeesInputText('24,999.50')).toBe('24999.5');
    expect(rupeesInputText('twenty')).toBeNull();
  });
});
