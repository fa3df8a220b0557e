/**
 * /bikes/:id/book and /cars/:id/book: a bike's or car's booking form as a page
 * (docs/product.md#forms-and-validation). It does the detail page's booking dialog's job where the
 * dialog cannot open: 'Book Now' on a vehicle links here and opens the dialog in place instead once
 * the page's scripts run (docs/architecture.md, "Controls before and after hydration"). The form
 * posts to this route's action, which validates with the same schema as POST /api/bookings and
 * stores the same booking (409 with a message when the dates clash,
 * docs/decisions/015-no-double-booking.md). An unavailable vehicle cannot be booked here either.
 * The days the vehicle is already confirmed for are listed under the dates and checked as they are
 * picked; a request over them is refused on the start date (409), with the same message
 * (docs/decisions/048-trip-operations.md#availability-on-the-booking-forms).
 * Unknown id: the vehicle's not-found view, HTTP 404.
 */
import { getFormProps, useForm } from '@conform-to/react';
import { data, Form, Link, useLocation, useNavigation } from 'react-router';
import { Breadcrumbs } from '~/components/site/catalog/detail';
import { DetailError } from '~/components/site/detail-error';
import { useDeferredValidation } from '~/components/site/forms/use-deferred-validation';
import { VehicleBookingFields, type VehicleBookingFieldSet } from '~/components/site/forms/vehicle-booking-fields';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import type { BookedDates } from '~/components/site/forms/booked-dates';
import { formatRupees, todayInIndia } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { sharedContent } from '~/lib/public-content.server';
import { handlePageSubmission } from '~/infrastructure/submissions.server';
import { getBike } from '~/models/bike.server';
import { confirmedVehicleDates } from '~/models/booking-clashes.server';
import { createBooking } from '~/models/booking.server';
import { getCar } from '~/models/car.server';
import { bikeBookingSchema, carBookingSchema } from '~/schemas/booking';
import type { Route } from './+types/vehicle-booking';

type VehicleType = 'bike' | 'car';

/** Which kind of vehicle this address books (/bikes/… or /cars/…). */
function typeOf(request: Request): VehicleType {
  return new URL(request.url).pathname.toLowerCase().startsWith('/bikes/') ? 'bike' : 'car';
}

/** The vehicle as this page shows it, or a 404 Response. Read through the same cache as its detail page. */
async function findVehicle(type: VehicleType, id: string) {
  const vehicle = type === 'bike' ? await sharedContent(`bike ${id}`, () => getBike(id)) : await sharedContent(`car ${id}`, () => getCar(id));
  if (!vehicle) throw data({ type }, { status: 404 });
  return { type, id: vehicle.id, model: vehicle.model, dailyRate: vehicle.dailyRate, available: vehicle.available };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const vehicle = await findVehicle(typeOf(request), params.id);
  // Read fresh, not through the shared content cache: the page cache that keeps this page is
  // emptied by every confirmation, cancellation and deletion of a booking
  // (docs/decisions/041-page-cache.md, 048-trip-operations.md#availability-on-the-booking-forms).
  const today = todayInIndia();
  const booked: BookedDates = { ranges: await confirmedVehicleDates(vehicle.type, vehicle.id, today), today };
  return { vehicle, booked };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? [
        ...pageMeta(`Book ${loaderData.vehicle.model}`, `Send a booking request for the ${loaderData.vehicle.model}. We confirm availability within 24 hours.`),
        { name: 'robots', content: 'noindex' },
      ]
    : [{ title: 'Not Found' }, { name: 'robots', content: 'noindex' }];

export async function action({ request, params }: Route.ActionArgs) {
  const type = typeOf(request);
  const vehicle = await findVehicle(type, params.id);
  const outcome = await handlePageSubmission(request, type === 'bike' ? bikeBookingSchema : carBookingSchema, (input) =>
    // The vehicle is this page's, whatever the form says.
    createBooking({ ...input, itemId: vehicle.id }),
  );
  return data(outcome.sent ? { sent: outcome.sent } : { result: outcome.result }, { status: outcome.status, headers: outcome.headers });
}

const SENT_TITLE: Record<VehicleType, string> = {
  bike: 'Bike booking submitted successfully!',
  car: 'Car booking submitted successfully!',
};

export default function VehicleBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { vehicle, booked } = loaderData;
  const list = vehicle.type === 'bike' ? { to: '/bikes', label: 'Bike Rentals' } : { to: '/cars', label: 'Cab Services' };
  const detail = `${list.to}/${vehicle.id}`;
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting';
  // Not the dialog's id (<type>-booking): the dialog can be opened on this page too.
  const formId = `${vehicle.type}-booking-page`;
  const [form, fields] = useForm({
    id: formId,
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: useDeferredValidation(formId, () =>
      import('~/schemas/booking').then((m) => (vehicle.type === 'bike' ? m.bikeBookingSchema : m.carBookingSchema)),
    ),
  });
  const rate = formatRupees(vehicle.dailyRate);
  const sent = actionData && 'sent' in actionData ? actionData.sent : null;

  return (
    <div className="container-page max-w-3xl pt-24 pb-16 md:pt-28">
      <Breadcrumbs parent={list} current={`Book ${vehicle.model}`} />
      {sent ? (
        <div role="status" className="mt-6 flex flex-col items-center gap-4 card p-8 text-center shadow-sm md:p-12">
          <Icon name="circle-check" className="size-16 text-flag-green" />
          <h1 className="text-3xl font-semibold">{SENT_TITLE[vehicle.type]}</h1>
          <p className="max-w-md text-lg text-muted">We&apos;ll confirm availability within 24 hours.</p>
          {sent.reference ? (
            <p className="rounded-full bg-mist px-4 py-2 text-sm">
              Your reference: <strong className="font-mono tracking-wider">#{sent.reference}</strong>
            </p>
          ) : null}
          <Link to={detail} className={buttonClass('primary', 'lg', 'mt-2')}>
            Back to {vehicle.model}
          </Link>
        </div>
      ) : (
        <div className="mt-6 card p-5 shadow-sm md:p-8">
          <h1 className="text-3xl font-semibold">Book {vehicle.model}</h1>
          <p className="mt-1 text-muted">
            {rate ? `${rate} per day. We confirm availability within 24 hours.` : 'Contact for price. We confirm availability and price within 24 hours.'}
          </p>
          {vehicle.available ? null : (
            <p role="status" className="mt-4 rounded-xl bg-marigold-light/40 px-4 py-3 text-sm">
              This {vehicle.type} is currently unavailable. Please choose another one or send us an inquiry.
            </p>
          )}
          <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4 sm:grid-cols-2">
            <VehicleBookingFields
              formId={formId}
              vehicle={vehicle}
              booked={booked}
              fields={fields as unknown as VehicleBookingFieldSet}
              formErrorId={form.errorId}
              formErrors={form.errors}
            />
            <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
              <button
                type="submit"
                className={buttonClass(vehicle.available ? 'primary' : 'unavailable', 'lg', 'w-full sm:w-auto')}
                disabled={pending || !vehicle.available}
              >
                {!vehicle.available ? 'Currently Unavailable' : pending ? 'Sending…' : 'Submit Booking'}
              </button>
              <Link to={detail} className="font-semibold text-forest-700 hover:underline">
                Back to {vehicle.model}
              </Link>
            </div>
          </Form>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  return pathname.toLowerCase().startsWith('/bikes/') ? (
    <DetailError
      error={error}
      title="Bike Not Found"
      message="The bike you're looking for doesn't exist or has been removed."
      linkTo="/bikes"
      linkLabel="Browse All Bikes"
    />
  ) : (
    <DetailError
      error={error}
      title="Car Not Found"
      message="The car you're looking for doesn't exist or has been removed."
      linkTo="/cars"
      linkLabel="Browse All Cars"
    />
  );
}
