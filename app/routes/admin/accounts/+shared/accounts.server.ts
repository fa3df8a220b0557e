/**
 * What /admin/accounts and its two CSV downloads share (docs/decisions/047-invoices-gst.md#the-months-summary):
 * the month asked for in the URL, and the CSVs' columns. Admin role only (the `accounts` permission,
 * app/lib/permissions.ts).
 */
import { csvIndiaTime, csvRupees, type CsvColumn, type CsvRupees } from '~/lib/csv.server';
import { shortReference } from '~/lib/ids';
import { isMonth, monthInIndia } from '~/lib/month';
import type { MonthDocument, MonthSummary, SupplyFigures, TaxAmounts } from '~/models/accounts.server';
import { DOCUMENT_TITLES } from '~/models/tax-documents.server';
import { methodLabel, placeLabel, ratePercent } from './labels';

/**
 * The month of `?month=YYYY-MM`, India's current month without one; `refused` is what was asked
 * when it was not a month (the page says so and shows the current month; a CSV answers 400).
 */
export function readMonth(request: Request, now: Date = new Date()): { month: string; refused: string | null } {
  const asked = new URL(request.url).searchParams.get('month')?.trim() ?? '';
  if (asked === '') return { month: monthInIndia(now), refused: null };
  return isMonth(asked) ? { month: asked, refused: null } : { month: monthInIndia(now), refused: asked.slice(0, 20) };
}

/** The documents CSV: one row per document, oldest first; amounts as printed (a credit note's are positive). */
export const DOCUMENT_CSV_COLUMNS: CsvColumn<MonthDocument>[] = [
  { header: 'Number', value: (d) => d.number },
  { header: 'Type', value: (d) => DOCUMENT_TITLES[d.kind] },
  { header: 'Issued (IST)', value: (d) => csvIndiaTime(d.issuedAt) },
  { header: 'Booking', value: (d) => `#${shortReference(d.bookingId)}` },
  { header: 'Recipient', value: (d) => d.recipientName },
  { header: 'Recipient GSTIN', value: (d) => d.recipientGstin },
  { header: 'Place of supply', value: (d) => placeLabel(d.placeOfSupplyCode) },
  { header: 'Rate (%)', value: (d) => ratePercent(d.rateBasisPoints) },
  { header: 'Taxable value (₹)', value: (d) => (d.kind === 'receipt' ? null : csvRupees(d.taxablePaise)) },
  { header: 'CGST (₹)', value: (d) => (d.kind === 'receipt' ? null : csvRupees(d.cgstPaise)) },
  { header: 'SGST (₹)', value: (d) => (d.kind === 'receipt' ? null : csvRupees(d.sgstPaise)) },
  { header: 'IGST (₹)', value: (d) => (d.kind === 'receipt' ? null : csvRupees(d.igstPaise)) },
  { header: 'Total (₹)', value: (d) => csvRupees(d.totalPaise) },
  { header: 'Against invoice', value: (d) => d.invoiceNumber },
  { header: 'Payment method', value: (d) => (d.paymentMethod ? methodLabel(d.paymentMethod) : '') },
  { header: 'Booking id', value: (d) => d.bookingId },
];

/** A row of the summary CSV: a section, what it groups by, a count and amounts. */
export type SummaryCsvRow = {
  section: string;
  rate?: number;
  place?: string;
  method?: string;
  count?: number;
  amounts?: TaxAmounts;
  /** For rows with one amount (receipts, the ledger): the Total column. */
  totalPaise?: number;
};

/** The summary CSV's columns; `month` is the month of every row. */
export function summaryCsvColumns(month: string): CsvColumn<SummaryCsvRow>[] {
  const amount = (pick: (a: TaxAmounts) => number) => (r: SummaryCsvRow) => (r.amounts ? csvRupees(pick(r.amounts)) : null);
  return [
    { header: 'Month', value: () => month },
    { header: 'Section', value: (r) => r.section },
    { header: 'Rate (%)', value: (r) => (r.rate === undefined ? '' : ratePercent(r.rate)) },
    { header: 'Place of supply', value: (r) => (r.place === undefined ? '' : placeLabel(r.place)) },
    { header: 'Method', value: (r) => (r.method === undefined ? '' : methodLabel(r.method)) },
    { header: 'Count', value: (r) => r.count },
    { header: 'Taxable value (₹)', value: amount((a) => a.taxablePaise) },
    { header: 'CGST (₹)', value: amount((a) => a.cgstPaise) },
    { header: 'SGST (₹)', value: amount((a) => a.sgstPaise) },
    { header: 'IGST (₹)', value: amount((a) => a.igstPaise) },
    { header: 'Total (₹)', value: (r): CsvRupees | null => csvRupees(r.amounts ? r.amounts.totalPaise : r.totalPaise) },
  ];
}

/** The three rows of a group: its invoices, its credit notes (when any) and the net. */
function supplyRows(prefix: string, group: SupplyFigures, key: Pick<SummaryCsvRow, 'rate' | 'place'>): SummaryCsvRow[] {
  const rows: SummaryCsvRow[] = [{ section: `${prefix}: tax invoices`, ...key, count: group.invoices.count, amounts: group.invoices }];
  if (group.creditNotes.count > 0) rows.push({ section: `${prefix}: credit notes`, ...key, count: group.creditNotes.count, amounts: group.creditNotes });
  rows.push({ section: `${prefix}: net`, ...key, amounts: group.net });
  return rows;
}

/**
 * The summary as CSV rows, in the page's order: by rate and place of supply, by rate, by place of
 * supply, by recipient, the month's totals, the receipts, then the ledger by method and its totals.
 */
export function summaryCsvRows(summary: MonthSummary): SummaryCsvRow[] {
  const { ledger } = summary;
  return [
    ...summary.bySupply.flatMap((g) => supplyRows('By rate and place of supply', g, { rate: g.rateBasisPoints, place: g.placeOfSupplyCode })),
    ...summary.byRate.flatMap((g) => supplyRows('By rate', g, { rate: g.rateBasisPoints })),
    ...summary.byPlace.flatMap((g) => supplyRows('By place of supply', g, { place: g.placeOfSupplyCode })),
    ...supplyRows('Registered recipients (GSTIN)', summary.byRecipient.registered, {}),
    ...supplyRows('Unregistered recipients', summary.byRecipient.unregistered, {}),
    ...supplyRows('Month', summary.totals, {}),
    { section: 'Receipts', count: summary.receipts.count, totalPaise: summary.receipts.totalPaise },
    ...ledger.byMethod.flatMap((m): SummaryCsvRow[] => [
      { section: 'Ledger: received', method: m.method, count: m.receivedEntries, totalPaise: m.receivedPaise },
      { section: 'Ledger: refunded', method: m.method, count: m.refundedEntries, totalPaise: m.refundedPaise },
      { section: 'Ledger: net', method: m.method, totalPaise: m.netPaise },
    ]),
    { section: 'Ledger total: received', count: ledger.totals.receivedEntries, totalPaise: ledger.totals.receivedPaise },
    { section: 'Ledger total: refunded', count: ledger.totals.refundedEntries, totalPaise: ledger.totals.refundedPaise },
    { section: 'Ledger total: net', totalPaise: ledger.totals.netPaise },
  ];
}

/** The 400 of a CSV asked for a month that is not one, naming what was asked and the form to use. */
export function notAMonth(refused: string, example: string): Response {
  return new Response(`Not a month: '${refused}'. Ask for ?month=YYYY-MM, for example ?month=${example}.\n`, {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
