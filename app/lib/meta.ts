/** Per-page title and description (D10). The site name is appended to every title. */
export const SITE_NAME = 'Himalayan Tours & Travels';

export function pageMeta(title: string, description: string) {
  return [
    { title: `${title} | ${SITE_NAME}` },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
}
