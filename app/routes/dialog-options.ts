/**
 * GET /dialog-options.json: the option lists of the site's dialogs (the inquiry dialog's packages,
 * cabs and bikes, the booking dialog's items), as `{ packages: {id, title}[], cars: {id, model}[],
 * bikes: {id, model}[] }`.
 *
 * The dialogs fetch it when a visitor first shows intent to open one
 * (app/components/site/site-dialogs.tsx), instead of every page carrying the lists in its HTML
 * (docs/decisions/023-public-page-speed.md). Read from the shared content cache, so it changes when
 * staff change the catalogue; `no-cache` makes a browser ask again on its next page view.
 */
import { sharedContent } from '~/lib/public-content.server';
import { listBikeOptions } from '~/models/bike.server';
import { listCarOptions } from '~/models/car.server';
import { listPackageOptions } from '~/models/package.server';

export async function loader() {
  const options = await sharedContent('dialog-options', async () => {
    const [packages, cars, bikes] = await Promise.all([listPackageOptions(), listCarOptions(), listBikeOptions()]);
    return { packages, cars, bikes };
  });
  return Response.json(options, { headers: { 'Cache-Control': 'no-cache' } });
}
