/**
 * /robots.txt (docs/decisions/012-seo-and-accessibility.md): everything public may be crawled, the
 * admin area, the API and the WhatsApp redirect (/go/, docs/decisions/049-whatsapp-leads.md) and the vehicles' calendar
 * feeds (/calendars/, docs/decisions/048-trip-operations.md) may not.
 */
import { env } from '~/lib/env.server';
import { robotsTxt } from '~/lib/sitemap';

export function loader() {
  return new Response(robotsTxt(env().PUBLIC_URL), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
