/**
 * The "Driver and vehicle" panel of /admin/bookings/:id (docs/decisions/048-trip-operations.md):
 * the booking's assignments (days, driver with phone, car with registration, pickup time and place,
 * notes), each with Remove, and for a confirmed booking the form that adds one: driver, car (or no
 * car of the fleet), from and to (the booking's dates by default), pickup time and place, notes.
 * Plain forms posting `intent` ('assign-trip' / 'remove-trip'), so it all works without JavaScript;
 * a refusal (a driver or car already out on those days, naming the booking) shows in the panel with
 * what was typed kept. A confirmed booking's panel links its travel voucher, a PDF
 * (./voucher, docs/decisions/051-voucher.md).
 */
import { FileText, Trash2, UserRoundCheck } from 'lucide-react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Field, Input, Select, Textarea } from '~/components/ui/field';
import { formatDateRange } from '~/lib/format';

export type TripPanelData = {
  confirmed: boolean;
  defaults: { startsOn: string; endsOn: string };
  assignments: {
    id: string;
    days: string;
    driverName: string;
    driverPhone: string;
    car: string | null;
    pickupTime: string;
    pickupPlace: string;
    notes: string;
  }[];
  drivers: { id: string; name: string; expired: boolean }[];
  cars: { id: string; label: string }[];
};

type TripFailure = { values: Record<string, string>; errors: Record<string, string> };

function tripFailure(actionData: unknown): TripFailure | null {
  return actionData && typeof actionData === 'object' && 'trip' in actionData ? (actionData as { trip: TripFailure }).trip : null;
}

export function TripPanel({ data, action }: { data: TripPanelData; action: string }) {
  const failure = tripFailure(useActionData());
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'assign-trip';
  const values = failure?.values ?? {};
  const errors = failure?.errors ?? {};
  const value = (name: string, fallback = '') => values[name] ?? fallback;
  const err = (name: string) => (errors[name] ? [errors[name]] : undefined);

  return (
    <section aria-labelledby="booking-trip" className="card p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="booking-trip" className="flex items-center gap-2 font-sans text-lg font-semibold text-ink">
          <UserRoundCheck className="size-5 text-forest-700" aria-hidden />
          Driver and vehicle
        </h2>
        {data.confirmed ? (
          // The travel voucher, with the driver as soon as assigned (docs/decisions/051-voucher.md); a plain link to the PDF.
          <a href={`${action}/voucher`} className={buttonClass('outline', 'sm')}>
            <FileText className="size-4" aria-hidden />
            Travel voucher (PDF)
          </a>
        ) : null}
      </div>

      {data.assignments.length > 0 ? (
        <ul className="mt-4 divide-y divide-forest-100 rounded-lg border border-forest-100">
          {data.assignments.map((a) => (
            <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-semibold text-ink">
                  {a.days} · {a.pickupTime}
                </p>
                <p>
                  {a.driverName}{' '}
                  <a href={`tel:${a.driverPhone.replace(/[^+\d]/g, '')}`} className="whitespace-nowrap text-muted underline-offset-4 hover:underline">
                    {a.driverPhone}
                  </a>
                  {a.car ? <span className="block text-muted">{a.car}</span> : null}
                </p>
                <p className="break-words text-muted">Pickup: {a.pickupPlace}</p>
                {a.notes ? <p className="break-words whitespace-pre-line text-muted">{a.notes}</p> : null}
              </div>
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="remove-trip" />
                <input type="hidden" name="assignmentId" value={a.id} />
                <button type="submit" className={buttonClass('outline', 'sm')}>
                  <Trash2 className="size-4" aria-hidden />
                  Remove<span className="sr-only"> {a.driverName}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}

      {!data.confirmed ? (
        <p className="mt-4 text-sm text-muted">Confirm the booking to give it a driver and a vehicle.</p>
      ) : data.drivers.length === 0 ? (
        <p className="mt-4 text-sm text-muted">
          No drivers yet.{' '}
          <Link to="/admin/drivers/new" className="font-medium text-forest-700 underline underline-offset-4">
            Add a driver
          </Link>{' '}
          first.
        </p>
      ) : (
        <Form method="post" action={action} className="mt-4 flex flex-col gap-4" aria-labelledby="booking-trip-form">
          <h3 id="booking-trip-form" className="text-sm font-semibold text-ink">
            {data.assignments.length > 0 ? 'Add another' : 'Assign'}
          </h3>
          <input type="hidden" name="intent" value="assign-trip" />
          {errors[''] ? (
            <p role="alert" className="rounded-lg bg-[#fdf6f5] px-4 py-3 text-sm font-medium text-[#8a2c1f]">
              {errors['']}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="trip-driver" label="Driver" required errors={err('driverId')}>
              {(a11y) => (
                <Select {...a11y} name="driverId" defaultValue={value('driverId')} required>
                  <option value="">Choose a driver</option>
                  {data.drivers.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                      {d.expired ? ' (licence expired)' : ''}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="trip-car" label="Vehicle" errors={err('carId')}>
              {(a11y) => (
                <Select {...a11y} name="carId" defaultValue={value('carId')}>
                  <option value="">No car of the fleet</option>
                  {data.cars.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="trip-from" label="From" required errors={err('startsOn')}>
              {(a11y) => <Input {...a11y} type="date" name="startsOn" defaultValue={value('startsOn', data.defaults.startsOn)} required />}
            </Field>
            <Field id="trip-to" label="To" required errors={err('endsOn')}>
              {(a11y) => <Input {...a11y} type="date" name="endsOn" defaultValue={value('endsOn', data.defaults.endsOn)} required />}
            </Field>
            <Field id="trip-time" label="Pickup time" required errors={err('pickupTime')} hint="India time, each day">
              {(a11y) => <Input {...a11y} type="time" name="pickupTime" defaultValue={value('pickupTime', '08:00')} required />}
            </Field>
            <Field id="trip-place" label="Pickup place" required errors={err('pickupPlace')}>
              {(a11y) => (
                <Input {...a11y} name="pickupPlace" defaultValue={value('pickupPlace')} placeholder="Hotel, MG Marg, Gangtok" required maxLength={200} />
              )}
            </Field>
          </div>
          <Field id="trip-notes" label="Notes" errors={err('notes')}>
            {(a11y) => <Textarea {...a11y} name="notes" defaultValue={value('notes')} rows={2} className="min-h-16" maxLength={1000} />}
          </Field>
          <div>
            <button type="submit" className={buttonClass('primary', 'md')} disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

/** The panel's data from the booking and the model's rows. */
export function tripPanelData(
  booking: { status: string; startDate: string; endDate: string | null },
  assignments: {
    id: string;
    startsOn: string;
    endsOn: string;
    driverName: string;
    driverPhone: string;
    carModel: string | null;
    registrationNumber: string | null;
    pickupTime: string;
    pickupPlace: string;
    notes: string;
  }[],
  drivers: { id: string; name: string; licenceExpiresOn: string }[],
  cars: { id: string; model: string; registrationNumber: string }[],
  today: string,
): TripPanelData {
  return {
    confirmed: booking.status === 'confirmed',
    defaults: { startsOn: booking.startDate, endsOn: booking.endDate ?? booking.startDate },
    assignments: assignments.map((a) => ({
      id: a.id,
      days: formatDateRange(a.startsOn, a.startsOn === a.endsOn ? null : a.endsOn),
      driverName: a.driverName,
      driverPhone: a.driverPhone,
      car: a.carModel ? [a.carModel, a.registrationNumber].filter(Boolean).join(' · ') : null,
      pickupTime: a.pickupTime,
      pickupPlace: a.pickupPlace,
      notes: a.notes,
    })),
    drivers: drivers.map((d) => ({ id: d.id, name: d.name, expired: d.licenceExpiresOn < today })),
    cars: cars.map((c) => ({ id: c.id, label: c.registrationNumber ? `${c.model} · ${c.registrationNumber}` : c.model })),
  };
}
