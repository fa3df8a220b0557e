/** /packages/:id: package detail (spec section 2); unknown id renders 'Package Not Found' with 404. */
import { Check, Clock, MapPin, Users, X } from 'lucide-react';
import { data, Link } from 'react-router';
import { DetailError } from '~/components/site/detail-error';
import { priceOrContact } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { getPackage } from '~/models/package.server';
import type { Route } from './+types/package';

export async function loader({ params }: Route.LoaderArgs) {
  const tourPackage = await getPackage(params.id);
  if (!tourPackage) throw data(null, { status: 404 });
  return { tourPackage };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.tourPackage.title, loaderData.tourPackage.description) : [{ title: 'Package Not Found' }];

export default function PackageDetail({ loaderData }: Route.ComponentProps) {
  const { tourPackage: p } = loaderData;
  return (
    <article className="mx-auto max-w-5xl px-4 pt-24 pb-16 md:px-6 md:pt-28">
      <Link to="/packages" className="text-sm font-medium text-forest-700 hover:underline">← All packages</Link>
      <h1 className="mt-3 text-4xl font-semibold md:text-5xl">{p.title}</h1>
      <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-muted">
        <li className="flex items-center gap-1.5"><Clock className="size-4" aria-hidden />{p.duration}</li>
        <li className="flex items-center gap-1.5"><MapPin className="size-4" aria-hidden />{p.location}</li>
        <li className="flex items-center gap-1.5"><Users className="size-4" aria-hidden />{p.people}</li>
      </ul>
      <img src={p.imageUrl || '/images/placeholder.svg'} alt={p.title} width={1200} height={800} className="mt-6 aspect-[3/2] w-full rounded-card object-cover" />
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <p className="text-2xl font-semibold text-forest-700">{priceOrContact(p.price, 'Contact for Pricing')}</p>
        {p.discountLabel ? <span className="rounded-full bg-marigold px-3 py-1 text-sm font-semibold text-ink">{p.discountLabel}</span> : null}
      </div>
      <section className="mt-10">
        <h2 className="text-2xl font-semibold">Overview</h2>
        <p className="mt-3 leading-relaxed">{p.overview || p.description}</p>
      </section>
      <section className="mt-10">
        <h2 className="text-2xl font-semibold">Itinerary</h2>
        <ol className="mt-4 space-y-4">
          {p.itinerary.map((day) => (
            <li key={day.day} className="rounded-card border border-forest-100 p-5">
              <h3 className="font-sans text-lg font-semibold">Day {day.day}: {day.title}</h3>
              <p className="mt-2 text-muted">{day.description}</p>
            </li>
          ))}
        </ol>
      </section>
      <div className="mt-10 grid gap-8 md:grid-cols-2">
        <section>
          <h2 className="text-2xl font-semibold">Inclusions</h2>
          <ul className="mt-3 space-y-2">
            {p.inclusions.map((item) => (
              <li key={item} className="flex gap-2"><Check className="mt-1 size-4 shrink-0 text-forest-500" aria-hidden />{item}</li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="text-2xl font-semibold">Exclusions</h2>
          <ul className="mt-3 space-y-2">
            {p.exclusions.map((item) => (
              <li key={item} className="flex gap-2"><X className="mt-1 size-4 shrink-0 text-flag-red" aria-hidden />{item}</li>
            ))}
          </ul>
        </section>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DetailError
      error={error}
      title="Package Not Found"
      message="The tour package you're looking for doesn't exist or has been removed."
      linkTo="/packages"
      linkLabel="Browse All Packages"
    />
  );
}
