/**
 * /packages: the package list (docs/product.md#package-list). Search (title or location) and
 * category filter live in the URL and are applied in SQL by the loader, 24 packages a page.
 */
import { PackageCard, toPackageCardItem } from '~/components/site/cards';
import { CatalogFilters, EmptyResult, useListPending } from '~/components/site/catalog-filters';
import { WhatsAppButton } from '~/components/site/catalog/actions';
import { ListBody, ListHero, ResultsGrid } from '~/components/site/catalog/list-page';
import { DialogLink } from '~/components/site/site-dialogs';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { Pagination } from '~/components/ui/pagination';
import { pageMeta } from '~/lib/meta';
import { whatsappGoHref } from '~/lib/whatsapp-leads';
import { listPackages } from '~/models/package.server';
import { packageQuerySchema } from '~/schemas/catalog-query';
import { loadCatalogList } from './+shared/catalog-list.server';
import type { Route } from './+types/packages';

const PATH = '/packages';

const filterOptions = [
  { value: 'all', label: 'All' },
  { value: 'popular', label: 'Popular' },
  { value: 'adventure', label: 'Adventure' },
  { value: 'cultural', label: 'Cultural' },
  { value: 'rural', label: 'Rural' },
  { value: 'weekend', label: 'Weekend' },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const { list } = await loadCatalogList(request, {
    path: PATH,
    schema: packageQuerySchema,
    filter: 'category',
    cacheKey: 'packages',
    load: listPackages,
    settings: ['company'],
  });
  return { ...list, items: list.items.map(toPackageCardItem) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Tour Packages',
    'Sikkim and Darjeeling tour packages from a local Gangtok operator: Tsomgo Lake, North Sikkim, Pelling and more, with permits, drivers and stays arranged.',
  );

export default function Packages({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pages, pageSize, q, category } = loaderData;
  const pending = useListPending(PATH);
  return (
    <>
      <ListHero
        eyebrow="Tour Packages"
        title="Sikkim & Darjeeling Tour Packages"
        intro="Itineraries built by our Gangtok team, with permits, local drivers and stays we know well."
        facts={['Permits arranged', 'Local hill drivers', '24/7 support on the road']}
      />
      <ListBody
        filters={
          <CatalogFilters
            pathname={PATH}
            q={q}
            filterName="category"
            filterValue={category}
            options={filterOptions}
            searchLabel="Search packages by title or location"
            searchPlaceholder="Search by destination or package name"
            filterLabel="Package categories"
            total={total}
            noun="packages"
          />
        }
      >
        {items.length === 0 ? (
          <EmptyResult title="No packages found" message="We couldn't find any packages matching your search criteria." resetTo={PATH} />
        ) : (
          <ResultsGrid pending={pending} label="Packages">
            {items.map((item, i) => (
              <PackageCard key={item.id} item={item} priority={i === 0} />
            ))}
          </ResultsGrid>
        )}
        <Pagination variant="site" pathname={PATH} params={{ q, category }} page={page} pageCount={pages} total={total} pageSize={pageSize} noun="packages" />

        <section aria-labelledby="custom-trip" className="flex flex-col gap-6 rounded-card bg-mist p-6 md:flex-row md:items-center md:justify-between md:p-10">
          <div className="max-w-xl">
            <h2 id="custom-trip" className="text-2xl font-semibold md:text-3xl">
              Looking for something else?
            </h2>
            <p className="mt-2 text-muted">
              Honeymoons, treks, monastery circuits or a slower family pace: tell us your dates and we will build the route, book the stays and arrange the
              permits.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row md:shrink-0">
            <DialogLink dialog={{ kind: 'inquiry', tab: 'packages' }} className={buttonClass('primary')}>
              <Icon name="message-square-text" className="size-5" />
              Plan a Custom Tour
            </DialogLink>
            <WhatsAppButton href={whatsappGoHref({ topic: 'custom-tour', from: '/packages' })} label="Chat on WhatsApp" fullWidth={false} />
          </div>
        </section>
      </ListBody>
    </>
  );
}
