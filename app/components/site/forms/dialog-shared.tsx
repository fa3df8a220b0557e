/**
 * What the site's dialogs share (inquiry-dialog.tsx, booking-dialog.tsx,
 * vehicle-booking-dialog.tsx): the full-width submit button, the WhatsApp chat tab opened inside
 * the click, and the 'Continue on WhatsApp' step shown when the browser blocked that tab
 * (docs/product.md#forms-and-validation).
 */
import { useRef, type ReactNode } from 'react';
import { Icon } from '~/components/ui/icon';
import { Button, buttonClass } from '~/components/ui/button';

/** The dialog's submit button ('Sending…' while the form posts). */
export function SubmitButton({ form, pending, children, disabled }: { form: string; pending: boolean; children: ReactNode; disabled?: boolean }) {
  return (
    <Button type="submit" form={form} size="lg" className="w-full" disabled={pending || disabled} aria-disabled={pending || disabled}>
      {pending ? 'Sending…' : children}
    </Button>
  );
}

/** Opens the chat tab inside the click (no popup blocker), points it at WhatsApp once the record is saved. */
export function useWhatsAppTab() {
  const popup = useRef<Window | null>(null);
  return {
    open() {
      const win = window.open('', '_blank');
      if (win) {
        try {
          win.opener = null;
          win.document.title = 'Opening WhatsApp…';
          win.document.body.textContent = 'Saving your inquiry, then opening WhatsApp…';
        } catch {
          // a browser may not let us write into the new tab; it still navigates below
        }
      }
      popup.current = win;
    },
    /** Navigate the tab to `link`; false when no tab could be opened (blocked). */
    go(link: string): boolean {
      const win = popup.current;
      popup.current = null;
      if (!win || win.closed) return false;
      win.location.href = link;
      return true;
    },
    close() {
      popup.current?.close();
      popup.current = null;
    },
  };
}

/** The step shown after a saved record when the chat tab was blocked: a link to `link` and Close. */
export function WhatsAppContinue({ link, onClose, title }: { link: string; onClose: () => void; title: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center">
      <Icon name="circle-check" className="size-14 text-flag-green" />
      <h3 className="font-display text-2xl font-semibold">{title}</h3>
      <p className="max-w-md text-muted">
        Your inquiry is saved and our team will reply within 24 hours. Your browser blocked the WhatsApp tab; continue the chat here if you like.
      </p>
      <a href={link} target="_blank" rel="noopener noreferrer" className={buttonClass('whatsapp', 'lg')} onClick={onClose}>
        <Icon name="message-circle" className="size-5" />
        Continue on WhatsApp
      </a>
    </div>
  );
}
