/**
 * /sitemap.xml (docs/decisions/012-seo-and-accessibility.md): every public URL, including each
 * package, bike and car.
 */
import { env } from '~/lib/env.server';
import { sitemapXml } from '~/lib/sitemap';
import { listSitemapEntries } from '~/models/sitemap.server';

export async function loader() {
  const xml = sitemapXml(env().PUBLIC_URL, await listSitemapEntries());
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  });
}
