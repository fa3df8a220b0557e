/**
 * The fields of the staff booking forms, shared by /admin/bookings/new and /admin/bookings/:id/edit
 * (docs/product.md#bookings-and-inquiries): the item of the booking's type, the traveller's contact,
 * the dates, adults and children (packages), helmet (bikes) or driver (cars), and the message. Plain
 * Conform-bound controls (app/components/admin/editor/fields.tsx), so the forms post without
 * JavaScript. A checkbox sends a hidden 'false' before it, so an unticked box is an answer too.
 */
import {
  CheckboxField,
  DateField,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
  type EditorField,
  type SelectOption,
} from '~/components/admin/editor/fields';
import { EditorSection, FieldRow } from '~/components/admin/editor/sections';
import type { BookingType } from '~/lib/constants';

/** The Conform fields the forms bind (every one; a type shows only its own). */
export type BookingFormFields = Record<
  'itemId' | 'name' | 'email' | 'phone' | 'startDate' | 'endDate' | 'adults' | 'children' | 'needHelmet' | 'needDriver' | 'message',
  EditorField
>;

const ITEM_LABEL: Record<BookingType, string> = { package: 'Tour package', bike: 'Bike', car: 'Car' };

/**
 * `deletedItem`: the name of a booked item no longer in the catalogue (edit form): the select starts
 * empty, and left empty the booking keeps that name.
 */
export function BookingFormSections({
  type,
  fields,
  items,
  deletedItem,
}: {
  type: BookingType;
  fields: BookingFormFields;
  items: SelectOption[];
  deletedItem?: string | null;
}) {
  return (
    <>
      <EditorSection id="booking-item" title="What is booked">
        <SelectField
          field={fields.itemId}
          label={ITEM_LABEL[type]}
          required={!deletedItem}
          options={items}
          empty={deletedItem ? `${deletedItem} (no longer in the catalogue)` : `Choose a ${type === 'package' ? 'package' : type}`}
          hint={deletedItem ? 'Left as it is, the booking keeps this name.' : undefined}
        />
        <FieldRow columns={type === 'package' ? 3 : 2}>
          <DateField field={fields.startDate} label={type === 'package' ? 'Travel date' : 'Start date'} required />
          {type === 'package' ? (
            <>
              <NumberField field={fields.adults} label="Adults" min={1} max={50} />
              <NumberField field={fields.children} label="Children" min={0} max={50} />
            </>
          ) : (
            <DateField field={fields.endDate} label="End date" hint="Empty for a single day; not before the start date" />
          )}
        </FieldRow>
        {type === 'bike' ? (
          <div>
            <input type="hidden" name={fields.needHelmet.name} value="false" />
            <CheckboxField field={fields.needHelmet} label="Helmet needed" />
          </div>
        ) : null}
        {type === 'car' ? (
          <div>
            <input type="hidden" name={fields.needDriver.name} value="false" />
            <CheckboxField field={fields.needDriver} label="Driver needed" />
          </div>
        ) : null}
      </EditorSection>

      <EditorSection id="booking-traveller" title="Traveller">
        <TextField field={fields.name} label="Name" required autoComplete="off" />
        <FieldRow columns={2}>
          <TextField field={fields.email} label="Email" type="email" required autoComplete="off" hint="The acknowledgement and status e-mails go here" />
          <TextField field={fields.phone} label="Phone" type="tel" required autoComplete="off" />
        </FieldRow>
        <TextareaField field={fields.message} label="Message" rows={4} hint="Requests, pickup point, anything said on the phone" />
      </EditorSection>
    </>
  );
}
