/**
 * /admin/cars: the car table (docs/product.md#admin-lists): search by model ('Search cars...'),
 * 20 a page newest first, paged through the URL; columns Model, Category, Daily Rate, Available and
 * Actions (Edit, Delete); 'Add New Car' on the right of the title. Delete asks 'Are you sure you want
 * to delete this car?' (`?delete=<id>`), then 'Car deleted successfully' or 'Failed to delete car'.
 */
import { Car as CarIcon, Plus } from 'lucide-react';
import { Link, redirect } from 'react-router';
import { ConfirmDelete, useReturnFocusAfterConfirm } from '~/components/admin/confirm-delete';
import { DataTable, ItemCell, StatusBadge, type DataColumn } from '~/components/admin/data-table';
import { EmptyState } from '~/components/admin/empty-state';
import { ADMIN_PAGE_SIZE, adminListHref } from '~/components/admin/list-query';
import { deleteFromList, readAdminListQuery } from '~/components/admin/list-route.server';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { AdminPagination } from '~/components/admin/pagination';
import { ResultCount } from '~/components/admin/result-count';
import { RowActions } from '~/components/admin/row-actions';
import { AdminSearchForm } from '~/components/admin/search-form';
import { buttonClass } from '~/components/ui/button';
import { requireAdmin } from '~/lib/auth.server';
import { CONTACT_FOR_BIKE_PRICE, priceOrContact } from '~/lib/format';
import { deleteCar, getCar, listCarsForAdmin } from '~/models/car.server';
import { pageCount } from '~/schemas/catalog-query';
import type { Route } from './+types/list';

const PATH = '/admin/cars';

const CATEGORY_LABELS: Record<string, string> = { suv: 'SUV', sedan: 'Sedan', hatchback: 'Hatchback', luxury: 'Luxury' };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = readAdminListQuery(request);
  const { items, total } = await listCarsForAdmin(query);
  const pages = pageCount(total, ADMIN_PAGE_SIZE);
  if (query.page > pages) throw redirect(adminListHref(PATH, { q: query.q, page: pages }));
  const rows = items.map((car) => ({
    id: car.id,
    model: car.model,
    imageUrl: car.imageUrl,
    category: CATEGORY_LABELS[car.category] ?? car.category,
    capacity: car.capacity,
    dailyRate: car.dailyRate,
    available: car.available,
  }));
  const target = query.deleteId ? (rows.find((r) => r.id === query.deleteId) ?? (await getCar(query.deleteId))) : null;
  return {
    rows,
    total,
    page: query.page,
    pages,
    q: query.q,
    confirm: target ? { id: target.id, name: target.model } : null,
  };
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

export default function AdminCars({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, q, confirm } = loaderData;
  const here = { q, page };
  useReturnFocusAfterConfirm(confirm?.id ?? null);
  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeader
        title="Cars"
        description="Cars and cabs on the Cab Services page."
        actions={
          <Link to="/admin/cars/new" className={buttonClass('primary', 'md')}>
            <Plus className="size-5" aria-hidden />
            Add New Car
          </Link>
        }
      />
      <div className="flex flex-col gap-3">
        <AdminSearchForm pathname={PATH} q={q} label="Search cars" placeholder="Search cars..." />
        <ResultCount total={total} q={q} singular="car" plural="cars" />
      </div>
      {rows.length === 0 ? (
        q ? (
          <EmptyState
            icon={CarIcon}
            title="No cars match your search"
            message={`Nothing found for “${q}”. Check the spelling or search for part of the model name.`}
            action={
              <Link to={PATH} className={buttonClass('outline', 'md')}>
                Clear search
              </Link>
            }
          />
        ) : (
          <EmptyState
            icon={CarIcon}
            title="No cars added yet"
            message="Cars you add show on the Cab Services page."
            action={
              <Link to="/admin/cars/new" className={buttonClass('primary', 'md')}>
                <Plus className="size-5" aria-hidden />
                Add New Car
              </Link>
            }
          />
        )
      ) : (
        <DataTable
          label="Cars"
          rows={rows}
          rowKey={(car) => car.id}
          columns={columns}
          actions={(car) => (
            <RowActions
              id={car.id}
              name={car.model}
              editTo={`/admin/cars/edit/${car.id}`}
              deleteTo={adminListHref(PATH, { ...here, delete: car.id })}
            />
          )}
        />
      )}
      <AdminPagination pathname={PATH} params={{ q }} page={page} pageCount={pages} total={total} pageSize={ADMIN_PAGE_SIZE} noun="cars" />
      {confirm ? (
        <ConfirmDelete
          question="Are you sure you want to delete this car?"
          detail={
            <>
              <strong className="font-semibold text-ink">{confirm.name}</strong> will be removed from the site. Bookings and inquiries
              for it keep its name.
            </>
          }
          id={confirm.id}
          action={adminListHref(PATH, here)}
          cancelTo={adminListHref(PATH, here)}
        />
      ) : null}
    </div>
  );
}
