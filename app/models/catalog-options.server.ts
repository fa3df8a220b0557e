/**
 * The option lists of the visitor forms that name a catalogue item (the inquiry form's packages,
 * cabs and bikes; the booking dialog's packages): `{ packages: {id, title}[], cars: {id, model}[],
 * bikes: {id, model}[] }`, read through the shared content cache, so they change when staff change
 * the catalogue (docs/decisions/042-shared-content-cache.md). Served to the
 * dialogs by /dialog-options.json and to the /inquire page by its loader.
 */
import { sharedContent } from '~/lib/public-content.server';
import { listBikeOptions } from './bike.server';
import { listCarOptions } from './car.server';
import { listPackageOptions } from './package.server';

export type CatalogOptions = {
  packages: { id: string; title: string }[];
  cars: { id: string; model: string }[];
  bikes: { id: string; model: string }[];
};

export function listCatalogOptions(): Promise<CatalogOptions> {
  return sharedContent('dialog-options', async () => {
    const [packages, cars, bikes] = await Promise.all([listPackageOptions(), listCarOptions(), listBikeOptions()]);
    return { packages, cars, bikes };
  });
}
