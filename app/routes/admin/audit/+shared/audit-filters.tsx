/**
 * The audit log's filters (app/routes/admin/audit.tsx): a GET form, so they work without JavaScript
 * and stay in the address.
 */
import { Form, Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Input, Select } from '~/components/ui/field';
import type { AuditFilters as Filters } from './audit-page.server';
import { ACTION_LABELS, ENTITY_LABELS } from './audit-labels';

const PATH = '/admin/audit';

/** Whether any filter is set. */
export const hasFilters = (filters: Record<string, string>) => Object.values(filters).some(Boolean);

/** Search, action, record, user and the two days; Apply, and Clear while a filter is set. */
export function AuditFilters({
  filters,
  options,
}: {
  filters: Filters;
  options: { actions: readonly string[]; entities: readonly string[]; users: readonly string[] };
}) {
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
        <Input
          id="audit-q"
          type="search"
          name="q"
          defaultValue={filters.q}
          maxLength={100}
          placeholder="Words in the summary, or a record id"
          autoComplete="off"
        />
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
