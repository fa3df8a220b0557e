/**
 * /admin/packages: the tour package table (docs/product.md#admin-lists): search by title, 20 a
 * page newest first, paged through the URL; columns Title, Duration, Location, Price, Featured and
 * Actions (Edit, Delete); 'Add New Package' on the right of the title. Delete asks 'Are you sure you
 * want to delete this package?' (`?delete=<id>`), then 'Package deleted successfully' or 'Failed to
 * delete package'.
 */
import { Mountain, Plus } from 'lucide-react';
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
import { deletePackage, getPackage, listPackagesForAdmin } from '~/models/package.server';
import { pageCount } from '~/schemas/catalog-query';
import type { Route } from './+types/list';

const PATH = '/admin/packages';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = readAdminListQuery(request);
  const { items, total } = await listPackagesForAdmin(query);
  const pages = pageCount(total, ADMIN_PAGE_SIZE);
  if (query.page > pages) throw redirect(adminListHref(PATH, { q: query.q, page: pages }));
  const rows = items.map((item) => ({
    id: item.id,
    title: item.title,
    imageUrl: item.imageUrl,
    category: item.category,
    duration: item.duration,
    location: item.location,
    price: item.price,
    featured: item.featured,
  }));
  const target = query.deleteId ? (rows.find((r) => r.id === query.deleteId) ?? (await getPackage(query.deleteId))) : null;
  return {
    rows,
    total,
    page: query.page,
    pages,
    q: query.q,
    confirm: target ? { id: target.id, name: target.title } : null,
  };
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

export default function AdminPackages({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, q, confirm } = loaderData;
  const here = { q, page };
  useReturnFocusAfterConfirm(confirm?.id ?? null);
  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeader
        title="Packages"
        description="Tour packages on the Tour Packages page and the home page."
        actions={
          <Link to="/admin/packages/new" className={buttonClass('primary', 'md')}>
            <Plus className="size-5" aria-hidden />
            Add New Package
          </Link>
        }
      />
      <div className="flex flex-col gap-3">
        <AdminSearchForm pathname={PATH} q={q} label="Search packages by title" placeholder="Search packages by title..." />
        <ResultCount total={total} q={q} singular="package" plural="packages" />
      </div>
      {rows.length === 0 ? (
        q ? (
          <EmptyState
            icon={Mountain}
            title="No packages match your search"
            message={`Nothing found for “${q}”. Check the spelling or search for part of the title.`}
            action={
              <Link to={PATH} className={buttonClass('outline', 'md')}>
                Clear search
              </Link>
            }
          />
        ) : (
          <EmptyState
            icon={Mountain}
            title="No packages added yet"
            message="Packages you add show on the Tour Packages page."
            action={
              <Link to="/admin/packages/new" className={buttonClass('primary', 'md')}>
                <Plus className="size-5" aria-hidden />
                Add New Package
              </Link>
            }
          />
        )
      ) : (
        <DataTable
          label="Packages"
          rows={rows}
          rowKey={(item) => item.id}
          columns={columns}
          actions={(item) => (
            <RowActions
              id={item.id}
              name={item.title}
              editTo={`/admin/packages/edit/${item.id}`}
              deleteTo={adminListHref(PATH, { ...here, delete: item.id })}
            />
          )}
        />
      )}
      <AdminPagination pathname={PATH} params={{ q }} page={page} pageCount={pages} total={total} pageSize={ADMIN_PAGE_SIZE} noun="packages" />
      {confirm ? (
        <ConfirmDelete
          question="Are you sure you want to delete this package?"
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
