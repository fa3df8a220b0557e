import { describe, expect, test } from 'vitest';
import { LEAD_CODE_ALPHABET, LEAD_CODE_PATTERN, newLeadCode, normaliseLeadCode, whatsappGoHref } from './whatsapp-leads';

describe('lead codes (docs/decisions/049-whatsapp-leads.md)', () => {
  test('are WA- and five unambiguous characters', () => {
    for (let i = 0; i < 200; i++) expect(newLeadCode()).toMatch(LEAD_CODE_PATTERN);
    expect(LEAD_CODE_ALPHABET).not.toMatch(/[01ILOU]/);
  });

  test('skip bytes that would bias the draw', () => {
    const bytes = [255, 240, 0, 1, 2, 3, 29, 30];
    const code = newLeadCode((n) => Uint8Array.from(bytes.splice(0, n)));
    expect(code).toBe(`WA-${LEAD_CODE_ALPHABET[0]}${LEAD_CODE_ALPHABET[1]}${LEAD_CODE_ALPHABET[2]}${LEAD_CODE_ALPHABET[3]}${LEAD_CODE_ALPHABET[29]}`);
  });

  test.each([
    ['WA-7K3MQ', 'WA-7K3MQ'],
    ['wa-7k3mq', 'WA-7K3MQ'],
    [' Ref: WA 7K3MQ ', 'WA-7K3MQ'],
    ['7k3mq', 'WA-7K3MQ'],
    ['WA-7K3M', undefined],
    ['WA-7K3MO', undefined],
    ['', undefined],
  ])('%j reads as %j', (input, code) => {
    expect(normaliseLeadCode(input)).toBe(code);
  });

  test('the href names the item and the page', () => {
    expect(whatsappGoHref({ item: { type: 'bike', id: 'abc' }, from: '/bikes/abc' })).toBe('/go/whatsapp?item=bike%3Aabc&from=%2Fbikes%2Fabc');
    expect(whatsappGoHref({ from: '/' })).toBe('/go/whatsapp?from=%2F');
  });
});
