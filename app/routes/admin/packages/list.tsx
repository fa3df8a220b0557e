/**
 * /admin/packages: the tour package table (docs/product.md#admin-lists): search by title, 20 a
 * page newest first, paged through the URL; columns Title, Duration, Location, Price, Featured and
 * Actions (Edit, Delete); 'Add New Package' on the right of the title. Delete asks 'Are you sure you
 * want to delete this package?' (`?delete=<id>`), then 'Package deleted successfully' or 'Failed to
 * delete package'. The page itself is the shared `AdminCatalogList`.
 */
import { Mountain } from 'lucide-react';
import { AdminCatalogList, type AdminCatalogWords } from '~/components/admin/catalog-list-page';
import { ItemCell, StatusBadge, type DataColumn } from '~/components/admin/data-table';
import { deleteFromList, loadAdminList } from '~/routes/admin/+shared/list-route.server';
import { adminMeta } from '~/components/admin/meta';
import { CONTACT_FOR_BIKE_PRICE, priceOrContact } from '~/lib/format';
import { deletePackage, getPackage, listPackagesForAdmin } from '~/models/package.server';
import type { Route } from './+types/list';

const PATH = '/admin/packages';

export async function loader({ request }: Route.LoaderArgs) {
  return loadAdminList(request, {
    pathname: PATH,
    list: listPackagesForAdmin,
    get: getPackage,
    name: (item) => item.title,
    row: (item) => ({
      id: item.id,
      title: item.title,
      imageUrl: item.imageUrl,
      category: item.category,
      duration: item.duration,
      location: item.location,
      price: item.price,
      featured: item.featured,
    }),
  });
}

export async function action({ request }: Route.ActionArgs) {
  return deleteFromList(request, {
    pathname: PATH,
    remove: deletePackage,
    success: 'Package deleted successfully',
    failure: 'Failed to delete package',
  });
}

export const meta: Route.MetaFunction = () => adminMeta('Packages');

/** 'adventure' → 'Adventure'. */
function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type Row = Route.ComponentProps['loaderData']['rows'][number];

const columns: DataColumn<Row>[] = [
  { header: 'Title', primary: true, cell: (item) => <ItemCell image={item.imageUrl} title={item.title} subtitle={capitalise(item.category)} /> },
  { header: 'Duration', cell: (item) => item.duration || '—' },
  { header: 'Location', cell: (item) => item.location || '—' },
  { header: 'Price', cell: (item) => priceOrContact(item.price, CONTACT_FOR_BIKE_PRICE), className: 'whitespace-nowrap' },
  { header: 'Featured', cell: (item) => <StatusBadge on={item.featured} onText="Featured" offText="No" /> },
];

const words: AdminCatalogWords = {
  title: 'Packages',
  description: 'Tour packages on the Tour Packages page and the home page.',
  singular: 'package',
  plural: 'packages',
  icon: Mountain,
  addLabel: 'Add New Package',
  searchLabel: 'Search packages by title',
  searchPlaceholder: 'Search packages by title...',
  emptyTitle: 'No packages added yet',
  emptyMessage: 'Packages you add show on the Tour Packages page.',
  noMatchTitle: 'No packages match your search',
  noMatchMessage: (q) => `Nothing found for “${q}”. Check the spelling or search for part of the title.`,
  deleteQuestion: 'Are you sure you want to delete this package?',
};

export default function AdminPackages({ loaderData }: Route.ComponentProps) {
  return <AdminCatalogList pathname={PATH} words={words} list={loaderData} columns={columns} rowName={(item) => item.title} />;
}
