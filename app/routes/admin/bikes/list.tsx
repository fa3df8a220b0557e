/**
 * /admin/bikes: the bike table (docs/product.md#admin-lists): search by model, 20 a page newest
 * first, paged through the URL; columns Model, Engine, Daily Rate, Available and Actions (Edit,
 * Delete); 'Add New Bike' on the right of the title. Delete asks 'Are you sure you want to delete this
 * bike?' (`?delete=<id>`), then 'Bike deleted successfully' or 'Failed to delete bike'. The page
 * itself is the shared `AdminCatalogList`.
 */
import { Bike as BikeIcon } from 'lucide-react';
import { AdminCatalogList, type AdminCatalogWords } from '~/components/admin/catalog-list-page';
import { ItemCell, StatusBadge, type DataColumn } from '~/components/admin/data-table';
import { deleteFromList, loadAdminList } from '~/routes/admin/+shared/list-route.server';
import { adminMeta } from '~/components/admin/meta';
import { CONTACT_FOR_BIKE_PRICE, priceOrContact } from '~/lib/format';
import { deleteBike, getBike, listBikesForAdmin } from '~/models/bike.server';
import type { Route } from './+types/list';

const PATH = '/admin/bikes';

export async function loader({ request }: Route.LoaderArgs) {
  return loadAdminList(request, {
    pathname: PATH,
    list: listBikesForAdmin,
    get: getBike,
    name: (bike) => bike.model,
    row: (bike) => ({
      id: bike.id,
      model: bike.model,
      imageUrl: bike.imageUrl,
      category: bike.category,
      engineCapacity: bike.engineCapacity,
      dailyRate: bike.dailyRate,
      available: bike.available,
    }),
  });
}

export async function action({ request }: Route.ActionArgs) {
  return deleteFromList(request, {
    pathname: PATH,
    remove: deleteBike,
    success: 'Bike deleted successfully',
    failure: 'Failed to delete bike',
  });
}

export const meta: Route.MetaFunction = () => adminMeta('Bikes');

type Row = Route.ComponentProps['loaderData']['rows'][number];

const columns: DataColumn<Row>[] = [
  { header: 'Model', primary: true, cell: (bike) => <ItemCell image={bike.imageUrl} title={bike.model} subtitle={bike.category} /> },
  { header: 'Engine', cell: (bike) => bike.engineCapacity || '—' },
  { header: 'Daily Rate', cell: (bike) => priceOrContact(bike.dailyRate, CONTACT_FOR_BIKE_PRICE), className: 'whitespace-nowrap' },
  { header: 'Available', cell: (bike) => <StatusBadge on={bike.available} onText="Available" offText="Unavailable" /> },
];

const words: AdminCatalogWords = {
  title: 'Bikes',
  description: 'Motorbikes for rent on the Bike Rentals page.',
  singular: 'bike',
  plural: 'bikes',
  icon: BikeIcon,
  addLabel: 'Add New Bike',
  searchLabel: 'Search bikes by model',
  searchPlaceholder: 'Search bikes by model...',
  emptyTitle: 'No bikes added yet',
  emptyMessage: 'Bikes you add show on the Bike Rentals page.',
  noMatchTitle: 'No bikes match your search',
  noMatchMessage: (q) => `Nothing found for “${q}”. Check the spelling or search for part of the model name.`,
  deleteQuestion: 'Are you sure you want to delete this bike?',
};

export default function AdminBikes({ loaderData }: Route.ComponentProps) {
  return <AdminCatalogList pathname={PATH} words={words} list={loaderData} columns={columns} rowName={(bike) => bike.model} />;
}
