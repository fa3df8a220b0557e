/**
 * The bike and car booking form (docs/product.md#forms-and-validation): validates with the bike or
 * car booking schema and POSTs to the public API, which stores it before success shows. When it
 * opens it fetches the vehicle's confirmed days (/booked-dates.json) to list them and check the
 * chosen dates at once (docs/decisions/048-trip-operations.md#availability-on-the-booking-forms);
 * should that fail, the API still refuses a request over them.
 */
import { getFormProps } from '@conform-to/react';
import { useEffect, useState } from 'react';
import { toast } from '~/components/ui/toast';
import { Drawer, DrawerPanel } from '~/components/ui/drawer';
import { formatRupees } from '~/lib/format';
import { bikeBookingSchema, carBookingSchema } from '~/schemas/booking';
import type { BookableVehicle } from '../site-dialogs';
import { useSubmissionForm } from './use-submission-form';
import type { BookedDates } from './booked-dates';
import { VehicleBookingFields, type VehicleBookingFieldSet } from './vehicle-booking-fields';

/** The vehicle's confirmed days, fetched each time the dialog opens (null until they arrive, or when they cannot be had). */
function useBookedDates(open: boolean, vehicle: Pick<BookableVehicle, 'type' | 'id'>): BookedDates | null {
  const [booked, setBooked] = useState<BookedDates | null>(null);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetch(`/booked-dates.json?vehicle=${vehicle.type}:${encodeURIComponent(vehicle.id)}`, {
      signal: controller.signal,
      headers: { Accept: 'application/json' },
    })
      .then((response) => (response.ok ? (response.json() as Promise<BookedDates>) : null))
      .then((value) => setBooked(value && Array.isArray(value.ranges) ? value : null))
      .catch(() => undefined);
    return () => controller.abort();
  }, [open, vehicle.type, vehicle.id]);
  return booked;
}
import { SubmitButton } from './dialog-shared';

export function VehicleBookingDialog({ open, onOpenChange, vehicle }: { open: boolean; onOpenChange: (open: boolean) => void; vehicle: BookableVehicle }) {
  const isBike = vehicle.type === 'bike';
  const formId = `${vehicle.type}-booking`;
  const { form, fields, pending } = useSubmissionForm({
    id: formId,
    schema: isBike ? bikeBookingSchema : carBookingSchema,
    endpoint: '/api/bookings',
    onSuccess: () => {
      toast.success(isBike ? 'Bike booking submitted successfully!' : 'Car booking submitted successfully!', {
        description: "We'll confirm availability within 24 hours.",
      });
      form.reset();
      onOpenChange(false);
    },
  });
  const rate = formatRupees(vehicle.dailyRate);
  const booked = useBookedDates(open, vehicle);
  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <DrawerPanel
        title={`Book ${vehicle.model}`}
        description={
          rate ? `${rate} per day. We confirm availability within 24 hours.` : 'Contact for price. We confirm availability and price within 24 hours.'
        }
        footer={
          <SubmitButton form={formId} pending={pending} disabled={!vehicle.available}>
            {vehicle.available ? 'Submit Booking' : 'Currently Unavailable'}
          </SubmitButton>
        }
      >
        {!vehicle.available ? (
          <p role="status" className="mb-4 rounded-xl bg-marigold-light/40 px-4 py-3 text-sm">
            This {vehicle.type} is currently unavailable. Please choose another one or send us an inquiry.
          </p>
        ) : null}
        <form {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
          <VehicleBookingFields
            formId={formId}
            vehicle={vehicle}
            booked={booked}
            fields={fields as unknown as VehicleBookingFieldSet}
            formErrorId={form.errorId}
            formErrors={form.errors}
          />
        </form>
      </DrawerPanel>
    </Drawer>
  );
}
