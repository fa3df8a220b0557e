import { describe, expect, test } from 'vitest';
import { ITEM_KINDS, MAX_GST_RATE_PERCENT, PRICES_INCLUDE_TAX_DEFAULT, TAX_DEFAULTS, validateGstRate, validateSac } from './defaults';

describe('defaults per item kind', () => {
  test('tour package 998555 at 5 %, car with driver 996601 at 5 %, self-drive 997311 at 18 %, prices tax-inclusive', () => {
    expect(ITEM_KINDS.map((kind) => [kind, TAX_DEFAULTS[kind].sac, TAX_DEFAULTS[kind].ratePercent])).toEqual([
      ['tour_package', '998555', 5],
      ['car_with_driver', '996601', 5],
      ['self_drive', '997311', 18],
    ]);
    expect(PRICES_INCLUDE_TAX_DEFAULT).toBe(true);
  });

  test('every default passes the checks the settings apply', () => {
    for (const kind of ITEM_KINDS) {
      expect(validateSac(TAX_DEFAULTS[kind].sac).ok).toBe(true);
      expect(validateGstRate(TAX_DEFAULTS[kind].ratePercent).ok).toBe(true);
      expect(TAX_DEFAULTS[kind].source).not.toBe('');
    }
  });
});

describe('validateSac', () => {
  const message = (value: string) => {
    const result = validateSac(value);
    return result.ok ? result.sac : result.message;
  };

  test('4 to 8 digits, trimmed', () => {
    expect(message(' 998555 ')).toBe('998555');
    expect(message('9985')).toBe('9985');
    expect(message('99855500')).toBe('99855500');
  });

  test('each failure has its message', () => {
    expect(message('')).toBe('Enter the SAC code');
    expect(message('998')).toBe('An SAC code has 4 to 8 digits; this has 3');
    expect(message('998555001')).toBe('An SAC code has 4 to 8 digits; this has 9');
    expect(message('9985-55')).toBe('An SAC code has only digits (for example 998555)');
    expect(message('SAC998555')).toBe('An SAC code has only digits (for example 998555)');
  });
});

describe('validateGstRate', () => {
  test('numbers and form text from 0 to 28 %, in percent and basis points', () => {
    expect(validateGstRate(5)).toEqual({ ok: true, ratePercent: 5, rateBasisPoints: 500 });
    expect(validateGstRate('18 %')).toEqual({ ok: true, ratePercent: 18, rateBasisPoints: 1800 });
    expect(validateGstRate('0.25')).toEqual({ ok: true, ratePercent: 0.25, rateBasisPoints: 25 });
    expect(validateGstRate(0)).toEqual({ ok: true, ratePercent: 0, rateBasisPoints: 0 });
    expect(validateGstRate(MAX_GST_RATE_PERCENT)).toEqual({ ok: true, ratePercent: 28, rateBasisPoints: 2800 });
    // 0.07 * 100 is 7.000000000000001 in floating point: still 7 basis points.
    expect(validateGstRate(0.07)).toEqual({ ok: true, ratePercent: 0.07, rateBasisPoints: 7 });
  });

  test('each failure has its message', () => {
    const message = (value: number | string) => {
      const result = validateGstRate(value);
      return result.ok ? 'valid' : result.message;
    };
    expect(message('')).toBe('Enter the GST rate in percent');
    expect(message('five')).toBe('Enter the GST rate as a number of percent, for example 5 or 18');
    expect(message('-5')).toBe('Enter the GST rate as a number of percent, for example 5 or 18');
    expect(message(Number.NaN)).toBe('Enter the GST rate as a number of percent, for example 5 or 18');
    expect(message(-1)).toBe('The GST rate is between 0 and 28 %');
    expect(message(40)).toBe('The GST rate is between 0 and 28 %');
    expect(message('28.01')).toBe('The GST rate is between 0 and 28 %');
    expect(message(0.125)).toBe('The GST rate has at most two decimals (for example 0.25)');
  });
});
