import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './sitemap';

describe('sitemapXml', () => {
  it('lists absolute, escaped URLs with lastmod and priority', () => {
    const xml = sitemapXml('https://tours.example/', [
      { path: '/', priority: 1 },
      { path: '/packages/a&b', lastModified: new Date('2025-01-05T10:00:00Z'), priority: 0.8 },
    ]);
    expect(xml).toContain('<loc>https://tours.example/</loc>');
    expect(xml).toContain('<loc>https://tours.example/packages/a&amp;b</loc><lastmod>2025-01-05T10:00:00.000Z</lastmod><priority>0.8</priority>');
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });
});

describe('robotsTxt', () => {
  it('disallows the admin area and points at the sitemap', () => {
    const text = robotsTxt('https://tours.example');
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    // The WhatsApp redirect (docs/decisions/049-whatsapp-leads.md): crawlers need not follow it.
    expect(text).toMatch(/^Disallow: \/go\/$/m);
    // The vehicles' secret calendar feeds (docs/decisions/048-trip-operations.md).
    expect(text).toMatch(/^Disallow: \/calendars\/$/m);
    expect(text).toContain('Sitemap: https://tours.example/sitemap.xml');
  });
});
