/**
 * /admin/bikes/new: 'Add New Bike', the bike editor for a new bike. `?prefill=himalayan-450` starts
 * the form with the Himalayan 450 sample (the prefill link without JavaScript). Saving goes back to
 * /admin/bikes with 'Bike added successfully'.
 */
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { requireAdmin } from '~/services/admin-guard.server';
import { bikePrefill, newBikeValues } from './+shared/bike-form';
import { BikeEditor } from './+shared/bike-editor';
import { bikeEditorAction } from './+shared/bike-editor.server';
import type { Route } from './+types/new';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const prefill = new URL(request.url).searchParams.get('prefill');
  return { prefill: bikePrefill(prefill) ? prefill : null };
}

export async function action(args: Route.ActionArgs) {
  return bikeEditorAction(args);
}

export const meta: Route.MetaFunction = () => adminMeta('Add New Bike');

export default function NewBike({ loaderData, actionData }: Route.ComponentProps) {
  const prefill = bikePrefill(loaderData.prefill);
  return (
    <>
      <AdminPageHeader title="Add New Bike" description="Model and daily rate are required." />
      <BikeEditor key={loaderData.prefill ?? 'blank'} mode="new" defaultValue={prefill ?? newBikeValues()} actionData={actionData} />
    </>
  );
}
