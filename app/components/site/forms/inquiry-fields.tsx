/**
 * The inquiry form's three tabs (docs/product.md#inquiry-dialog): packages, cabs and bike rentals,
 * each with the contact fields and its own. The same fields serve the inquiry dialog
 * (site-dialog-forms.tsx, which sends them to POST /api/inquiries) and the /inquire page (its own
 * action, so an inquiry can be sent before or without JavaScript; docs/architecture.md, "Controls
 * before and after hydration").
 */
import type { ReactNode } from 'react';
import { Field, Input, Select } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { Icon } from '~/components/ui/icon';
import { GUEST_OPTIONS, RENTAL_DURATIONS } from '~/lib/constants';
import { LIMITS } from '~/schemas/submission-limits';
import type { DialogOptions, InquiryTab } from '../site-dialogs';
import { DateField, initialText, MessageField, PackageField, type FormField } from './common-fields';
import { ContactFields } from './contact-fields';
import { HoneypotField } from './honeypot-field';

export const INQUIRY_TABS: readonly InquiryTab[] = ['packages', 'cabs', 'rentals'];

export const TAB_LABEL: Record<InquiryTab, string> = { packages: 'Tour Packages', cabs: 'Cabs', rentals: 'Bike Rentals' };

export const TAB_ICON: Record<InquiryTab, ReactNode> = {
  packages: <Icon name="mountain" className="size-4" />,
  cabs: <Icon name="car" className="size-4" />,
  rentals: <Icon name="bike" className="size-4" />,
};

/** `value` when it names a tab, else the packages tab. */
export function inquiryTab(value: string | null | undefined): InquiryTab {
  return (INQUIRY_TABS as readonly (string | null | undefined)[]).includes(value) ? (value as InquiryTab) : 'packages';
}

type InquiryFieldName =
  | 'name'
  | 'email'
  | 'phone'
  | 'message'
  | 'date'
  | 'destination'
  | 'guests'
  | 'cabType'
  | 'pickupLocation'
  | 'dropoffLocation'
  | 'bikeType'
  | 'rentalDuration'
  | 'bikeCount';

/**
 * Conform's fields of a tab's form by name. Conform answers metadata for any name asked, so one
 * type covers the three tabs; each tab reads only the names its schema has.
 */
export type InquiryFieldSet = Record<InquiryFieldName, FormField>;

const guestLabel = (g: string) => `${g} ${g === '1' ? 'Guest' : 'Guests'}`;
const durationLabel = (d: string) => (d === 'custom' ? 'Custom Duration' : `${d} ${d === '1' ? 'Day' : 'Days'}`);

/**
 * The fields of `tab`'s form (hidden type, honeypot, contact, the tab's own, message, form error),
 * to put inside the form element.
 */
export function InquiryTabFields({
  tab,
  fields,
  formErrorId,
  formErrors,
  options,
}: {
  tab: InquiryTab;
  fields: InquiryFieldSet;
  formErrorId: string;
  formErrors?: string[];
  options: DialogOptions;
}) {
  const f = fields;
  return (
    <>
      <input type="hidden" name="type" value={tab} />
      <HoneypotField />
      <ContactFields name={f.name} email={f.email} phone={f.phone} />
      {tab === 'packages' ? (
        <>
          <PackageField field={f.destination} label="Destination" packages={options.packages} />
          <DateField field={f.date} label="Travel date" />
          <Field id={f.guests.id} label="Guests" errors={f.guests.errors}>
            {(a11y) => (
              <Select {...a11y} name={f.guests.name} key={f.guests.key} defaultValue={initialText(f.guests) ?? '2'}>
                {GUEST_OPTIONS.map((g) => (
                  <option key={g} value={g}>
                    {guestLabel(g)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <MessageField field={f.message} hint="Optional: interests, hotel category, anything we should know" />
        </>
      ) : tab === 'cabs' ? (
        <>
          <Field id={f.cabType.id} label="Cab type" errors={f.cabType.errors}>
            {(a11y) => (
              <Select {...a11y} name={f.cabType.name} key={f.cabType.key} defaultValue={initialText(f.cabType) ?? ''}>
                <option value="">Any cab</option>
                {options.cars.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.model}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <DateField field={f.date} label="Date" />
          <Field id={f.pickupLocation.id} label="Pickup location" errors={f.pickupLocation.errors} required>
            {(a11y) => (
              <Input
                {...a11y}
                name={f.pickupLocation.name}
                key={f.pickupLocation.key}
                defaultValue={initialText(f.pickupLocation)}
                required
                maxLength={LIMITS.place}
                placeholder="e.g. Bagdogra Airport"
              />
            )}
          </Field>
          <Field id={f.dropoffLocation.id} label="Drop-off location" errors={f.dropoffLocation.errors} required>
            {(a11y) => (
              <Input
                {...a11y}
                name={f.dropoffLocation.name}
                key={f.dropoffLocation.key}
                defaultValue={initialText(f.dropoffLocation)}
                required
                maxLength={LIMITS.place}
                placeholder="e.g. MG Marg, Gangtok"
              />
            )}
          </Field>
          <MessageField field={f.message} hint="Optional: luggage, flight time, return trip" />
        </>
      ) : (
        <>
          <Field id={f.bikeType.id} label="Bike type" errors={f.bikeType.errors}>
            {(a11y) => (
              <Select {...a11y} name={f.bikeType.name} key={f.bikeType.key} defaultValue={initialText(f.bikeType) ?? ''}>
                <option value="">Any bike</option>
                {options.bikes.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.model}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <DateField field={f.date} label="Start date" />
          <Field id={f.rentalDuration.id} label="Rental duration" errors={f.rentalDuration.errors}>
            {(a11y) => (
              <Select {...a11y} name={f.rentalDuration.name} key={f.rentalDuration.key} defaultValue={initialText(f.rentalDuration) ?? ''}>
                <option value="">Select duration</option>
                {RENTAL_DURATIONS.map((d) => (
                  <option key={d} value={d}>
                    {durationLabel(d)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={f.bikeCount.id} label="Number of bikes" errors={f.bikeCount.errors}>
            {(a11y) => (
              <Input
                {...a11y}
                type="number"
                inputMode="numeric"
                name={f.bikeCount.name}
                key={f.bikeCount.key}
                defaultValue={initialText(f.bikeCount) ?? '1'}
                min={1}
                max={20}
              />
            )}
          </Field>
          <MessageField field={f.message} hint="Optional: route, riding experience, pillion" />
        </>
      )}
      <FormError id={formErrorId} errors={formErrors} className="sm:col-span-2" />
    </>
  );
}

/** A submitted inquiry's values, as its schema outputs them. */
type InquiryValue = Record<string, unknown> & { name: string; email: string; phone: string };

/**
 * The 'Label: value' lines of the WhatsApp hand-off text for a sent inquiry
 * (docs/product.md#whatsapp-hand-off), in the form's order, with names instead of ids.
 */
export function inquiryWhatsAppFields(tab: InquiryTab, value: InquiryValue, options: DialogOptions): [string, string | number | undefined | null][] {
  const text = (key: string) => (typeof value[key] === 'string' || typeof value[key] === 'number' ? (value[key] as string | number) : undefined);
  const contact: [string, string][] = [
    ['name', value.name],
    ['email', value.email],
    ['phone', value.phone],
  ];
  if (tab === 'packages') {
    const guests = text('guests');
    return [
      ...contact,
      ['destination', options.packages.find((p) => p.id === value.destination)?.title],
      ['date', text('date')],
      ['guests', guests ? guestLabel(String(guests)) : undefined],
      ['message', text('message')],
    ];
  }
  if (tab === 'cabs') {
    return [
      ...contact,
      ['cabType', options.cars.find((c) => c.id === value.cabType)?.model],
      ['pickupLocation', text('pickupLocation')],
      ['dropoffLocation', text('dropoffLocation')],
      ['date', text('date')],
      ['message', text('message')],
    ];
  }
  const duration = text('rentalDuration');
  return [
    ...contact,
    ['bikeType', options.bikes.find((b) => b.id === value.bikeType)?.model],
    ['date', text('date')],
    ['rentalDuration', duration ? durationLabel(String(duration)) : undefined],
    ['bikeCount', text('bikeCount')],
    ['message', text('message')],
  ];
}
