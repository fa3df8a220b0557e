import { describe, expect, it } from 'vitest';
import { defaultSettings } from '~/schemas/settings';
import { formatPhone } from '~/lib/whatsapp';
import { formatRating, jsonLdScript, reviewsLabel, shortHighlights, travelAgencyJsonLd, videoEmbed, wrapIndex } from './helpers';

describe('shortHighlights', () => {
  it('keeps the first two highlights, each cut to its first two words', () => {
    expect(shortHighlights(['Tsomgo Lake and Baba Mandir', 'Nathula Pass at 14,140 ft', 'Rumtek Monastery'])).toEqual(['Tsomgo Lake', 'Nathula Pass']);
  });
  it('drops trailing punctuation and empty entries', () => {
    expect(shortHighlights(['Zero Point, at 15,300 ft', '  ', 'Yumthang Valley'])).toEqual(['Zero Point', 'Yumthang Valley']);
    expect(shortHighlights(null)).toEqual([]);
  });
});

describe('ratings', () => {
  it('shows one decimal and a plural-aware review count', () => {
    expect(formatRating(4.7)).toBe('4.7');
    expect(formatRating(5)).toBe('5.0');
    expect(formatRating('4.85')).toBe('4.8');
    expect(reviewsLabel(59)).toBe('(59 reviews)');
    expect(reviewsLabel(1)).toBe('(1 review)');
  });
});

describe('wrapIndex', () => {
  it('wraps both ways', () => {
    expect(wrapIndex(15, 1, 16)).toBe(0);
    expect(wrapIndex(0, -1, 16)).toBe(15);
    expect(wrapIndex(3, 1, 7)).toBe(4);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

describe('videoEmbed', () => {
  it('hides the section for an empty URL', () => {
    expect(videoEmbed('')).toBeNull();
    expect(videoEmbed('   ')).toBeNull();
  });
  it('turns YouTube links into a muted looping autoplay embed', () => {
    for (const url of ['https://www.youtube.com/watch?v=abcDEF12345', 'https://youtu.be/abcDEF12345', 'https://www.youtube.com/embed/abcDEF12345']) {
      const embed = videoEmbed(url);
      expect(embed?.kind).toBe('youtube');
      const src = new URL(embed!.src);
      expect(src.pathname).toBe('/embed/abcDEF12345');
      expect(Object.fromEntries(src.searchParams)).toMatchObject({ autoplay: '1', mute: '1', loop: '1', playlist: 'abcDEF12345' });
    }
  });
  it('plays other http(s) URLs as a file and refuses other schemes', () => {
    expect(videoEmbed('https://cdn.example.com/sikkim.mp4')).toEqual({ kind: 'file', src: 'https://cdn.example.com/sikkim.mp4' });
    expect(videoEmbed('javascript:alert(1)')).toBeNull();
    expect(videoEmbed('https://www.youtube.com/watch?v=<script>')).toBeNull();
  });
});

describe('travelAgencyJsonLd', () => {
  it('describes the agency with address, geo and telephone from settings', () => {
    const data = travelAgencyJsonLd('https://tours.example/', defaultSettings.company, { latitude: 27.3187, longitude: 88.5963 });
    expect(data).toMatchObject({
      '@type': 'TravelAgency',
      name: defaultSettings.company.name,
      telephone: formatPhone(defaultSettings.company.phone),
      url: 'https://tours.example/',
      address: { '@type': 'PostalAddress', addressLocality: 'Gangtok', postalCode: '737101', addressCountry: 'IN' },
      geo: { '@type': 'GeoCoordinates', latitude: 27.3187, longitude: 88.5963 },
    });
  });
  it('cannot close the script element it is embedded in', () => {
    const text = jsonLdScript({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
