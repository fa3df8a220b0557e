/**
 * The flash toast of the admin area (a change ends in a redirect with a
 * toast; see app/lib/toast.server.ts). The layout passes the toast its loader read from the cookie:
 * it is shown once as a sonner toast, and also as a status line at the top of the page, so it is
 * there without JavaScript too. The status region stays in the page (empty when there is nothing to
 * say) so a message arriving after a client-side change is announced.
 */
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { toast as showToast } from '~/components/ui/toast';
import { cn } from '~/lib/cn';

/** What the layout's loader read with `readToast` (app/lib/toast.server.ts). */
export type AdminToast = { type: 'success' | 'error' | 'info'; title: string; description?: string };

const tones = {
  success: { className: 'border-flag-green/30 bg-[#eaf5ee] text-[#1d5e3a]', icon: CircleCheck },
  error: { className: 'border-flag-red/30 bg-[#fbecea] text-[#8f2a20]', icon: CircleAlert },
  info: { className: 'border-forest-200 bg-forest-50 text-forest-800', icon: Info },
} as const;

/** Show `toast` with sonner once per toast object (a new loader result brings a new object). */
export function useFlashToast(toast: AdminToast | null) {
  const shown = useRef<AdminToast | null>(null);
  useEffect(() => {
    if (!toast || shown.current === toast) return;
    shown.current = toast;
    const options = toast.description ? { description: toast.description } : undefined;
    if (toast.type === 'success') showToast.success(toast.title, options);
    else if (toast.type === 'error') showToast.error(toast.title, options);
    else showToast(toast.title, options);
  }, [toast]);
}

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
  useFlashToast(toast);
  const tone = toast ? tones[toast.type] : null;
  const Icon = tone?.icon;
  return (
    <div role="status" aria-live="polite" data-flash={toast ? toast.type : undefined} className={toast ? 'mb-5' : undefined}>
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
