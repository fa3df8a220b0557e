import { describe, expect, test } from 'vitest';
import { rupeeTextToPaise } from '~/schemas/money';
import { formatPaise, paiseInputText, parsePaise } from './money';

describe('paise', () => {
  test('rupee text as staff type it becomes exact paise (no float rounding)', () => {
    expect(parsePaise('10,500')).toBe(1_050_000);
    expect(parsePaise('₹ 1,25,000.5')).toBe(12_500_050);
    expect(parsePaise('0.29')).toBe(29);
    expect(parsePaise('1.10')).toBe(110);
    expect(parsePaise('Rs. 24,999/-')).toBe(2_499_900);
    expect(parsePaise('12,34')).toBeNull();
    expect(parsePaise('ten')).toBeNull();
  });

  test('amounts are written the Indian way with paise', () => {
    expect(formatPaise(1_050_000)).toBe('₹10,500.00');
    expect(formatPaise(1_234_567_89)).toBe('₹12,34,567.89');
    expect(formatPaise(-50_000)).toBe('−₹500.00');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(paiseInputText(1_050_050)).toBe('10500.50');
    expect(paiseInputText(1_050_000)).toBe('10500');
  });

  test('the form field refuses zero, negatives, fractions of a paisa and more than ₹1 crore, each with its reason', () => {
    const message = (text: string) => rupeeTextToPaise.safeParse(text).error?.issues[0]?.message;
    expect(rupeeTextToPaise.parse(' 5,000 ')).toBe(500_000);
    expect(message('0')).toBe('Enter an amount above zero');
    expect(message('-500')).toBe('Enter an amount above zero');
    expect(message('10.005')).toBe('At most two decimals (paise)');
    expect(message('1,00,00,001')).toBe('At most ₹1,00,00,000 (₹1 crore)');
    expect(message('')).toBe('Enter an amount');
    expect(message('abc')).toContain('Enter an amount in rupees');
  });
});
