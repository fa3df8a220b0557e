/**
 * Featured Packages (#featured-packages, docs/product.md#home): looping centred carousel with 1/2/3
 * cards at small/md/lg, arrows from md, enlarged centre card, arrow keys. Card content: image,
 * duration, location, the first 2 highlights cut to 2 words, people, 'Starting from' and the price in
 * rupees, or 'Contact for Price' when it is 0 (docs/decisions/030-prices.md: a price
 * above 0 shows everywhere), rating with one decimal and '(N reviews)' when it has reviews
 * (docs/decisions/006-display-fields.md).
 */
import { Link } from 'react-router';
import { Picture } from '~/components/ui/picture';
import { Badge } from '~/components/ui/badge';
import { buttonClass } from '~/components/ui/button';
import { Carousel } from '~/components/ui/carousel';
import { Icon } from '~/components/ui/icon';
import { SectionReveal } from '~/components/ui/section-reveal';
import { CONTACT_FOR_PRICE, priceOrContact } from '~/lib/format';
import { uploadVariants } from '~/lib/image-variants';
import { showsRating } from '~/lib/rating';
import type { PackageSummary } from '~/models/package.server';
import { formatRating, reviewsLabel, shortHighlights } from './helpers';
import { SectionHeading } from './section-heading';

export type FeaturedPackage = Pick<
  PackageSummary,
  'id' | 'title' | 'imageUrl' | 'duration' | 'location' | 'highlights' | 'people' | 'price' | 'rating' | 'reviewCount' | 'tag'
>;

function FeaturedPackageCard({ item }: { item: FeaturedPackage }) {
  return (
    <article className="flex h-full flex-col overflow-hidden card shadow-sm">
      <div className="relative aspect-[3/2] bg-mist">
        <Picture
          src={item.imageUrl}
          variants={uploadVariants(item.imageUrl)}
          sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
          alt=""
          width={600}
          height={400}
          className="size-full object-cover"
        />
        {item.tag ? (
          <Badge tone="accent" className="absolute top-3 left-3">
            {item.tag}
          </Badge>
        ) : null}
        {showsRating(item) ? (
          <Badge tone="white" className="absolute top-3 right-3">
            <Icon name="star" className="size-3.5 fill-marigold text-marigold" />
            {formatRating(item.rating)}
            <span className="font-normal text-muted">{reviewsLabel(item.reviewCount)}</span>
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <li className="flex items-center gap-1.5">
            <Icon name="clock" className="size-4 text-forest-500" />
            {item.duration}
          </li>
          <li className="flex items-center gap-1.5">
            <Icon name="map-pin" className="size-4 text-forest-500" />
            {item.location}
          </li>
        </ul>
        <h3 className="text-xl font-semibold">{item.title}</h3>
        {item.highlights?.length ? (
          <ul className="flex flex-wrap gap-2" aria-label="Highlights">
            {shortHighlights(item.highlights).map((h) => (
              <li key={h} className="rounded-full bg-forest-50 px-3 py-1 text-xs font-medium text-forest-800">
                {h}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <Icon name="users" className="size-4 text-forest-500" />
          {item.people}
        </p>
        <div className="card-footer">
          <p className="text-sm text-muted">
            Starting from
            <span className="block text-lg font-semibold text-forest-700">{priceOrContact(item.price, CONTACT_FOR_PRICE)}</span>
          </p>
          <Link to={`/packages/${item.id}`} className={buttonClass('primary', 'sm')} aria-label={`View Details: ${item.title}`}>
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}

export function FeaturedPackages({ packages }: { packages: FeaturedPackage[] }) {
  if (packages.length === 0) return null;
  return (
    <SectionReveal id="featured-packages" aria-labelledby="featured-packages-title" className="bg-mist py-20 md:py-28">
      <div className="container-page">
        <SectionHeading
          id="featured-packages-title"
          eyebrow="Handpicked journeys"
          title="Featured Packages"
          intro="Our travellers' favourite routes through Sikkim and Darjeeling, with permits, stays and drivers arranged."
          action={
            <Link to="/packages" className={buttonClass('outline')}>
              View All Packages
            </Link>
          }
        />
        <Carousel label="Featured packages" className="mt-10" slideClassName="basis-full md:basis-1/2 lg:basis-1/3" enlargeSelected>
          {packages.map((item) => (
            <FeaturedPackageCard key={item.id} item={item} />
          ))}
        </Carousel>
      </div>
    </SectionReveal>
  );
}
