/**
 * Button and button-styled link variants (forest primary, marigold accent, WhatsApp green
 * only for WhatsApp). 44px minimum touch target at the default size.
 */
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

/** Variant → its class in the stylesheet's components layer (app/app.css). */
const variants = {
  primary: 'btn-primary',
  accent: 'btn-accent',
  outline: 'btn-outline',
  ghost: 'btn-ghost',
  /** Ghost on a dark or photographic background. */
  light: 'btn-light',
  /** Outline on a dark background. */
  outlineLight: 'btn-outline-light',
  /** A disabled action that cannot be taken at all ('Currently Unavailable'). */
  unavailable: 'btn-unavailable',
  whatsapp: 'btn-whatsapp',
  danger: 'btn-danger',
} as const;

const sizes = {
  sm: 'btn-sm',
  md: 'btn-md',
  lg: 'btn-lg',
  /** Square, for an icon-only button with an aria-label. */
  icon: 'btn-icon',
} as const;

export type ButtonVariant = keyof typeof variants;

/**
 * Classes of a button, for links and other elements that look like one. `className` is appended and
 * must not restyle what the variant or size set (colours, padding, height, display): cn() joins
 * classes without resolving conflicts, so add a variant or size instead.
 */
export function buttonClass(variant: ButtonVariant = 'primary', size: keyof typeof sizes = 'md', className?: string) {
  return cn('btn', variants[variant], sizes[size], className);
}

type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: keyof typeof sizes };

/** A button (type="button" unless given). For a link that looks like a button, use `buttonClass`. */
export function Button({ variant = 'primary', size = 'md', className, type, ...props }: ButtonProps) {
  return <button type={type ?? 'button'} className={buttonClass(variant, size, className)} {...props} />;
}
