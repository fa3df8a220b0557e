/**
 * The bike and car booking form (docs/product.md#forms-and-validation): validates with the bike or
 * car booking schema and POSTs to the public API, which stores it before success shows.
 */
import { getFormProps } from '@conform-to/react';
import { toast } from '~/components/ui/toast';
import { Drawer, DrawerPanel } from '~/components/ui/drawer';
import { formatRupees } from '~/lib/format';
import { bikeBookingSchema, carBookingSchema } from '~/schemas/booking';
import type { BookableVehicle } from '../site-dialogs';
import { useSubmissionForm } from './use-submission-form';
import { VehicleBookingFields, type VehicleBookingFieldSet } from './vehicle-booking-fields';
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
          <VehicleBookingFields vehicle={vehicle} fields={fields as unknown as VehicleBookingFieldSet} formErrorId={form.errorId} formErrors={form.errors} />
        </form>
      </DrawerPanel>
    </Drawer>
  );
}
