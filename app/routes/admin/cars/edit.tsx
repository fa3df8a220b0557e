/**
 * /admin/cars/edit/:id: 'Edit Car', the car editor with the stored car. Saving goes back to
 * /admin/cars with 'Car updated successfully'; below the form, the car's calendar feed address for staff phones; an unknown id shows 'Car not found' with the way back
 * to the list (HTTP 404).
 */
import { data } from 'react-router';
import { EditorError } from '~/components/admin/editor/editor-error';
import { adminMeta } from '~/components/admin/meta';
import { CalendarFeedCard } from '~/components/admin/calendar-feed';
import { AdminPageHeader } from '~/components/admin/page-header';
import { vehicleFeedUrl } from '~/lib/vehicle-feed.server';
import { requireAdmin } from '~/services/admin-guard.server';
import { getCar } from '~/models/car.server';
import { carValues } from './+shared/car-form';
import { CarEditor } from './+shared/car-editor';
import { carEditorAction } from './+shared/car-editor.server';
import type { Route } from './+types/edit';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const car = await getCar(params.id);
  if (!car) throw data('Car not found', { status: 404 });
  return { id: car.id, model: car.model, values: carValues(car), feedUrl: vehicleFeedUrl('car', car.id) };
}

export async function action(args: Route.ActionArgs) {
  return carEditorAction(args);
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => adminMeta(loaderData ? `Edit Car: ${loaderData.model}` : 'Car not found');

export default function EditCar({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Edit Car"
        description={
          <a href={`/cars/${loaderData.id}`} target="_blank" rel="noopener noreferrer" className="font-medium text-forest-700 underline underline-offset-4">
            View on the site<span className="sr-only"> (opens in a new tab)</span>
          </a>
        }
      />
      <CarEditor key={loaderData.id} mode="edit" defaultValue={loaderData.values} actionData={actionData} />
      {/* Its confirmed rentals and trips in staff phones' calendars (docs/decisions/048-trip-operations.md#ical-feed-per-vehicle). */}
      <CalendarFeedCard url={loaderData.feedUrl} label={loaderData.model} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EditorError error={error} notFound="Car not found" listTo="/admin/cars" listLabel="Back to cars" />;
}
