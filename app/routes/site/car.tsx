/** /cars/:id: car detail (spec section 2); unknown id renders 'Car Not Found' with 404. */
import { data, Link } from 'react-router';
import { DetailError } from '~/components/site/detail-error';
import { priceOrContact, seatsFromCapacity, splitFeatures } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { getCar } from '~/models/car.server';
import type { Route } from './+types/car';

export async function loader({ params }: Route.LoaderArgs) {
  const car = await getCar(params.id);
  if (!car) throw data(null, { status: 404 });
  return { car };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(`${loaderData.car.model} with driver in ${loaderData.car.location}`, loaderData.car.description) : [{ title: 'Car Not Found' }];

export default function CarDetail({ loaderData }: Route.ComponentProps) {
  const { car } = loaderData;
  return (
    <article className="mx-auto max-w-5xl px-4 pt-24 pb-16 md:px-6 md:pt-28">
      <Link to="/cars" className="text-sm font-medium text-forest-700 hover:underline">← All cars</Link>
      <h1 className="mt-3 text-4xl font-semibold md:text-5xl">{car.model}</h1>
      <img src={car.imageUrl || '/images/placeholder.svg'} alt={car.model} width={1200} height={800} className="mt-6 aspect-[3/2] w-full rounded-card object-cover" />
      <p className="mt-6 text-2xl font-semibold text-forest-700">
        {priceOrContact(car.dailyRate, 'Contact for Price')}
        {car.dailyRate ? <span className="text-base font-normal text-muted"> / day</span> : null}
      </p>
      {!car.available ? <p className="mt-2 font-semibold text-flag-red">Currently Unavailable</p> : null}
      <p className="mt-6 leading-relaxed">{car.description}</p>
      <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <div><dt className="text-sm text-muted">Seats</dt><dd className="font-semibold">{seatsFromCapacity(car.capacity)}</dd></div>
        <div><dt className="text-sm text-muted">Category</dt><dd className="font-semibold uppercase">{car.category}</dd></div>
        <div><dt className="text-sm text-muted">Fuel</dt><dd className="font-semibold capitalize">{car.fuelType}</dd></div>
        <div><dt className="text-sm text-muted">Location</dt><dd className="font-semibold">{car.location}</dd></div>
      </dl>
      <h2 className="mt-10 text-2xl font-semibold">Features</h2>
      <ul className="mt-3 list-disc space-y-1 pl-6">
        {splitFeatures(car.features).map((f) => <li key={f}>{f}</li>)}
      </ul>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DetailError
      error={error}
      title="Car Not Found"
      message="The car you're looking for doesn't exist or has been removed."
      linkTo="/cars"
      linkLabel="Browse All Cars"
    />
  );
}
