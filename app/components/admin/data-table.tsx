/**
 * A list of records as a table from 1024 px up, and as stacked cards below (no sideways scrolling on
 * a phone). Columns are declared once; the `primary` column is the card's heading on phones, the
 * others become label/value pairs. `actions` renders each row's buttons (Edit, Delete).
 */
import type { ReactNode } from 'react';
import { Picture } from '~/components/ui/picture';
import { cn } from '~/lib/cn';
import { StatusPill } from '~/components/ui/status-pill';

export type DataColumn<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** The record's name column: first in the table, the heading of the card on phones. */
  primary?: boolean;
  /** Extra classes for this column's table cells (width, alignment). */
  className?: string;
};

export function DataTable<T>({
  label,
  rows,
  rowKey,
  columns,
  actions,
}: {
  /** What the rows are, e.g. 'Cars': the table's caption and the card list's name. */
  label: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: DataColumn<T>[];
  actions?: (row: T) => ReactNode;
}) {
  const primary = columns.find((c) => c.primary) ?? columns[0]!;
  const rest = columns.filter((c) => c !== primary);
  return (
    <>
      <div className="hidden overflow-hidden card shadow-sm lg:block">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="border-b border-forest-100 bg-mist/60 text-xs font-semibold tracking-[0.06em] text-muted uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={cn('px-4 py-3 font-semibold', column.className)}>
                  {column.header}
                </th>
              ))}
              {actions ? (
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-forest-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="align-middle hover:bg-mist/40">
                {columns.map((column) =>
                  column === primary ? (
                    <th key={column.header} scope="row" className={cn('px-4 py-2.5 font-normal', column.className)}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} className={cn('px-4 py-2.5', column.className)}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
                {actions ? (
                  <td className="px-4 py-2.5">
                    <div className="flex justify-end gap-2">{actions(row)}</div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={label} className="grid gap-3 lg:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="card p-4 shadow-sm">
            <div>{primary.cell(row)}</div>
            {rest.length > 0 ? (
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 border-t border-forest-100 pt-3 text-sm">
                {rest.map((column) => (
                  <div key={column.header} className="min-w-0">
                    <dt className="text-xs font-semibold tracking-[0.06em] text-muted uppercase">{column.header}</dt>
                    <dd className="mt-0.5 break-words">{column.cell(row)}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {actions ? <div className="mt-3 flex flex-wrap gap-2 border-t border-forest-100 pt-3">{actions(row)}</div> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The name cell: a small thumbnail (placeholder when missing or broken), the name and a line under it. */
export function ItemCell({ image, title, subtitle }: { image: string | null | undefined; title: string; subtitle?: ReactNode }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <Picture src={image} alt="" width={64} height={48} className="h-12 w-16 shrink-0 rounded-md bg-mist object-cover" />
      <span className="min-w-0">
        <span className="block font-semibold break-words text-ink">{title}</span>
        {subtitle ? <span className="block text-xs text-muted">{subtitle}</span> : null}
      </span>
    </span>
  );
}

/** A yes/no status as a small coloured badge. */
export function StatusBadge({ on, onText, offText }: { on: boolean; onText: string; offText: string }) {
  return (
    <StatusPill tone={on ? 'ok' : 'neutral'} dot>
      {on ? onText : offText}
    </StatusPill>
  );
}
