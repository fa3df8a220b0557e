/**
 * Fades and lifts its content in once, when its top reaches 80% of the viewport height (spec
 * sections 2 and 9). The content is in the server HTML; it is only hidden when scripts run and the
 * user has not asked for reduced motion (see `.js [data-reveal]` in app.css). Opacity and transform
 * only, so nothing shifts the layout.
 */
import { useEffect, useRef, useState, type ComponentProps } from 'react';

/** The observer margin that fires at 80% of the viewport height. */
export const REVEAL_ROOT_MARGIN = '0px 0px -20% 0px';

export function SectionReveal(props: Omit<ComponentProps<'section'>, 'ref'>) {
  const ref = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || shown) return;
    if (typeof IntersectionObserver === 'undefined') {
      queueMicrotask(() => setShown(true));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting || e.boundingClientRect.top < 0)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: REVEAL_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  return <section ref={ref} data-reveal={shown ? 'shown' : 'pending'} {...props} />;
}
