/**
 * GET /admin/accounts/summary.csv?month=YYYY-MM (admin role): the month's summary as rows of one
 * table (docs/decisions/047-invoices-gst.md#the-months-summary): tax invoices, credit notes and the
 * net by rate and place of supply, by rate, by place of supply, by recipient (with and without a
 * GSTIN) and for the month; the receipts; the ledger's money received, refunded and net by method and
 * in all. Every row names the month and its section; amounts are rupees with two decimals (a net can
 * be negative). No month: the current one; a bad month: 400.
 */
import { csvResponse } from '~/lib/csv.server';
import { readMonthSummary } from '~/models/accounts.server';
import { requirePermission } from '~/services/admin-guard.server';
import type { Route } from './+types/summary-csv';
import { notAMonth, readMonth, summaryCsvColumns, summaryCsvRows } from './+shared/accounts.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'accounts');
  const { month, refused } = readMonth(request);
  if (refused !== null) return notAMonth(refused, month);
  const summary = await readMonthSummary(month);
  return csvResponse(`gst-summary-${month}.csv`, rows(summaryCsvRows(summary)), summaryCsvColumns(month));
}

async function* rows<T>(list: T[]) {
  yield* list;
}
