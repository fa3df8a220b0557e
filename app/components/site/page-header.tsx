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
    // The band's look is one class in app/app.css (.page-header): every inner page repeats it.
    <div className="page-header">
      <svg aria-hidden viewBox="0 0 1440 120" preserveAspectRatio="none">
        <path fill="currentColor" d="M0 120V80l160-50 140 40 180-60 170 55 150-35 200 60 170-45 270 45v30z" />
      </svg>
      <div>
        <div>
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1>{title}</h1>
          {intro ? <p className="page-header-intro">{intro}</p> : null}
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
        </div>
        {image ? (
          <picture>
            <source media="(min-width: 48rem)" srcSet={image.src} width={image.width} height={image.height} />
            <img
              src={NOTHING}
              alt=""
              width={image.width}
              height={image.height}
              fetchPriority="high"
              className="hidden w-full rounded-panel shadow-xl md:block"
            />
          </picture>
        ) : null}
      </div>
    </div>
  );
}
