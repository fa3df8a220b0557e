/**
 * A dashboard figure: label, number and a small icon; the whole card links to the list behind it.
 * `tone="attention"` marks a figure that asks for action (pending bookings, open inquiries) when it
 * is above zero.
 */
import { ArrowRight, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '~/lib/cn';

export function StatCard({
  label,
  value,
  to,
  icon: Icon,
  hint,
  tone = 'default',
  compact = false,
}: {
  label: string;
  value: number;
  /** The list this figure counts. */
  to: string;
  icon: LucideIcon;
  /** A short line under the number. */
  hint?: string;
  tone?: 'default' | 'attention';
  /** Below 640 px: no icon and no hint, so three cards fit side by side on a phone. */
  compact?: boolean;
}) {
  const attention = tone === 'attention' && value > 0;
  return (
    <Link
      to={to}
      data-stat={label}
      className={cn(
        'group flex min-w-0 flex-col gap-3 card shadow-sm transition-colors hover:border-forest-200 hover:bg-forest-50/40 sm:p-5',
        compact ? 'p-3' : 'p-4',
      )}
    >
      <span className="flex items-center justify-between gap-3">
        <span className="min-w-0 text-sm font-semibold break-words text-muted">{label}</span>
        <span
          className={cn(
            'size-9 shrink-0 place-items-center rounded-lg',
            compact ? 'hidden sm:grid' : 'grid',
            attention ? 'bg-marigold-light text-ink' : 'bg-forest-50 text-forest-700',
          )}
        >
          <Icon className="size-5" aria-hidden />
        </span>
      </span>
      <span className="font-display text-3xl leading-none font-semibold text-ink tabular-nums" data-stat-value>
        {value.toLocaleString('en-IN')}
      </span>
      <span className={cn('items-center justify-between gap-2 text-xs text-muted', compact ? 'hidden sm:flex' : 'flex')}>
        <span>{hint}</span>
        <ArrowRight className="size-4 text-forest-700 transition-transform group-hover:translate-x-0.5" aria-hidden />
      </span>
    </Link>
  );
}
