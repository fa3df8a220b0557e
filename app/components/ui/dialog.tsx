/**
 * Dialog primitives on Radix (docs/decisions/012-seo-and-accessibility.md: focus trapped inside,
 * Escape and the close button close it, focus returns to the opener, page scroll locked).
 * `DialogPanel` is a centred dialog at every width; for the phone bottom sheet use `DrawerPanel`
 * from ./drawer.
 */
import { Dialog as RadixDialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { Icon } from '~/components/ui/icon';
import { cn } from '~/lib/cn';
import { OVERLAY_CLASS } from './drawer-frame';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof RadixDialog.Overlay>) {
  return <RadixDialog.Overlay className={cn(OVERLAY_CLASS, className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof RadixDialog.Title>) {
  return <RadixDialog.Title className={cn('font-display text-2xl font-semibold text-ink', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof RadixDialog.Description>) {
  return <RadixDialog.Description className={cn('mt-1 text-muted', className)} {...props} />;
}

/** The round close button in a dialog's corner. */
export function DialogCloseButton({ className }: { className?: string }) {
  return (
    <RadixDialog.Close
      aria-label="Close"
      className={cn('grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-mist hover:text-ink', className)}
    >
      <Icon name="x" className="size-5" />
    </RadixDialog.Close>
  );
}

type PanelProps = Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> & {
  title: ReactNode;
  description?: ReactNode;
};

/** A centred dialog with a title row and a close button. */
export function DialogPanel({ title, description, className, children, ...props }: PanelProps) {
  return (
    <RadixDialog.Portal>
      <DialogOverlay />
      <RadixDialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-white p-6 shadow-2xl focus:outline-none',
          className,
        )}
        {...props}
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <DialogTitle>{title}</DialogTitle>
            {description ? (
              <DialogDescription>{description}</DialogDescription>
            ) : (
              <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
            )}
          </div>
          <DialogCloseButton className="-mt-2 -mr-2" />
        </div>
        <div className="mt-4">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
