/**
 * A bike's or car's calendar feed address for staff to add to their phone's calendar
 * (docs/decisions/048-trip-operations.md#ical-feed-per-vehicle): the https address in a read-only
 * field (select and copy; a Copy button once scripts run) and a webcal:// link that opens the
 * phone's own "subscribe" screen. Without a secrets key there is no feed, and it says so.
 */
import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { useHydrated } from '~/components/admin/editor/use-hydrated';
import { buttonClass } from '~/components/ui/button';
import { cn } from '~/lib/cn';

/** How to use the address, shown once per page. */
export const FEED_HINT =
  "Add to your phone's calendar: copy the address into Google Calendar (Other calendars, From URL) or on an iPhone Settings, Calendar, Accounts, Add Subscribed Calendar; or open Subscribe on the phone. Anyone with the address sees the bookings: share it only with staff.";

/** The copyable address of one vehicle's feed; `label` names it for screen readers and the field. */
export function CalendarFeedUrl({ url, label, className }: { url: string | null; label: string; className?: string }) {
  const id = useId();
  const canCopy = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!url) return <p className={cn('text-sm text-muted', className)}>No calendar feed: set SECRETS_KEY (docs/deploy.md).</p>;
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <label htmlFor={id} className="sr-only">
        Calendar feed address of {label}
      </label>
      <input
        id={id}
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="min-h-10 min-w-0 flex-1 rounded-lg border border-forest-200 bg-mist px-3 font-mono text-xs text-ink"
      />
      {canCopy ? (
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
          <span className="sr-only"> the calendar address of {label}</span>
        </button>
      ) : null}
      <a href={url.replace(/^https?:\/\//, 'webcal://')} className={buttonClass('ghost', 'sm')}>
        Subscribe<span className="sr-only"> to the calendar of {label}</span>
      </a>
    </div>
  );
}

/** The feed as a card for a bike's or car's edit page. */
export function CalendarFeedCard({ url, label }: { url: string | null; label: string }) {
  return (
    <section aria-labelledby="calendar-feed-heading" className="mt-8 card p-5 shadow-sm">
      <h2 id="calendar-feed-heading" className="font-sans text-lg font-semibold">
        Calendar feed
      </h2>
      <p className="mt-1 text-sm text-muted">{FEED_HINT}</p>
      <CalendarFeedUrl url={url} label={label} className="mt-3" />
    </section>
  );
}
