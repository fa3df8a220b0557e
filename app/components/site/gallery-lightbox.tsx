/**
 * Gallery lightbox (docs/product.md#content-pages): previous/next wrap around, close, 'n of total',
 * Escape and the arrow keys; page scroll is locked and focus kept inside while open (Radix Dialog).
 */
import { Dialog } from 'radix-ui';
import type { KeyboardEvent } from 'react';
import { Icon } from '~/components/ui/icon';
import type { GalleryImage } from '~/content/gallery';
import { wrapIndex } from './home/helpers';

export function GalleryLightbox({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: readonly GalleryImage[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const open = index !== null && images.length > 0;
  const current = open ? images[index] : undefined;
  const go = (step: number) => {
    if (index !== null) onIndexChange(wrapIndex(index, step, images.length));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };
  const navClass = 'grid size-12 place-items-center rounded-full bg-white/10 text-white ring-1 ring-white/30 hover:bg-white/20';
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90 motion-safe:animate-[fade-up_200ms_ease-out]" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 p-4 outline-none md:p-10"
        >
          {current ? (
            <>
              <div className="flex w-full max-w-5xl items-center justify-between text-white">
                <p className="text-sm tabular-nums" aria-live="polite" data-lightbox-counter>
                  {index! + 1} of {images.length}
                </p>
                <Dialog.Close className={navClass} aria-label="Close">
                  <Icon name="x" className="size-6" />
                </Dialog.Close>
              </div>
              <figure className="flex min-h-0 w-full max-w-5xl flex-1 flex-col items-center justify-center">
                <img
                  src={current.src}
                  alt={current.alt}
                  width={1200}
                  height={900}
                  className="max-h-full min-h-0 w-auto max-w-full rounded-card object-contain"
                />
                <figcaption className="mt-3 text-center text-white">
                  <Dialog.Title className="font-display text-lg font-semibold">{current.alt}</Dialog.Title>
                  <span className="flex items-center justify-center gap-1.5 text-sm text-white/80">
                    <Icon name="map-pin" className="size-4" />
                    {current.location}
                  </span>
                </figcaption>
              </figure>
              <div className="flex items-center gap-4">
                <button type="button" onClick={() => go(-1)} aria-label="Previous image" className={navClass}>
                  <Icon name="chevron-left" className="size-6" />
                </button>
                <button type="button" onClick={() => go(1)} aria-label="Next image" className={navClass}>
                  <Icon name="chevron-right" className="size-6" />
                </button>
              </div>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
