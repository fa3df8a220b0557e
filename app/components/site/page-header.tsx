/** The title band at the top of inner pages: eyebrow, serif title, intro, optional illustration. */
import type { ReactNode } from 'react';

/**
 * A transparent 1x1 GIF: what the illustration's `<img>` shows below md, where it is hidden, so a
 * phone never downloads it (an `<img>` that is `display: none` is still fetched, and this one at high
 * priority would compete with the first paint; docs/decisions/023-public-page-speed.md).
 */
const NOTHING = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export function PageHeader({
  eyebrow,
  title,
  intro,
  image,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  /** Decorative illustration shown beside the title from md up. */
  image?: { src: string; width: number; height: number };
  children?: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden bg-mist">
      <svg aria-hidden viewBox="0 0 1440 120" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 h-16 w-full text-forest-100/60 md:h-24">
        <path fill="currentColor" d="M0 120V80l160-50 140 40 180-60 170 55 150-35 200 60 170-45 270 45v30z" />
      </svg>
      <div className="container-page relative grid items-center gap-10 pt-28 pb-16 md:grid-cols-[1.3fr_1fr] md:pt-36 md:pb-20">
        <div>
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1 className="mt-2 text-display font-semibold text-balance text-ink">{title}</h1>
          {intro ? <p className="mt-5 max-w-2xl text-lg text-muted md:text-xl">{intro}</p> : null}
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
        </div>
        {image ? (
          <picture>
            <source media="(min-width: 48rem)" srcSet={image.src} width={image.width} height={image.height} />
            <img src={NOTHING} alt="" width={image.width} height={image.height} fetchPriority="high" className="hidden w-full rounded-panel shadow-xl md:block" />
          </picture>
        ) : null}
      </div>
    </div>
  );
}
