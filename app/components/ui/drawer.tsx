/**
 * The responsive form dialog (docs/product.md#inquiry-dialog): below 768 px a bottom sheet 85vh
 * tall whose submit footer stays in view while the fields scroll; from 768 px a centred dialog.
 * Pure CSS, so the server render and the first paint already have the right shape. Radix Dialog
 * underneath: focus trap, Escape, scroll lock, focus returns to the opener.
 */
import { Dialog as RadixDialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { DialogCloseButton, DialogDescription, DialogOverlay, DialogTitle } from './dialog';
import { DRAWER_CONTENT_CLASS } from './drawer-frame';

export { Dialog as Drawer, DialogClose as DrawerClose } from './dialog';

type DrawerPanelProps = Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> & {
  title: ReactNode;
  description?: ReactNode;
  /** Sticky footer (the submit button); stays visible while the body scrolls. */
  footer?: ReactNode;
  /** Content between the title and the scrolling body (e.g. tab list). */
  header?: ReactNode;
};

/** The first field a person would type into, skipping hidden inputs and the honeypot. */
const FIRST_FIELD = 'input:not([type="hidden"]):not([tabindex="-1"]), select:not([tabindex="-1"]), textarea:not([tabindex="-1"])';

/**
 * Where focus goes on open: the first field on desktop; on phones the sheet itself, so the
 * keyboard does not cover the form before the visitor has seen it (the title is read out either way).
 */
function focusOnOpen(event: Event) {
  const content = event.currentTarget as HTMLElement | null;
  if (!content) return;
  event.preventDefault();
  const desktop = window.matchMedia('(min-width: 768px)').matches;
  // Inactive tab panels stay in the DOM: take the first field that is actually shown.
  const first = desktop ? [...content.querySelectorAll<HTMLElement>(FIRST_FIELD)].find((el) => el.getClientRects().length > 0) : undefined;
  (first ?? content).focus();
}

export function DrawerPanel({ title, description, footer, header, className, children, onOpenAutoFocus, ...props }: DrawerPanelProps) {
  return (
    <RadixDialog.Portal>
      <DialogOverlay />
      <RadixDialog.Content
        className={cn(DRAWER_CONTENT_CLASS, className)}
        tabIndex={-1}
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          if (!event.defaultPrevented) focusOnOpen(event);
        }}
        {...props}
      >
        <div aria-hidden className="mx-auto mt-2 h-1.5 w-12 shrink-0 rounded-full bg-forest-100 md:hidden" />
        <div className="flex shrink-0 items-start justify-between gap-4 px-5 pt-3 md:px-7 md:pt-6">
          <div>
            <DialogTitle>{title}</DialogTitle>
            {description ? <DialogDescription>{description}</DialogDescription> : null}
          </div>
          <DialogCloseButton className="-mr-2" />
        </div>
        {header ? <div className="shrink-0 px-5 pt-3 md:px-7">{header}</div> : null}
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4 md:px-7">{children}</div>
        {footer ? (
          <div className="shrink-0 border-t border-forest-100 bg-white px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] md:rounded-b-card md:px-7 md:py-4">
            {footer}
          </div>
        ) : null}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
