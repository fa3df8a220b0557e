/**
 * Featured cars and featured bikes carousels (docs/product.md#other-home-sections): from the
 * database; nothing when empty.
 */
import { Link } from 'react-router';
import { Picture } from '~/components/ui/picture';
import { Badge } from '~/components/ui/badge';
import { buttonClass } from '~/components/ui/button';
import { Carousel } from '~/components/ui/carousel';
import { Icon } from '~/components/ui/icon';
import { SectionReveal } from '~/components/ui/section-reveal';
import { priceOrContact } from '~/lib/format';
import { uploadVariants } from '~/lib/image-variants';
import { SectionHeading } from './section-heading';

export type FeaturedVehicle = {
  id: string;
  model: string;
  imageUrl: string | null;
  dailyRate: number | null;
  available: boolean;
  tag: string | null;
  discountLabel: string | null;
  /** Two short facts, e.g. '5 Seater', 'Diesel' or '450cc', 'Adventure'. */
  facts: [string, string];
};

function VehicleSlide({ item, kind }: { item: FeaturedVehicle; kind: 'car' | 'bike' }) {
  const href = `/${kind === 'car' ? 'cars' : 'bikes'}/${item.id}`;
  return (
    <article className="flex h-full flex-col overflow-hidden card shadow-sm">
      <div className="relative aspect-[3/2] bg-mist">
        <Picture
          src={item.imageUrl}
          variants={uploadVariants(item.imageUrl)}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 85vw"
          alt=""
          width={600}
          height={400}
          className="size-full object-cover"
        />
        <div className="absolute top-3 left-3 flex gap-2">
          {item.tag ? <Badge tone="accent">{item.tag}</Badge> : null}
          {item.discountLabel ? <Badge tone="forest">{item.discountLabel}</Badge> : null}
        </div>
        {!item.available ? <div className="absolute inset-0 grid place-items-center bg-ink/60 font-semibold text-white">Currently Unavailable</div> : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="text-xl font-semibold">{item.model}</h3>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <li className="flex items-center gap-1.5">
            <Icon name={kind === 'car' ? 'users' : 'gauge'} className="size-4 text-forest-500" />
            {item.facts[0]}
          </li>
          <li className="flex items-center gap-1.5">
            <Icon name={kind === 'car' ? 'fuel' : 'tag'} className="size-4 text-forest-500" />
            {item.facts[1]}
          </li>
        </ul>
        <div className="card-footer">
          <p className="text-lg font-semibold text-forest-700">
            {priceOrContact(item.dailyRate, kind === 'car' ? 'Contact for Price' : 'Contact for price')}
            {item.dailyRate ? <span className="text-sm font-normal text-muted"> / day</span> : null}
          </p>
          <Link to={href} className={buttonClass('primary', 'sm')} aria-label={`View Details: ${item.model}`}>
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}

export function FeaturedVehicles({ kind, items }: { kind: 'car' | 'bike'; items: FeaturedVehicle[] }) {
  if (items.length === 0) return null;
  const isCar = kind === 'car';
  const id = isCar ? 'featured-cars' : 'featured-bikes';
  return (
    <SectionReveal id={id} aria-labelledby={`${id}-title`} className={isCar ? 'bg-mist py-20 md:py-28' : 'py-20 md:py-28'}>
      <div className="container-page">
        <SectionHeading
          id={`${id}-title`}
          eyebrow={isCar ? 'Cab services' : 'Bike rentals'}
          title={isCar ? 'Featured Cars' : 'Featured Bikes'}
          intro={
            isCar
              ? 'Comfortable SUVs and sedans with hill-trained drivers, from Gangtok, Darjeeling and Pelling.'
              : 'Serviced motorcycles and scooters with helmets and route advice for the mountain roads.'
          }
          action={
            <Link to={isCar ? '/cars' : '/bikes'} className={buttonClass('outline')}>
              {isCar ? 'View All Cars' : 'View All Bikes'}
            </Link>
          }
        />
        <Carousel label={isCar ? 'Featured cars' : 'Featured bikes'} className="mt-10" slideClassName="basis-[85%] sm:basis-1/2 lg:basis-1/3">
          {items.map((item) => (
            <VehicleSlide key={item.id} item={item} kind={kind} />
          ))}
        </Carousel>
      </div>
    </SectionReveal>
  );
}
