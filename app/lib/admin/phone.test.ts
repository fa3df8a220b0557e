import { describe, expect, test } from 'vitest';
import { PLACEHOLDER_PHONE, toE164 } from './phone';
import { formatPhone, whatsappLink } from '../whatsapp';

describe('toE164 (docs/decisions/005-site-settings.md, "Phone numbers")', () => {
  test.each([
    ['98320 55555', '+919832055555'],
    ['098320 55555', '+919832055555'],
    ['+91 98320 55555', '+919832055555'],
    ['+91-98320-55555', '+919832055555'],
    ['0091 98320 55555', '+919832055555'],
    ['919832055555', '+919832055555'],
    ['03592 202020', '+913592202020'],
    ['+1 415 555 2671', '+14155552671'],
    ['+91 00000 00000', PLACEHOLDER_PHONE],
  ])('reads %j as %s', (text, e164) => {
    expect(toE164(text)).toBe(e164);
  });

  test.each(['', 'call me', '12345', '98320 5555', '+91 98320 55555 ext 2', '9832055555a'])('refuses %j', (text) => {
    expect(toE164(text)).toBeNull();
  });

  test('the WhatsApp link of a local number carries the country code', () => {
    expect(whatsappLink(toE164('98320 55555')!)).toBe('https://wa.me/919832055555');
    expect(whatsappLink(toE164('098320 55555')!)).toBe('https://wa.me/919832055555');
  });

  test('formatPhone writes Indian numbers for people and leaves others as stored', () => {
    expect(formatPhone('+919832055555')).toBe('+91 98320 55555');
    expect(formatPhone(PLACEHOLDER_PHONE)).toBe('+91 00000 00000');
    expect(formatPhone('+14155552671')).toBe('+14155552671');
  });
});
