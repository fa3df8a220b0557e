/**
 * The icons of the site's SVG sprite (docs/decisions/002-page-weight.md#icons): lucide icons by their
 * lucide file name (lucide.dev), plus the site's own glyphs (`whatsapp`). The sprite is generated at
 * build time from this list (scripts/icon-sprite.ts) and served as one hashed, immutable file under
 * /assets; `<Icon name="…">` (app/components/ui/icon.tsx) draws a symbol of it. To add an icon, add
 * its name here; the build fails on a name lucide does not have.
 *
 * The back office may keep importing lucide-react components directly; public pages use only these.
 */
export const LUCIDE_ICON_NAMES = [
  'arrow-right',
  'arrow-up-down',
  'badge-check',
  'bed-double',
  'bike',
  'bus',
  'calendar-check',
  'calendar-clock',
  'calendar-days',
  'car',
  'check',
  'chevron-down',
  'chevron-left',
  'chevron-right',
  'circle-check',
  'circle-exclamation-point',
  'clock',
  'clock-3',
  'cog',
  'compass',
  'droplet',
  'file-check-corner',
  'file-text',
  'fuel',
  'gauge',
  'heart',
  'hotel',
  'mail',
  'map-pin',
  'map-pinned',
  'megaphone',
  'menu',
  'message-circle',
  'message-square-text',
  'mountain',
  'package',
  'phone',
  'quote',
  'search',
  'search-x',
  'shield-check',
  'snowflake',
  'sparkles',
  'star',
  'tag',
  'users',
  'utensils',
  'wallet',
  'weight',
  'x',
] as const;

/** The site's own glyphs, drawn in the sprite by scripts/icon-sprite.ts (filled, not stroked). */
export const CUSTOM_ICON_NAMES = ['whatsapp'] as const;

/** The name of a symbol in the sprite. */
export type IconName = (typeof LUCIDE_ICON_NAMES)[number] | (typeof CUSTOM_ICON_NAMES)[number];

declare global {
  interface ImportMetaEnv {
    /** Address of the sprite file, e.g. /assets/icons-AbC123xy.svg (set by scripts/icon-sprite.ts). */
    readonly ICON_SPRITE_URL?: string;
  }
}
