/**
 * GET /dialog-options.json: the option lists of the site's dialogs (the inquiry dialog's packages,
 * cabs and bikes, the booking dialog's items), as `{ packages: {id, title}[], cars: {id, model}[],
 * bikes: {id, model}[] }` (app/models/catalog-options.server.ts).
 *
 * The dialogs fetch it when a visitor first shows intent to open one
 * (app/components/site/site-dialogs.tsx), instead of every page carrying the lists in its HTML
 * (docs/decisions/023-public-page-speed.md). `no-cache` makes a browser ask again on its next page
 * view.
 */
import { listCatalogOptions } from '~/models/catalog-options.server';

export async function loader() {
  return Response.json(await listCatalogOptions(), { headers: { 'Cache-Control': 'no-cache' } });
}
