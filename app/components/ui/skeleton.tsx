/** Placeholder block while content loads; pulses unless the user asked for reduced motion. */
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('rounded-md bg-forest-50 motion-safe:animate-pulse', className)} {...props} />;
}
