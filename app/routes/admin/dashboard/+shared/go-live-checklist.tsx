/**
 * The dashboard's go-live checklist (docs/decisions/045-security-round-two.md, section 14): one line
 * per placeholder or missing server setting that still reaches travellers (app/lib/go-live.ts),
 * saying what is missing and linking to the admin page that fixes it (or naming the env file).
 * Renders nothing once every item is done.
 */
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { GoLiveItem } from '~/lib/go-live';

/** The checklist, or nothing when `items` is empty. */
export function GoLiveChecklist({ items }: { items: GoLiveItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="dash-go-live" className="card border-status-pending-fg/30 bg-status-pending-bg p-4 sm:p-6">
      <h2 id="dash-go-live" className="flex items-center gap-2 font-sans text-lg font-semibold text-status-pending-fg">
        <TriangleAlert className="size-5" aria-hidden />
        Before going live
      </h2>
      <p className="mt-1 text-sm text-ink">
        {items.length === 1 ? 'One placeholder or missing setting still reaches' : `${items.length} placeholders or missing settings still reach`} travellers.
        This list disappears once all are fixed.
      </p>
      <ul className="mt-3 flex flex-col gap-2 text-sm" data-testid="go-live-checklist">
        {items.map((item) => (
          <li key={item.key} data-go-live={item.key} className="rounded-lg bg-white/70 px-3 py-2">
            <p className="font-medium text-ink">{item.missing}</p>
            <p className="text-muted">
              {item.href ? (
                <Link to={item.href} className="font-medium text-forest-700 underline underline-offset-2">
                  {item.fix}
                </Link>
              ) : (
                item.fix
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
