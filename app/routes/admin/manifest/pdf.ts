/**
 * GET /admin/manifest.pdf?date=YYYY-MM-DD&permit=<permit id> (both roles): the printable permit
 * manifest of that day and area (docs/decisions/050-permits-and-manifests.md#the-manifest), A4
 * landscape, `Cache-Control: private, no-store`. A bad date or unknown permit: 400 naming it.
 */
import { renderManifestPdf } from '~/infrastructure/pdf/manifest-pdf.server';
import { manifestFileStem, manifestFor } from '~/models/manifest.server';
import { getSettings } from '~/models/settings.server';
import { requireAdmin } from '~/services/admin-guard.server';
import type { Route } from './+types/pdf';
import { badQuery, PRIVATE_DOWNLOAD, readManifestQuery } from './+shared/manifest.server';
import { manifestDayLabel } from './+shared/day-label';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = await readManifestQuery(request);
  if ('field' in query) return badQuery(query.message);
  const [manifest, { company }] = await Promise.all([manifestFor(query.date, query.permitId), getSettings(['company'])]);
  // A copy on an ArrayBuffer of its own: Response takes Uint8Array<ArrayBuffer>, pdfkit gives ArrayBufferLike.
  const bytes = new Uint8Array(await renderManifestPdf(manifest, { operator: company.name, label: manifestDayLabel(query.date), createdAt: new Date() }));
  return new Response(bytes, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${manifestFileStem(query.date, query.permitId)}.pdf"`,
      ...PRIVATE_DOWNLOAD,
    },
  });
}
