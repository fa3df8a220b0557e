/** /cars: car and cab list with search and category filter in the URL (spec section 2, D11). */
import { CatalogFilters, EmptyResult } from '~/components/site/catalog-filters';
import { CarCard } from '~/components/site/cards';
import { PageHeader } from '~/components/site/page-header';
import { pageMeta } from '~/lib/meta';
import { listCars } from '~/models/car.server';
import { carQuerySchema, readPageQuery } from '~/schemas/catalog-query';
import type { Route } from './+types/cars';

const filterOptions = [
  { value: 'all', label: 'All cars' },
  { value: 'suv', label: 'SUV' },
  { value: 'sedan', label: 'Sedan' },
  { value: 'hatchback', label: 'Hatchback' },
  { value: 'luxury', label: 'Luxury' },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const query = readPageQuery(request, carQuerySchema);
  const { items, total } = await listCars({ ...query, limit: 24 });
  return { items, total, q: query.q ?? '', category: query.category ?? 'all' };
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Cab Services', 'Cars with experienced hill drivers in Gangtok, Darjeeling and Pelling: Innova, Scorpio, Dzire and more.');

export default function Cars({ loaderData }: Route.ComponentProps) {
  const { items, q, category } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Cab Services" title="Cars for every mountain road" intro="Clean cars and drivers who know every bend from Bagdogra to Gurudongmar." />
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 md:px-6">
        <CatalogFilters q={q} filterName="category" filterValue={category} options={filterOptions} searchLabel="Search by model, location or description" resetTo="/cars" />
        {items.length === 0 ? (
          <EmptyResult title="No cars found" message="We couldn't find any cars matching your search criteria." resetTo="/cars" />
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <CarCard key={item.id} item={item} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}
