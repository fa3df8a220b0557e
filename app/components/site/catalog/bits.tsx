/**
 * Small shared pieces of the catalogue pages: badges, rating stars, check and cross lists, chips.
 */
import type { ComponentProps, ReactNode } from 'react';
import { Icon } from '~/components/ui/icon';
import { StarRow } from '~/components/ui/star-row';
import { cn } from '~/lib/cn';
import { formatRating, formatReviewCount } from '~/lib/format';
import { showsRating } from '~/lib/rating';

const badgeTones = {
  /** Stored tags ('Best Seller', 'Most Popular', ...). */
  tag: 'bg-marigold text-ink',
  /** Stored discount labels ('20% Off', ...). */
  offer: 'bg-flag-red text-white',
  soft: 'bg-forest-50 text-forest-800 ring-1 ring-forest-100',
  white: 'bg-white/95 text-ink shadow-sm',
} as const;

export function CatalogBadge({ tone = 'tag', className, ...props }: ComponentProps<'span'> & { tone?: keyof typeof badgeTones }) {
  return <span className={cn('badge', badgeTones[tone], className)} {...props} />;
}

/**
 * Five stars filled to the rounded rating (one star when `compact`), with the number and the review
 * count (stored fields, docs/decisions/006-display-fields.md); nothing without reviews.
 */
export function RatingStars({
  rating,
  reviewCount,
  size = 'sm',
  compact,
  className,
}: {
  rating: number;
  reviewCount: number;
  size?: 'sm' | 'md';
  compact?: boolean;
  className?: string;
}) {
  if (!showsRating({ rating, reviewCount })) return null;
  const filled = Math.round(rating);
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-1', size === 'md' ? 'text-base' : 'text-sm', className)}>
      <StarRow filled={filled} count={compact ? 1 : 5} size={size === 'md' ? 20 : 16} />
      <span className="sr-only">
        Rated {formatRating(rating)} out of 5 from {formatReviewCount(reviewCount)}
      </span>
      <span aria-hidden className="font-semibold text-ink">
        {formatRating(rating)}
      </span>
      <span aria-hidden className="text-muted">
        ({formatReviewCount(reviewCount)})
      </span>
    </p>
  );
}

/** A list with a check (included, features) or a cross (excluded) before each item. */
const markListLayouts = { stack: 'space-y-2.5', columns: 'grid gap-3 sm:grid-cols-2' } as const;

/** A list with a check or cross per item, stacked or in two columns from sm up; `className` adds to it. */
export function MarkList({
  items,
  mark,
  layout = 'stack',
  className,
}: {
  items: string[];
  mark: 'check' | 'cross';
  layout?: keyof typeof markListLayouts;
  className?: string;
}) {
  return (
    // Each item's look is in app/app.css (.mark-list): a list repeats it on every item.
    <ul className={cn('mark-list', mark === 'cross' && 'mark-list-cross', markListLayouts[layout], className)}>
      {items.map((item, i) => (
        <li key={`${i}-${item}`}>
          <span>
            <Icon name={mark === 'check' ? 'check' : 'x'} />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A small icon-and-text fact: duration, location, seats (its icon is sized by .fact-chip, app/app.css). */
export function Chip({ icon, children, className }: { icon?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <li className={cn('fact-chip', className)}>
      {icon}
      {children}
    </li>
  );
}

/** A grey block standing in for content that is loading. */
export function Bone({ className }: { className?: string }) {
  return <div aria-hidden className={cn('rounded-md bg-forest-50 motion-safe:animate-pulse', className)} />;
}

/** Title and optional intro of a section of a detail page. */
function SectionHeading({ id, children, intro }: { id?: string; children: ReactNode; intro?: ReactNode }) {
  return (
    <div className="mb-5">
      <h2 id={id} className="text-2xl font-semibold text-ink md:text-3xl">
        {children}
      </h2>
      {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
    </div>
  );
}

/** A section of a detail page: its h2 (id `${id}-title`, which labels the section), an optional intro, then the content. */
export function DetailSection({ id, title, intro, children }: { id: string; title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  const titleId = `${id}-title`;
  return (
    <section aria-labelledby={titleId}>
      <SectionHeading id={titleId} intro={intro}>
        {title}
      </SectionHeading>
      {children}
    </section>
  );
}

/**
 * The 'Currently Unavailable' overlay of an unavailable bike or car image
 * (docs/product.md#vehicle-availability).
 */
export function UnavailableOverlay({ large }: { large?: boolean }) {
  return (
    <div className={cn('absolute inset-0 grid place-items-center', large ? 'bg-ink/60' : 'bg-ink/55')}>
      <span className={cn('rounded-full bg-white font-semibold text-ink shadow-lg', large ? 'px-5 py-2' : 'px-4 py-1.5 text-sm')}>Currently Unavailable</span>
    </div>
  );
}
