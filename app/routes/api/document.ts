/**
 * GET /api/documents/:id (admin role only, the `accounts` permission; docs/decisions/047-invoices-gst.md#numbered-documents):
 * one receipt, tax invoice or credit note with its `snapshot` (what its PDF shows, frozen at issue)
 * and `pdfUrl`. 404 for an unknown id (or one that is not a uuid), 401 without a session, 403 for
 * the staff role.
 */
import { db } from '~/db/client.server';
import { methodNotAllowed, notFound } from '~/lib/api.server';
import { getTaxDocument } from '~/models/tax-documents.server';
import { requirePermission } from '~/services/admin-guard.server';
import { adminHeaders } from '~/services/catalog-api.server';
import { documentView } from './+shared/tax-document-view';
import type { Route } from './+types/document';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, 'accounts');
  const document = await getTaxDocument(db(), params.id);
  if (!document) return adminHeaders(notFound('Document'));
  return adminHeaders(Response.json(documentView(document)));
}

export async function action({ request }: Route.ActionArgs) {
  await requirePermission(request, 'accounts');
  return adminHeaders(methodNotAllowed('GET'));
}
