/** Small label for tags, discounts and statuses (marigold accent with dark text). */
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

const tones = {
  accent: 'bg-marigold text-ink',
  forest: 'bg-forest-700 text-white',
  soft: 'bg-forest-50 text-forest-800 ring-1 ring-forest-100',
  glass: 'bg-white/15 text-white ring-1 ring-white/30 backdrop-blur',
  white: 'bg-white text-ink shadow-sm',
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone = 'accent', className, ...props }: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return <span className={cn('badge gap-1.5', tones[tone], className)} {...props} />;
}
