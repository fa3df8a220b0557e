/**
 * A small rounded status pill (booking and inquiry status, outbox mail, audit action, 2FA on/off).
 * The tones come from the theme's status colours in app/app.css (`--color-status-*`), so the
 * pending / ok / bad tints are defined once; `neutral` and `info` use the mist and forest palette.
 * `dot` adds a small coloured dot before the text (decorative, hidden from assistive technology).
 */
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

const tones = {
  pending: { pill: 'bg-status-pending-bg text-status-pending-fg ring-marigold/40', dot: 'bg-marigold' },
  ok: { pill: 'bg-status-ok-bg text-status-ok-fg ring-flag-green/30', dot: 'bg-flag-green' },
  bad: { pill: 'bg-status-bad-bg text-status-bad-fg ring-flag-red/30', dot: 'bg-flag-red' },
  neutral: { pill: 'bg-mist text-muted ring-forest-100', dot: 'bg-muted/60' },
  info: { pill: 'bg-forest-50 text-forest-800 ring-forest-200', dot: 'bg-forest-500' },
} as const;

export type StatusTone = keyof typeof tones;

export function StatusPill({ tone, dot = false, className, children, ...props }: ComponentProps<'span'> & { tone: StatusTone; dot?: boolean }) {
  const look = tones[tone];
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1', look.pill, className)}
      {...props}
    >
      {dot ? <span aria-hidden className={cn('size-1.5 rounded-full', look.dot)} /> : null}
      {children}
    </span>
  );
}
