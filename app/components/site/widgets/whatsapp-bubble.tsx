/**
 * WhatsApp chat bubble (docs/product.md#global-widgets): appears 2 s after load and toggles a panel
 * that says we typically reply within an hour, with Start Chat: a link through /go/whatsapp, which
 * counts the click and redirects to wa.me (docs/decisions/049-whatsapp-leads.md), which reads
 * the number from settings.
 */
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { whatsappGoHref } from '~/lib/whatsapp-leads';
import { cn } from '~/lib/cn';
import { CHAT_BUBBLE_DELAY_MS } from './schedule';

export function WhatsAppBubble({ companyName }: { companyName: string }) {
  const [visible, setVisible] = useState(false);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { pathname } = useLocation();

  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), CHAT_BUBBLE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  if (!visible) return null;
  return (
    <div
      data-widget="whatsapp"
      className="fixed right-4 z-40 flex flex-col items-end gap-3 transition-[bottom] duration-200 bottom-[calc(1rem+var(--promo-offset,0px)+var(--action-bar-offset,0px))]"
    >
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label="Chat on WhatsApp"
          className="w-72 overflow-hidden rounded-panel bg-white shadow-2xl ring-1 ring-forest-100 motion-safe:animate-[fade-up_200ms_ease-out]"
        >
          <div className="bg-whatsapp-dark px-5 py-4 text-white">
            <p className="font-semibold">{companyName}</p>
            <p className="text-sm text-white/90">Typically replies within an hour</p>
          </div>
          <div className="space-y-4 p-5">
            <p className="rounded-2xl rounded-tl-sm bg-mist px-4 py-3 text-sm">Namaste! How can we help you plan your Sikkim or Darjeeling trip?</p>
            <a
              href={whatsappGoHref({ from: pathname })}
              target="_blank"
              rel="noopener"
              className="flex min-h-11 items-center justify-center gap-2 rounded-full bg-whatsapp-dark px-5 font-semibold text-white hover:bg-whatsapp-darker"
            >
              <Icon name="message-circle" className="size-5" />
              Start Chat
            </a>
          </div>
        </div>
      ) : null}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? 'Close WhatsApp chat' : 'Chat with us on WhatsApp'}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          'grid size-14 place-items-center rounded-full bg-whatsapp-dark text-white shadow-lg ring-4 ring-white/60 transition-transform hover:scale-105 motion-safe:animate-[fade-up_300ms_ease-out]',
        )}
      >
        {open ? <Icon name="x" className="size-6" /> : <Icon name="message-circle" className="size-7" />}
      </button>
    </div>
  );
}
