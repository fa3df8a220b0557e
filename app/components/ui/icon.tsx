/**
 * An icon of the site's SVG sprite (docs/decisions/002-page-weight.md#icons): `<svg><use
 * href="/assets/icons-<hash>.svg#name"/></svg>`, so a page's HTML carries a reference, not the icon's
 * paths. Looks like the lucide-react icon of the same name: 24×24 by default, stroke in the text
 * colour, stroke width 2, round caps and joins; size it with a class (`size-4`), colour it with
 * `text-*`, fill it with `fill-*`, thicken it with `stroke-3`.
 *
 * Those defaults live in the stylesheet's `.icon` rule (app/app.css, base layer, so any utility
 * class wins), not in attributes: a page repeats its icon wrapper up to 150 times, and the HTML
 * stays lighter (docs/decisions/023-public-page-speed.md).
 *
 * Decorative by default (`aria-hidden`): the button or link around it carries the accessible name.
 * An icon given `aria-label` or `aria-labelledby` is exposed as an image.
 */
import type { SVGProps } from 'react';
import { cn } from '~/lib/cn';
import type { IconName } from '~/lib/icons';

/** The sprite's address, set at build time by scripts/icon-sprite.ts (unset only in unit tests). */
export const SPRITE_URL = import.meta.env.ICON_SPRITE_URL ?? '/icons.svg';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'width' | 'height' | 'fill' | 'strokeWidth'> & {
  /** Symbol of the sprite (app/lib/icons.ts). */
  name: IconName;
};

export function Icon({ name, className, ...props }: IconProps) {
  const named = props['aria-label'] != null || props['aria-labelledby'] != null;
  return (
    <svg aria-hidden={named ? undefined : true} role={named ? 'img' : undefined} className={cn('icon', className)} {...props}>
      <use href={`${SPRITE_URL}#${name}`} />
    </svg>
  );
}
