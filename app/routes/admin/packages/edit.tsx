/**
 * /admin/packages/edit/:id: the package editor with the stored package. Saving goes back to
 * /admin/packages with 'Package updated successfully'; an unknown id shows 'Package not found' with
 * the way back to the list (HTTP 404).
 */
import { data } from 'react-router';
import { EditorError } from '~/components/admin/editor/editor-error';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { requireAdmin } from '~/services/admin-guard.server';
import { getPackage } from '~/models/package.server';
import { packageValues, permitChoices } from './+shared/package-form';
import { PackageEditor } from './+shared/package-editor';
import { getSettings } from '~/models/settings.server';
import { packageEditorAction } from './+shared/package-editor.server';
import type { Route } from './+types/edit';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const tourPackage = await getPackage(params.id);
  if (!tourPackage) throw data('Package not found', { status: 404 });
  const { permits } = await getSettings(['permits']);
  return { id: tourPackage.id, title: tourPackage.title, values: packageValues(tourPackage), permits: permitChoices(permits) };
}

export async function action(args: Route.ActionArgs) {
  return packageEditorAction(args);
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => adminMeta(loaderData ? `Edit Package: ${loaderData.title}` : 'Package not found');

export default function EditPackage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Edit Package"
        description={
          <a href={`/packages/${loaderData.id}`} target="_blank" rel="noopener noreferrer" className="font-medium text-forest-700 underline underline-offset-4">
            View on the site<span className="sr-only"> (opens in a new tab)</span>
          </a>
        }
      />
      <PackageEditor key={loaderData.id} mode="edit" defaultValue={loaderData.values} actionData={actionData} permits={loaderData.permits} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EditorError error={error} notFound="Package not found" listTo="/admin/packages" listLabel="Back to packages" />;
}
