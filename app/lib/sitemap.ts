/**
 * Serialisers for sitemap.xml and robots.txt (docs/decisions/012-seo-and-accessibility.md), kept
 * pure for unit tests.
 */

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export function sitemapXml(baseUrl: string, entries: { path: string; lastModified?: Date; priority: number }[]): string {
  const base = baseUrl.replace(/\/+$/, '');
  const urls = entries.map((e) => {
    const parts = [`<loc>${escapeXml(base + e.path)}</loc>`];
    if (e.lastModified) parts.push(`<lastmod>${e.lastModified.toISOString()}</lastmod>`);
    parts.push(`<priority>${e.priority.toFixed(1)}</priority>`);
    return `  <url>${parts.join('')}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /go/',
    'Disallow: /calendars/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
