/**
 * /bikes: the bike list (docs/product.md#bike-list). Search (model or description) and the availability /
 * engine filter live in the URL and are applied in SQL by the loader, 24 bikes a page; then the
 * pickup map and a call to action.
 */
import { BikeCard } from '~/components/site/cards';
import { CatalogFilters, EmptyResult, useListPending } from '~/components/site/catalog-filters';
import { WhatsAppButton } from '~/components/site/catalog/actions';
import { ListBody, ListHero, ResultsGrid } from '~/components/site/catalog/list-page';
import { MapFacade } from '~/components/ui/office-map';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { Pagination } from '~/components/ui/pagination';
import { pageMeta } from '~/lib/meta';
import { formatPhone, telLink } from '~/lib/whatsapp';
import { whatsappGoHref } from '~/lib/whatsapp-leads';
import { listBikes } from '~/models/bike.server';
import { bikeQuerySchema } from '~/schemas/catalog-query';
import { loadCatalogList } from './+shared/catalog-list.server';
import type { Route } from './+types/bikes';

const PATH = '/bikes';

const filterOptions = [
  { value: 'all', label: 'All Bikes' },
  { value: 'available', label: 'Available Only' },
  { value: 'unavailable', label: 'Unavailable' },
  { value: '450cc', label: '450cc' },
  { value: '350cc', label: '350cc' },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const { list, settings } = await loadCatalogList(request, {
    path: PATH,
    schema: bikeQuerySchema,
    filter: 'filter',
    cacheKey: 'bikes',
    load: listBikes,
    settings: ['company', 'map'],
  });
  return { ...list, company: settings.company, map: settings.map };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Bike Rentals in Gangtok',
    'Rent a Royal Enfield Himalayan 450, Classic 350 or a scooter in Gangtok for Sikkim roads: helmet included, hotel delivery on request.',
  );

export default function Bikes({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pages, pageSize, q, filter, company, map } = loaderData;
  const pending = useListPending(PATH);
  return (
    <>
      <ListHero
        eyebrow="Bike Rentals"
        title="Ride Sikkim on Two Wheels"
        intro="Serviced Royal Enfields, dual-sports and scooters from our Gangtok office, ready for Tsomgo, Zuluk and the North Sikkim Highway."
        facts={['Helmet complimentary', 'Serviced before every ride', 'Help with permits']}
      />
      <ListBody
        filters={
          <CatalogFilters
            pathname={PATH}
            q={q}
            filterName="filter"
            filterValue={filter}
            options={filterOptions}
            searchLabel="Search bikes by model or description"
            searchPlaceholder="Search by model or description"
            filterLabel="Bike filters"
            total={total}
            noun="bikes"
          />
        }
      >
        {items.length === 0 ? (
          <EmptyResult title="No bikes found" message="We couldn't find any bikes matching your search criteria." resetTo={PATH} />
        ) : (
          <ResultsGrid pending={pending} label="Bikes">
            {items.map((item, i) => (
              <BikeCard key={item.id} item={item} priority={i === 0} />
            ))}
          </ResultsGrid>
        )}
        <Pagination variant="site" pathname={PATH} params={{ q, filter }} page={page} pageCount={pages} total={total} pageSize={pageSize} noun="bikes" />

        <section aria-labelledby="bike-pickup" className="grid gap-8 pt-8 lg:grid-cols-[1.3fr_1fr] lg:items-stretch">
          <MapFacade map={map} className="h-80 lg:h-full lg:min-h-96" />
          <div className="flex flex-col rounded-card bg-forest-900 p-6 text-white md:p-10">
            <p className="text-sm font-semibold tracking-[0.14em] text-marigold-light uppercase">Pick up in Gangtok</p>
            <h2 id="bike-pickup" className="mt-2 text-3xl font-semibold text-white">
              Ready to ride the Himalaya?
            </h2>
            <p className="mt-3 text-forest-50">
              Collect your bike at our office or have it delivered to your hotel. Tell us your route and dates and we will suggest the right bike and sort the
              permits.
            </p>
            <ul className="mt-6 space-y-3 text-forest-50">
              <li className="flex gap-3">
                <Icon name="map-pin" className="mt-1 size-5 shrink-0 text-marigold-light" />
                {company.address}
              </li>
              {company.officeHours.map((h) => (
                <li key={h.days} className="flex gap-3">
                  <Icon name="clock" className="mt-1 size-5 shrink-0 text-marigold-light" />
                  {h.days}: {h.hours}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row lg:mt-auto lg:pt-8">
              <WhatsAppButton href={whatsappGoHref({ topic: 'bike-rental', from: '/bikes' })} label="Chat on WhatsApp" className="sm:w-auto" />
              <a href={telLink(company.phone)} className={buttonClass('outlineLight')}>
                <Icon name="phone" className="size-5" />
                Call {formatPhone(company.phone)}
              </a>
            </div>
          </div>
        </section>
      </ListBody>
    </>
  );
}
