/**
 * The empty state of an admin list or panel: an icon, a heading (the product's exact text, e.g.
 * 'No cars added yet' or 'No cars match your search'), an optional line and an optional action.
 */
import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({
  title,
  message,
  action,
  icon: Icon = Inbox,
  headingLevel = 2,
}: {
  title: string;
  message?: ReactNode;
  action?: ReactNode;
  icon?: LucideIcon;
  /** 2 inside a page, 3 inside a titled panel. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col items-center rounded-card border border-dashed border-forest-200 bg-white px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-forest-50 text-forest-700">
        <Icon className="size-6" aria-hidden />
      </span>
      <Heading className="mt-4 font-sans text-lg font-semibold text-ink">{title}</Heading>
      {message ? <p className="mt-1 max-w-md text-sm text-muted">{message}</p> : null}
      {action ? <div className="mt-5 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
