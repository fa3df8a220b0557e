/** Pure helpers of the home page (docs/product.md#home), unit-tested. */
import { formatPhone } from '~/lib/whatsapp';
import type { Settings } from '~/schemas/settings';

export const HERO_IMAGES = [1, 2, 3, 4, 5].map((n) => `/images/hero/hero-${n}.svg`);
export const HERO_ROTATE_MS = 3000;
export const HERO_FADE_MS = 1000;
export const HERO_WORDS = ['Perfect', 'Awesome', 'Best'] as const;
export const HERO_WORD_MS = 3000;
export const HERO_WORD_FADE_MS = 500;
export const HERO_CHIPS = ['Mountain Treks', 'Cultural Tours', 'Monastery Visits', 'Tea Gardens'] as const;
export const GALLERY_PROGRESS_MS = 5000;
export const GALLERY_LOCK_MS = 800;

/** The first `count` highlights, each cut to its first `words` words (spec: first 2, 2 words). */
export function shortHighlights(highlights: readonly string[] | null | undefined, count = 2, words = 2): string[] {
  return (highlights ?? [])
    .map((h) =>
      h
        .trim()
        .split(/\s+/)
        .slice(0, words)
        .join(' ')
        .replace(/[,;:.]+$/, ''),
    )
    .filter(Boolean)
    .slice(0, count);
}

/** A rating with one decimal ('4.7'); a missing rating shows as '5.0'. */
export function formatRating(rating: number | string | null | undefined): string {
  const n = typeof rating === 'string' ? Number.parseFloat(rating) : rating;
  return (Number.isFinite(n) ? (n as number) : 5).toFixed(1);
}

/** '(1 review)' / '(59 reviews)'. */
export function reviewsLabel(count: number | null | undefined): string {
  const n = count ?? 0;
  return `(${n} ${n === 1 ? 'review' : 'reviews'})`;
}

/** `index` moved by `step`, wrapping around a list of `length` both ways. */
export function wrapIndex(index: number, step: number, length: number): number {
  if (length <= 0) return 0;
  return (((index + step) % length) + length) % length;
}

export type VideoEmbed = { kind: 'youtube'; src: string } | { kind: 'file'; src: string } | null;

/**
 * The embed for the settings' video URL (docs/decisions/010-maps-video-images.md#video): a YouTube
 * link becomes an autoplaying, muted, looping privacy-enhanced embed; any other http(s) URL is
 * played as a file; '' means no video section.
 */
export function videoEmbed(url: string): VideoEmbed {
  const value = url.trim();
  if (!value) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = parsed.pathname.slice(1).split('/')[0] || null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parsed.pathname === '/watch') id = parsed.searchParams.get('v');
    else {
      const match = /^\/(?:embed|shorts|live)\/([^/?#]+)/.exec(parsed.pathname);
      id = match?.[1] ?? null;
    }
  }
  if (id !== null) {
    if (!/^[\w-]{6,20}$/.test(id)) return null;
    const params = new URLSearchParams({ autoplay: '1', mute: '1', loop: '1', playlist: id, playsinline: '1', rel: '0', modestbranding: '1' });
    return { kind: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}?${params}` };
  }
  return { kind: 'file', src: parsed.href };
}

/**
 * schema.org TravelAgency for the home page (docs/decisions/012-seo-and-accessibility.md): name,
 * address, geo from the map settings, telephone.
 */
export function travelAgencyJsonLd(
  baseUrl: string,
  company: Pick<Settings['company'], 'name' | 'tagline' | 'phone' | 'email' | 'address'>,
  map: Pick<Settings['map'], 'latitude' | 'longitude'>,
) {
  const base = baseUrl.replace(/\/+$/, '');
  const postalCode = /\b(\d{6})\b/.exec(company.address)?.[1];
  return {
    '@context': 'https://schema.org',
    '@type': 'TravelAgency',
    '@id': `${base}/#organization`,
    name: company.name,
    description: company.tagline || undefined,
    url: `${base}/`,
    logo: `${base}/favicon.svg`,
    image: `${base}/og-image.png`,
    telephone: formatPhone(company.phone),
    email: company.email,
    priceRange: '₹₹',
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.split(',')[0]?.trim() || company.address,
      addressLocality: 'Gangtok',
      addressRegion: 'Sikkim',
      postalCode,
      addressCountry: 'IN',
    },
    geo: { '@type': 'GeoCoordinates', latitude: map.latitude, longitude: map.longitude },
    areaServed: ['Sikkim', 'Darjeeling'],
  };
}

/** JSON for a <script type="application/ld+json">, safe against '</script>' in the data. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
