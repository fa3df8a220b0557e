/**
 * The message of the last change in the admin area (a change ends in a redirect with a flash
 * message; see app/lib/toast.server.ts). The layout passes what its loader read from the cookie, and
 * it shows once, as a status line at the top of the page: a polite live region (announced after a
 * client-side change), there without JavaScript too, and never a second copy as a pop-up toast (one
 * message per action). The region stays in the page (empty when there is nothing to say). While a
 * modal dialog is open over the page (the inquiry dialog), the line floats above the dialog's
 * backdrop at the bottom of the window, where it is seen and covers no dialog title.
 */
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { cn } from '~/lib/cn';

/** What the layout's loader read with `readToast` (app/lib/toast.server.ts). */
export type AdminToast = { type: 'success' | 'error' | 'info'; title: string; description?: string };

const tones = {
  success: { className: 'border-flag-green/30 bg-status-ok-bg text-status-ok-fg', icon: CircleCheck },
  error: { className: 'border-flag-red/30 bg-status-bad-bg text-status-bad-fg', icon: CircleAlert },
  info: { className: 'border-forest-200 bg-forest-50 text-forest-800', icon: Info },
} as const;

/**
 * The toast of the current page view. The layout's loader reads the flash cookie once, so a later
 * revalidation of the same page (a live update, docs/decisions/018-live-updates.md, or a fetcher)
 * brings no toast; the message stays until the next navigation instead of vanishing under the
 * reader's eyes.
 */
export function usePageViewToast(toast: AdminToast | null): AdminToast | null {
  const { key } = useLocation();
  const [kept, setKept] = useState<{ key: string; toast: AdminToast | null }>({ key, toast });
  if (toast && toast !== kept.toast) setKept({ key, toast });
  else if (!toast && kept.toast && kept.key !== key) setKept({ key, toast: null });
  return toast ?? (kept.key === key ? kept.toast : null);
}

/** The status line: the toast's words in a tinted bar, or an empty live region. */
export function FlashStatus({ toast: loaded }: { toast: AdminToast | null }) {
  const toast = usePageViewToast(loaded);
  const ref = useRef<HTMLDivElement>(null);
  // Over an open modal dialog (checked when the message arrives), the line floats above its backdrop.
  useEffect(() => {
    ref.current?.toggleAttribute('data-over-dialog', toast !== null && document.querySelector('[aria-modal="true"]') !== null);
  }, [toast]);
  const tone = toast ? tones[toast.type] : null;
  const Icon = tone?.icon;
  return (
    <div
      ref={ref}
      role="status"
      aria-live="polite"
      data-flash={toast ? toast.type : undefined}
      className={
        toast
          ? 'mb-5 data-over-dialog:fixed data-over-dialog:inset-x-4 data-over-dialog:bottom-4 data-over-dialog:z-[60] data-over-dialog:mb-0 data-over-dialog:rounded-lg data-over-dialog:shadow-lg sm:data-over-dialog:left-auto sm:data-over-dialog:w-96'
          : undefined
      }
    >
      {toast && tone && Icon ? (
        <p className={cn('flex items-start gap-2.5 rounded-lg border px-4 py-3 text-sm font-medium', tone.className)}>
          <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {toast.title}
            {toast.description ? <span className="block font-normal">{toast.description}</span> : null}
          </span>
        </p>
      ) : null}
    </div>
  );
}
