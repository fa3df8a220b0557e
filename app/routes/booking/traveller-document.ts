/**
 * GET /booking/:token/travellers/:travellerId/:kind (kind 'photo' or 'id-scan'): a traveller's
 * identity document for the holder of the booking link
 * (docs/decisions/050-permits-and-manifests.md, "Where the documents live"). The token is checked
 * as for the page (app/routes/booking/document.ts): an unknown, malformed or revoked token, an
 * unknown traveller, another booking's traveller, an unknown kind and a document not uploaded all
 * answer the same bare 404. `Cache-Control: private, no-store`, `X-Robots-Tag: noindex`.
 */
import { shortReference } from '~/lib/ids';
import { findBookingByToken } from '~/models/booking-link.server';
import { findTraveller } from '~/models/travellers.server';
import { DOCUMENT_KIND_SEGMENTS, documentKindFromSegment, documentNotFound, identityDocumentResponse } from '~/services/identity-document-download.server';
import type { Route } from './+types/traveller-document';

export async function loader({ params, request }: Route.LoaderArgs) {
  const kind = documentKindFromSegment(params.kind);
  if (!kind) return documentNotFound();
  const booking = await findBookingByToken(params.token);
  if (!booking) return documentNotFound();
  const traveller = await findTraveller(booking.id, params.travellerId);
  if (!traveller) return documentNotFound();
  const key = kind === 'photo' ? traveller.photoKey : traveller.idScanKey;
  return identityDocumentResponse(key, `${shortReference(booking.id)}-${traveller.position}-${DOCUMENT_KIND_SEGMENTS[kind]}`, request);
}
