/** /bikes: bike list with search and availability / engine filter in the URL (spec section 2, D11). */
import { CatalogFilters, EmptyResult } from '~/components/site/catalog-filters';
import { BikeCard } from '~/components/site/cards';
import { PageHeader } from '~/components/site/page-header';
import { pageMeta } from '~/lib/meta';
import { listBikes } from '~/models/bike.server';
import { bikeQuerySchema, readPageQuery } from '~/schemas/catalog-query';
import type { Route } from './+types/bikes';

const filterOptions = [
  { value: 'all', label: 'All bikes' },
  { value: 'available', label: 'Available only' },
  { value: 'unavailable', label: 'Unavailable' },
  { value: '450cc', label: '450cc' },
  { value: '350cc', label: '350cc' },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const query = readPageQuery(request, bikeQuerySchema);
  const { items, total } = await listBikes({ ...query, limit: 24 });
  return { items, total, q: query.q ?? '', filter: query.filter ?? 'all' };
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Bike Rentals', 'Rent a Royal Enfield Himalayan, Classic 350 or scooter in Gangtok for your Sikkim ride.');

export default function Bikes({ loaderData }: Route.ComponentProps) {
  const { items, q, filter } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Bike Rentals" title="Ride the Himalaya" intro="Well-kept bikes for Sikkim's mountain roads, with helmets and permits sorted." />
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 md:px-6">
        <CatalogFilters q={q} filterName="filter" filterValue={filter} options={filterOptions} searchLabel="Search by model or description" resetTo="/bikes" />
        {items.length === 0 ? (
          <EmptyResult title="No bikes found" message="We couldn't find any bikes matching your search criteria." resetTo="/bikes" />
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <BikeCard key={item.id} item={item} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}
