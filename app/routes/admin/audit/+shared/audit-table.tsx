/**
 * The audit log's table (app/routes/admin/audit.tsx): when, who, the action as a pill, and what
 * (the summary, linking to the record's admin page while it exists), with a native <details> holding
 * the before and after of each changed field, so it works without JavaScript.
 */
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '~/components/admin/data-table';
import { StatusPill } from '~/components/ui/status-pill';
import type { AuditRow } from './audit-page.server';
import { ACTION_LABELS, ACTION_TONES, ENTITY_LABELS } from './audit-labels';

type Entry = AuditRow;

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

/** The entries of one page of the log. */
export function AuditTable({ entries }: { entries: Entry[] }) {
  return <DataTable label="Audit log entries" rows={entries} rowKey={(entry) => entry.id} columns={columns} />;
}
