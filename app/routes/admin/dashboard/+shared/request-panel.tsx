/**
 * The dashboard's "latest" panels of bookings and inquiries (app/routes/admin/dashboard.tsx): the
 * newest five, each with its status and linking to its record.
 */
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '~/components/admin/empty-state';
import { StatusPill, type StatusTone } from '~/components/ui/status-pill';

/** What an inquiry is, when it names no package, car, bike or subject. */
export const INQUIRY_KINDS: Record<string, string> = {
  packages: 'Package inquiry',
  cabs: 'Cab inquiry',
  rentals: 'Bike rental inquiry',
  contact: 'Contact message',
};

const STATUS_TONES: Record<string, StatusTone> = {
  pending: 'pending',
  confirmed: 'ok',
  completed: 'ok',
  rejected: 'bad',
  cancelled: 'bad',
};

/** A booking's or inquiry's status as a small pill: 'Pending', 'Confirmed', 'Completed', 'Rejected', 'Cancelled'. */
function RequestStatusPill({ status }: { status: string }) {
  return (
    <StatusPill tone={STATUS_TONES[status] ?? 'neutral'} className="shrink-0">
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </StatusPill>
  );
}

export type RequestItem = {
  id: string;
  href: string;
  name: string;
  /** The item booked, or what the inquiry is about. */
  detail: string;
  /** 'Travel Mar 18, 2027' or 'Received Nov 24, 2026, 4:30 PM'. */
  when: string;
  status: string;
};

/** 'Latest bookings' / 'Latest inquiries': the newest five, each linking to its record. */
export function RequestPanel({
  title,
  listTo,
  listLabel,
  emptyText,
  icon,
  items,
}: {
  title: string;
  listTo: string;
  /** What 'View all' lists, for screen readers: 'bookings'. */
  listLabel: string;
  emptyText: string;
  icon: LucideIcon;
  items: RequestItem[];
}) {
  const headingId = `latest-${listLabel}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col card shadow-sm">
      <div className="flex items-center justify-between gap-3 border-b border-forest-100 px-4 py-3">
        <h3 id={headingId} className="font-sans text-base font-semibold text-ink">
          {title}
        </h3>
        <Link to={listTo} className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-forest-700 hover:bg-forest-50">
          View all<span className="sr-only"> {listLabel}</span>
        </Link>
      </div>
      {items.length === 0 ? (
        <div className="p-3">
          <EmptyState headingLevel={3} icon={icon} title={emptyText} />
        </div>
      ) : (
        <ul className="divide-y divide-forest-100">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={item.href} className="flex min-h-14 items-center gap-3 px-4 py-2.5 hover:bg-mist/50">
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold text-ink">{item.name}</span>
                  <span className="block truncate text-sm text-ink/80">{item.detail}</span>
                  <span className="block text-xs text-muted">{item.when}</span>
                </span>
                <RequestStatusPill status={item.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
