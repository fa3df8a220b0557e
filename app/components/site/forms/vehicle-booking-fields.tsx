/**
 * The bike and car booking form's fields (docs/product.md#forms-and-validation): contact, start
 * date, optional end date, the helmet (bikes, on by default) or driver (cars, off by default) choice,
 * a message and the publicity consent box (off by default). Used by the booking dialog of a detail
 * page and by the page that does the same job without scripts (/bikes/:id/book, /cars/:id/book).
 */
import { Checkbox } from '~/components/ui/field';
import { BookedDatesNotice, type BookedDates } from './booked-dates';
import { FormError } from '~/components/ui/form-error';
import type { BookableVehicle } from '../site-dialogs';
import { DateField, MessageField, type FormField } from './common-fields';
import { ContactFields } from './contact-fields';
import { HoneypotField } from './honeypot-field';
import { PublicityConsentField } from './publicity-consent-field';

/** Conform's fields of the bike or car booking form by name (it answers metadata for any name). */
export type VehicleBookingFieldSet = Record<
  'name' | 'email' | 'phone' | 'startDate' | 'endDate' | 'message' | 'needHelmet' | 'needDriver' | 'publicityConsent',
  FormField
>;

/**
 * The fields inside the form element `formId`; `extraChecked` is the helmet/driver box's initial
 * state; `booked`: the vehicle's confirmed days, listed under the dates and checked as they are
 * picked (null while unknown).
 */
export function VehicleBookingFields({
  formId,
  vehicle,
  fields,
  formErrorId,
  formErrors,
  extraChecked,
  booked,
}: {
  formId: string;
  vehicle: Pick<BookableVehicle, 'type' | 'id'>;
  fields: VehicleBookingFieldSet;
  formErrorId: string;
  formErrors?: string[];
  extraChecked?: boolean;
  booked?: BookedDates | null;
}) {
  const isBike = vehicle.type === 'bike';
  const extra = isBike ? 'needHelmet' : 'needDriver';
  const f = fields;
  return (
    <>
      <input type="hidden" name="type" value={vehicle.type} />
      <input type="hidden" name="itemId" value={vehicle.id} />
      <HoneypotField />
      <ContactFields name={f.name} email={f.email} phone={f.phone} />
      <DateField field={f.startDate} label="Start date" />
      <DateField field={f.endDate} label="End date" required={false} />
      <BookedDatesNotice formId={formId} type={vehicle.type} booked={booked} serverErrors={f.startDate.errors} />
      <div className="sm:col-span-2">
        {/* An unticked box sends nothing: the hidden 'false' before it is the answer then (the last value wins). */}
        <input type="hidden" name={extra} value="false" />
        <Checkbox
          name={extra}
          value="true"
          key={f[extra].key}
          defaultChecked={extraChecked ?? isBike}
          label={isBike ? 'I need a helmet (complimentary)' : 'I need a driver (additional charges apply)'}
        />
      </div>
      <MessageField field={f.message} hint="Any special requirements or pickup preferences" />
      <PublicityConsentField field={f.publicityConsent} />
      <FormError id={formErrorId} errors={formErrors} className="sm:col-span-2" />
    </>
  );
}
