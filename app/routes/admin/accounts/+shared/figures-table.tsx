/**
 * The accounts page's tables (app/routes/admin/accounts.tsx): GST figures of groups of documents
 * (a rate, a place of supply, both, or a kind of recipient), each group as its tax invoices, its
 * credit notes (shown with a minus: they are taken off) and the net, with the month's total at the
 * foot; and the ledger's money by method. Wide tables scroll sideways inside their own focusable
 * region on a phone, so the page itself never does.
 */
import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { formatCount } from '~/lib/format';
import { formatPaise } from '~/lib/money';
import type { DocumentFigures, MonthSummary, SupplyFigures, TaxAmounts } from '~/models/accounts.server';
import { methodLabel } from './labels';

const AMOUNT_HEADERS = ['Taxable value', 'CGST', 'SGST', 'IGST', 'Total'] as const;
const amountsOf = (a: TaxAmounts) => [a.taxablePaise, a.cgstPaise, a.sgstPaise, a.igstPaise, a.totalPaise];

const th = 'px-3 py-2 text-xs font-semibold tracking-[0.06em] text-muted uppercase';
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
  );
}

/** Money received, refunded and net by method, with the ledger's totals at the foot. */
export function LedgerTable({ ledger }: { ledger: MonthSummary['ledger'] }) {
  const entries = (n: number) => (n === 1 ? '1 entry' : `${formatCount(n)} entries`);
  return (
    <ScrollRegion label="Money received and refunded by method">
      <table className="w-full min-w-[36rem] border-collapse text-sm">
        <caption className="sr-only">Money received and refunded by method</caption>
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
  );
}
