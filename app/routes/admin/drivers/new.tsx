/** /admin/drivers/new: 'Add New Driver'. Saving goes back to /admin/drivers with 'Driver added successfully'. */
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { requireAdmin } from '~/services/admin-guard.server';
import { newDriverValues } from './+shared/driver-form';
import { DriverEditor } from './+shared/driver-editor';
import { driverEditorAction } from './+shared/driver-editor.server';
import type { Route } from './+types/new';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action(args: Route.ActionArgs) {
  return driverEditorAction(args);
}

export const meta: Route.MetaFunction = () => adminMeta('Add New Driver');

export default function NewDriver({ actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader title="Add New Driver" description="Name, phone and the driving licence are required." />
      <DriverEditor mode="new" defaultValue={newDriverValues()} actionData={actionData} />
    </>
  );
}
