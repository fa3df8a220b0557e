/**
 * GET /api/inquiries/export (staff only; docs/decisions/019-csv-exports.md): every inquiry matching
 * the list's filters (`q`, `type`, `status`, `due`, `assigned`, as GET /api/inquiries), newest first, as a
 * streamed CSV download (UTF-8 with a byte-order mark, formula-looking cells neutralised; see
 * app/lib/csv.server.ts), read from the database in keyset batches. 400 names a bad parameter, 401
 * without a session; other methods 405.
 */
import { methodNotAllowed, parseQuery } from '~/lib/api.server';
import { requireAdmin } from '~/services/admin-guard.server';
import { adminHeaders, orAdminRefusal } from '~/services/catalog-api.server';
import { csvResponse, type CsvColumn } from '~/lib/csv.server';
import type { InquiryStatus, InquiryType } from '~/lib/constants';
import { todayInIndia } from '~/lib/format';
import { shortReference } from '~/lib/ids';
import { inquiryExportRows, type InquiryExportRow } from '~/models/inquiry.server';
import { INQUIRY_STATUS_LABELS, INQUIRY_TYPE_LABELS, inquiryFilterSchema } from '~/schemas/inquiry-admin';
import type { Route } from './+types/inquiries.export';

const indiaTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '2025-01-05 15:40' in Asia/Kolkata: sorts as text and reads in any spreadsheet. */
function receivedAt(date: Date): string {
  const parts = Object.fromEntries(indiaTime.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The export's columns, in order. */
export const INQUIRY_CSV_COLUMNS: CsvColumn<InquiryExportRow>[] = [
  { header: 'Reference', value: (r) => shortReference(r.id) },
  { header: 'Received (IST)', value: (r) => receivedAt(r.createdAt) },
  { header: 'Type', value: (r) => INQUIRY_TYPE_LABELS[r.type as InquiryType] ?? r.type },
  { header: 'Status', value: (r) => INQUIRY_STATUS_LABELS[r.status as InquiryStatus] ?? r.status },
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Subject', value: (r) => r.subject },
  { header: 'Message', value: (r) => r.message },
  { header: 'Date', value: (r) => r.travelDate },
  { header: 'Package', value: (r) => r.packageTitle },
  { header: 'Guests', value: (r) => r.guests },
  { header: 'Cab', value: (r) => r.carModel },
  { header: 'Pickup', value: (r) => r.pickupLocation },
  { header: 'Drop-off', value: (r) => r.dropoffLocation },
  { header: 'Bike', value: (r) => r.bikeModel },
  { header: 'Rental duration', value: (r) => r.rentalDuration },
  { header: 'Bikes', value: (r) => r.bikeCount },
  { header: 'Follow-up on', value: (r) => r.followUpOn },
  { header: 'Assigned to', value: (r) => r.assigneeName },
  { header: 'Booking', value: (r) => (r.bookingId ? shortReference(r.bookingId) : null) },
];

export async function loader({ request }: Route.LoaderArgs) {
  const auth = await requireAdmin(request);
  const query = await orAdminRefusal(() => parseQuery(request, inquiryFilterSchema));
  if (query instanceof Response) return query;
  const { assigned, ...filters } = query;
  const rows = inquiryExportRows({ ...filters, assignedTo: assigned === 'me' ? auth.user.id : assigned });
  return adminHeaders(csvResponse(`inquiries-${todayInIndia()}.csv`, rows, INQUIRY_CSV_COLUMNS));
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminHeaders(methodNotAllowed('GET'));
}
