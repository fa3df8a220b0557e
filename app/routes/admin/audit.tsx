/**
 * /admin/audit: the audit log (docs/decisions/017-audit-log.md), newest first, 50 a page. Filters
 * live in the URL (`?action=&entity=&user=&from=&to=&q=&page=`), so the page works, pages and can be
 * bookmarked without JavaScript: what was done, to which kind of record, by whom, between two days
 * (Asia/Kolkata, both included), and a free text matched in the summary or the record's id. A bad
 * filter value is ignored, never an error.
 *
 * Each entry shows when (date and time in India), who, the action and what (the summary, linking to
 * the record's admin page while the record exists), and a native <details> with the before and
 * after of each changed field, as text.
 */
import { History } from 'lucide-react';
import { Link, redirect } from 'react-router';
import { EmptyState } from '~/components/admin/empty-state';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { buttonClass } from '~/components/ui/button';
import { Pagination } from '~/components/ui/pagination';
import { requireAdmin } from '~/services/admin-guard.server';
import { listHref } from '~/lib/list-href';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_PAGE_SIZE, existingAuditRecords, listAuditActors, listAuditEntries } from '~/models/audit.server';
import { pageCount } from '~/schemas/catalog-query';
import type { Route } from './+types/audit';
import { AuditFilters, hasFilters } from './audit/+shared/audit-filters';
import { auditRow, readAuditQuery } from './audit/+shared/audit-page.server';
import { AuditTable } from './audit/+shared/audit-table';

const PATH = '/admin/audit';

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request);
  const { page, filters, ...query } = readAuditQuery(request);
  const [{ items, total }, actors] = await Promise.all([
    listAuditEntries({ ...query, limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
    listAuditActors(),
  ]);
  const pages = pageCount(total, AUDIT_PAGE_SIZE);
  if (page > pages) throw redirect(listHref(PATH, { ...filters, page: pages }));
  const existing = await existingAuditRecords(items);

  return {
    entries: items.map((entry) => auditRow(entry, existing.has(`${entry.entityType}:${entry.entityId}`), user.role === 'admin')),
    total,
    page,
    pages,
    pageSize: AUDIT_PAGE_SIZE,
    filters,
    options: {
      actions: [...AUDIT_ACTIONS],
      entities: [...AUDIT_ENTITIES],
      // The filtered user stays selectable even when the list of names does not have it.
      users: query.actor && !actors.includes(query.actor) ? [query.actor, ...actors] : actors,
    },
  };
}

export const meta: Route.MetaFunction = () => adminMeta('Audit log');

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pages, pageSize, filters, options } = loaderData;
  const filtered = hasFilters(filters);
  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeader title="Audit log" description="Who changed what, and when. Newest first; times in India (IST)." />
      <AuditFilters filters={filters} options={options} />
      <p aria-live="polite" className="text-sm text-muted">
        <span className="font-semibold text-ink tabular-nums">{total.toLocaleString('en-IN')}</span> {total === 1 ? 'entry' : 'entries'}
        {filtered ? (total === 1 ? ' matches the filters' : ' match the filters') : ''}
      </p>
      {entries.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={History}
            title="No entries match these filters"
            message="Try a wider date range, another user or fewer words."
            action={
              <Link to={PATH} className={buttonClass('outline', 'md')}>
                Clear filters
              </Link>
            }
          />
        ) : (
          <EmptyState icon={History} title="Nothing recorded yet" message="Changes made in the back office and staff sign-ins show here." />
        )
      ) : (
        <AuditTable entries={entries} />
      )}
      <Pagination
        variant="admin"
        pathname={PATH}
        params={{ action: filters.action, entity: filters.entity, user: filters.user, from: filters.from, to: filters.to, q: filters.q }}
        page={page}
        pageCount={pages}
        total={total}
        pageSize={pageSize}
        noun="entries"
      />
    </div>
  );
}
