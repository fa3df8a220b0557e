/**
 * /admin/bikes: the bike table (docs/product.md#admin-lists): search by model, 20 a page newest
 * first, paged through the URL; columns Model, Engine, Daily Rate, Available and Actions (Edit,
 * Delete); 'Add New Bike' on the right of the title. Delete asks 'Are you sure you want to delete this
 * bike?' (`?delete=<id>`), then 'Bike deleted successfully' or 'Failed to delete bike'.
 */
import { Bike as BikeIcon, Plus } from 'lucide-react';
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
import { deleteBike, getBike, listBikesForAdmin } from '~/models/bike.server';
import { pageCount } from '~/schemas/catalog-query';
import type { Route } from './+types/list';

const PATH = '/admin/bikes';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = readAdminListQuery(request);
  const { items, total } = await listBikesForAdmin(query);
  const pages = pageCount(total, ADMIN_PAGE_SIZE);
  if (query.page > pages) throw redirect(adminListHref(PATH, { q: query.q, page: pages }));
  const rows = items.map((bike) => ({
    id: bike.id,
    model: bike.model,
    imageUrl: bike.imageUrl,
    category: bike.category,
    engineCapacity: bike.engineCapacity,
    dailyRate: bike.dailyRate,
    available: bike.available,
  }));
  const target = query.deleteId ? (rows.find((r) => r.id === query.deleteId) ?? (await getBike(query.deleteId))) : null;
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

export default function AdminBikes({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, q, confirm } = loaderData;
  const here = { q, page };
  useReturnFocusAfterConfirm(confirm?.id ?? null);
  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeader
        title="Bikes"
        description="Motorbikes for rent on the Bike Rentals page."
        actions={
          <Link to="/admin/bikes/new" className={buttonClass('primary', 'md')}>
            <Plus className="size-5" aria-hidden />
            Add New Bike
          </Link>
        }
      />
      <div className="flex flex-col gap-3">
        <AdminSearchForm pathname={PATH} q={q} label="Search bikes by model" placeholder="Search bikes by model..." />
        <ResultCount total={total} q={q} singular="bike" plural="bikes" />
      </div>
      {rows.length === 0 ? (
        q ? (
          <EmptyState
            icon={BikeIcon}
            title="No bikes match your search"
            message={`Nothing found for “${q}”. Check the spelling or search for part of the model name.`}
            action={
              <Link to={PATH} className={buttonClass('outline', 'md')}>
                Clear search
              </Link>
            }
          />
        ) : (
          <EmptyState
            icon={BikeIcon}
            title="No bikes added yet"
            message="Bikes you add show on the Bike Rentals page."
            action={
              <Link to="/admin/bikes/new" className={buttonClass('primary', 'md')}>
                <Plus className="size-5" aria-hidden />
                Add New Bike
              </Link>
            }
          />
        )
      ) : (
        <DataTable
          label="Bikes"
          rows={rows}
          rowKey={(bike) => bike.id}
          columns={columns}
          actions={(bike) => (
            <RowActions
              id={bike.id}
              name={bike.model}
              editTo={`/admin/bikes/edit/${bike.id}`}
              deleteTo={adminListHref(PATH, { ...here, delete: bike.id })}
            />
          )}
        />
      )}
      <AdminPagination pathname={PATH} params={{ q }} page={page} pageCount={pages} total={total} pageSize={ADMIN_PAGE_SIZE} noun="bikes" />
      {confirm ? (
        <ConfirmDelete
          question="Are you sure you want to delete this bike?"
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
