/**
 * Custom map embeds of the map settings (docs/decisions/010-maps-video-images.md#maps). Kept free
 * of zod so the map component can use it in the browser without shipping the validation library.
 */

/**
 * Hosts whose https iframes may be pasted as a custom map embed
 * (docs/decisions/010-maps-video-images.md#maps).
 */
export const ALLOWED_MAP_HOSTS = [
  'www.openstreetmap.org',
  'openstreetmap.org',
  'www.google.com',
  'maps.google.com',
  'www.bing.com',
] as const;

/**
 * Accepts '' or exactly one `<iframe ...></iframe>` whose src is https on an allowed map host.
 * Returns the src on success so the page renders its own iframe, never the pasted markup.
 */
export function parseMapEmbed(code: string): { ok: true; src: string } | { ok: false; error: string } {
  const trimmedCode = code.trim();
  const match = /^<iframe\b([^<>]*)>\s*<\/iframe>$/i.exec(trimmedCode);
  if (!match) return { ok: false, error: 'Paste a single <iframe> embed code' };
  const src = /\bsrc\s*=\s*("([^"]*)"|'([^']*)')/i.exec(match[1] ?? '');
  const value = src?.[2] ?? src?.[3];
  if (!value) return { ok: false, error: 'The iframe has no src' };
  let url: URL;
  try {
    url = new URL(value.replaceAll('&amp;', '&'));
  } catch {
    return { ok: false, error: 'The iframe src is not a valid URL' };
  }
  if (url.protocol !== 'https:') return { ok: false, error: 'The map must be served over https' };
  if (!(ALLOWED_MAP_HOSTS as readonly string[]).includes(url.hostname)) {
    return { ok: false, error: `Map host not allowed: ${url.hostname}` };
  }
  return { ok: true, src: url.href };
}
