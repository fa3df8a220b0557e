import { describe, expect, it } from 'vitest';
import { uploadVariants } from './image-variants';

const id = 'AbCdEfGhIjKlMnOpQrSt_-';

describe('uploadVariants', () => {
  it('gives the three widths of an upload, whichever width the URL names', () => {
    const expected = [
      { src: `/uploads/${id}-480.webp`, width: 480 },
      { src: `/uploads/${id}-960.webp`, width: 960 },
      { src: `/uploads/${id}-1600.webp`, width: 1600 },
    ];
    expect(uploadVariants(`/uploads/${id}-1600.webp`)).toEqual(expected);
    expect(uploadVariants(`/uploads/${id}-480.webp`)).toEqual(expected);
    expect(uploadVariants(`/uploads/${id}-960.webp`)).toEqual(expected);
  });

  it('gives nothing for other images', () => {
    for (const url of [
      null,
      undefined,
      '',
      '/images/packages/gangtok.svg',
      'https://example.com/uploads/x.webp',
      `https://example.com/uploads/${id}-1600.webp`,
      `/uploads/${id}-1200.webp`,
      `/uploads/${id}-1600.jpg`,
      `/uploads/${id}-1600.webp?x=1`,
      `/uploads/../${id}-1600.webp`,
      `/uploads/short-1600.webp`,
    ]) {
      expect(uploadVariants(url)).toBeUndefined();
    }
  });
});
