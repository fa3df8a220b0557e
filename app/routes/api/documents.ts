/**
 * GET /api/documents (admin role only, the `accounts` permission; docs/decisions/009-rest-api.md,
 * docs/decisions/047-invoices-gst.md#numbered-documents): every issued receipt, tax invoice and
 * credit note as a bare array, newest first, with the total in `X-Total-Count`. Filters: `kind`
 * (receipt, invoice, credit_note, all), `month` ('YYYY-MM', India's calendar), `bookingId`, `q` (part
 * of the number, the recipient's name or the booking's reference); paged with `limit` / `offset`.
 * 400 naming a bad parameter, 401 without a session, 403 for the staff role.
 */
import { methodNotAllowed, pagingSchema, parseQuery } from '~/lib/api.server';
import { listTaxDocuments } from '~/models/tax-document-list.server';
import { taxDocumentQuerySchema } from '~/schemas/tax-document-query';
import { requirePermission } from '~/services/admin-guard.server';
import { adminHeaders, orAdminRefusal } from '~/services/catalog-api.server';
import { documentListView } from './+shared/tax-document-view';
import type { Route } from './+types/documents';

const listQuerySchema = taxDocumentQuerySchema.extend(pagingSchema.shape);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'accounts');
  const query = await orAdminRefusal(() => parseQuery(request, listQuerySchema));
  if (query instanceof Response) return query;
  const { items, total } = await listTaxDocuments(query);
  return adminHeaders(Response.json(items.map(documentListView), { headers: { 'X-Total-Count': String(total) } }));
}

export async function action({ request }: Route.ActionArgs) {
  await requirePermission(request, 'accounts');
  return adminHeaders(methodNotAllowed('GET'));
}
