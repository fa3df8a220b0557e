/** /packages: package list with search and category filter in the URL (spec section 2, D11). */
import { CatalogFilters, EmptyResult } from '~/components/site/catalog-filters';
import { PackageCard } from '~/components/site/cards';
import { PageHeader } from '~/components/site/page-header';
import { pageMeta } from '~/lib/meta';
import { listPackages } from '~/models/package.server';
import { packageQuerySchema, readPageQuery } from '~/schemas/catalog-query';
import type { Route } from './+types/packages';

const filterOptions = [
  { value: 'all', label: 'All packages' },
  { value: 'popular', label: 'Popular' },
  { value: 'adventure', label: 'Adventure' },
  { value: 'cultural', label: 'Cultural' },
  { value: 'rural', label: 'Rural' },
  { value: 'weekend', label: 'Weekend' },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const query = readPageQuery(request, packageQuerySchema);
  const { items, total } = await listPackages({ ...query, limit: 24 });
  return { items, total, q: query.q ?? '', category: query.category ?? 'all' };
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Tour Packages', 'Sikkim and Darjeeling tour packages: Gangtok, Tsomgo Lake, North Sikkim, Pelling and more.');

export default function Packages({ loaderData }: Route.ComponentProps) {
  const { items, q, category } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Tour Packages" title="Explore Sikkim & Darjeeling" intro="Hand-built itineraries with local drivers, permits arranged and stays we know well." />
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 md:px-6">
        <CatalogFilters q={q} filterName="category" filterValue={category} options={filterOptions} searchLabel="Search by destination or package name" resetTo="/packages" />
        {items.length === 0 ? (
          <EmptyResult title="No packages found" message="We couldn't find any packages matching your search criteria." resetTo="/packages" />
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <PackageCard key={item.id} item={item} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}
