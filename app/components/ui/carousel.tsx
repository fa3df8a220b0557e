/**
 * Accessible carousel on Embla (keyboard use of every carousel,
 * docs/decisions/012-seo-and-accessibility.md). A labelled region that moves with the Left and
 * Right arrow keys when focused, previous/next buttons (from `arrowsFrom` up), slides labelled 'n
 * of total', the selected slide marked with data-selected. Slide widths come from CSS
 * (`slideClassName`), so the server HTML already reserves the final layout; before Embla the slides
 * scroll natively (app.css `.carousel-viewport`) and the arrows stay invisible until the page has
 * hydrated. Embla itself loads when the carousel nears the viewport or is reached for
 * (useLazyEmblaCarousel).
 */
import type { EmblaOptionsType } from 'embla-carousel';
import { Children, useCallback, useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from '~/components/ui/icon';
import { cn } from '~/lib/cn';
import { useLazyEmblaCarousel } from './use-lazy-embla';
import { useReducedMotion } from './use-reduced-motion';

type CarouselProps = {
  /** Accessible name of the region, e.g. 'Featured packages'. */
  label: string;
  children: ReactNode;
  /** Width classes of each slide, e.g. 'basis-full md:basis-1/2 lg:basis-1/3'. */
  slideClassName?: string;
  options?: EmblaOptionsType;
  /** From which breakpoint the arrow buttons show ('always' or 'md'). */
  arrowsFrom?: 'always' | 'md';
  /** Scale up the selected (centred) slide a little. */
  enlargeSelected?: boolean;
  className?: string;
};

export function Carousel({ label, children, slideClassName, options, arrowsFrom = 'md', enlargeSelected, className }: CarouselProps) {
  const reducedMotion = useReducedMotion();
  const [viewportRef, api, whenReady] = useLazyEmblaCarousel({ align: 'center', loop: true, ...options, duration: reducedMotion ? 1 : 28 });
  const [selected, setSelected] = useState(0);
  const slides = Children.toArray(children);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  const prev = useCallback(() => whenReady((embla) => embla.scrollPrev()), [whenReady]);
  const next = useCallback(() => whenReady((embla) => embla.scrollNext()), [whenReady]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      prev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  };

  // The arrows show once the page has hydrated (docs/architecture.md, "Controls before and after
  // hydration"); a press then waits for Embla in whenReady.
  const arrowClass = cn('carousel-arrow needs-script', arrowsFrom === 'md' ? 'hidden md:grid' : 'grid');

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className={cn('relative rounded-card focus-visible:outline-offset-4', className)}
    >
      {/* A native scroller until Embla runs: in the tab order, so the keyboard can scroll it. */}
      <div ref={viewportRef} tabIndex={api ? undefined : 0} className="carousel-viewport py-4">
        <div className="carousel-track -ml-5 flex justify-center-safe">
          {slides.map((slide, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              data-selected={index === selected ? 'true' : undefined}
              className={cn('carousel-slide pl-5', slideClassName)}
            >
              <div className={cn('h-full transition-transform duration-300', enlargeSelected && (index === selected ? 'md:scale-[1.03]' : 'md:scale-[0.96]'))}>
                {slide}
              </div>
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 ? (
        <>
          <button type="button" onClick={prev} aria-label={`Previous: ${label}`} className={cn(arrowClass, '-left-2 md:-left-5')}>
            <Icon name="chevron-left" className="size-5" />
          </button>
          <button type="button" onClick={next} aria-label={`Next: ${label}`} className={cn(arrowClass, '-right-2 md:-right-5')}>
            <Icon name="chevron-right" className="size-5" />
          </button>
        </>
      ) : null}
    </div>
  );
}
