/**
 * A row of rating stars drawn from the icon sprite in one `<svg>` (app/components/ui/icon.tsx):
 * `filled` marigold stars, then forest-100 ones up to `count`. One wrapper and a `<use>` per star
 * instead of a whole icon per star keeps a page of ratings light
 * (docs/decisions/023-public-page-speed.md). Decorative: the caller writes the rating as text.
 *
 * `size` and `gap` are in CSS px.
 */
import { cn } from '~/lib/cn';
import { SPRITE_URL } from './icon';
/** The star symbol's grid (lucide's 24 units). */
const GRID = 24;

export function StarRow({ filled, count = 5, size, gap = 0, className }: { filled: number; count?: number; size: number; gap?: number; className?: string }) {
  const step = GRID + (gap * GRID) / size;
  const width = count * GRID + (count - 1) * (step - GRID);
  const stars = Array.from({ length: count }, (_, i) => i);
  // A <use> of a <symbol> is as big as the whole viewport unless it is given the symbol's size.
  const star = (i: number) => <use key={i} href={`${SPRITE_URL}#star`} x={i ? i * step : undefined} width={GRID} height={GRID} />;
  return (
    <svg width={(width * size) / GRID} height={size} viewBox={`0 0 ${width} ${GRID}`} strokeWidth={2} aria-hidden className={cn('shrink-0', className)}>
      <g className="fill-marigold text-marigold">{stars.filter((i) => i < filled).map(star)}</g>
      {filled < count ? <g className="fill-forest-100 text-forest-100">{stars.filter((i) => i >= filled).map(star)}</g> : null}
    </svg>
  );
}
