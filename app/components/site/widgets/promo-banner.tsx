/**
 * Limited-time offer banner (docs/product.md#global-widgets): shows after 300 px of scroll or 15 s,
 * until dismissed; the dismissal is remembered in this browser (localStorage) for this offer text.
 * A fixed bar, so it never shifts the page; it publishes its height as --promo-offset for the chat bubble.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { PROMO_DELAY_MS, PROMO_DISMISSED_KEY, PROMO_SCROLL_THRESHOLD_PX, promoDismissalValue } from './schedule';

function readDismissed(): string | null {
  try {
    return window.localStorage.getItem(PROMO_DISMISSED_KEY);
  } catch {
    return null;
  }
}

export function PromoBanner({ text, link }: { text: string; link: string }) {
  const [state, setState] = useState<'waiting' | 'shown' | 'dismissed'>('waiting');
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Dismissed earlier in this browser: never leave 'waiting'.
    if (readDismissed() === promoDismissalValue({ text })) return;
    const show = () => setState((s) => (s === 'waiting' ? 'shown' : s));
    const onScroll = () => {
      if (window.scrollY > PROMO_SCROLL_THRESHOLD_PX) show();
    };
    const timer = window.setTimeout(show, PROMO_DELAY_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    // A page opened already scrolled (back, or a #link) shows it at once. Read once the next frame
    // has been laid out (a task after the animation frame): read any earlier, scrollY forces a
    // synchronous layout of the whole page, in hydration's effects task or in the frame's callbacks
    // (docs/decisions/023-public-page-speed.md).
    let check: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      check = window.setTimeout(onScroll);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(check);
      window.clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [text]);

  useEffect(() => {
    const root = document.documentElement;
    if (state !== 'shown' || !ref.current) {
      root.style.removeProperty('--promo-offset');
      return;
    }
    root.style.setProperty('--promo-offset', `${ref.current.offsetHeight + 8}px`);
    return () => {
      root.style.removeProperty('--promo-offset');
    };
  }, [state]);

  if (state !== 'shown') return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(PROMO_DISMISSED_KEY, promoDismissalValue({ text }));
    } catch {
      // Private mode: the banner stays dismissed for this page view only.
    }
    setState('dismissed');
  };

  const external = /^https?:\/\//.test(link);
  const linkClass = 'shrink-0 rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-forest-900';
  return (
    <div
      ref={ref}
      role="region"
      aria-label="Limited-time offer"
      data-widget="promo"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-marigold/60 bg-marigold-light text-ink shadow-[0_-8px_24px_rgba(0,0,0,0.12)] motion-safe:animate-[fade-up_300ms_ease-out] sm:inset-x-auto sm:bottom-4 sm:left-4 sm:max-w-lg sm:rounded-panel sm:border"
    >
      <div className="flex items-center gap-3 px-4 py-3 sm:px-5">
        <Icon name="tag" className="hidden size-5 shrink-0 text-forest-800 sm:block" />
        <p className="flex-1 text-sm leading-snug font-medium">{text}</p>
        {link ? (
          external ? (
            <a href={link} className={linkClass}>
              View offer
            </a>
          ) : (
            <Link to={link} className={linkClass}>
              View offer
            </Link>
          )
        ) : null}
        <button type="button" onClick={dismiss} aria-label="Dismiss offer" className="grid size-11 shrink-0 place-items-center rounded-full hover:bg-black/10">
          <Icon name="x" className="size-5" />
        </button>
      </div>
    </div>
  );
}
