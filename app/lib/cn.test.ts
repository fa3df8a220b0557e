import { afterEach, describe, expect, test, vi } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  afterEach(() => vi.restoreAllMocks());

  test('joins truthy class names and drops the rest', () => {
    expect(cn('a', false, null, undefined, ['b', { c: true, d: false }])).toBe('a b c');
  });

  test('keeps both of two conflicting utilities, and warns about it during development', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(cn('px-4 text-ink', 'px-6')).toBe('px-4 text-ink px-6');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"px-4" conflicts'));
    cn('mt-2', 'md:mt-4', 'hover:bg-white');
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
