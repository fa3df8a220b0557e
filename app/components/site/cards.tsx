/**
 * Catalogue cards for packages, bikes and cars (docs/product.md#catalogue): image at a fixed 3:2,
 * duration / location chips, price in a fixed place, one clear action. Tags and discount badges are
 * the stored fields (docs/decisions/006-display-fields.md); prices are rupees above 0, else the
 * contact text (docs/decisions/008-money-dates-ids.md#money). The title link covers the whole card;
 * a card's own buttons sit above it.
 */
import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';
import type { Bike, Car } from '~/db/schema';
import { showsRating } from '~/lib/rating';
import { CONTACT_FOR_BIKE_PRICE, CONTACT_FOR_PRICE, formatRupees, seatsFromCapacity, splitFeatures } from '~/lib/format';
import { uploadVariants } from '~/lib/image-variants';
import type { PackageSummary } from '~/models/package.server';
import { BookVehicleButton } from './catalog/actions';
import { CatalogBadge, Chip, RatingStars, UnavailableOverlay } from './catalog/bits';
import { Picture } from '~/components/ui/picture';

// Cards take `priority` when they open a list (the first image is often the largest paint). Each
// part's look is one class in app/app.css (.catalog-card, .card-media…): a list repeats it on every card.
/** Width a card's image is shown at: one column on phones, two from sm, three (about 400px) from lg. */
const cardImageSizes = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';

type HeadingLevel = 2 | 3;

/** What a package card shows (a PackageSummary has it all). */
export type PackageCardItem = Pick<
  PackageSummary,
  'id' | 'title' | 'description' | 'imageUrl' | 'duration' | 'price' | 'location' | 'people' | 'featured' | 'rating' | 'reviewCount' | 'tag' | 'discountLabel'
>;

/** Only the card's fields, the description cut to a teaser: lists send 24 of these to the browser. */
export function toPackageCardItem(p: PackageCardItem): PackageCardItem {
  const { id, title, description, imageUrl, duration, price, location, people, featured, rating, reviewCount, tag, discountLabel } = p;
  const teaser = description.length > 180 ? `${description.slice(0, 180).replace(/\s+\S*$/, '')}…` : description;
  return { id, title, description: teaser, imageUrl, duration, price, location, people, featured, rating, reviewCount, tag, discountLabel };
}

function CardTitle({ level, to, children }: { level: HeadingLevel; to: string; children: string }) {
  const Heading = `h${level}` as 'h2';
  return (
    <Heading className="card-title">
      <Link to={to}>{children}</Link>
    </Heading>
  );
}

/** Price in a fixed place: label above, amount (or the contact text) below. */
function CardPrice({ label, amount, contactText, perDay }: { label: string; amount: number | null; contactText: string; perDay?: boolean }) {
  const rupees = formatRupees(amount);
  return (
    <p className="card-price">
      <span>{label}</span>
      <span>
        {rupees ?? contactText}
        {rupees && perDay ? <span className="text-sm font-normal text-muted"> / day</span> : null}
      </span>
    </p>
  );
}

export function PackageCard({ item, headingLevel = 2, priority }: { item: PackageCardItem; headingLevel?: HeadingLevel; priority?: boolean }) {
  return (
    <article className="catalog-card card">
      <div className="card-media">
        <Picture
          src={item.imageUrl}
          variants={uploadVariants(item.imageUrl)}
          sizes={cardImageSizes}
          alt=""
          width={600}
          height={400}
          priority={priority}
          className="card-image"
        />
        <div className="card-badges">
          {item.featured && item.tag ? <CatalogBadge>{item.tag}</CatalogBadge> : <span />}
          {item.discountLabel ? <CatalogBadge tone="offer">{item.discountLabel}</CatalogBadge> : null}
        </div>
      </div>
      <div className="card-body">
        {showsRating(item) ? <RatingStars rating={item.rating} reviewCount={item.reviewCount} compact /> : null}
        <CardTitle level={headingLevel} to={`/packages/${item.id}`}>
          {item.title}
        </CardTitle>
        <p className="card-text">{item.description}</p>
        <ul className="flex flex-wrap gap-2" aria-label="Trip facts">
          <Chip icon={<Icon name="clock" />}>{item.duration}</Chip>
          <Chip icon={<Icon name="map-pin" />}>{item.location}</Chip>
          <Chip icon={<Icon name="users" />}>{item.people}</Chip>
        </ul>
        <div className="card-footer">
          <CardPrice label="Starting from" amount={item.price} contactText={CONTACT_FOR_PRICE} />
          <span aria-hidden className="card-more">
            View Details
            <Icon name="arrow-right" />
          </span>
        </div>
      </div>
    </article>
  );
}

/**
 * Image, stored tag and discount badges (docs/decisions/006-display-fields.md), and the 'Currently
 * Unavailable' overlay of a vehicle card.
 */
function VehicleMedia({ item, priority }: { item: Bike | Car; priority?: boolean }) {
  return (
    <div className="card-media">
      <Picture
        src={item.imageUrl}
        variants={uploadVariants(item.imageUrl)}
        sizes={cardImageSizes}
        alt=""
        width={600}
        height={400}
        priority={priority}
        className="card-image"
      />
      <div className="card-badges">
        {item.tag ? <CatalogBadge>{item.tag}</CatalogBadge> : <span />}
        {item.featured && item.discountLabel ? <CatalogBadge tone="offer">{item.discountLabel}</CatalogBadge> : null}
      </div>
      {!item.available ? <UnavailableOverlay /> : null}
    </div>
  );
}

export function BikeCard({ item, headingLevel = 2, priority }: { item: Bike; headingLevel?: HeadingLevel; priority?: boolean }) {
  return (
    <article className="catalog-card card">
      <VehicleMedia item={item} priority={priority} />
      <div className="card-body">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-medium text-forest-700">{item.category}</p>
          {showsRating(item) ? <RatingStars rating={item.rating} reviewCount={item.reviewCount} compact /> : null}
        </div>
        <CardTitle level={headingLevel} to={`/bikes/${item.id}`}>
          {item.model}
        </CardTitle>
        <ul className="flex flex-wrap gap-2" aria-label="Specifications">
          {item.engineCapacity ? <Chip icon={<Icon name="fuel" />}>{item.engineCapacity}</Chip> : null}
          {item.maxSpeed ? <Chip icon={<Icon name="gauge" />}>{item.maxSpeed}</Chip> : null}
          <Chip icon={<Icon name="cog" />} className="capitalize">
            {item.gearType}
          </Chip>
        </ul>
        <div className="card-footer">
          <CardPrice label="Daily rate" amount={item.dailyRate} contactText={CONTACT_FOR_BIKE_PRICE} perDay />
          <div className="relative z-10 shrink-0">
            <BookVehicleButton size="sm" vehicle={{ type: 'bike', id: item.id, model: item.model, dailyRate: item.dailyRate, available: item.available }} />
          </div>
        </div>
      </div>
    </article>
  );
}

export function CarCard({ item, headingLevel = 2, priority }: { item: Car; headingLevel?: HeadingLevel; priority?: boolean }) {
  const features = splitFeatures(item.features).slice(0, 2);
  return (
    <article className="catalog-card card">
      <VehicleMedia item={item} priority={priority} />
      <div className="card-body">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-medium text-forest-700 uppercase">{item.category}</p>
          {showsRating(item) ? <RatingStars rating={item.rating} reviewCount={item.reviewCount} compact /> : null}
        </div>
        <CardTitle level={headingLevel} to={`/cars/${item.id}`}>
          {item.model}
        </CardTitle>
        <ul className="flex flex-wrap gap-2" aria-label="Car facts">
          <Chip icon={<Icon name="users" />}>{seatsFromCapacity(item.capacity)} Seats</Chip>
          <Chip icon={<Icon name="map-pin" />}>{item.location}</Chip>
          <Chip icon={<Icon name="cog" />} className="capitalize">
            {item.transmission}
          </Chip>
        </ul>
        {features.length ? (
          <ul className="space-y-1.5 text-sm" aria-label="Features">
            {features.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <Icon name="check" className="size-4 shrink-0 text-forest-500 stroke-3" />
                {feature}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="card-footer">
          <CardPrice label="Daily rate" amount={item.dailyRate} contactText={CONTACT_FOR_PRICE} perDay />
          <div className="relative z-10 shrink-0">
            <BookVehicleButton size="sm" vehicle={{ type: 'car', id: item.id, model: item.model, dailyRate: item.dailyRate, available: item.available }} />
          </div>
        </div>
      </div>
    </article>
  );
}
