/** /bikes/:id: bike detail (spec section 2); unknown id renders 'Bike Not Found' with 404. */
import { data, Link } from 'react-router';
import { DetailError } from '~/components/site/detail-error';
import { priceOrContact, splitFeatures } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { getBike } from '~/models/bike.server';
import type { Route } from './+types/bike';

export async function loader({ params }: Route.LoaderArgs) {
  const bike = await getBike(params.id);
  if (!bike) throw data(null, { status: 404 });
  return { bike };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(`${loaderData.bike.model} on rent in Gangtok`, loaderData.bike.description) : [{ title: 'Bike Not Found' }];

export default function BikeDetail({ loaderData }: Route.ComponentProps) {
  const { bike } = loaderData;
  return (
    <article className="mx-auto max-w-5xl px-4 pt-24 pb-16 md:px-6 md:pt-28">
      <Link to="/bikes" className="text-sm font-medium text-forest-700 hover:underline">← All bikes</Link>
      <h1 className="mt-3 text-4xl font-semibold md:text-5xl">{bike.model}</h1>
      <img src={bike.imageUrl || '/images/placeholder.svg'} alt={bike.model} width={1200} height={800} className="mt-6 aspect-[3/2] w-full rounded-card object-cover" />
      <p className="mt-6 text-2xl font-semibold text-forest-700">
        {priceOrContact(bike.dailyRate, 'Contact for price')}
        {bike.dailyRate ? <span className="text-base font-normal text-muted"> / day</span> : null}
      </p>
      {!bike.available ? <p className="mt-2 font-semibold text-flag-red">Currently Unavailable</p> : null}
      <p className="mt-6 leading-relaxed">{bike.description}</p>
      <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3">
        <div><dt className="text-sm text-muted">Engine</dt><dd className="font-semibold">{bike.engineCapacity}</dd></div>
        <div><dt className="text-sm text-muted">Max speed</dt><dd className="font-semibold">{bike.maxSpeed}</dd></div>
        <div><dt className="text-sm text-muted">Gear</dt><dd className="font-semibold capitalize">{bike.gearType}</dd></div>
      </dl>
      <h2 className="mt-10 text-2xl font-semibold">Features</h2>
      <ul className="mt-3 list-disc space-y-1 pl-6">
        {splitFeatures(bike.features).map((f) => <li key={f}>{f}</li>)}
      </ul>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DetailError
      error={error}
      title="Bike Not Found"
      message="The bike you're looking for doesn't exist or has been removed."
      linkTo="/bikes"
      linkLabel="Browse All Bikes"
    />
  );
}
