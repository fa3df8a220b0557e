/**
 * /admin/drivers/edit/:id: 'Edit Driver'. Saving goes back to /admin/drivers with 'Driver updated
 * successfully'; an unknown id shows 'Driver not found' (HTTP 404).
 */
import { data } from 'react-router';
import { EditorError } from '~/components/admin/editor/editor-error';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { requireAdmin } from '~/services/admin-guard.server';
import { getDriver } from '~/models/driver.server';
import { driverValues } from './+shared/driver-form';
import { DriverEditor } from './+shared/driver-editor';
import { driverEditorAction } from './+shared/driver-editor.server';
import type { Route } from './+types/edit';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const driver = await getDriver(params.id);
  if (!driver) throw data('Driver not found', { status: 404 });
  return { id: driver.id, name: driver.name, values: driverValues(driver) };
}

export async function action(args: Route.ActionArgs) {
  return driverEditorAction(args);
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => adminMeta(loaderData ? `Edit Driver: ${loaderData.name}` : 'Driver not found');

export default function EditDriver({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader title="Edit Driver" />
      <DriverEditor key={loaderData.id} mode="edit" defaultValue={loaderData.values} actionData={actionData} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EditorError error={error} notFound="Driver not found" listTo="/admin/drivers" listLabel="Back to drivers" />;
}
