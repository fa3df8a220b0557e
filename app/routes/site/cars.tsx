/**
 * /cars: Cab Services, the car list (docs/product.md#car-list). Search (model, location or description)
 * and category filter live in the URL and are applied in SQL by the loader, 24 cars a page; then
 * the locations map and the special-vehicle section linking to /contact.
 */
import { Link } from 'react-router';
import { CarCard } from '~/components/site/cards';
import { CatalogFilters, EmptyResult, useListPending } from '~/components/site/catalog-filters';
import { CarDetailSkeleton, usePendingCarDetail } from '~/components/site/catalog/car-skeleton';
import { ListBody, ListHero, ResultsGrid } from '~/components/site/catalog/list-page';
import { MapFacade } from '~/components/ui/office-map';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { Pagination } from '~/components/ui/pagination';
import { CAR_LOCATIONS } from '~/lib/constants';
import { listHref } from '~/lib/list-href';
import { pageMeta } from '~/lib/meta';
import { listCars } from '~/models/car.server';
import { carQuerySchema } from '~/schemas/catalog-query';
import { loadCatalogList } from './+shared/catalog-list.server';
import type { Route } from './+types/cars';

const PATH = '/cars';

const filterOptions = [
  { value: 'all', label: 'All Cars' },
  { value: 'suv', label: 'SUV' },
  { value: 'sedan', label: 'Sedan' },
  { value: 'hatchback', label: 'Hatchback' },
  { value: 'luxury', label: 'Luxury' },
] as const;

const locationNotes: Record<(typeof CAR_LOCATIONS)[number], string> = {
  Gangtok: 'Our office and main fleet: airport and NJP transfers, Tsomgo Lake, North Sikkim.',
  Darjeeling: 'Tiger Hill sunrise, tea estates, Mirik and the run down to Siliguri.',
  Pelling: 'West Sikkim: Pemayangtse, Rabdentse, Khecheopalri Lake and Yuksom.',
};

export async function loader({ request }: Route.LoaderArgs) {
  const { list, settings } = await loadCatalogList(request, {
    path: PATH,
    schema: carQuerySchema,
    filter: 'category',
    cacheKey: 'cars',
    load: listCars,
    settings: ['map'],
  });
  return { ...list, map: settings.map };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Cab Services',
    'Cars and cabs with experienced hill drivers in Gangtok, Darjeeling and Pelling: Innova Crysta, Scorpio, Dzire and more, by the day.',
  );

export default function Cars({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pages, pageSize, q, category, map } = loaderData;
  const pending = useListPending(PATH);
  if (usePendingCarDetail()) return <CarDetailSkeleton />;
  return (
    <>
      <ListHero
        eyebrow="Cab Services"
        title="Cars & Cabs with Local Hill Drivers"
        intro="Clean cars and drivers who know every bend from Bagdogra to Gurudongmar, by the day or for your whole trip."
        facts={['Experienced hill drivers', 'Free cancellation 24h before', 'Full-tank policy']}
      />
      <ListBody
        filters={
          <CatalogFilters
            pathname={PATH}
            q={q}
            filterName="category"
            filterValue={category}
            options={filterOptions}
            searchLabel="Search cars by model, location or description"
            searchPlaceholder="Search by model, location or description"
            filterLabel="Car categories"
            total={total}
            noun="cars"
          />
        }
      >
        {items.length === 0 ? (
          <EmptyResult title="No cars found" message="We couldn't find any cars matching your search criteria." resetTo={PATH} />
        ) : (
          <ResultsGrid pending={pending} label="Cars">
            {items.map((item, i) => (
              <CarCard key={item.id} item={item} priority={i === 0} />
            ))}
          </ResultsGrid>
        )}
        <Pagination variant="site" pathname={PATH} params={{ q, category }} page={page} pageCount={pages} total={total} pageSize={pageSize} noun="cars" />

        <section aria-labelledby="car-locations" className="grid gap-8 pt-8 lg:grid-cols-[1fr_1.3fr] lg:items-stretch">
          <div>
            <p className="text-sm font-semibold tracking-[0.14em] text-forest-700 uppercase">Where we drive from</p>
            <h2 id="car-locations" className="mt-2 text-3xl font-semibold">
              Our Locations
            </h2>
            <p className="mt-3 text-muted">
              Cars start from three bases; a car can meet you anywhere in Sikkim or the Darjeeling hills, or at Bagdogra and NJP.
            </p>
            <ul className="mt-6 space-y-4">
              {CAR_LOCATIONS.map((location) => (
                <li key={location} className="flex gap-4 rounded-card bg-mist p-4">
                  <span className="grid size-10 shrink-0 place-items-center rounded-full bg-forest-700 text-white">
                    <Icon name="map-pin" className="size-5" />
                  </span>
                  <span>
                    <Link to={listHref(PATH, { q: location })} className="font-semibold text-forest-700 underline-offset-4 hover:underline">
                      Cars in {location}
                    </Link>
                    <span className="block text-sm text-muted">{locationNotes[location]}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <MapFacade map={map} className="h-80 lg:h-full lg:min-h-96" />
        </section>

        <section aria-labelledby="special-vehicles" className="relative overflow-hidden rounded-card bg-forest-900 p-6 text-white md:p-10">
          <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
            <div className="flex gap-5">
              <span className="hidden size-14 shrink-0 place-items-center rounded-full bg-marigold text-ink sm:grid">
                <Icon name="bus" className="size-7" />
              </span>
              <div className="max-w-2xl">
                <h2 id="special-vehicles" className="text-2xl font-semibold text-white md:text-3xl">
                  Need a special vehicle?
                </h2>
                <p className="mt-2 text-forest-50">
                  Tempo Travellers and mini-buses for groups, decorated cars for weddings, or a 4x4 for winter in the north: tell us what you need and we will
                  arrange it.
                </p>
              </div>
            </div>
            <Link to="/contact" className={buttonClass('accent', 'lg', 'shrink-0')}>
              Contact Us
            </Link>
          </div>
        </section>
      </ListBody>
    </>
  );
}
