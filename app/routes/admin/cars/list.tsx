/**
 * /admin/cars: the car table (docs/product.md#admin-lists): search by model ('Search cars...'),
 * 20 a page newest first, paged through the URL; columns Model, Category, Daily Rate, Available and
 * Actions (Edit, Delete); 'Add New Car' on the right of the title. Delete asks 'Are you sure you want
 * to delete this car?' (`?delete=<id>`), then 'Car deleted successfully' or 'Failed to delete car'.
 * The page itself is the shared `AdminCatalogList`.
 */
import { Car as CarIcon } from 'lucide-react';
import { AdminCatalogList, type AdminCatalogWords } from '~/components/admin/catalog-list-page';
import { ItemCell, StatusBadge, type DataColumn } from '~/components/admin/data-table';
import { deleteFromList, loadAdminList } from '~/routes/admin/+shared/list-route.server';
import { adminMeta } from '~/components/admin/meta';
import { CONTACT_FOR_BIKE_PRICE, priceOrContact } from '~/lib/format';
import { deleteCar, getCar, listCarsForAdmin } from '~/models/car.server';
import type { Route } from './+types/list';

const PATH = '/admin/cars';

const CATEGORY_LABELS: Record<string, string> = { suv: 'SUV', sedan: 'Sedan', hatchback: 'Hatchback', luxury: 'Luxury' };

export async function loader({ request }: Route.LoaderArgs) {
  return loadAdminList(request, {
    pathname: PATH,
    list: listCarsForAdmin,
    get: getCar,
    name: (car) => car.model,
    row: (car) => ({
      id: car.id,
      model: car.model,
      imageUrl: car.imageUrl,
      category: CATEGORY_LABELS[car.category] ?? car.category,
      capacity: car.capacity,
      dailyRate: car.dailyRate,
      available: car.available,
    }),
  });
}

export async function action({ request }: Route.ActionArgs) {
  return deleteFromList(request, {
    pathname: PATH,
    remove: deleteCar,
    success: 'Car deleted successfully',
    failure: 'Failed to delete car',
  });
}

export const meta: Route.MetaFunction = () => adminMeta('Cars');

type Row = Route.ComponentProps['loaderData']['rows'][number];

const columns: DataColumn<Row>[] = [
  { header: 'Model', primary: true, cell: (car) => <ItemCell image={car.imageUrl} title={car.model} subtitle={car.capacity} /> },
  { header: 'Category', cell: (car) => car.category },
  { header: 'Daily Rate', cell: (car) => priceOrContact(car.dailyRate, CONTACT_FOR_BIKE_PRICE), className: 'whitespace-nowrap' },
  { header: 'Available', cell: (car) => <StatusBadge on={car.available} onText="Available" offText="Unavailable" /> },
];

const words: AdminCatalogWords = {
  title: 'Cars',
  description: 'Cars and cabs on the Cab Services page.',
  singular: 'car',
  plural: 'cars',
  icon: CarIcon,
  addLabel: 'Add New Car',
  searchLabel: 'Search cars',
  searchPlaceholder: 'Search cars...',
  emptyTitle: 'No cars added yet',
  emptyMessage: 'Cars you add show on the Cab Services page.',
  noMatchTitle: 'No cars match your search',
  noMatchMessage: (q) => `Nothing found for “${q}”. Check the spelling or search for part of the model name.`,
  deleteQuestion: 'Are you sure you want to delete this car?',
};

export default function AdminCars({ loaderData }: Route.ComponentProps) {
  return <AdminCatalogList pathname={PATH} words={words} list={loaderData} columns={columns} rowName={(car) => car.model} />;
}
