/**
 * GET /admin/manifest.zip?date=YYYY-MM-DD&permit=<permit id> (both roles): the photos and ID scans
 * of the manifest's travellers, named as the permit office asks ('<booking ref>-<traveller no>-photo.jpg',
 * '<booking ref>-<traveller no>-id.jpg'), streamed from the private identity store with
 * `Cache-Control: private, no-store` (docs/decisions/050-permits-and-manifests.md#the-manifest).
 * A bad date or unknown permit: 400 naming it.
 */
import { manifestFor } from '~/models/manifest.server';
import { requireAdmin } from '~/services/admin-guard.server';
import type { Route } from './+types/zip';
import { badQuery, manifestZipResponse, readManifestQuery } from './+shared/manifest.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = await readManifestQuery(request);
  if ('field' in query) return badQuery(query.message);
  return manifestZipResponse(await manifestFor(query.date, query.permitId), query.permitId);
}
