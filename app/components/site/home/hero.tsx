/**
 * Home hero (docs/product.md#hero): five illustrated scenes crossfading
 * every 3 s with a 1 s fade, starting only once all five have loaded or failed; the headline's word
 * cycles Perfect / Awesome / Best every 3 s with a 0.5 s fade. Nothing moves with reduced motion.
 * Rating texts come from settings (docs/decisions/005-site-settings.md).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { useReducedMotion } from '~/components/ui/use-reduced-motion';
import { cn } from '~/lib/cn';
import type { Settings } from '~/schemas/settings';
import { DialogLink } from '../site-dialogs';
import { HERO_CHIPS, HERO_FADE_MS, HERO_IMAGES, HERO_ROTATE_MS, HERO_WORD_FADE_MS, HERO_WORD_MS, HERO_WORDS } from './helpers';

/** True once every hero image has loaded or failed (docs/product.md#hero: a failure counts as loaded). */
function useImagesSettled(sources: readonly string[]): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let remaining = sources.length;
    let cancelled = false;
    const done = () => {
      remaining -= 1;
      if (remaining === 0 && !cancelled) setSettled(true);
    };
    const images = sources.map((src) => {
      const image = new Image();
      image.onload = done;
      image.onerror = done;
      image.src = src;
      return image;
    });
    return () => {
      cancelled = true;
      for (const image of images) image.onload = image.onerror = null;
    };
  }, [sources]);
  return settled;
}

function useCycle(length: number, everyMs: number, running: boolean): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % length), everyMs);
    return () => window.clearInterval(timer);
  }, [length, everyMs, running]);
  return index;
}

export function Hero({ ratings, announcement }: { ratings: Settings['ratings']; announcement: Settings['announcement'] }) {
  const reducedMotion = useReducedMotion();
  const settled = useImagesSettled(HERO_IMAGES);
  const imageIndex = useCycle(HERO_IMAGES.length, HERO_ROTATE_MS, settled && !reducedMotion);
  const wordIndex = useCycle(HERO_WORDS.length, HERO_WORD_MS, !reducedMotion);
  const showAnnouncement = announcement.enabled && announcement.text.trim() !== '';

  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate flex min-h-[max(42rem,100svh)] items-end overflow-hidden bg-forest-900 text-white md:min-h-[max(46rem,100svh)] lg:min-h-[min(100svh,52rem)]"
    >
      <div className="absolute inset-0 -z-20" data-hero-ready={settled} data-hero-current={imageIndex}>
        {HERO_IMAGES.map((src, index) =>
          index === 0 || settled ? (
            <img
              key={src}
              src={src}
              alt=""
              width={1600}
              height={900}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'low'}
              decoding={index === 0 ? 'sync' : 'async'}
              style={{ transitionDuration: `${HERO_FADE_MS}ms` }}
              className={cn('absolute inset-0 size-full object-cover transition-opacity ease-in-out', index === imageIndex ? 'opacity-100' : 'opacity-0')}
            />
          ) : null,
        )}
      </div>
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-forest-900/95 via-forest-900/55 to-forest-900/30" aria-hidden />

      <div className="container-page relative pt-28 pb-14 md:pt-36 md:pb-20">
        {showAnnouncement ? (
          <p className="mb-8 max-w-2xl">
            <Link
              to={announcement.link || '/packages'}
              className="inline-flex items-start gap-2 rounded-2xl bg-white/12 px-4 py-2 text-sm leading-snug text-white ring-1 ring-white/25 backdrop-blur hover:bg-white/20"
            >
              <Icon name="megaphone" className="mt-0.5 size-4 shrink-0 text-marigold-light" />
              <span>{announcement.text}</span>
              <Icon name="arrow-right" className="mt-0.5 size-4 shrink-0" />
            </Link>
          </p>
        ) : null}

        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-semibold tracking-[0.14em] text-marigold-light uppercase">Discover Sikkim &amp; Darjeeling</p>
          <Badge tone="glass">
            <span className="flex text-marigold-light" aria-hidden>
              {Array.from({ length: 5 }, (_, i) => (
                <Icon name="star" key={i} className="size-3.5 fill-current" />
              ))}
            </span>
            {ratings.travelersText}
          </Badge>
        </div>

        <h1 id="hero-title" className="mt-5 max-w-4xl text-display font-semibold text-balance">
          Your{' '}
          <span className="relative inline-grid text-marigold-light" data-hero-word={HERO_WORDS[wordIndex]}>
            {HERO_WORDS.map((word, index) => (
              <span
                key={word}
                aria-hidden={index !== wordIndex}
                style={{ transitionDuration: `${HERO_WORD_FADE_MS}ms` }}
                className={cn('col-start-1 row-start-1 italic transition-opacity', index === wordIndex ? 'opacity-100' : 'opacity-0')}
              >
                {word}
              </span>
            ))}
          </span>{' '}
          Himalayan Adventure
        </h1>
        <p className="mt-5 max-w-xl text-lg text-white/90">
          Treks, monasteries, tea gardens and high passes, planned by a local team in Gangtok that knows every road and season.
        </p>

        <ul className="mt-6 flex flex-wrap gap-2" aria-label="Trip styles">
          {HERO_CHIPS.map((chip) => (
            <li key={chip} className="rounded-full bg-white/12 px-3.5 py-1.5 text-sm font-medium ring-1 ring-white/25 backdrop-blur">
              {chip}
            </li>
          ))}
        </ul>

        <div className="mt-8 flex flex-wrap items-center gap-3">
          <DialogLink dialog={{ kind: 'inquiry' }} className={buttonClass('accent', 'lg')}>
            Inquire Now
          </DialogLink>
          <Link to="/packages" className={buttonClass('light', 'lg')}>
            Explore Packages
          </Link>
        </div>

        <div className="mt-8 inline-flex items-center gap-3 rounded-2xl bg-white px-4 py-3 text-ink shadow-xl sm:absolute sm:right-6 sm:bottom-14 sm:mt-0 md:bottom-20">
          <Icon name="star" className="size-7 fill-marigold text-marigold" />
          <p className="leading-tight">
            <span className="block font-display text-2xl font-semibold">{ratings.rating}</span>
            <span className="text-sm text-muted">{ratings.reviewsText}</span>
          </p>
        </div>
      </div>
    </section>
  );
}
