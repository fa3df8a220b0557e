import { describe, expect, test } from 'vitest';
import { telLink, whatsappItemLink, whatsappItemText, whatsappLink } from './whatsapp';

describe('whatsappLink', () => {
  test('keeps only the digits of the number and encodes the text', () => {
    expect(whatsappLink('+91 98765 43210')).toBe('https://wa.me/919876543210');
    const link = whatsappLink('+91 98765 43210', 'Hi & "hello" / 50% #1\nline two');
    expect(link.startsWith('https://wa.me/919876543210?text=')).toBe(true);
    expect(new URL(link).searchParams.get('text')).toBe('Hi & "hello" / 50% #1\nline two');
    expect(link).not.toMatch(/[ &"#\n]/);
  });
});

describe('whatsappItemText (prefilled text naming the item)', () => {
  test('names the package, bike or car', () => {
    expect(whatsappItemText({ type: 'package', name: 'Sikkim Explorer' })).toContain('"Sikkim Explorer" tour package');
    expect(whatsappItemText({ type: 'bike', name: 'Royal Enfield Himalayan 450' })).toContain('rent the Royal Enfield Himalayan 450 bike');
    expect(whatsappItemText({ type: 'car', name: ' Toyota Innova Crysta ' })).toContain('book the Toyota Innova Crysta.');
  });

  test('adds the page address on its own line when given', () => {
    const text = whatsappItemText({ type: 'car', name: 'Scorpio', url: 'https://example.com/cars/1' });
    expect(text.split('\n')).toHaveLength(2);
    expect(text.endsWith('\nhttps://example.com/cars/1')).toBe(true);
  });

  test('the item link carries that text to the settings number', () => {
    const link = new URL(whatsappItemLink('+91 00000 00000', { type: 'package', name: 'North Sikkim & Gangtok Explorer' }));
    expect(link.origin + link.pathname).toBe('https://wa.me/910000000000');
    expect(link.searchParams.get('text')).toContain('"North Sikkim & Gangtok Explorer"');
  });
});

test('telLink keeps digits and the plus sign', () => {
  expect(telLink('+91 00000 00000')).toBe('tel:+910000000000');
});
