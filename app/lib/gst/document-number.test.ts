import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_DOCUMENT_PREFIXES,
  DOCUMENT_KINDS,
  MAX_DOCUMENT_NUMBER_LENGTH,
  MAX_PREFIX_LENGTH,
  financialYearDays,
  financialYearOf,
  formatDocumentNumber,
  validatePrefix,
} from './document-number';

describe('financial year', () => {
  test('1 April to 31 March', () => {
    expect(financialYearOf(new Date('2026-11-28T12:00:00Z'))).toEqual({ start: 2026, label: '26-27' });
    expect(financialYearOf(new Date('2027-02-15T12:00:00Z'))).toEqual({ start: 2026, label: '26-27' });
    expect(financialYearOf(new Date('2026-04-01T12:00:00Z'))).toEqual({ start: 2026, label: '26-27' });
    expect(financialYearOf(new Date('2026-03-31T12:00:00Z'))).toEqual({ start: 2025, label: '25-26' });
  });

  test('the year turns at midnight in India, not in UTC', () => {
    // 31 March 2027 23:59 IST = 18:29 UTC.
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z')).label).toBe('26-27');
    // 1 April 2027 00:00 IST = 31 March 18:30 UTC.
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z')).label).toBe('27-28');
    expect(financialYearOf(new Date('2027-04-01T00:00:00+05:30')).label).toBe('27-28');
  });

  test('labels around the century', () => {
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z')).label).toBe('99-00');
    expect(financialYearOf(new Date('2000-01-01T00:00:00Z')).label).toBe('99-00');
    expect(financialYearOf(new Date('2009-05-01T00:00:00Z')).label).toBe('09-10');
  });

  test('first and last day', () => {
    expect(financialYearDays(2026)).toEqual({ firstDay: '2026-04-01', lastDay: '2027-03-31' });
  });

  test('an invalid date is refused', () => {
    expect(() => financialYearOf(new Date('not a date'))).toThrow(RangeError);
  });

  test('matches Intl in Asia/Kolkata for any instant (property)', () => {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: 'numeric' });
    fc.assert(
      fc.property(fc.date({ min: new Date('2017-07-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (date) => {
        const p = parts.formatToParts(date);
        const year = Number(p.find((x) => x.type === 'year')?.value);
        const month = Number(p.find((x) => x.type === 'month')?.value);
        expect(financialYearOf(date).start).toBe(month >= 4 ? year : year - 1);
      }),
    );
  });
});

describe('prefix', () => {
  test('letters, digits, - and /, trimmed and in capitals', () => {
    expect(validatePrefix(' ht ')).toEqual({ ok: true, prefix: 'HT' });
    expect(validatePrefix('HT-IN')).toEqual({ ok: true, prefix: 'HT-IN' });
    expect(validatePrefix('A/B')).toEqual({ ok: true, prefix: 'A/B' });
    expect(MAX_PREFIX_LENGTH).toBe(5);
  });

  test('each failure has its message', () => {
    const message = (value: string) => {
      const result = validatePrefix(value);
      return result.ok ? 'valid' : result.message;
    };
    expect(message('')).toBe('Enter a prefix, for example INV');
    expect(message('H T')).toBe("A prefix has only letters, digits, '-' and '/' (GST Rule 46)");
    expect(message('INV#')).toBe("A prefix has only letters, digits, '-' and '/' (GST Rule 46)");
    expect(message('HT/')).toBe("A prefix starts and ends with a letter or digit: the '/' before the financial year is added for you");
    expect(message('-HT')).toContain('starts and ends with a letter or digit');
    expect(message('HTOURS')).toBe('A prefix has at most 5 characters: HTOURS/26-27/0042 has 17, and GST Rule 46 allows 16');
  });

  test('a prefix is accepted exactly when its numbers fit in 16 characters (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'AZ09-/'), minLength: 1, maxLength: 9 }), (prefix) => {
        fc.pre(/^[A-Z0-9](?:.*[A-Z0-9])?$/.test(prefix));
        const fits = `${prefix}/26-27/0001`.length <= MAX_DOCUMENT_NUMBER_LENGTH;
        expect(validatePrefix(prefix).ok).toBe(fits);
      }),
    );
  });

  test('each series has its own default prefix, and each fits', () => {
    const prefixes = DOCUMENT_KINDS.map((kind) => DEFAULT_DOCUMENT_PREFIXES[kind]);
    expect(prefixes).toEqual(['RCT', 'INV', 'CN']);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) expect(validatePrefix(prefix).ok).toBe(true);
  });
});

describe('formatDocumentNumber', () => {
  test('PREFIX/YY-YY/NNNN', () => {
    expect(formatDocumentNumber('HT', '26-27', 42)).toBe('HT/26-27/0042');
    expect(formatDocumentNumber('inv', '26-27', 1)).toBe('INV/26-27/0001');
    expect(formatDocumentNumber('INV', '26-27', 9_999)).toBe('INV/26-27/9999');
  });

  test('the sequence grows past 9999 while the number fits in 16 characters', () => {
    expect(formatDocumentNumber('HT', '26-27', 10_000)).toBe('HT/26-27/10000');
    expect(formatDocumentNumber('HTIN', '26-27', 99_999)).toBe('HTIN/26-27/99999');
    expect(formatDocumentNumber('HTOUR', '26-27', 9_999)).toHaveLength(16);
    expect(() => formatDocumentNumber('HTOUR', '26-27', 10_000)).toThrow('HTOUR/26-27/10000 is longer than 16 characters (GST Rule 46): shorten the prefix');
  });

  test('bad arguments are refused', () => {
    expect(() => formatDocumentNumber('HT', '2026-27', 1)).toThrow("The financial year label is written '26-27'");
    expect(() => formatDocumentNumber('HT', '26-27', 0)).toThrow('A document sequence number is a whole number from 1');
    expect(() => formatDocumentNumber('HT', '26-27', 1.5)).toThrow(RangeError);
    expect(() => formatDocumentNumber('HT/', '26-27', 1)).toThrow(RangeError);
  });

  test('every number of a valid prefix within its 4 digits is at most 16 characters, letters, digits, - and / only (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'ABCXYZ0189'), minLength: 1, maxLength: MAX_PREFIX_LENGTH }),
        fc.integer({ min: 2017, max: 2098 }),
        fc.integer({ min: 1, max: 9_999 }),
        (prefix, start, sequence) => {
          const number = formatDocumentNumber(prefix, financialYearOf(new Date(Date.UTC(start, 6, 1))).label, sequence);
          expect(number.length).toBeLessThanOrEqual(MAX_DOCUMENT_NUMBER_LENGTH);
          expect(number).toMatch(/^[A-Z0-9/-]+$/);
        },
      ),
    );
  });
});
