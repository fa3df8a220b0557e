/**
 * An icon of the site's SVG sprite (docs/decisions/002-page-weight.md#icons): `<svg><use
 * href="/assets/icons-<hash>.svg#name"/></svg>`, so a page's HTML carries a reference, not the icon's
 * paths. Looks like the lucide-react icon of the same name: 24×24 by default, stroke in the text
 * colour, stroke width 2, round caps and joins; size it with a class (`size-4`) or `size`, colour it
 * with `text-*`, fill it with `fill-*`.
 *
 * Decorative by default (`aria-hidden`, `focusable="false"`): the button or link around it carries
 * the accessible name. An icon given `aria-label` or `aria-labelledby` is exposed as an image.
 */
import type { SVGProps } from 'react';
import type { IconName } from '~/lib/icons';

/** The sprite's address, set at build time by scripts/icon-sprite.ts (unset only in unit tests). */
const SPRITE_URL = import.meta.env.ICON_SPRITE_URL ?? '/icons.svg';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  /** Symbol of the sprite (app/lib/icons.ts). */
  name: IconName;
  /** Width and height in px (lucide's `size`); a size class in `className` takes precedence. */
  size?: number | string;
  /** Stroke width in the icon's 24-unit grid (lucide's `strokeWidth`), 2 by default. */
  strokeWidth?: number | string;
};

export function Icon({ name, size = 24, strokeWidth = 2, ...props }: IconProps) {
  const named = props['aria-label'] != null || props['aria-labelledby'] != null;
  return (
    <svg
      width={size}
      height={size}
      fill="none"
      strokeWidth={strokeWidth}
      aria-hidden={named ? undefined : true}
      role={named ? 'img' : undefined}
      focusable="false"
      {...props}
    >
      <use href={`${SPRITE_URL}#${name}`} />
    </svg>
  );
}
