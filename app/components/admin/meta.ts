/**
 * Titles of admin pages: '<Page> | Admin', plus robots noindex (a route's meta replaces its parent's,
 * so every admin page repeats it; the server also sends `X-Robots-Tag: noindex`).
 */
export function adminMeta(title: string) {
  return [{ title: `${title} | Admin` }, { name: 'robots', content: 'noindex, nofollow' }];
}
