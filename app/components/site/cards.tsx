/** Catalogue cards for packages, bikes and cars (spec section 2; prices per D12). */
import { Clock, MapPin, Users } from 'lucide-react';
import { Link } from 'react-router';
import { priceOrContact } from '~/lib/format';
import type { Bike, Car } from '~/db/schema';
import type { PackageSummary } from '~/models/package.server';

const cardClass = 'group flex flex-col overflow-hidden rounded-card border border-forest-100 bg-white shadow-sm transition hover:shadow-lg';

export function PackageCard({ item }: { item: PackageSummary }) {
  return (
    <article className={cardClass}>
      <div className="relative aspect-[3/2] overflow-hidden bg-mist">
        <img src={item.imageUrl || '/images/placeholder.svg'} alt="" width={600} height={400} loading="lazy" className="size-full object-cover" />
        {item.featured && item.tag ? (
          <span className="absolute top-3 left-3 rounded-full bg-marigold px-3 py-1 text-xs font-semibold text-ink">{item.tag}</span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="text-xl font-semibold">
          <Link to={`/packages/${item.id}`} className="hover:text-forest-700">
            {item.title}
          </Link>
        </h2>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <li className="flex items-center gap-1.5"><Clock className="size-4" aria-hidden />{item.duration}</li>
          <li className="flex items-center gap-1.5"><MapPin className="size-4" aria-hidden />{item.location}</li>
          <li className="flex items-center gap-1.5"><Users className="size-4" aria-hidden />{item.people}</li>
        </ul>
        <p className="mt-auto pt-2 text-sm text-muted">
          Starting from <span className="block text-lg font-semibold text-forest-700">{priceOrContact(item.price, 'Contact for Price')}</span>
        </p>
      </div>
    </article>
  );
}

export function BikeCard({ item }: { item: Bike }) {
  return (
    <article className={cardClass}>
      <div className="relative aspect-[3/2] overflow-hidden bg-mist">
        <img src={item.imageUrl || '/images/placeholder.svg'} alt="" width={600} height={400} loading="lazy" className="size-full object-cover" />
        {item.tag ? <span className="absolute top-3 left-3 rounded-full bg-marigold px-3 py-1 text-xs font-semibold text-ink">{item.tag}</span> : null}
        {!item.available ? (
          <div className="absolute inset-0 grid place-items-center bg-ink/60 font-semibold text-white">Currently Unavailable</div>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-xl font-semibold">
          <Link to={`/bikes/${item.id}`} className="hover:text-forest-700">{item.model}</Link>
        </h2>
        <p className="text-sm text-muted">{item.engineCapacity} · {item.category}</p>
        <p className="mt-auto pt-2 text-lg font-semibold text-forest-700">
          {priceOrContact(item.dailyRate, 'Contact for price')}
          {item.dailyRate ? <span className="text-sm font-normal text-muted"> / day</span> : null}
        </p>
      </div>
    </article>
  );
}

export function CarCard({ item }: { item: Car }) {
  return (
    <article className={cardClass}>
      <div className="relative aspect-[3/2] overflow-hidden bg-mist">
        <img src={item.imageUrl || '/images/placeholder.svg'} alt="" width={600} height={400} loading="lazy" className="size-full object-cover" />
        {!item.available ? (
          <div className="absolute inset-0 grid place-items-center bg-ink/60 font-semibold text-white">Currently Unavailable</div>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-xl font-semibold">
          <Link to={`/cars/${item.id}`} className="hover:text-forest-700">{item.model}</Link>
        </h2>
        <p className="text-sm text-muted">{item.capacity} · {item.location}</p>
        <p className="mt-auto pt-2 text-lg font-semibold text-forest-700">
          {priceOrContact(item.dailyRate, 'Contact for Price')}
          {item.dailyRate ? <span className="text-sm font-normal text-muted"> / day</span> : null}
        </p>
      </div>
    </article>
  );
}
