import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { gstinCheckCharacter, validateGstin } from './gstin';

// Published GSTINs: 27AAPFU0939F1ZV is the example of python-stdnum (stdnum/in_/gstin.py) and of the
// npm package stdnum (src/in/gstin.spec.ts), which also has 29AAGCB7383J1Z4; 27AAGCG4576J1Z6 (Google
// India), 27AAGCG4576JBZW (its 11th registration in Maharashtra) and Indian Oil's registrations in
// Sikkim, West Bengal, Delhi and Ladakh are in the gstin-validator package's tests
// (srikanthlogic/gstin-validator).
const PUBLISHED = [
  '27AAPFU0939F1ZV',
  '29AAGCB7383J1Z4',
  '27AAGCG4576J1Z6',
  '27AAGCG4576JBZW',
  '11AAACI1681G1Z2',
  '19AAACI1681G1ZM',
  '07AAACI1681G1ZR',
  '38AAALS7119L1ZH',
];

describe('GSTIN check character', () => {
  test.each(PUBLISHED)('%s: computed from its first 14 characters', (gstin) => {
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin.charAt(14));
  });

  test('worked example: 27AAPFU0939F1Z gives V', () => {
    // Values: 2 7 10 10 25 15 30 0 9 3 9 15 1 35; even places doubled and reduced to base-36 digit sums.
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('27aapfu0939f1z')).toBe('V');
  });

  test('refuses anything but 14 letters or digits', () => {
    expect(() => gstinCheckCharacter('27AAPFU0939F1')).toThrow(RangeError);
    expect(() => gstinCheckCharacter('27AAPFU0939F1-')).toThrow(RangeError);
  });

  test('a changed character or two swapped neighbours are caught (property)', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const first14 = fc.array(fc.constantFrom(...alphabet), { minLength: 14, maxLength: 14 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(first14, fc.integer({ min: 0, max: 13 }), fc.constantFrom(...alphabet), (body, at, replacement) => {
        fc.pre(body.charAt(at) !== replacement);
        const changed = body.slice(0, at) + replacement + body.slice(at + 1);
        expect(gstinCheckCharacter(changed)).not.toBe(gstinCheckCharacter(body));
      }),
    );
  });
});

describe('validateGstin', () => {
  test.each(PUBLISHED)('%s is valid', (gstin) => {
    const result = validateGstin(gstin);
    expect(result).toEqual({ ok: true, gstin, stateCode: gstin.slice(0, 2), pan: gstin.slice(2, 12) });
  });

  test('trims and upper-cases', () => {
    expect(validateGstin('  27aapfu0939f1zv \n')).toEqual({ ok: true, gstin: '27AAPFU0939F1ZV', stateCode: '27', pan: 'AAPFU0939F' });
  });

  const message = (value: string) => {
    const result = validateGstin(value);
    return result.ok ? 'valid' : result.message;
  };

  test('each failure has its own message', () => {
    expect(message('')).toBe('Enter the GSTIN');
    expect(message('27AAPFU0939F1Z')).toBe('A GSTIN has 15 characters; this has 14');
    expect(message('27AAPFU0939F1ZVX')).toBe('A GSTIN has 15 characters; this has 16');
    expect(message('27AAPFU-939F1ZV')).toBe('A GSTIN has only letters and digits, no spaces or signs');
    expect(message('2XAAPFU0939F1ZV')).toBe('A GSTIN starts with the two-digit state code (Sikkim is 11)');
    expect(message('39AAPFU0939F1ZV')).toBe('39 is not a GST state code (Sikkim is 11, West Bengal 19)');
    expect(message('99AAPFU0939F1ZV')).toContain('99 is not a GST state code');
    expect(message('25AAACI1681G1ZT')).toBe(
      'State code 25 (Daman and Diu) is no longer used: merged with Dadra and Nagar Haveli on 26 January 2020; its GSTINs start with 26',
    );
    expect(message('27AAPF00939F1ZV')).toBe(
      'Characters 3 to 12 of a GSTIN are the PAN: five letters, four digits and a letter (AAAAA9999A); here they are AAPF00939F',
    );
    expect(message('27AAPFU0939F0ZV')).toBe(
      'The 13th character of a GSTIN is the number of the registration for this PAN in the state: 1 to 9, then A to Z (not 0)',
    );
    expect(message('27AAPFU0939F1YV')).toBe('The 14th character of a GSTIN is Z; here it is Y');
    expect(message('27AAPFU0939F1ZW')).toBe('The last character of this GSTIN does not match the others (it is a check character): look for a typing mistake');
    // A typing mistake in the middle: the check character no longer fits.
    expect(message('27AAPFU0939F1ZV'.replace('0939', '0993'))).toContain('does not match');
  });

  test("the 'Z' rule can be turned off; the check character still applies", () => {
    const body = '27AAPFU0939F1Y';
    const gstin = body + gstinCheckCharacter(body);
    expect(validateGstin(gstin).ok).toBe(false);
    expect(validateGstin(gstin, { requireZ: false })).toEqual({ ok: true, gstin, stateCode: '27', pan: 'AAPFU0939F' });
  });

  test('every well-shaped body with its computed check character is valid (property)', () => {
    const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const digit = fc.constantFrom(...'0123456789');
    const body = fc
      .tuple(
        fc.constantFrom('11', '19', '07', '27', '97', '38'),
        fc.array(letter, { minLength: 5, maxLength: 5 }),
        fc.array(digit, { minLength: 4, maxLength: 4 }),
        letter,
        fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
      )
      .map(([state, five, four, last, entity]) => `${state}${five.join('')}${four.join('')}${last}${entity}Z`);
    fc.assert(
      fc.property(body, (b) => {
        expect(validateGstin(b + gstinCheckCharacter(b)).ok).toBe(true);
      }),
    );
  });
});
