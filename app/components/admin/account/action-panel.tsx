/**
 * A modal panel of the account pages (the 'Manage' panel of /admin/staff), built like the delete
 * confirmation of the lists (app/components/admin/confirm-delete.tsx): a page state, not a script.
 * A row's link goes to `?manage=<id>` and the page renders this panel, whose forms post to the
 * page's action and whose Close is a link back. So it works without JavaScript; with it, focus moves
 * to the panel itself (its title and description are read first; it holds several forms, so no one
 * field is the obvious start), Tab stays inside, and Escape or a click on the backdrop closes it.
 */
import { TriangleAlert, UserCog } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '~/lib/cn';

export function ActionPanel({
  title,
  detail,
  tone = 'neutral',
  cancelTo,
  busy = false,
  children,
}: {
  title: string;
  detail?: ReactNode;
  /** 'danger' for a change that locks someone out (red icon). */
  tone?: 'neutral' | 'danger';
  /** The page without the panel. */
  cancelTo: string;
  /** While the form is being sent, Escape and the backdrop do nothing. */
  busy?: boolean;
  /** The panel's forms and a link back. */
  children: ReactNode;
}) {
  const titleId = useId();
  const detailId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    panelRef.current?.focus();
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [title]);

  const cancel = () => void navigate(cancelTo, { preventScrollReset: true, replace: true });
  const Icon = tone === 'danger' ? TriangleAlert : UserCog;

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-ink/50 p-4 sm:items-center"
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) cancel();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        tabIndex={-1}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={detail ? detailId : undefined}
        className="max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto rounded-card bg-white p-6 shadow-2xl focus:outline-none"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            if (!busy) cancel();
            return;
          }
          if (event.key !== 'Tab') return;
          const focusable = [
            ...(panelRef.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([type=hidden]), select') ?? []),
          ];
          const first = focusable[0];
          const last = focusable.at(-1);
          if (!first || !last) return;
          if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
            event.preventDefault();
            last.focus();
          } else if (!event.shiftKey && document.activeElement === last) {
            event.preventDefault();
            first.focus();
          }
        }}
      >
        <div className="flex items-start gap-4">
          <span
            className={cn(
              'grid size-10 shrink-0 place-items-center rounded-full',
              tone === 'danger' ? 'bg-flag-red/10 text-flag-red' : 'bg-forest-50 text-forest-700',
            )}
          >
            <Icon className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="font-sans text-lg leading-snug font-semibold text-ink">
              {title}
            </h2>
            {detail ? (
              <div id={detailId} className="mt-1.5 text-sm text-muted">
                {detail}
              </div>
            ) : null}
          </div>
        </div>
        <div className="mt-5">{children}</div>
      </div>
    </div>
  );
}
