/**
 * GET /admin/accounts/documents.csv?month=YYYY-MM (admin role): every receipt, tax invoice and
 * credit note issued in the month (India's calendar), oldest first, one row each with its number,
 * type, issue time, booking, recipient and GSTIN, place of supply, rate, taxable value, CGST, SGST,
 * IGST and total as printed, the invoice a credit note is against and a receipt's payment method
 * (docs/decisions/047-invoices-gst.md#the-months-summary). Streamed in keyset batches with a BOM and
 * formula cells neutralised (docs/decisions/019-csv-exports.md). No month: the current one; a bad
 * month: 400.
 */
import { csvResponse } from '~/lib/csv.server';
import { exportMonthDocuments } from '~/models/accounts.server';
import { requirePermission } from '~/services/admin-guard.server';
import type { Route } from './+types/documents-csv';
import { DOCUMENT_CSV_COLUMNS, notAMonth, readMonth } from './+shared/accounts.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'accounts');
  const { month, refused } = readMonth(request);
  if (refused !== null) return notAMonth(refused, month);
  return csvResponse(`documents-${month}.csv`, exportMonthDocuments(month), DOCUMENT_CSV_COLUMNS);
}
