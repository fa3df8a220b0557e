/**
 * Per-page title and description (docs/decisions/012-seo-and-accessibility.md). The site name is
 * appended to every title. Canonical URL and Open Graph url/image are rendered once for every route
 * by the root Layout (app/root.tsx).
 */
export const SITE_NAME = 'Himalayan Tours & Travels';

/**
 * Title, description and their Open Graph twins. `siteName` defaults to the seeded company name;
 * pages that have the settings' name at hand (see `siteNameFrom`) pass it.
 */
export function pageMeta(title: string, description: string, siteName: string = SITE_NAME) {
  return [
    { title: `${title} | ${siteName}` },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
}

/** The company name from the site layout's loader data in a meta function's `matches`, if present. */
export function siteNameFrom(matches: readonly unknown[]): string {
  for (const match of matches) {
    const data = (match as { id?: string; loaderData?: unknown; data?: unknown } | undefined) ?? {};
    if (data.id !== 'routes/site/layout') continue;
    const payload = (data.loaderData ?? data.data) as { company?: { name?: unknown } } | undefined;
    if (typeof payload?.company?.name === 'string' && payload.company.name) return payload.company.name;
  }
  return SITE_NAME;
}
