/**
 * GET /admin/manifest.csv?date=YYYY-MM-DD&permit=<permit id> (both roles): the permit manifest of
 * that day and area, one row per traveller (docs/decisions/050-permits-and-manifests.md#the-manifest),
 * streamed with a BOM and formula cells neutralised (docs/decisions/019-csv-exports.md),
 * `Cache-Control: private, no-store`. A bad date or unknown permit: 400 naming it.
 */
import { manifestFor } from '~/models/manifest.server';
import { requireAdmin } from '~/services/admin-guard.server';
import type { Route } from './+types/csv';
import { badQuery, manifestCsvResponse, readManifestQuery } from './+shared/manifest.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = await readManifestQuery(request);
  if ('field' in query) return badQuery(query.message);
  return manifestCsvResponse(await manifestFor(query.date, query.permitId), query.permitId);
}
