/** Eyebrow, serif title and intro of a home or content section. */
import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = 'left',
  tone = 'light',
  action,
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: 'left' | 'center';
  tone?: 'light' | 'dark';
  action?: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-6', align === 'center' ? 'items-center text-center' : 'md:flex-row md:items-end md:justify-between')}>
      <div className={cn('max-w-2xl', align === 'center' && 'mx-auto')}>
        {eyebrow ? <p className={cn('eyebrow', tone === 'dark' && 'text-marigold-light')}>{eyebrow}</p> : null}
        <h2 id={id} className={`mt-2 text-title font-semibold text-balance ${tone === 'dark' ? 'text-white' : 'text-ink'}`}>
          {title}
        </h2>
        {intro ? <p className={cn('mt-4 text-lg', tone === 'dark' ? 'text-forest-100' : 'text-muted')}>{intro}</p> : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
