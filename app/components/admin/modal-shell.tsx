/**
 * The admin's modal dialogs, in two layers:
 *
 * - `ModalFrame`: the behaviour every admin modal shares. A dimmed backdrop and a white card with
 *   the dialog's role, named and described by elements the caller renders. While it is open the
 *   page behind does not scroll; Tab and Shift+Tab stay inside the card; Escape or a click on the
 *   backdrop calls `onCancel` unless `busy`. The inquiry details dialog
 *   (app/routes/admin/inquiries/+shared/inquiry-dialog.tsx) uses it with its own header.
 * - `ModalShell`: a ModalFrame with a round icon, the title (h2, the dialog's name) and an optional
 *   explanation (its description), then `children`; used by the admin's confirmations (ConfirmPanel
 *   in confirm-delete.tsx) and the account pages' action panel (account/action-panel.tsx).
 *
 * `focus` says where focus goes when it opens (or `focusKey` changes): 'first' moves it to the first
 * visible link, button or field (a question with its answers; the inquiry dialog's Close), 'panel'
 * to the card itself (a panel of several forms, whose title and description are read first).
 */
import type { LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '~/lib/cn';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The card's focusable elements that are shown, in document order. */
function focusableIn(panel: HTMLElement | null): HTMLElement[] {
  return [...(panel?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el) => el.getClientRects().length > 0);
}

export function ModalFrame({
  role,
  labelledBy,
  describedBy,
  focus,
  focusKey,
  busy = false,
  onCancel,
  sheet = false,
  className,
  children,
}: {
  role: 'dialog' | 'alertdialog';
  /** The id of the element that names the dialog (its title). */
  labelledBy: string;
  /** The id of the element that describes it, if any. */
  describedBy?: string;
  focus: 'first' | 'panel';
  /** When this changes (another record in the same dialog), focus moves again as on opening. */
  focusKey: unknown;
  /** While a form is being sent, Escape and the backdrop do nothing. */
  busy?: boolean;
  onCancel: () => void;
  /** On a phone the card is a sheet from the bottom edge, without the backdrop's margin. */
  sheet?: boolean;
  /** The card's size, shape and padding (its base is a white, shadowed, full-width box). */
  className?: string;
  children: ReactNode;
}) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const panel = panelRef.current;
    if (focus === 'panel') panel?.focus();
    else focusableIn(panel)[0]?.focus();
    // The page behind does not scroll while the dialog is open.
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [focusKey, focus]);

  return (
    <div
      className={cn('fixed inset-0 z-50 flex items-end justify-center bg-ink/50 sm:items-center', sheet ? 'sm:p-4' : 'p-4')}
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div
        ref={panelRef}
        role={role}
        tabIndex={focus === 'panel' ? -1 : undefined}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        className={cn('w-full bg-white shadow-2xl', focus === 'panel' && 'focus:outline-none', className)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            if (!busy) onCancel();
            return;
          }
          if (event.key !== 'Tab') return;
          // Keep focus inside the card.
          const panel = panelRef.current;
          const focusable = focusableIn(panel);
          const first = focusable[0];
          const last = focusable.at(-1);
          if (!panel || !first || !last) return;
          const active = document.activeElement;
          if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
            event.preventDefault();
            last.focus();
          } else if (!event.shiftKey && active === last) {
            event.preventDefault();
            first.focus();
          }
        }}
      >
        {children}
      </div>
    </div>
  );
}

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

  return (
    <ModalFrame
      role={role}
      labelledBy={titleId}
      describedBy={detail ? detailId : undefined}
      focus={focus}
      focusKey={title}
      busy={busy}
      onCancel={onCancel}
      className={cn('max-w-md rounded-card p-6', className)}
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
    </ModalFrame>
  );
}
