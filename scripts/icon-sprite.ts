/**
 * The site's SVG icon sprite (docs/decisions/002-page-weight.md#icons): one `<symbol>` per name of
 * app/lib/icons.ts, drawn from lucide's own icon data (the `__iconData` each lucide-react icon module
 * exports), written at build time as /assets/icons-<hash>.svg. Pages reference it with
 * `<svg><use href="/assets/icons-<hash>.svg#map-pin"/></svg>` (app/components/ui/icon.tsx): each
 * icon's paths are downloaded once and cached for a year instead of repeated in every page's HTML.
 *
 * The symbols carry lucide's fixed stroke settings (stroke = currentColor, round caps and joins); the
 * settings a page may change per icon (fill, stroke width, size) stay on the `<svg>` that uses them,
 * so `fill-*` classes and `strokeWidth` work as with lucide-react.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { LUCIDE_ICON_NAMES } from '../app/lib/icons.ts';

/** One element of a lucide icon: tag name and attributes (`key` is React's, not drawn). */
type IconNode = [tag: string, attributes: Record<string, string | number>][];
type LucideIconModule = { __iconData?: { name: string; size?: number; node: IconNode } };

/** The site's own glyphs: the symbol's attributes (besides id) and its content. */
const CUSTOM_SYMBOLS: Record<string, { attributes: string; content: string }> = {
  // WhatsApp's logo, filled with the text colour.
  whatsapp: {
    attributes: 'viewBox="0 0 24 24" fill="currentColor" stroke="none"',
    content:
      '<path d="M17.47 14.38c-.3-.15-1.76-.87-2.03-.97-.27-.1-.47-.15-.67.15-.2.3-.77.97-.94 1.16-.17.2-.35.22-.64.07-.3-.15-1.26-.46-2.39-1.47-.88-.79-1.48-1.76-1.65-2.06-.17-.3-.02-.46.13-.6.13-.14.3-.35.45-.52.15-.18.2-.3.3-.5.1-.2.05-.37-.03-.52-.07-.15-.67-1.61-.91-2.2-.24-.58-.49-.5-.67-.5h-.57c-.2 0-.52.07-.79.37-.27.3-1.04 1.02-1.04 2.48s1.07 2.88 1.21 3.07c.15.2 2.1 3.2 5.08 4.49.71.31 1.26.49 1.69.63.71.22 1.36.19 1.87.12.57-.09 1.76-.72 2.01-1.41.25-.7.25-1.29.17-1.41-.07-.13-.27-.2-.57-.35M12.05 21.5h-.01a9.87 9.87 0 0 1-5.03-1.38l-.36-.21-3.74.98 1-3.65-.24-.37a9.86 9.86 0 0 1-1.51-5.26c0-5.45 4.44-9.88 9.89-9.88 2.64 0 5.12 1.03 6.99 2.9a9.83 9.83 0 0 1 2.89 6.99c0 5.45-4.44 9.88-9.88 9.88m8.41-18.3A11.82 11.82 0 0 0 12.05 0C5.5 0 .16 5.34.16 11.89c0 2.1.55 4.14 1.59 5.95L.06 24l6.3-1.65a11.88 11.88 0 0 0 5.68 1.45h.01c6.55 0 11.89-5.34 11.89-11.89 0-3.18-1.24-6.16-3.48-8.41"/>',
  },
};

/** lucide's stroke settings that no page changes per icon, set once on each symbol. */
const LUCIDE_SYMBOL_ATTRIBUTES = 'stroke="currentColor" stroke-linecap="round" stroke-linejoin="round"';

const escapeAttribute = (value: string | number) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A lucide icon as a `<symbol>`; throws when lucide-react has no icon of that name. */
async function lucideSymbol(name: string): Promise<string> {
  let icon: LucideIconModule['__iconData'];
  try {
    icon = ((await import(`lucide-react/icons/${name}`)) as LucideIconModule).__iconData;
  } catch {
    icon = undefined;
  }
  if (!icon) throw new Error(`Icon sprite: lucide-react has no icon "${name}" (app/lib/icons.ts)`);
  const size = icon.size ?? 24;
  const content = icon.node
    .map(([tag, attributes]) => {
      const drawn = Object.entries(attributes)
        .filter(([key]) => key !== 'key')
        .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
        .join('');
      return `<${tag}${drawn}/>`;
    })
    .join('');
  return `<symbol id="${name}" viewBox="0 0 ${size} ${size}" ${LUCIDE_SYMBOL_ATTRIBUTES}>${content}</symbol>`;
}

/** The sprite document: every icon of app/lib/icons.ts as a `<symbol id="name">`. */
export async function renderIconSprite(): Promise<string> {
  const symbols = await Promise.all(LUCIDE_ICON_NAMES.map(lucideSymbol));
  for (const [name, { attributes, content }] of Object.entries(CUSTOM_SYMBOLS)) symbols.push(`<symbol id="${name}" ${attributes}>${content}</symbol>`);
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

/**
 * Vite plugin: renders the sprite once, names it by its content (`icons-<8 characters of
 * SHA-256>.svg` in the assets folder, so it can be cached for a year), writes it into the browser
 * build (where vite.config.ts's compression plugin makes its .br and .gz copies), serves it in
 * development, and hands its address to the app as `import.meta.env.ICON_SPRITE_URL` in every
 * environment (browser and server render the same `<use href>`).
 */
export function iconSprite(): Plugin {
  let sprite = '';
  let fileName = '';
  let url = '';
  return {
    name: 'site:icon-sprite',
    async config(config) {
      sprite = await renderIconSprite();
      const hash = createHash('sha256').update(sprite).digest('base64url').slice(0, 8);
      fileName = `${config.build?.assetsDir ?? 'assets'}/icons-${hash}.svg`;
      url = `${config.base ?? '/'}${fileName}`;
      return { define: { 'import.meta.env.ICON_SPRITE_URL': JSON.stringify(url) } };
    },
    configResolved(config) {
      // The address must be where the file lands: fail the build rather than ship broken icons.
      if (url !== `${config.base}${fileName}`) throw new Error(`Icon sprite: base "${config.base}" changed after the address ${url} was set`);
    },
    configureServer(server) {
      server.middlewares.use(url, (_req, res) => {
        res.setHeader('Content-Type', 'image/svg+xml');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(sprite);
      });
    },
    generateBundle() {
      if (this.environment.name === 'client') this.emitFile({ type: 'asset', fileName, source: sprite });
    },
  };
}
