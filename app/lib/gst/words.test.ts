import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { rupeesInWords } from './words';

// Reads the words back into paise, so a property test can check any amount.
const VALUES: Record<string, number> = {
  Zero: 0,
  One: 1,
  Two: 2,
  Three: 3,
  Four: 4,
  Five: 5,
  Six: 6,
  Seven: 7,
  Eight: 8,
  Nine: 9,
  Ten: 10,
  Eleven: 11,
  Twelve: 12,
  Thirteen: 13,
  Fourteen: 14,
  Fifteen: 15,
  Sixteen: 16,
  Seventeen: 17,
  Eighteen: 18,
  Nineteen: 19,
  Twenty: 20,
  Thirty: 30,
  Forty: 40,
  Fifty: 50,
  Sixty: 60,
  Seventy: 70,
  Eighty: 80,
  Ninety: 90,
};

function wordsToNumber(words: string): number {
  let result = 0;
  let current = 0;
  for (const word of words.split(/[ -]/)) {
    if (word === 'Hundred') current *= 100;
    else if (word === 'Thousand') [result, current] = [result + current * 1_000, 0];
    else if (word === 'Lakh') [result, current] = [result + current * 100_000, 0];
    else if (word === 'Crore') [result, current] = [(result + current) * 10_000_000, 0];
    else if (word in VALUES) current += VALUES[word] as number;
    else throw new Error(`unexpected word ${word}`);
  }
  return result + current;
}

function parse(text: string): number {
  const match = /^Rupees (.+?)(?: and (.+) (?:Paise|Paisa))? only$/.exec(text);
  if (!match) throw new Error(`not in the invoice style: ${text}`);
  return wordsToNumber(match[1] as string) * 100 + (match[2] ? wordsToNumber(match[2]) : 0);
}

describe('rupeesInWords', () => {
  test('the examples of docs/decisions/047-invoices-gst.md', () => {
    expect(rupeesInWords(1_050_000)).toBe('Rupees Ten Thousand Five Hundred only');
    expect(rupeesInWords(12_345_600)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six only');
    expect(rupeesInWords(1_050)).toBe('Rupees Ten and Fifty Paise only');
    expect(rupeesInWords(0)).toBe('Rupees Zero only');
  });

  test('small and round amounts', () => {
    expect(rupeesInWords(1)).toBe('Rupees Zero and One Paisa only');
    expect(rupeesInWords(99)).toBe('Rupees Zero and Ninety-Nine Paise only');
    expect(rupeesInWords(100)).toBe('Rupees One only');
    expect(rupeesInWords(1_100)).toBe('Rupees Eleven only');
    expect(rupeesInWords(4_000)).toBe('Rupees Forty only');
    expect(rupeesInWords(10_000)).toBe('Rupees One Hundred only');
    expect(rupeesInWords(100_000)).toBe('Rupees One Thousand only');
    expect(rupeesInWords(10_000_000)).toBe('Rupees One Lakh only');
    expect(rupeesInWords(1_000_000_000)).toBe('Rupees One Crore only');
    expect(rupeesInWords(1_000_000_001)).toBe('Rupees One Crore and One Paisa only');
  });

  test('every group at once', () => {
    expect(rupeesInWords(999_999_999)).toBe('Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise only');
    expect(rupeesInWords(12_345_678_901)).toBe('Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and One Paisa only');
    expect(rupeesInWords(100_500_000_000)).toBe('Rupees One Hundred Crore Fifty Lakh only');
    expect(rupeesInWords(1_000_000_000_000)).toBe('Rupees One Thousand Crore only');
    expect(rupeesInWords(10_500_700)).toBe('Rupees One Lakh Five Thousand Seven only');
  });

  test('refuses what is not a whole number of paise from 0', () => {
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
    expect(() => rupeesInWords(10.5)).toThrow(RangeError);
    expect(() => rupeesInWords(Number.NaN)).toThrow(RangeError);
  });

  test('the words read back to the same amount, in the one style (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 1_000_000_000 }), fc.maxSafeNat()), (paise) => {
        const words = rupeesInWords(paise);
        expect(parse(words)).toBe(paise);
        expect(words).not.toMatch(/ {2}|Zero [A-Z]| and .* and /);
      }),
    );
  });
});
