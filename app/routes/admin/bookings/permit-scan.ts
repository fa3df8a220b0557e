/**
 * GET /admin/bookings/:id/permit-scan: the issued permit's scan, for staff of either role
 * (`requireAdmin`) (docs/decisions/050-permits-and-manifests.md, "Where the documents live"). A bare
 * 404 for an unknown booking or no scan; `Cache-Control: private, no-store`, shown inline.
 */
import { isUuid, shortReference } from '~/lib/ids';
import { identityDocumentKey } from '~/models/travellers.server';
import { requireAdmin } from '~/services/admin-guard.server';
import { documentNotFound, identityDocumentResponse } from '~/services/identity-document-download.server';
import type { Route } from './+types/permit-scan';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isUuid(params.id)) return documentNotFound();
  return identityDocumentResponse(await identityDocumentKey(params.id, 'permit_scan'), `${shortReference(params.id)}-permit`, request);
}
