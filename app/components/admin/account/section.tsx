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
    <section id={id} aria-labelledby={headingId} className={cn('min-w-0 scroll-mt-6 card p-4 shadow-sm sm:p-6', className)}>
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
