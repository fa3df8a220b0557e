/**
 * The frame and parts of the three detail pages: a summary box that sticks beside the
 * content on desktop and a bottom action bar on phones; trust, terms and help in plain words.
 */
import { Fragment, useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';
import type { Settings } from '~/schemas/settings';
import { cn } from '~/lib/cn';
import { uploadVariants } from '~/lib/image-variants';
import { formatPhone, telLink } from '~/lib/whatsapp';
import { CatalogBadge } from './bits';
import { Picture } from '~/components/ui/picture';

export function Breadcrumbs({ parent, current }: { parent: { to: string; label: string }; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        <li>
          <Link to="/" className="hover:text-forest-700 hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden>
          <Icon name="chevron-right" className="size-4" />
        </li>
        <li>
          <Link to={parent.to} className="hover:text-forest-700 hover:underline">
            {parent.label}
          </Link>
        </li>
        <li aria-hidden>
          <Icon name="chevron-right" className="size-4" />
        </li>
        <li aria-current="page" className="truncate font-medium text-ink">
          {current}
        </li>
      </ol>
    </nav>
  );
}

/**
 * Detail page frame. Phones: header, gallery, summary, content, then a bar stuck to the bottom of
 * the screen while the article is in view. Desktop: the summary sticks beside gallery and content.
 */
export function DetailLayout({
  header,
  gallery,
  summary,
  children,
  after,
  actionBar,
}: {
  header: ReactNode;
  gallery: ReactNode;
  summary: ReactNode;
  children: ReactNode;
  /** Full-width sections after the two columns ('You May Also Like', 'Ready to Drive'). */
  after?: ReactNode;
  actionBar: ReactNode;
}) {
  return (
    <article>
      <div className="bg-mist">
        <div className="container-page pt-24 pb-8 md:pt-28">{header}</div>
      </div>
      <div className="container-page grid gap-8 py-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-12 lg:py-12 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="lg:col-start-1 lg:row-start-1">{gallery}</div>
        <aside aria-label="Summary" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="space-y-6 lg:sticky lg:top-24">{summary}</div>
        </aside>
        <div className="min-w-0 space-y-12 lg:col-start-1 lg:row-start-2">{children}</div>
      </div>
      {after}
      {actionBar}
    </article>
  );
}

/**
 * The phone's bottom bar: price and the two actions, stuck to the bottom while the article shows,
 * above the promo banner when that is open (`--promo-offset`, its height plus 8px). It publishes
 * its own height as `--action-bar-offset` so floating widgets can sit above it.
 */
export function MobileActionBar({ label, price, children }: { label: string; price: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--action-bar-offset', `${bar.offsetHeight}px`);
    const observer = new ResizeObserver(publish);
    observer.observe(bar);
    publish();
    return () => {
      observer.disconnect();
      root.style.removeProperty('--action-bar-offset');
    };
  }, []);
  return (
    <div
      ref={ref}
      data-mobile-action-bar
      style={{ bottom: 'calc(var(--promo-offset, 8px) - 8px)' }}
      className="sticky z-30 border-t border-forest-100 bg-white/95 shadow-[0_-6px_16px_rgba(28,36,33,0.08)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-muted">{label}</p>
          <p className="leading-tight font-semibold text-forest-700">{price}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">{children}</div>
      </div>
    </div>
  );
}

/** The summary box: price, facts, actions, reassurance. */
export function SummaryCard({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('rounded-card bg-white p-6 shadow-lg ring-1 ring-forest-100', className)}>{children}</div>;
}

/**
 * The price line at the top of the summary box: label, price (or contact text,
 * docs/decisions/008-money-dates-ids.md#money) and the stored discount badge
 * (docs/decisions/006-display-fields.md).
 */
export function SummaryPrice({ label, price, discountLabel }: { label: string; price: string; discountLabel?: string | null }) {
  return (
    <>
      <p className="text-xs font-medium tracking-wide text-muted uppercase">{label}</p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <p className="text-2xl font-semibold text-forest-700">{price}</p>
        {discountLabel ? <CatalogBadge tone="offer">{discountLabel}</CatalogBadge> : null}
      </div>
    </>
  );
}

const factListVariants = {
  /** Below the price in the summary box. */
  summary: 'mt-5 gap-3 border-t border-forest-100 pt-5',
  /** A bordered specification grid. */
  panel: 'grid-cols-2 gap-5 rounded-card border border-forest-100 p-5 md:p-6',
} as const;

/**
 * Label/value facts in the summary box or a specification grid (the icon sits in the term).
 * `className` adds to the variant (more columns, say).
 */
export function FactList({
  facts,
  variant,
  className,
}: {
  facts: { icon?: ReactNode; label: string; value: ReactNode }[];
  variant: keyof typeof factListVariants;
  className?: string;
}) {
  return (
    <dl className={cn('grid', factListVariants[variant], className)}>
      {facts.map((f) => (
        <div key={f.label} className={cn('relative min-w-0', f.icon ? 'min-h-9 pl-12' : undefined)}>
          <dt className="text-xs font-medium tracking-wide text-muted uppercase">
            {f.icon ? <span className="absolute top-0 left-0 grid size-9 place-items-center rounded-full bg-forest-50 text-forest-700">{f.icon}</span> : null}
            {f.label}
          </dt>
          <dd className="font-semibold text-ink">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Short reassurances under the actions (car trust points, package promises). */
export function TrustPoints({ points }: { points: string[] }) {
  return (
    <ul className="space-y-2 text-sm">
      {points.map((point) => (
        <li key={point} className="flex items-center gap-2">
          <Icon name="shield-check" className="size-4 shrink-0 text-forest-500" />
          {point}
        </li>
      ))}
    </ul>
  );
}

/**
 * Need Help? contacts from the company settings (the WhatsApp link is the page's `whatsappGoHref`) (docs/decisions/005-site-settings.md): call,
 * WhatsApp, e-mail, office hours.
 */
export function HelpCard({ company, whatsappHref, className }: { company: Settings['company']; whatsappHref: string; className?: string }) {
  return (
    // Its links, facts and icons are styled by .help-card (app/app.css): a detail page shows it twice.
    <section aria-label="Need help?" className={cn('help-card', className)}>
      <p className="font-display text-xl font-semibold text-white">Need Help?</p>
      <p className="mt-1 text-sm text-forest-50">Our Gangtok team answers calls and messages every day.</p>
      <ul className="mt-4 space-y-3 text-sm">
        <li>
          <a href={telLink(company.phone)}>
            <Icon name="phone" />
            {formatPhone(company.phone)}
          </a>
        </li>
        <li>
          {/* Through /go/whatsapp, which counts the click (docs/decisions/049-whatsapp-leads.md); `noopener` without `noreferrer`, so it learns the page's UTM tags. */}
          <a href={whatsappHref} target="_blank" rel="noopener">
            <Icon name="whatsapp" />
            {`WhatsApp ${formatPhone(company.whatsappNumber)}`}
          </a>
        </li>
        <li>
          <a href={`mailto:${company.email}`} className="break-all">
            <Icon name="mail" />
            {company.email}
          </a>
        </li>
        {company.officeHours.map((h) => (
          <li key={h.days} className="help-fact">
            <Icon name="clock" />
            {`${h.days}: ${h.hours}`}
          </li>
        ))}
        <li className="help-fact items-start">
          <Icon name="map-pin" className="mt-0.5" />
          {company.address}
        </li>
      </ul>
    </section>
  );
}

/**
 * Policy notes (docs/decisions/007-one-policy-text.md) under small headings, e.g. Payment /
 * Cancellation / Requirements.
 */
export function PolicyGroups({ groups }: { groups: { title: string; icon: ReactNode; items: string[]; wide?: boolean }[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {groups
        .filter((g) => g.items.length > 0)
        .map((g) => (
          <div key={g.title} className={cn('card p-5', g.wide && 'md:col-span-2')}>
            <h3 className="flex items-center gap-2 font-sans text-base font-semibold">
              <span className="text-forest-700">{g.icon}</span>
              {g.title}
            </h3>
            <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-muted marker:text-forest-500">
              {g.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
    </div>
  );
}

/**
 * Large image with a thumbnail grid beneath; a thumbnail swaps the large image. The first image is
 * the page's largest paint, so it loads first with high priority; the small thumbnails sit right under
 * it in the first view, so they load at once too, at low priority.
 *
 * The swap is HTML and CSS alone, so a thumbnail works from the first paint and without JavaScript
 * (docs/architecture.md, "Controls before and after hydration"): each photo follows a visually
 * hidden radio button, whose label is its thumbnail; the checked radio shows its photo and rings its
 * thumbnail (app.css `.image-gallery`). All photos share the first row of one grid, thumbnails fill
 * the rows below, so nothing shifts; the hidden ones load only when shown.
 */
export function ImageGallery({
  images,
  name,
  overlay,
  thumbnailsClassName = 'grid-cols-3',
}: {
  images: string[];
  /** What the pictures show, for their text alternatives. */
  name: string;
  /** Drawn over the large image (the Unavailable overlay). */
  overlay?: ReactNode;
  thumbnailsClassName?: string;
}) {
  const list = [...new Set(images.filter(Boolean))];
  if (list.length === 0) list.push('');
  const group = useId();
  const many = list.length > 1;
  return (
    <div className={cn('image-gallery', many && thumbnailsClassName)}>
      {list.map((src, i) => (
        <Fragment key={src}>
          {many ? (
            <input
              type="radio"
              name={group}
              id={`${group}-${i}`}
              defaultChecked={i === 0}
              aria-label={`Show photo ${i + 1} of ${list.length}`}
              className="image-gallery-radio sr-only"
            />
          ) : null}
          <Picture
            src={src}
            variants={uploadVariants(src)}
            alt={many ? `${name}, photo ${i + 1} of ${list.length}` : name}
            width={1200}
            height={800}
            priority={i === 0}
            sizes="(min-width: 1024px) 60vw, 100vw"
            className="image-gallery-photo"
          />
          {many ? (
            <label htmlFor={`${group}-${i}`} className="image-gallery-thumb">
              <Picture
                src={src}
                variants={uploadVariants(src)}
                sizes="(min-width: 640px) 200px, 33vw"
                alt=""
                width={300}
                height={200}
                loading="eager"
                fetchPriority="low"
                className="size-full object-cover"
              />
            </label>
          ) : null}
        </Fragment>
      ))}
      {overlay ? <div className="image-gallery-overlay">{overlay}</div> : null}
    </div>
  );
}
