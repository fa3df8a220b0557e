/**
 * /admin/packages/new: the package editor with the defaults of a new package (default inclusions
 * and exclusions, docs/product.md). Saving goes back to /admin/packages with 'Package added
 * successfully'.
 */
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { requireAdmin } from '~/services/admin-guard.server';
import { newPackageValues, permitChoices } from './+shared/package-form';
import { PackageEditor } from './+shared/package-editor';
import { getSettings } from '~/models/settings.server';
import { packageEditorAction } from './+shared/package-editor.server';
import type { Route } from './+types/new';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { permits } = await getSettings(['permits']);
  return { permits: permitChoices(permits), documentsDaysBefore: permits.documentsDaysBefore };
}

export async function action(args: Route.ActionArgs) {
  return packageEditorAction(args);
}

export const meta: Route.MetaFunction = () => adminMeta('Add New Package');

export default function NewPackage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader title="Add New Package" description="Title and description are required; everything else can be added later." />
      <PackageEditor mode="new" defaultValue={newPackageValues(loaderData.documentsDaysBefore)} actionData={actionData} permits={loaderData.permits} />
    </>
  );
}
