/**
 * The modal frame shared by the admin's confirmations (ConfirmPanel in confirm-delete.tsx) and the
 * account pages' action panel (account/action-panel.tsx): a dimmed backdrop, a white card with a
 * round icon, the title (h2, the dialog's name) and an optional explanation (its description), then
 * `children`. While it is open the page behind does not scroll; Tab stays inside the card; Escape
 * or a click on the backdrop calls `onCancel` unless `busy`.
 *
 * `focus` says where focus goes when it opens (or the title changes): 'first' moves it to the first
 * link or button (a question with its answers), 'panel' to the card itself (a panel of several
 * forms, whose title and description are read first).
 */
import type { LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '~/lib/cn';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([type=hidden]), select';

export function ModalShell({
  role,
  title,
  detail,
  icon: Icon,
  iconClassName,
  focus,
  busy = false,
  onCancel,
  className,
  children,
}: {
  role: 'dialog' | 'alertdialog';
  title: string;
  detail?: ReactNode;
  icon: LucideIcon;
  /** The icon circle's colours, e.g. 'bg-flag-red/10 text-flag-red'. */
  iconClassName: string;
  focus: 'first' | 'panel';
  /** While the form is being sent, Escape and the backdrop do nothing. */
  busy?: boolean;
  onCancel: () => void;
  /** Extra classes of the card. */
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const detailId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const panel = panelRef.current;
    if (focus === 'panel') panel?.focus();
    else panel?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // The page behind does not scroll while the panel is open.
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [title, focus]);

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-ink/50 p-4 sm:items-center"
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div
        ref={panelRef}
        role={role}
        tabIndex={focus === 'panel' ? -1 : undefined}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={detail ? detailId : undefined}
        className={cn('w-full max-w-md rounded-card bg-white p-6 shadow-2xl', focus === 'panel' && 'focus:outline-none', className)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            if (!busy) onCancel();
            return;
          }
          if (event.key !== 'Tab') return;
          // Keep focus inside the panel.
          const focusable = [...(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
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
          <span className={cn('grid size-10 shrink-0 place-items-center rounded-full', iconClassName)}>
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
        {children}
      </div>
    </div>
  );
}
