/**
 * The page of an admin catalogue list, /admin/packages, /admin/bikes and /admin/cars
 * (docs/product.md#admin-lists): the title with 'Add New …' on the right, the search box and the
 * result count, the table with Edit and (for the admin role) Delete on every row (or the empty state: nothing added yet,
 * or nothing matches the search), the page links, and the delete confirmation when the URL has
 * `?delete=<id>`. Each list route gives its own words, columns and loader data
 * (`loadAdminList` in app/routes/admin/+shared/list-route.server.ts); the record's pages are `<pathname>/new` and
 * `<pathname>/edit/<id>`.
 */
import { Plus, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ConfirmDelete, useReturnFocusAfterConfirm } from '~/components/admin/confirm-delete';
import { DataTable, type DataColumn } from '~/components/admin/data-table';
import { EmptyState } from '~/components/admin/empty-state';
import { AdminPageHeader } from '~/components/admin/page-header';
import { ResultCount } from '~/components/admin/result-count';
import { RowActions } from '~/components/admin/row-actions';
import { AdminSearchForm } from '~/components/admin/search-form';
import { buttonClass } from '~/components/ui/button';
import { Pagination } from '~/components/ui/pagination';
import { listHref } from '~/lib/list-href';

/** What an admin list's loader returns: one page of rows and what the page around them shows. */
export type AdminListData<Row> = {
  rows: Row[];
  /** Rows matching the search, all pages together. */
  total: number;
  /** Current page, 1-based. */
  page: number;
  /** Number of pages (at least 1). */
  pages: number;
  pageSize: number;
  /** The search text ('' for none). */
  q: string;
  /** The record whose delete confirmation is open, or null. */
  confirm: { id: string; name: string } | null;
  /** Whether the signed-in user may delete (app/lib/permissions.ts): without it no row shows Delete. */
  canDelete: boolean;
};

/** What a list says about its records; the product's exact texts where it has them. */
export type AdminCatalogWords = {
  /** The page's h1 and the table's name: 'Cars'. */
  title: string;
  /** The line under the title: where the records show on the site. */
  description: string;
  /** 'car' and 'cars', for the result count and the page links. */
  singular: string;
  plural: string;
  icon: LucideIcon;
  /** The main action: 'Add New Car'. */
  addLabel: string;
  /** The search box's accessible name and placeholder: 'Search cars', 'Search cars...'. */
  searchLabel: string;
  searchPlaceholder: string;
  /** The empty list: 'No cars added yet' and where added cars show. */
  emptyTitle: string;
  emptyMessage: string;
  /** A search with no result: 'No cars match your search' and what to try instead. */
  noMatchTitle: string;
  noMatchMessage: (q: string) => string;
  /** 'Are you sure you want to delete this car?' */
  deleteQuestion: string;
};

export function AdminCatalogList<Row extends { id: string }>({
  pathname,
  words,
  list,
  columns,
  rowName,
}: {
  /** The list's path, e.g. '/admin/cars'. */
  pathname: string;
  words: AdminCatalogWords;
  /** The loader's data. */
  list: AdminListData<Row>;
  columns: DataColumn<Row>[];
  /** A row's name, for its Edit / Delete labels: its title or model. */
  rowName: (row: Row) => string;
}) {
  const { rows, total, page, pages, pageSize, q, confirm, canDelete } = list;
  const here = { q, page };
  useReturnFocusAfterConfirm(confirm?.id ?? null);

  const addLink = (
    <Link to={`${pathname}/new`} className={buttonClass('primary', 'md')}>
      <Plus className="size-5" aria-hidden />
      {words.addLabel}
    </Link>
  );

  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeader title={words.title} description={words.description} actions={addLink} />
      <div className="flex flex-col gap-3">
        <AdminSearchForm pathname={pathname} q={q} label={words.searchLabel} placeholder={words.searchPlaceholder} />
        <ResultCount total={total} q={q} singular={words.singular} plural={words.plural} />
      </div>
      {rows.length === 0 ? (
        q ? (
          <EmptyState
            icon={words.icon}
            title={words.noMatchTitle}
            message={words.noMatchMessage(q)}
            action={
              <Link to={pathname} className={buttonClass('outline', 'md')}>
                Clear search
              </Link>
            }
          />
        ) : (
          <EmptyState icon={words.icon} title={words.emptyTitle} message={words.emptyMessage} action={addLink} />
        )
      ) : (
        <DataTable
          label={words.title}
          rows={rows}
          rowKey={(row) => row.id}
          columns={columns}
          actions={(row) => (
            <RowActions
              id={row.id}
              name={rowName(row)}
              editTo={`${pathname}/edit/${row.id}`}
              deleteTo={canDelete ? listHref(pathname, { ...here, delete: row.id }) : null}
            />
          )}
        />
      )}
      <Pagination variant="admin" pathname={pathname} params={{ q }} page={page} pageCount={pages} total={total} pageSize={pageSize} noun={words.plural} />
      {confirm ? (
        <ConfirmDelete
          question={words.deleteQuestion}
          detail={
            <>
              <strong className="font-semibold text-ink">{confirm.name}</strong> will be removed from the site. Bookings and inquiries for it keep its name.
            </>
          }
          id={confirm.id}
          action={listHref(pathname, here)}
          cancelTo={listHref(pathname, here)}
        />
      ) : null}
    </div>
  );
}
