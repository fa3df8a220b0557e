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
import { Form, Link, redirect } from 'react-router';
import { z } from 'zod';
import { DataTable, type DataColumn } from '~/components/admin/data-table';
import { EmptyState } from '~/components/admin/empty-state';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { buttonClass } from '~/components/ui/button';
import { Input, Select } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { requireAdmin } from '~/services/admin-guard.server';
import { formatDate } from '~/lib/format';
import { isUuid, shortReference } from '~/lib/ids';
import { listHref } from '~/lib/list-href';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_PAGE_SIZE,
  existingAuditRecords,
  listAuditActors,
  listAuditEntries,
  type AuditChanges,
} from '~/models/audit.server';
import { MAX_PAGE, pageCount, readPageQuery, searchTerm } from '~/schemas/catalog-query';
import type { Route } from './+types/audit';
import { StatusPill, type StatusTone } from '~/components/ui/status-pill';

const PATH = '/admin/audit';

/**
 * The page's query (built in a function so the browser bundle, which has no loader, drops it with
 * the server-only lists it names). A day is 'YYYY-MM-DD', as the date input sends it.
 */
function auditQuerySchema() {
  const day = z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value));
  return z.object({
    action: z.enum(AUDIT_ACTIONS).optional(),
    entity: z.enum(AUDIT_ENTITIES).optional(),
    user: z.string().trim().min(1).max(100).optional(),
    from: day.optional(),
    to: day.optional(),
    q: searchTerm,
    page: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
  });
}

/** The longest value text an entry shows per field (the rest is cut with '…'). */
const MAX_VALUE_CHARS = 400;

/** '3:40 PM' in Asia/Kolkata. */
function formatTime(value: Date): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' }).format(value);
}

/** A value with nothing in it: null, '', an empty list, or an object whose values are all empty. */
function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isEmptyValue);
  return false;
}

/** A value inside a list or object, on one line: 'Yes', '2', 'a, b', 'Day: 1; Title: Start'. */
function inlineText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(inlineText).join(', ');
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .filter(([, v]) => !isEmptyValue(v))
      .map(([k, v]) => `${fieldLabel(k)}: ${inlineText(v)}`)
      .join('; ');
  }
  return '';
}

/**
 * A stored value as text: '(empty)', 'Yes'/'No', numbers and strings as they are, a list one item a
 * line, an object as 'Label: value' lines (empty parts left out). Cut at MAX_VALUE_CHARS.
 */
function valueText(value: unknown): string {
  let text: string;
  if (isEmptyValue(value)) text = '(empty)';
  else if (Array.isArray(value)) text = value.map(inlineText).join('\n');
  else if (value && typeof value === 'object') text = inlineText(value).split('; ').join('\n');
  else text = inlineText(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

/** Field names whose words alone read wrong. */
const FIELD_LABELS: Record<string, string> = { ac: 'AC', imageUrl: 'Image URL', id: 'ID' };

/** 'dailyRate' → 'Daily rate', 'engine_capacity' → 'Engine capacity', 'ac' → 'AC'. */
function fieldLabel(field: string): string {
  if (FIELD_LABELS[field]) return FIELD_LABELS[field];
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The changed fields as text, and which sides to show: 'after' when every field was empty before
 * (a create), 'before' when every field is empty after (a delete), else 'both'.
 */
function changeRows(changes: AuditChanges | null): {
  sides: 'both' | 'before' | 'after';
  rows: { field: string; label: string; from: string; to: string }[];
} {
  const entries = Object.entries(changes ?? {});
  const sides = entries.every(([, c]) => isEmptyValue(c.from)) ? 'after' : entries.every(([, c]) => isEmptyValue(c.to)) ? 'before' : 'both';
  return {
    sides,
    rows: entries.map(([field, change]) => ({ field, label: fieldLabel(field), from: valueText(change.from), to: valueText(change.to) })),
  };
}

/**
 * The admin page of an entry's record: catalogue items, bookings and inquiries while they exist;
 * the settings, location and outbox pages; the staff page for the admin role. Null otherwise.
 */
function recordHref(entityType: string, entityId: string | null, exists: boolean, viewerIsAdmin: boolean): string | null {
  switch (entityType) {
    case 'package':
    case 'bike':
    case 'car':
      return exists && entityId ? `/admin/${entityType}s/edit/${entityId}` : null;
    case 'booking':
      return exists && entityId ? `/admin/bookings/${entityId}` : null;
    case 'inquiry':
      return exists && entityId ? `/admin/inquiries?view=${entityId}` : null;
    case 'settings':
      return '/admin/settings';
    case 'location':
      return '/admin/location';
    case 'email':
      return '/admin/outbox';
    case 'user':
      return viewerIsAdmin ? '/admin/staff' : null;
    default:
      return null;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request);
  const query = readPageQuery(request, auditQuerySchema());
  const page = query.page ?? 1;
  // Days given the wrong way round still mean the span between them.
  const [from, to] = query.from && query.to && query.from > query.to ? [query.to, query.from] : [query.from, query.to];
  const filters = { action: query.action ?? '', entity: query.entity ?? '', user: query.user ?? '', from: query.from ?? '', to: query.to ?? '', q: query.q ?? '' };

  const [{ items, total }, actors] = await Promise.all([
    listAuditEntries({
      action: query.action,
      entityType: query.entity,
      actor: query.user,
      from,
      to,
      q: query.q,
      limit: AUDIT_PAGE_SIZE,
      offset: (page - 1) * AUDIT_PAGE_SIZE,
    }),
    listAuditActors(),
  ]);
  const pages = pageCount(total, AUDIT_PAGE_SIZE);
  if (page > pages) throw redirect(listHref(PATH, { ...filters, page: pages }));
  const existing = await existingAuditRecords(items);

  return {
    entries: items.map((entry) => ({
      id: entry.id,
      at: entry.createdAt.toISOString(),
      date: formatDate(entry.createdAt),
      time: formatTime(entry.createdAt),
      actorName: entry.actorName,
      ip: entry.ip,
      action: entry.action,
      entityType: entry.entityType,
      reference: entry.entityId ? (isUuid(entry.entityId) ? `#${shortReference(entry.entityId)}` : entry.entityId) : null,
      summary: entry.summary,
      href: recordHref(entry.entityType, entry.entityId, existing.has(`${entry.entityType}:${entry.entityId}`), user.role === 'admin'),
      changes: changeRows(entry.changes),
    })),
    total,
    page,
    pages,
    pageSize: AUDIT_PAGE_SIZE,
    filters,
    options: {
      actions: [...AUDIT_ACTIONS],
      entities: [...AUDIT_ENTITIES],
      // The filtered user stays selectable even when the list of names does not have it.
      users: query.user && !actors.includes(query.user) ? [query.user, ...actors] : actors,
    },
  };
}

export const meta: Route.MetaFunction = () => adminMeta('Audit log');

/** How each action reads in the table and the filter. */
const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  status: 'Status changed',
  convert: 'Converted',
  note: 'Note added',
  assign: 'Assigned',
  follow_up: 'Follow-up set',
  resend: 'E-mail resent',
  settings: 'Settings changed',
  location: 'Location changed',
  login: 'Signed in',
  login_failed: 'Sign-in failed',
  logout: 'Signed out',
  password: 'Password changed',
  two_factor: 'Two-factor changed',
  session_revoked: 'Session ended',
  user: 'Account changed',
};

/** How each kind of record reads in the filter and under the summary. */
const ENTITY_LABELS: Record<string, string> = {
  package: 'Package',
  bike: 'Bike',
  car: 'Car',
  booking: 'Booking',
  inquiry: 'Inquiry',
  settings: 'Settings',
  location: 'Location',
  user: 'Staff account',
  session: 'Session',
  email: 'E-mail',
};

const ACTION_TONES: Record<string, StatusTone> = {
  create: 'ok',
  delete: 'bad',
  login_failed: 'bad',
};

type Entry = Route.ComponentProps['loaderData']['entries'][number];

function ActionPill({ action }: { action: string }) {
  return <StatusPill tone={ACTION_TONES[action] ?? 'neutral'}>{ACTION_LABELS[action] ?? action}</StatusPill>;
}

/** The before/after of the changed fields, in a disclosure that works without JavaScript. */
function ChangesDetails({ entry }: { entry: Entry }) {
  const { sides, rows } = entry.changes;
  if (rows.length === 0) return null;
  const showBefore = sides !== 'after';
  const showAfter = sides !== 'before';
  const cell = 'px-2 py-1.5 align-top break-words whitespace-pre-line sm:px-2.5';
  return (
    <details className="mt-2 rounded-lg border border-forest-100 bg-mist/40 text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center rounded-lg px-3 font-semibold text-forest-700 hover:bg-forest-50 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-marigold">
        {rows.length === 1 ? 'Show the changed field' : `Show the ${rows.length} changed fields`}
        <span className="sr-only"> of: {entry.summary}</span>
      </summary>
      <div className="border-t border-forest-100 p-2">
        <table className="w-full table-fixed border-collapse overflow-hidden rounded-md bg-white text-left text-sm">
          <caption className="sr-only">Changed fields of: {entry.summary}</caption>
          <thead className="bg-mist/70 text-xs font-semibold tracking-[0.06em] text-muted uppercase">
            <tr>
              <th scope="col" className="w-24 px-2 py-1.5 font-semibold sm:w-[30%] sm:px-2.5">
                Field
              </th>
              {showBefore ? (
                <th scope="col" className="px-2 py-1.5 font-semibold sm:px-2.5">
                  {showAfter ? 'Before' : 'Value'}
                </th>
              ) : null}
              {showAfter ? (
                <th scope="col" className="px-2 py-1.5 font-semibold sm:px-2.5">
                  {showBefore ? 'After' : 'Value'}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-forest-100">
            {rows.map((change) => (
              <tr key={change.field}>
                <th scope="row" className="px-2 py-1.5 align-top font-semibold break-words hyphens-auto text-ink sm:px-2.5">
                  {change.label}
                </th>
                {showBefore ? <td className={`${cell} text-ink`}>{change.from}</td> : null}
                {showAfter ? <td className={`${cell} text-ink`}>{change.to}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

const columns: DataColumn<Entry>[] = [
  {
    header: 'When',
    className: 'w-36 align-top whitespace-nowrap',
    cell: (entry) => (
      <time dateTime={entry.at} className="block">
        <span className="block text-ink">{entry.date}</span>
        <span className="block text-muted">{entry.time}</span>
      </time>
    ),
  },
  {
    header: 'Who',
    className: 'w-40 align-top',
    cell: (entry) => (
      <span className="block min-w-0">
        <span className="block font-medium break-words text-ink">{entry.actorName || '(unknown)'}</span>
        {entry.ip ? <span className="block text-xs text-muted">{entry.ip}</span> : null}
      </span>
    ),
  },
  { header: 'Action', className: 'w-40 align-top', cell: (entry) => <ActionPill action={entry.action} /> },
  {
    header: 'What',
    primary: true,
    className: 'align-top',
    cell: (entry) => (
      <div className="min-w-0">
        {entry.href ? (
          <Link to={entry.href} className="font-semibold break-words text-forest-700 underline-offset-4 hover:underline">
            {entry.summary}
          </Link>
        ) : (
          <span className="font-semibold break-words text-ink">{entry.summary}</span>
        )}
        <span className="block text-xs text-muted">
          {ENTITY_LABELS[entry.entityType] ?? entry.entityType}
          {entry.reference ? ` · ${entry.reference}` : ''}
        </span>
        <ChangesDetails entry={entry} />
      </div>
    ),
  },
];

const hasFilters = (filters: Record<string, string>) => Object.values(filters).some(Boolean);

/** The filters: a GET form, so they work without JavaScript and stay in the address. */
function AuditFilters({ filters, options }: Pick<Route.ComponentProps['loaderData'], 'filters' | 'options'>) {
  const labelClass = 'text-sm font-semibold text-ink';
  return (
    <Form
      method="get"
      action={PATH}
      // A new address (Clear, back button) starts the uncontrolled fields from its values again.
      key={JSON.stringify(filters)}
      aria-label="Filter the audit log"
      className="grid grid-cols-2 gap-3 card p-4 shadow-sm lg:grid-cols-3"
    >
      <div className="col-span-2 flex min-w-0 flex-col gap-1.5 lg:col-span-3">
        <label htmlFor="audit-q" className={labelClass}>
          Search
        </label>
        <Input id="audit-q" type="search" name="q" defaultValue={filters.q} maxLength={100} placeholder="Words in the summary, or a record id" autoComplete="off" />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor="audit-action" className={labelClass}>
          Action
        </label>
        <Select id="audit-action" name="action" defaultValue={filters.action}>
          <option value="">All actions</option>
          {options.actions.map((action) => (
            <option key={action} value={action}>
              {ACTION_LABELS[action] ?? action}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor="audit-entity" className={labelClass}>
          Record
        </label>
        <Select id="audit-entity" name="entity" defaultValue={filters.entity}>
          <option value="">All records</option>
          {options.entities.map((entity) => (
            <option key={entity} value={entity}>
              {ENTITY_LABELS[entity] ?? entity}
            </option>
          ))}
        </Select>
      </div>
      <div className="col-span-2 flex min-w-0 flex-col gap-1.5 lg:col-span-1">
        <label htmlFor="audit-user" className={labelClass}>
          User
        </label>
        <Select id="audit-user" name="user" defaultValue={filters.user}>
          <option value="">All users</option>
          {options.users.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor="audit-from" className={labelClass}>
          From
        </label>
        <Input id="audit-from" type="date" name="from" defaultValue={filters.from} />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor="audit-to" className={labelClass}>
          To
        </label>
        <Input id="audit-to" type="date" name="to" defaultValue={filters.to} />
      </div>
      <div className="col-span-2 flex flex-wrap items-end gap-2 lg:col-span-1">
        <button type="submit" className={buttonClass('primary', 'md')}>
          Apply filters
        </button>
        {hasFilters(filters) ? (
          <Link to={PATH} className={buttonClass('ghost', 'md')}>
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

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
        <DataTable label="Audit log entries" rows={entries} rowKey={(entry) => entry.id} columns={columns} />
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
