import { describe, expect, test } from 'vitest';
import { rememberUtmOf } from './landing-utm';
import {
  LANDING_UTM_KEY,
  LEAD_CODE_ALPHABET,
  LEAD_CODE_PATTERN,
  newLeadCode,
  normaliseLeadCode,
  refererSearchParams,
  utmParamsOf,
  whatsappGoHref,
  withLandingUtm,
} from './whatsapp-leads';

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

describe('UTM tags from the Referer and from the landing page (docs/decisions/049-whatsapp-leads.md#utm-tags)', () => {
  const hosts = ['tours.example', 'localhost:3000'];

  test("the Referer's query only when it is a page of this site", () => {
    expect(utmParamsOf(refererSearchParams('https://tours.example/packages/1?utm_source=instagram&utm_medium=social&fbclid=x', hosts))).toEqual([
      ['utm_source', 'instagram'],
      ['utm_medium', 'social'],
    ]);
    expect(refererSearchParams('http://localhost:3000/?utm_campaign=monsoon', hosts).get('utm_campaign')).toBe('monsoon');
    for (const referer of [
      'https://evil.example/?utm_source=spam',
      'https://tours.example.evil.example/?utm_source=spam',
      'https://tours.example:8443/?utm_source=spam',
      'javascript:alert(1)//tours.example/?utm_source=spam',
      'not a url',
      '',
      null,
      undefined,
    ]) {
      expect(utmParamsOf(refererSearchParams(referer, hosts)), String(referer)).toEqual([]);
    }
  });

  test('topic links: a fixed text name, the general one left out', () => {
    expect(whatsappGoHref({ topic: 'tours', from: '/contact' })).toBe('/go/whatsapp?topic=tours&from=%2Fcontact');
    expect(whatsappGoHref({ topic: 'general', from: '/' })).toBe('/go/whatsapp?from=%2F');
    expect(whatsappGoHref({ topic: 'homestay:Kaluk', from: '/rural-tourism' })).toBe('/go/whatsapp?topic=homestay%3AKaluk&from=%2Frural-tourism');
  });

  test("the landing page's tags are added to a /go/whatsapp link that has none", () => {
    const utm: [string, string][] = [
      ['utm_source', 'instagram'],
      ['utm_campaign', 'spring sale'],
    ];
    expect(withLandingUtm('/go/whatsapp?item=package%3A1&from=%2Fpackages%2F1', utm, 'https://tours.example')).toBe(
      '/go/whatsapp?item=package%3A1&from=%2Fpackages%2F1&utm_source=instagram&utm_campaign=spring+sale',
    );
    // The link's own tags win; other links and an empty list are left alone.
    expect(withLandingUtm('/go/whatsapp?from=%2F&utm_source=newsletter', utm, 'https://tours.example')).toBe('/go/whatsapp?from=%2F&utm_source=newsletter');
    expect(withLandingUtm('/packages?x=1', utm, 'https://tours.example')).toBe('/packages?x=1');
    expect(withLandingUtm('/go/whatsapp?from=%2F', [], 'https://tours.example')).toBe('/go/whatsapp?from=%2F');
  });

  test('the first page with tags is the landing page of the tab', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    } as unknown as Storage;
    rememberUtmOf('?q=1', storage);
    expect(data.size).toBe(0);
    rememberUtmOf('?utm_source=instagram&utm_medium=social', storage);
    rememberUtmOf('?utm_source=google', storage);
    expect(JSON.parse(data.get(LANDING_UTM_KEY)!)).toEqual([
      ['utm_source', 'instagram'],
      ['utm_medium', 'social'],
    ]);
  });
});
