import { describe, expect, test } from 'vitest';
import { buildSrcSet } from '~/components/ui/picture';
import { pageWindow } from '~/components/ui/pagination';
import { listHref } from '~/lib/list-href';
import { serializeJsonLd } from './json-ld';
import { absoluteUrl } from './structured-data';

describe('serializeJsonLd', () => {
  test('cannot close the script element, and still parses to the same data', () => {
    const data = { name: '</script><script>alert(1)</script>', note: 'a & b > c <!-- d', line: 'x\u2028y' };
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe('listHref', () => {
  test('leaves out empty values, "all" and page 1', () => {
    expect(listHref('/packages', { q: '', category: 'all', page: 1 })).toBe('/packages');
    expect(listHref('/packages', { q: 'pelling lake', category: 'adventure', page: 3 })).toBe('/packages?q=pelling+lake&category=adventure&page=3');
    expect(listHref('/bikes', { filter: '450cc', q: undefined })).toBe('/bikes?filter=450cc');
  });
  test('keeps a search for the word "all" and leaves out null (the admin lists)', () => {
    expect(listHref('/admin/cars', { q: 'all', delete: null, page: 2 })).toBe('/admin/cars?q=all&page=2');
  });
});

describe('pageWindow', () => {
  test('shows first, last and the neighbours of the current page, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 42)).toEqual([1, null, 4, 5, 6, null, 42]);
    expect(pageWindow(3, 42)).toEqual([1, 2, 3, 4, null, 42]);
    expect(pageWindow(42, 42)).toEqual([1, null, 41, 42]);
  });
});

describe('buildSrcSet', () => {
  test('needs two widths or more, sorted narrowest first', () => {
    expect(buildSrcSet(undefined)).toBeUndefined();
    expect(buildSrcSet([{ src: '/a-800.webp', width: 800 }])).toBeUndefined();
    expect(
      buildSrcSet([
        { src: '/a-1200.webp', width: 1200 },
        { src: '/a-400.webp', width: 400 },
        { src: '/a-800.webp', width: 800 },
      ]),
    ).toBe('/a-400.webp 400w, /a-800.webp 800w, /a-1200.webp 1200w');
  });
});

test('absoluteUrl resolves site paths against PUBLIC_URL and keeps absolute URLs', () => {
  expect(absoluteUrl('https://tours.example', '/images/a.svg')).toBe('https://tours.example/images/a.svg');
  expect(absoluteUrl('https://tours.example/', 'https://cdn.example/b.png')).toBe('https://cdn.example/b.png');
});
