/**
 * The form dialog's frame without its contents (docs/product.md#inquiry-dialog): what a visitor sees
 * the moment they press a control that opens a dialog whose code is still on its way. It has the
 * look and place of the real one (./drawer.tsx: a bottom sheet below 768 px, a centred dialog from
 * 768 px), its title and a busy state, so the press answers at once and the form takes its place
 * when it arrives (docs/architecture.md, "Controls before and after hydration"). No Radix here: this
 * ships with every public page.
 */
import { useEffect } from 'react';
import { Icon } from './icon';

/** The dimmed page behind a dialog. */
export const OVERLAY_CLASS = 'fixed inset-0 z-50 bg-ink/50';

/** The sheet (phone) or centred panel (tablet and up) of a form dialog. */
export const DRAWER_CONTENT_CLASS = [
  // phone: bottom sheet
  'fixed inset-x-0 bottom-0 z-50 flex h-[85vh] flex-col rounded-t-3xl bg-white shadow-2xl focus:outline-none',
  // tablet and up: centred dialog
  'md:inset-x-auto md:top-1/2 md:bottom-auto md:left-1/2 md:h-auto md:max-h-[90vh] md:w-[calc(100vw-3rem)] md:max-w-2xl md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-card',
].join(' ');

/** The frame with `title` and a busy body; Escape, the close button or the dimmed page call `onClose`. */
export function DrawerFrame({ title, onClose }: { title: string; onClose: () => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <>
      <div className={OVERLAY_CLASS} onClick={onClose} aria-hidden />
      <div role="dialog" aria-modal="true" aria-busy="true" aria-labelledby="drawer-frame-title" data-drawer-frame="" className={DRAWER_CONTENT_CLASS}>
        <div aria-hidden className="mx-auto mt-2 h-1.5 w-12 shrink-0 rounded-full bg-forest-100 md:hidden" />
        <div className="flex shrink-0 items-start justify-between gap-4 px-5 pt-3 md:px-7 md:pt-6">
          <h2 id="drawer-frame-title" className="font-display text-2xl font-semibold text-ink">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-mr-2 grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-mist hover:text-ink"
          >
            <Icon name="x" className="size-5" />
          </button>
        </div>
        <div className="flex min-h-48 flex-1 items-center justify-center gap-3 px-5 py-10 text-muted md:px-7" role="status">
          <span aria-hidden className="size-5 animate-spin rounded-full border-2 border-forest-100 border-t-forest-700" />
          Loading the form…
        </div>
      </div>
    </>
  );
}
