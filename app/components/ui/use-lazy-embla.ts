/**
 * Embla carousels that load Embla (about 6 KB compressed) only when they are needed: when the
 * carousel comes within 400 px of the viewport, or a visitor points at, touches or focuses it. The
 * server HTML already lays the slides out (CSS widths), and until then the viewport scrolls natively
 * (app.css `.carousel-viewport`); Embla marks it `data-embla` when it takes over. Carousels below
 * the fold thus stay out of the first load.
 *
 * Same shape as embla-carousel-react's `useEmblaCarousel`: `[viewportRef, api]`, plus `whenReady`,
 * which runs a callback with the api at once or as soon as Embla has started (an arrow pressed
 * before then is not lost). `api` is undefined until Embla runs; options are compared by value.
 *
 * The viewport element is kept in a ref, not in state, and must stay the same element for the
 * carousel's life: a state update from a ref callback happens inside React's commit, so every
 * carousel on the page re-rendered synchronously in hydration's commit task, which made it one long
 * task of the page's blocking time (docs/decisions/023-public-page-speed.md).
 */
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useCallback, useEffect, useRef, useState } from 'react';

/** How far below (or above) the viewport a carousel starts loading Embla. */
export const EMBLA_LOAD_MARGIN = '400px 0px';

type Ready = (api: EmblaCarouselType) => void;

export function useLazyEmblaCarousel(
  options: EmblaOptionsType,
): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined, (callback: Ready) => void] {
  const nodeRef = useRef<HTMLElement | null>(null);
  const viewportRef = useCallback((element: HTMLElement | null) => {
    nodeRef.current = element;
  }, []);
  const [wanted, setWanted] = useState(false);
  const [api, setApi] = useState<EmblaCarouselType>();
  // The running instance, for whenReady: the `api` state reaches callers only at the next render, and
  // an arrow pressed in between would otherwise be queued after the queue was already run, and lost.
  const running = useRef<EmblaCarouselType | undefined>(undefined);
  const pending = useRef<Ready[]>([]);
  const optionsKey = JSON.stringify(options);

  // Near the viewport, or reached for: start loading.
  useEffect(() => {
    const node = nodeRef.current;
    if (!node || wanted) return;
    const want = () => setWanted(true);
    const target = node.parentElement ?? node;
    const events = ['pointerover', 'touchstart', 'focusin'] as const;
    for (const type of events) target.addEventListener(type, want, { passive: true, once: true });
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'undefined') want();
    else {
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), { rootMargin: EMBLA_LOAD_MARGIN });
      observer.observe(node);
    }
    return () => {
      observer?.disconnect();
      for (const type of events) target.removeEventListener(type, want);
    };
  }, [wanted]);

  useEffect(() => {
    const node = nodeRef.current;
    if (!node || !wanted) return;
    let cancelled = false;
    let instance: EmblaCarouselType | undefined;
    import('embla-carousel').then(
      ({ default: EmblaCarousel }) => {
        if (cancelled) return;
        // Until now the viewport scrolled natively (app.css `.carousel-viewport`): Embla starts on the
        // slide the visitor scrolled to, and takes over from a viewport that is not scrolled.
        const options = { ...(JSON.parse(optionsKey) as EmblaOptionsType), startIndex: scrolledTo(node) };
        node.scrollLeft = 0;
        node.dataset.embla = '';
        instance = EmblaCarousel(node, options);
        running.current = instance;
        setApi(instance);
        for (const callback of pending.current.splice(0)) callback(instance);
      },
      () => {
        // Embla failed to load (offline, new deployment): the slides stay readable, just static.
      },
    );
    return () => {
      cancelled = true;
      running.current = undefined;
      instance?.destroy();
      delete node.dataset.embla;
      setApi(undefined);
    };
  }, [wanted, optionsKey]);

  const whenReady = useCallback((callback: Ready) => {
    if (running.current) callback(running.current);
    else {
      pending.current.push(callback);
      setWanted(true);
    }
  }, []);

  return [viewportRef, api, whenReady];
}

/** The slide nearest the left edge of a natively scrolled viewport (0 when not scrolled). */
function scrolledTo(viewport: HTMLElement): number {
  const left = viewport.scrollLeft;
  if (!left) return 0;
  const offsets = [...(viewport.firstElementChild?.children ?? [])].map((slide) => Math.abs((slide as HTMLElement).offsetLeft - left));
  return offsets.indexOf(Math.min(...offsets));
}
