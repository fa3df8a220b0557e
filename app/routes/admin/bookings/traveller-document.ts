/**
 * GET /admin/bookings/:id/travellers/:travellerId/:kind (kind 'photo' or 'id-scan'): a traveller's
 * identity document for staff of either role
 * (`requireAdmin`: anonymous requests go to the sign-in page, the API's 401 never applies here)
 * (docs/decisions/050-permits-and-manifests.md, "Where the documents live"). A bare 404 for an
 * unknown booking, traveller, kind or a document not uploaded; `Cache-Control: private, no-store`.
 * A resource route: the travellers panel links to it with plain `<a>` and `<img>`.
 */
import { shortReference, isUuid } from '~/lib/ids';
import { findTraveller } from '~/models/travellers.server';
import { requireAdmin } from '~/services/admin-guard.server';
import { DOCUMENT_KIND_SEGMENTS, documentKindFromSegment, documentNotFound, identityDocumentResponse } from '~/services/identity-document-download.server';
import type { Route } from './+types/traveller-document';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isUuid(params.id)) return documentNotFound();
  const kind = documentKindFromSegment(params.kind);
  if (!kind) return documentNotFound();
  const traveller = await findTraveller(params.id, params.travellerId);
  if (!traveller) return documentNotFound();
  const key = kind === 'photo' ? traveller.photoKey : traveller.idScanKey;
  return identityDocumentResponse(key, `${shortReference(params.id)}-${traveller.position}-${DOCUMENT_KIND_SEGMENTS[kind]}`, request);
}
