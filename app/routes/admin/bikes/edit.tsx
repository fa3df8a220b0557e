/**
 * /admin/bikes/edit/:id: 'Edit Bike', the bike editor with the stored bike. Saving goes back to
 * /admin/bikes with 'Bike updated successfully'; below the form, the bike's calendar feed address for staff phones; an unknown id shows 'Bike not found' with the way
 * back to the list (HTTP 404).
 */
import { data } from 'react-router';
import { EditorError } from '~/components/admin/editor/editor-error';
import { adminMeta } from '~/components/admin/meta';
import { CalendarFeedCard } from '~/components/admin/calendar-feed';
import { AdminPageHeader } from '~/components/admin/page-header';
import { vehicleFeedUrl } from '~/lib/vehicle-feed.server';
import { requireAdmin } from '~/services/admin-guard.server';
import { getBike } from '~/models/bike.server';
import { bikeValues } from './+shared/bike-form';
import { BikeEditor } from './+shared/bike-editor';
import { bikeEditorAction } from './+shared/bike-editor.server';
import type { Route } from './+types/edit';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const bike = await getBike(params.id);
  if (!bike) throw data('Bike not found', { status: 404 });
  return { id: bike.id, model: bike.model, values: bikeValues(bike), feedUrl: vehicleFeedUrl('bike', bike.id) };
}

export async function action(args: Route.ActionArgs) {
  return bikeEditorAction(args);
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => adminMeta(loaderData ? `Edit Bike: ${loaderData.model}` : 'Bike not found');

export default function EditBike({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Edit Bike"
        description={
          <a href={`/bikes/${loaderData.id}`} target="_blank" rel="noopener noreferrer" className="font-medium text-forest-700 underline underline-offset-4">
            View on the site<span className="sr-only"> (opens in a new tab)</span>
          </a>
        }
      />
      <BikeEditor key={loaderData.id} mode="edit" defaultValue={loaderData.values} actionData={actionData} />
      {/* Its confirmed rentals in staff phones' calendars (docs/decisions/048-trip-operations.md#ical-feed-per-vehicle). */}
      <CalendarFeedCard url={loaderData.feedUrl} label={loaderData.model} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EditorError error={error} notFound="Bike not found" listTo="/admin/bikes" listLabel="Back to bikes" />;
}
