/**
 * A titled card of the account pages (/admin/profile, /admin/staff): a section named by its h2, a
 * line of description, and its content (usually one form). `id` makes it a link target
 * (`/admin/profile#two-factor`).
 */
import { useId, type ReactNode } from 'react';
import { cn } from '~/lib/cn';

export function AccountSection({
  id,
  title,
  description,
  aside,
  children,
  className,
}: {
  id?: string;
  title: string;
  description?: ReactNode;
  /** Something small on the right of the title: a status badge. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('min-w-0 scroll-mt-6 card p-4 shadow-sm sm:p-6', className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-sans text-lg font-semibold text-ink">
            {title}
          </h2>
          {description ? <div className="mt-0.5 text-sm text-muted">{description}</div> : null}
        </div>
        {aside}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A small on/off status pill (2FA on, Disabled, This device). */
export function Pill({ tone, children }: { tone: 'on' | 'off' | 'warn' | 'info'; children: ReactNode }) {
  const tones = {
    on: 'bg-[#eaf5ee] text-[#1d5e3a] ring-flag-green/30',
    off: 'bg-mist text-muted ring-forest-100',
    warn: 'bg-[#fbecea] text-[#8f2a20] ring-flag-red/30',
    info: 'bg-forest-50 text-forest-800 ring-forest-200',
  } as const;
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1', tones[tone])}>
      {children}
    </span>
  );
}
