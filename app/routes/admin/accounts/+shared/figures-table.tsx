/**
 * The accounts page's tables (app/routes/admin/accounts.tsx): GST figures of groups of documents
 * (a rate, a place of supply, both, or a kind of recipient), each group as its tax invoices, its
 * credit notes (shown with a minus: they are taken off) and the net, with the month's total at the
 * foot; and the ledger's money by method. From 1024 px a group is a block of rows of one wide table
 * (which scrolls sideways inside its own focusable region should the window be narrower than it);
 * below, each group is a small table of its own with the kinds as columns, so a phone shows every
 * figure without scrolling.
 */
import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { formatCount } from '~/lib/format';
import { formatPaise } from '~/lib/money';
import type { DocumentFigures, MonthSummary, SupplyFigures, TaxAmounts } from '~/models/accounts.server';
import { methodLabel } from './labels';

const AMOUNT_HEADERS = ['Taxable value', 'CGST', 'SGST', 'IGST', 'Total'] as const;
const amountsOf = (a: TaxAmounts) => [a.taxablePaise, a.cgstPaise, a.sgstPaise, a.igstPaise, a.totalPaise];

const th = 'px-3 py-2 text-xs font-semibold tracking-[0.06em] whitespace-nowrap text-muted uppercase';
const num = 'px-3 py-2 text-right whitespace-nowrap tabular-nums';

/** A region that scrolls sideways when its table is wider than the screen, reachable by keyboard. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrollable region must be focusable to be scrolled by keyboard (axe: scrollable-region-focusable).
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto card shadow-sm focus-visible:outline-3 focus-visible:outline-marigold">
      {children}
    </div>
  );
}

/** One row of a group: the kind of figure, how many documents, the amounts (negated for credit notes). */
function FigureRow({ label, figures, sign = 1, strong = false }: { label: string; figures: DocumentFigures | TaxAmounts; sign?: 1 | -1; strong?: boolean }) {
  return (
    <>
      <td className={cn('px-3 py-2 whitespace-nowrap', strong ? 'font-semibold text-ink' : 'text-muted')}>{label}</td>
      <td className={cn(num, 'text-muted')}>{'count' in figures ? formatCount(figures.count) : ''}</td>
      {amountsOf(figures).map((paise, i) => (
        <td key={AMOUNT_HEADERS[i]} className={cn(num, strong && 'font-semibold text-ink')}>
          {formatPaise(sign * paise)}
        </td>
      ))}
    </>
  );
}

/** The rows of one group: its invoices and credit notes when it has any, and always the net. */
function groupRows(figures: SupplyFigures): { label: string; figures: DocumentFigures | TaxAmounts; sign?: -1; strong?: boolean }[] {
  return [
    ...(figures.invoices.count > 0 ? [{ label: 'Tax invoices', figures: figures.invoices }] : []),
    ...(figures.creditNotes.count > 0 ? [{ label: 'Credit notes', figures: figures.creditNotes, sign: -1 as const }] : []),
    { label: 'Net', figures: figures.net, strong: true },
  ];
}

/**
 * A table of groups (`header` names what they are: 'Rate', 'Place of supply'), each with its rows,
 * and the month's `total` at the foot.
 */
export function FiguresTable({
  caption,
  header,
  groups,
  total,
}: {
  caption: string;
  header: string;
  groups: { key: string; label: ReactNode; figures: SupplyFigures }[];
  total: SupplyFigures;
}) {
  const section = (key: string, label: ReactNode, figures: SupplyFigures, foot = false) => {
    const rows = groupRows(figures);
    const Body = foot ? 'tfoot' : 'tbody';
    return (
      <Body key={key} className={cn('border-t border-forest-100', foot && 'border-t-2 border-forest-200 bg-mist/40')}>
        {rows.map((row, i) => (
          <tr key={row.label}>
            {i === 0 ? (
              <th scope="rowgroup" rowSpan={rows.length} className="px-3 py-2 text-left align-top font-semibold text-ink">
                {label}
              </th>
            ) : null}
            <FigureRow {...row} />
          </tr>
        ))}
      </Body>
    );
  };
  return (
    <>
      <div className="hidden lg:block">
        <ScrollRegion label={caption}>
          <table className="w-full min-w-[52rem] border-collapse text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-mist/60">
              <tr>
                <th scope="col" className={cn(th, 'text-left')}>
                  {header}
                </th>
                <th scope="col" className={cn(th, 'text-left')}>
                  Documents
                </th>
                <th scope="col" className={cn(th, 'text-right')}>
                  Count
                </th>
                {AMOUNT_HEADERS.map((h) => (
                  <th key={h} scope="col" className={cn(th, 'text-right')}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            {groups.map((g) => section(g.key, g.label, g.figures))}
            {section('total', 'Month', total, true)}
          </table>
        </ScrollRegion>
      </div>
      <ul aria-label={caption} className="grid gap-3 lg:hidden">
        {[...groups, { key: 'total', label: 'Month', figures: total }].map((g) => (
          <li key={g.key}>
            <GroupCard label={g.label} figures={g.figures} total={g.key === 'total'} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * One group on a phone: a small table with its tax invoices, credit notes (when any) and net as
 * columns and the figures as rows; a tax that is nil in every column is left out.
 */
function GroupCard({ label, figures, total }: { label: ReactNode; figures: SupplyFigures; total: boolean }) {
  const columns = groupRows(figures);
  type FigureRowOf = { label: string; value: (f: DocumentFigures | TaxAmounts) => number | null; money: boolean };
  const all: FigureRowOf[] = [
    { label: 'Count', value: (f) => ('count' in f ? f.count : null), money: false },
    { label: 'Taxable value', value: (f) => f.taxablePaise, money: true },
    { label: 'CGST', value: (f) => f.cgstPaise, money: true },
    { label: 'SGST', value: (f) => f.sgstPaise, money: true },
    { label: 'IGST', value: (f) => f.igstPaise, money: true },
    { label: 'Total', value: (f) => f.totalPaise, money: true },
  ];
  const taxes = new Set(['CGST', 'SGST', 'IGST']);
  const rows = all.filter((row) => !taxes.has(row.label) || columns.some((c) => row.value(c.figures) !== 0));
  return (
    <div className={cn('card p-3 shadow-sm', total && 'border-forest-200 bg-mist/40')}>
      <p className="font-semibold text-ink">{label}</p>
      {/* Scrolls only should an amount of crores not fit a narrow phone. */}
      <div className="mt-2 overflow-x-auto">
        <table className="w-full border-collapse text-[0.8125rem]">
          <thead>
            <tr>
              <td />
              {columns.map((c) => (
                <th key={c.label} scope="col" className="px-1 py-1 text-right text-xs font-semibold text-muted">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-forest-100">
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="py-1.5 pr-1 text-left text-xs font-semibold text-muted">
                  {row.label}
                </th>
                {columns.map((c) => {
                  const value = row.value(c.figures);
                  return (
                    <td key={c.label} className={cn('px-1 py-1.5 text-right whitespace-nowrap tabular-nums', c.strong && 'font-semibold text-ink')}>
                      {value === null ? '' : row.money ? formatPaise((c.sign ?? 1) * value) : formatCount(value)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Money received, refunded and net by method, with the ledger's totals at the foot: a table from 640 px, a card a method below. */
export function LedgerTable({ ledger }: { ledger: MonthSummary['ledger'] }) {
  const entries = (n: number) => (n === 1 ? '1 entry' : `${formatCount(n)} entries`);
  const caption = 'Money received and refunded by method';
  return (
    <>
      <div className="hidden sm:block">
        <ScrollRegion label={caption}>
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-mist/60">
              <tr>
                <th scope="col" className={cn(th, 'text-left')}>
                  Method
                </th>
                <th scope="col" className={cn(th, 'text-right')}>
                  Received
                </th>
                <th scope="col" className={cn(th, 'text-right')}>
                  Refunded
                </th>
                <th scope="col" className={cn(th, 'text-right')}>
                  Net
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-forest-100">
              {ledger.byMethod.map((m) => (
                <tr key={m.method} data-method={m.method}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold text-ink">
                    {methodLabel(m.method)}
                  </th>
                  <td className={num}>
                    {formatPaise(m.receivedPaise)}
                    <span className="block text-xs text-muted">{entries(m.receivedEntries)}</span>
                  </td>
                  <td className={num}>
                    {formatPaise(m.refundedPaise)}
                    <span className="block text-xs text-muted">{entries(m.refundedEntries)}</span>
                  </td>
                  <td className={cn(num, 'font-semibold')}>{formatPaise(m.netPaise)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-forest-200 bg-mist/40">
              <tr data-method="total">
                <th scope="row" className="px-3 py-2 text-left font-semibold text-ink">
                  Ledger
                </th>
                <td className={cn(num, 'font-semibold')}>{formatPaise(ledger.totals.receivedPaise)}</td>
                <td className={cn(num, 'font-semibold')}>{formatPaise(ledger.totals.refundedPaise)}</td>
                <td className={cn(num, 'font-semibold')}>{formatPaise(ledger.totals.netPaise)}</td>
              </tr>
            </tfoot>
          </table>
        </ScrollRegion>
      </div>
      <ul aria-label={caption} className="grid gap-3 sm:hidden">
        {[...ledger.byMethod, { method: 'total', ...ledger.totals }].map((m) => (
          <li key={m.method} className={cn('card p-3 shadow-sm', m.method === 'total' && 'border-forest-200 bg-mist/40')}>
            <p className="font-semibold text-ink">{m.method === 'total' ? 'Ledger' : methodLabel(m.method)}</p>
            <dl className="mt-1 grid grid-cols-3 gap-2 text-[0.8125rem] tabular-nums">
              {(
                [
                  ['Received', m.receivedPaise, entries(m.receivedEntries)],
                  ['Refunded', m.refundedPaise, entries(m.refundedEntries)],
                  ['Net', m.netPaise, null],
                ] as const
              ).map(([label, paise, hint]) => (
                <div key={label} className="min-w-0">
                  <dt className="text-xs font-semibold text-muted">{label}</dt>
                  <dd className={cn('break-words', label === 'Net' && 'font-semibold text-ink')}>{formatPaise(paise)}</dd>
                  {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
