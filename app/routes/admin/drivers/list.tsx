/**
 * /admin/drivers: the drivers (docs/decisions/048-trip-operations.md), like the catalogue lists:
 * search by name, phone or licence number, 20 a page newest first; columns Name (with languages),
 * Phone, Licence (number, and the expiry, flagged 'Expired' once past, India's today) and Actions;
 * 'Add New Driver'. Delete (admin role) asks first; a driver with trips cannot be deleted.
 */
import { IdCard } from 'lucide-react';
import { AdminCatalogList, type AdminCatalogWords } from '~/components/admin/catalog-list-page';
import type { DataColumn } from '~/components/admin/data-table';
import { adminMeta } from '~/components/admin/meta';
import { StatusPill } from '~/components/ui/status-pill';
import { formatDate, todayInIndia } from '~/lib/format';
import { deleteDriver, getDriver, listDriversForAdmin } from '~/models/driver.server';
import { deleteFromList, loadAdminList } from '~/routes/admin/+shared/list-route.server';
import type { Route } from './+types/list';

const PATH = '/admin/drivers';

export async function loader({ request }: Route.LoaderArgs) {
  const today = todayInIndia();
  return loadAdminList(request, {
    pathname: PATH,
    list: listDriversForAdmin,
    get: getDriver,
    name: (driver) => driver.name,
    row: (driver) => ({
      id: driver.id,
      name: driver.name,
      phone: driver.phone,
      languages: driver.languages,
      licenceNumber: driver.licenceNumber,
      licenceExpiresOn: driver.licenceExpiresOn,
      expired: driver.licenceExpiresOn < today,
    }),
  });
}

export async function action({ request }: Route.ActionArgs) {
  return deleteFromList(request, {
    pathname: PATH,
    remove: deleteDriver,
    success: 'Driver deleted successfully',
    failure: 'Failed to delete driver (a driver with trips cannot be deleted)',
  });
}

export const meta: Route.MetaFunction = () => adminMeta('Drivers');

type Row = Route.ComponentProps['loaderData']['rows'][number];

const columns: DataColumn<Row>[] = [
  {
    header: 'Name',
    primary: true,
    cell: (d) => (
      <span className="block min-w-0">
        <span className="block font-semibold break-words text-ink">{d.name}</span>
        {d.languages ? <span className="block text-xs text-muted">{d.languages}</span> : null}
      </span>
    ),
  },
  {
    header: 'Phone',
    cell: (d) => (
      <a href={`tel:${d.phone.replace(/[^0-9+]/g, '')}`} className="whitespace-nowrap underline underline-offset-4">
        {d.phone}
      </a>
    ),
  },
  {
    header: 'Licence',
    cell: (d) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="break-all">{d.licenceNumber}</span>
        {d.expired ? (
          <StatusPill tone="bad" dot>
            Expired {formatDate(d.licenceExpiresOn)}
          </StatusPill>
        ) : (
          <span className="text-xs whitespace-nowrap text-muted">valid until {formatDate(d.licenceExpiresOn)}</span>
        )}
      </span>
    ),
  },
];

const words: AdminCatalogWords = {
  title: 'Drivers',
  description: 'Drivers who take travellers round Sikkim; give them trips on a confirmed booking’s page.',
  singular: 'driver',
  plural: 'drivers',
  icon: IdCard,
  addLabel: 'Add New Driver',
  searchLabel: 'Search drivers',
  searchPlaceholder: 'Search drivers...',
  emptyTitle: 'No drivers added yet',
  emptyMessage: 'Drivers you add can be given trips on confirmed bookings.',
  noMatchTitle: 'No drivers match your search',
  noMatchMessage: (q) => `Nothing found for “${q}”. Search for part of the name, phone or licence number.`,
  deleteQuestion: 'Are you sure you want to delete this driver?',
};

export default function AdminDrivers({ loaderData }: Route.ComponentProps) {
  return <AdminCatalogList pathname={PATH} words={words} list={loaderData} columns={columns} rowName={(d) => d.name} />;
}
