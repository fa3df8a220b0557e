/**
 * Fades and lifts a section in once, when its top reaches 80% of the viewport height (spec
 * sections 2 and 9). The content is in the server HTML and painted visible; after hydration only
 * sections still below that line are hidden (off screen, so nobody sees it happen) and then revealed
 * by an IntersectionObserver. Sections already in view are never hidden, so the first paint and the
 * largest contentful paint never wait for JavaScript. Opacity and transform only: no layout shift.
 * With reduced motion nothing is hidden or animated (app.css).
 */
import { useEffect, useRef, type ComponentProps } from 'react';

/** The observer margin that fires at 80% of the viewport height. */
export const REVEAL_ROOT_MARGIN = '0px 0px -20% 0px';

export function SectionReveal(props: Omit<ComponentProps<'section'>, 'ref'>) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    // Where the section is comes from the observer's first report, made with the layout of the next
    // frame: measuring it here (getBoundingClientRect), or in an animation frame, would force a
    // synchronous layout of the whole page, once per section (docs/decisions/023-public-page-speed.md).
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const reached = entries.some((e) => e.isIntersecting || e.boundingClientRect.top < 0);
        if (first) {
          first = false;
          // Already above the 80% line: it stays as painted.
          if (reached) return observer.disconnect();
          element.dataset.reveal = 'pending';
          return;
        }
        if (reached) {
          element.dataset.reveal = 'shown';
          observer.disconnect();
        }
      },
      { rootMargin: REVEAL_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return <section ref={ref} {...props} />;
}
