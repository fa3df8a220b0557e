/**
 * Home gallery carousel (docs/product.md#other-home-sections): 7 images, 5 visible on wide screens,
 * a 5 s progress bar then an automatic move while the carousel is on screen and not hovered or
 * focused, an 800 ms lock between moves, wrapping both ways. No automatic movement with reduced
 * motion. Before Embla the strip scrolls natively and the arrows stay invisible until the page has
 * hydrated (app.css `.carousel-viewport`, `.needs-script`).
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Picture } from '~/components/ui/picture';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { SectionReveal } from '~/components/ui/section-reveal';
import { useLazyEmblaCarousel } from '~/components/ui/use-lazy-embla';
import { useReducedMotion } from '~/components/ui/use-reduced-motion';
import { homeGalleryImages } from '~/content/gallery';
import { GALLERY_LOCK_MS, GALLERY_PROGRESS_MS } from './helpers';
import { SectionHeading } from './section-heading';

export function GalleryCarousel() {
  const reducedMotion = useReducedMotion();
  const [viewportRef, api, whenReady] = useLazyEmblaCarousel({ loop: true, align: 'start', duration: reducedMotion ? 1 : 30 });
  const [selected, setSelected] = useState(0);
  const [onScreen, setOnScreen] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const lastMove = useRef(0);
  const regionRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect);
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);

  useEffect(() => {
    const element = regionRef.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(Boolean(entry?.isIntersecting)), { threshold: 0.3 });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const move = useCallback(
    (direction: 1 | -1) =>
      whenReady((embla) => {
        const now = Date.now();
        if (now - lastMove.current < GALLERY_LOCK_MS) return;
        lastMove.current = now;
        if (direction === 1) embla.scrollNext();
        else embla.scrollPrev();
      }),
    [whenReady],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      move(event.key === 'ArrowRight' ? 1 : -1);
    }
  };

  const autoplay = !reducedMotion && Boolean(api);
  const running = autoplay && onScreen && !hovered && !focused;

  return (
    <SectionReveal aria-labelledby="gallery-title" className="bg-forest-900 py-20 text-white md:py-28">
      <div className="container-page">
        <SectionHeading
          id="gallery-title"
          tone="dark"
          eyebrow="Gallery"
          title="Moments from the mountains"
          intro="Monasteries, lakes, villages and high roads of Sikkim and Darjeeling."
          action={
            <Link to="/gallery" className={buttonClass('accent')}>
              Open the Gallery
            </Link>
          }
        />
        <div
          ref={regionRef}
          role="region"
          aria-roledescription="carousel"
          aria-label="Gallery highlights"
          tabIndex={0}
          onKeyDown={onKeyDown}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
          }}
          className="relative mt-10 rounded-card"
          data-selected-index={selected}
        >
          {/* A native scroller until Embla runs: in the tab order, so the keyboard can scroll it. */}
          <div ref={viewportRef} tabIndex={api ? undefined : 0} className="carousel-viewport">
            <ul className="carousel-track -ml-4 flex">
              {homeGalleryImages.map((image, index) => (
                <li
                  key={image.src}
                  aria-roledescription="slide"
                  aria-label={`${index + 1} of ${homeGalleryImages.length}`}
                  className="carousel-slide basis-4/5 pl-4 sm:basis-1/3 lg:basis-1/5"
                >
                  <figure className="group relative overflow-hidden rounded-card">
                    <Picture src={image.src} alt={image.alt} width={1200} height={900} className="aspect-[3/4] w-full bg-forest-800 object-cover" />
                    <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-3 pt-8 pb-3 text-sm font-medium">
                      {image.location}
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
          <div className="mt-6 flex items-center gap-4">
            <button
              type="button"
              onClick={() => move(-1)}
              aria-label="Previous image"
              className="needs-script grid size-11 place-items-center rounded-full bg-white/10 ring-1 ring-white/30 hover:bg-white/20"
            >
              <Icon name="chevron-left" className="size-5" />
            </button>
            <div className="h-1 flex-1 overflow-hidden rounded-full bg-white/15" aria-hidden>
              {autoplay ? (
                <div
                  key={selected}
                  data-gallery-progress
                  onAnimationEnd={() => move(1)}
                  style={{ animationDuration: `${GALLERY_PROGRESS_MS}ms`, animationPlayState: running ? 'running' : 'paused' }}
                  className="h-full origin-left animate-progress bg-marigold"
                />
              ) : null}
            </div>
            <p className="w-14 text-center text-sm text-forest-100 tabular-nums">
              {selected + 1} / {homeGalleryImages.length}
            </p>
            <button
              type="button"
              onClick={() => move(1)}
              aria-label="Next image"
              className="needs-script grid size-11 place-items-center rounded-full bg-white/10 ring-1 ring-white/30 hover:bg-white/20"
            >
              <Icon name="chevron-right" className="size-5" />
            </button>
          </div>
        </div>
      </div>
    </SectionReveal>
  );
}
