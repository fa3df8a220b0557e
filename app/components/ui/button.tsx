/**
 * Button and button-styled link variants (forest primary, marigold accent, WhatsApp green
 * only for WhatsApp). 44px minimum touch target at the default size.
 */
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

const variants = {
  primary: 'bg-forest-700 text-white hover:bg-forest-800',
  accent: 'bg-marigold text-ink hover:bg-marigold-light',
  outline: 'border border-forest-700 text-forest-700 hover:bg-forest-50',
  ghost: 'text-forest-700 hover:bg-forest-50',
  /** Ghost on a dark or photographic background. */
  light: 'text-white ring-1 ring-white/40 hover:bg-white/10',
  /** Outline on a dark background. */
  outlineLight: 'border border-white text-white hover:bg-white/10',
  /** A disabled action that cannot be taken at all ('Currently Unavailable'). */
  unavailable: 'bg-muted text-white',
  whatsapp: 'bg-whatsapp-dark text-white hover:bg-whatsapp-darker',
  danger: 'bg-flag-red text-white hover:bg-[#a93226]',
} as const;

const sizes = {
  sm: 'min-h-9 px-4 text-sm',
  md: 'min-h-11 px-5',
  lg: 'min-h-12 px-7 text-lg',
  /** Square, for an icon-only button with an aria-label. */
  icon: 'size-11 shrink-0',
} as const;

export type ButtonVariant = keyof typeof variants;

/**
 * Classes of a button, for links and other elements that look like one. `className` is appended and
 * must not restyle what the variant or size set (colours, padding, height, display): cn() joins
 * classes without resolving conflicts, so add a variant or size instead.
 */
export function buttonClass(variant: ButtonVariant = 'primary', size: keyof typeof sizes = 'md', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
    className,
  );
}

type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: keyof typeof sizes };

/** A button (type="button" unless given). For a link that looks like a button, use `buttonClass`. */
export function Button({ variant = 'primary', size = 'md', className, type, ...props }: ButtonProps) {
  return <button type={type ?? 'button'} className={buttonClass(variant, size, className)} {...props} />;
}
