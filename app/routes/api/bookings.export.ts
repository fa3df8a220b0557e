/**
 * GET /api/bookings/export (staff): the bookings matching the admin list's filters (`q`, `status`,
 * `type`, `source`, `sort`, `due=today`, `balance=due`, `assigned=me|<staff id>`) as a CSV download, streamed in keyset
 * batches so an export of any size holds one batch in memory (docs/decisions/019-csv-exports.md).
 * UTF-8 with a byte-order mark, RFC 4180 quoting, and cells that a spreadsheet would run as a
 * formula neutralised (app/lib/csv.server.ts). 400 naming a bad parameter.
 */
import { methodNotAllowed, parseQuery } from '~/lib/api.server';
import { requireAdmin } from '~/services/admin-guard.server';
import { adminHeaders, orAdminRefusal } from '~/services/catalog-api.server';
import { csvIndiaTime, csvResponse, csvRupees, type CsvColumn } from '~/lib/csv.server';
import { todayInIndia } from '~/lib/format';
import { shortReference } from '~/lib/ids';
import { adminBookingQuery, exportBookings, type BookingExportRow } from '~/models/booking-list.server';
import { bookingApiQuerySchema } from '~/schemas/booking-admin';
import type { Route } from './+types/bookings.export';

/** The export's columns, in order (docs/decisions/019-csv-exports.md). */
const BOOKING_CSV_COLUMNS: CsvColumn<BookingExportRow>[] = [
  { header: 'Reference', value: (b) => shortReference(b.id) },
  { header: 'Received (IST)', value: (b) => csvIndiaTime(b.createdAt) },
  { header: 'Status', value: (b) => b.status },
  { header: 'Type', value: (b) => b.type },
  { header: 'Item', value: (b) => b.itemName },
  { header: 'Customer', value: (b) => b.name },
  { header: 'Email', value: (b) => b.email },
  { header: 'Phone', value: (b) => b.phone },
  { header: 'Start date', value: (b) => b.startDate },
  { header: 'End date', value: (b) => b.endDate },
  { header: 'Adults', value: (b) => b.adults },
  { header: 'Children', value: (b) => b.children },
  { header: 'Helmet', value: (b) => b.needHelmet },
  { header: 'Driver', value: (b) => b.needDriver },
  { header: 'Message', value: (b) => b.message },
  { header: 'Confirmed (IST)', value: (b) => csvIndiaTime(b.confirmedAt) },
  { header: 'Follow-up on', value: (b) => b.followUpOn },
  { header: 'Assigned to', value: (b) => b.assignedName },
  { header: 'Inquiry', value: (b) => (b.inquiryId ? shortReference(b.inquiryId) : '') },
  { header: 'Id', value: (b) => b.id },
  // Last, so the columns before it keep their places in spreadsheets built on earlier exports.
  { header: 'Source', value: (b) => b.source },
  // Money, after Source for the same reason (docs/decisions/046-payments.md#the-ledger): the latest
  // quote, the ledger's sum (payments less refunds) and the refunds, what is still due, the balance
  // due day. Rupees as plain numbers with two decimals ('10500.00'): a spreadsheet reads them as
  // numbers it can add (a '₹10,500.00' cell is text, and the thousands separator is locale-bound).
  { header: 'Total (₹)', value: (b) => csvRupees(b.totalPaise) },
  { header: 'Advance (₹)', value: (b) => csvRupees(b.advancePaise) },
  { header: 'Paid (₹)', value: (b) => csvRupees(b.paidPaise) },
  { header: 'Refunded (₹)', value: (b) => csvRupees(b.refundedPaise) },
  { header: 'Due (₹)', value: (b) => csvRupees(b.totalPaise === null ? null : b.duePaise) },
  { header: 'Balance due on', value: (b) => b.balanceDueOn },
];

export async function loader({ request }: Route.LoaderArgs) {
  const auth = await requireAdmin(request);
  const filters = await orAdminRefusal(() => parseQuery(request, bookingApiQuerySchema));
  if (filters instanceof Response) return filters;
  return csvResponse(`bookings-${todayInIndia()}.csv`, exportBookings(adminBookingQuery(filters, auth.user.id)), BOOKING_CSV_COLUMNS);
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminHeaders(methodNotAllowed('GET'));
}
