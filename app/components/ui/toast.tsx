/**
 * Toasts (sonner), loaded only when the first toast is shown. Most visits never see one, so neither
 * sonner's code (about 9 KB compressed) nor its toaster is part of a page's first download.
 *
 * `toast(...)`, `toast.success(...)` and `toast.error(...)` take sonner's arguments and return
 * nothing; the first call loads sonner and mounts the `<Toaster />` placed in the document (root.tsx).
 * sonner replays toasts created before its toaster subscribed, so none is lost while it loads.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast, ToasterProps } from 'sonner';

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

function show(call: (module: Sonner) => void): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  loadSonner().then(call, () => {
    // The chunk failed to load (offline, new deployment): the message is lost, the page keeps working.
    sonner = undefined;
  });
}

type Title = string;

/** Shows a neutral toast. */
export function toast(title: Title, options?: ExternalToast): void {
  show((m) => m.toast(title, options));
}
/** Shows a success toast. */
toast.success = (title: Title, options?: ExternalToast): void => show((m) => m.toast.success(title, options));
/** Shows an error toast. */
toast.error = (title: Title, options?: ExternalToast): void => show((m) => m.toast.error(title, options));

const LazyToaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** An open modal dialog (ours set aria-modal; Radix marks its dialogs with data-state). */
const OPEN_DIALOG = '[aria-modal="true"], [role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

/** Whether a modal dialog is open, followed while `watch` is true. */
function useDialogOpen(watch: boolean): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!watch) return;
    const check = () => setOpen(document.querySelector(OPEN_DIALOG) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-modal', 'data-state'] });
    return () => observer.disconnect();
  }, [watch]);
  return open;
}

/**
 * The toast region; renders nothing until the first toast is requested. While a modal dialog is
 * open, toasts show at the bottom of the window, so they never cover the dialog's title.
 */
export function Toaster(props: ToasterProps) {
  const active = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  const dialogOpen = useDialogOpen(active);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster {...props} position={dialogOpen ? 'bottom-center' : props.position} />
    </Suspense>
  );
}
