/**
 * The global booking dialog (a tour package and travel date; docs/product.md#forms-and-validation):
 * validates with the booking schema and POSTs to the public API, which stores it before success shows.
 */
import { getFormProps } from '@conform-to/react';
import { toast } from '~/components/ui/toast';
import { Drawer, DrawerPanel } from '~/components/ui/drawer';
import { FormError } from '~/components/ui/form-error';
import { bookingInputSchema } from '~/schemas/booking';
import type { BookableItem, DialogOptions } from '../site-dialogs';
import { DateField, MessageField, PackageField } from './common-fields';
import { ContactFields } from './contact-fields';
import { HoneypotField } from './honeypot-field';
import { PublicityConsentField } from './publicity-consent-field';
import { useSubmissionForm } from './use-submission-form';
import { SubmitButton } from './dialog-shared';

export function BookingDialog({
  open,
  onOpenChange,
  item,
  options,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item?: BookableItem;
  options: DialogOptions;
}) {
  const { form, fields, pending } = useSubmissionForm({
    id: 'booking-dialog',
    schema: bookingInputSchema,
    endpoint: '/api/bookings',
    onSuccess: () => {
      toast.success('Booking submitted successfully!', { description: "We'll contact you within 24 hours to confirm." });
      form.reset();
      onOpenChange(false);
    },
  });
  const f = fields;
  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <DrawerPanel
        title={item ? `Book ${item.name}` : 'Book your trip'}
        description="Send your details and preferred date; we confirm availability and price within 24 hours."
        footer={
          <SubmitButton form="booking-dialog" pending={pending}>
            Submit Booking
          </SubmitButton>
        }
      >
        <form {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="type" value={item?.type ?? 'package'} />
          <HoneypotField />
          {item ? (
            <input type="hidden" name="itemId" value={item.id} />
          ) : (
            <PackageField field={f.itemId} label="Tour package" packages={options.packages} required />
          )}
          <ContactFields name={f.name} email={f.email} phone={f.phone} />
          <DateField field={f.startDate} label="Preferred date" />
          <MessageField field={f.message} hint="Optional: group size, hotel category, pickup point" />
          <PublicityConsentField field={f.publicityConsent} />
          <FormError id={form.errorId} errors={form.errors} className="sm:col-span-2" />
        </form>
      </DrawerPanel>
    </Drawer>
  );
}
