/** Card surface: white, soft border, rounded, lifts a little on hover when interactive. */
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

export function Card({ interactive, className, ...props }: ComponentProps<'article'> & { interactive?: boolean }) {
  return (
    <article
      className={cn('flex flex-col overflow-hidden card shadow-sm', interactive && 'transition-shadow duration-200 hover:shadow-lg', className)}
      {...props}
    />
  );
}

export function CardBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-1 flex-col gap-3 p-5', className)} {...props} />;
}
