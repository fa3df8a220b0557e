/**
 * /admin/cars/new: 'Add New Car', the car editor for a new car. Saving goes back to /admin/cars with
 * 'Car added successfully'.
 */
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { requireAdmin } from '~/services/admin-guard.server';
import { newCarValues } from './+shared/car-form';
import { CarEditor } from './+shared/car-editor';
import { carEditorAction } from './+shared/car-editor.server';
import type { Route } from './+types/new';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action(args: Route.ActionArgs) {
  return carEditorAction(args);
}

export const meta: Route.MetaFunction = () => adminMeta('Add New Car');

export default function NewCar({ actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader title="Add New Car" description="Model and daily rate are required." />
      <CarEditor mode="new" defaultValue={newCarValues()} actionData={actionData} />
    </>
  );
}
