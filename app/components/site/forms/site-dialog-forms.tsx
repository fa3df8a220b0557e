/**
 * The dialogs behind `useSiteDialogs()` (docs/product.md#forms-and-validation,
 * docs/decisions/003-visitor-submissions-stored.md): the inquiry dialog with its three tabs, the
 * global booking dialog and the bike/car booking form. Loaded on demand by site-dialogs.tsx. Every
 * form validates with the shared zod schema (Conform) and POSTs to the public API, which validates
 * again and stores the record before success is shown.
 */
import { getFormProps, type FieldMetadata } from '@conform-to/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon } from '~/components/ui/icon';
import { toast } from '~/components/ui/toast';
import type { output } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { Button, buttonClass } from '~/components/ui/button';
import { Drawer, DrawerPanel } from '~/components/ui/drawer';
import { Checkbox, Field, Input, Select, Textarea } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { GUEST_OPTIONS, RENTAL_DURATIONS } from '~/lib/constants';
import { formatRupees, todayInIndia } from '~/lib/format';
import { whatsappLink } from '~/lib/whatsapp';
import { bikeBookingSchema, bookingInputSchema, carBookingSchema } from '~/schemas/booking';
import { cabsInquirySchema, packagesInquirySchema, rentalsInquirySchema } from '~/schemas/inquiry';
import { addYears, LIMITS, MAX_YEARS_AHEAD } from '~/schemas/submission-limits';
import type { BookableItem, BookableVehicle, DialogOptions, InquiryTab } from '../site-dialogs';
import { ContactFields } from './contact-fields';
import { HoneypotField } from './honeypot-field';
import { inquiryWhatsAppText } from './inquiry-whatsapp';
import { useSubmissionForm } from './use-submission-form';

type F = FieldMetadata<unknown>;
const str = (f: F) => f.initialValue as string | undefined;

function dateBounds() {
  const today = todayInIndia();
  return { min: today, max: addYears(today, MAX_YEARS_AHEAD) };
}

function DateField({ field, label, required = true }: { field: F; label: string; required?: boolean }) {
  return (
    <Field id={field.id} label={label} errors={field.errors} required={required}>
      {(a11y) => <Input {...a11y} type="date" name={field.name} key={field.key} defaultValue={str(field)} required={required} {...dateBounds()} />}
    </Field>
  );
}

function MessageField({ field, hint, label = 'Message' }: { field: F; hint?: string; label?: string }) {
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint} className="sm:col-span-2">
      {(a11y) => <Textarea {...a11y} name={field.name} key={field.key} defaultValue={str(field)} rows={3} maxLength={LIMITS.message} />}
    </Field>
  );
}

function SubmitButton({ form, pending, children, disabled }: { form: string; pending: boolean; children: ReactNode; disabled?: boolean }) {
  return (
    <Button type="submit" form={form} size="lg" className="w-full" disabled={pending || disabled} aria-disabled={pending || disabled}>
      {pending ? 'Sending…' : children}
    </Button>
  );
}

// ---------------------------------------------------------------------------------------------
// Inquiry dialog

const TAB_LABEL: Record<InquiryTab, string> = { packages: 'Tour Packages', cabs: 'Cabs', rentals: 'Bike Rentals' };
const TAB_ICON: Record<InquiryTab, ReactNode> = {
  packages: <Icon name="mountain" className="size-4" />,
  cabs: <Icon name="car" className="size-4" />,
  rentals: <Icon name="bike" className="size-4" />,
};

type InquiryDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: InquiryTab;
  onTabChange: (tab: InquiryTab) => void;
  options: DialogOptions;
  whatsappNumber: string;
};

type TabFormProps = {
  options: DialogOptions;
  whatsappNumber: string;
  onPending: (pending: boolean) => void;
  onDone: (blockedLink: string | null) => void;
};

/** Opens the chat tab inside the click (no popup blocker), points it at WhatsApp once the record is saved. */
function useWhatsAppTab() {
  const popup = useRef<Window | null>(null);
  return {
    open() {
      const win = window.open('', '_blank');
      if (win) {
        try {
          win.opener = null;
          win.document.title = 'Opening WhatsApp…';
          win.document.body.textContent = 'Saving your inquiry, then opening WhatsApp…';
        } catch {
          // a browser may not let us write into the new tab; it still navigates below
        }
      }
      popup.current = win;
    },
    /** Navigate the tab to `link`; false when no tab could be opened (blocked). */
    go(link: string): boolean {
      const win = popup.current;
      popup.current = null;
      if (!win || win.closed) return false;
      win.location.href = link;
      return true;
    },
    close() {
      popup.current?.close();
      popup.current = null;
    },
  };
}

function useInquiryTabForm<S extends $ZodType>(
  tab: InquiryTab,
  schema: S,
  { whatsappNumber, onPending, onDone }: TabFormProps,
  describe: (value: output<S>) => [string, string | number | undefined | null][],
) {
  const chat = useWhatsAppTab();
  const result = useSubmissionForm<S>({
    id: `inquiry-${tab}`,
    schema,
    endpoint: '/api/inquiries',
    beforeSend: () => chat.open(),
    onFailure: () => chat.close(),
    onSuccess: (_record, value) => {
      toast.success("Thank you! We'll get back to you soon.");
      const link = whatsappLink(whatsappNumber, inquiryWhatsAppText(tab, describe(value)));
      result.form.reset();
      onDone(chat.go(link) ? null : link);
    },
  });
  useEffect(() => onPending(result.pending), [result.pending, onPending]);
  return result;
}

const contactLines = (v: { name: string; email: string; phone: string }): [string, string][] => [
  ['name', v.name],
  ['email', v.email],
  ['phone', v.phone],
];

function PackagesInquiryForm(props: TabFormProps) {
  const { options } = props;
  const { form, fields } = useInquiryTabForm('packages', packagesInquirySchema, props, (v) => [
    ...contactLines(v),
    ['destination', options.packages.find((p) => p.id === v.destination)?.title],
    ['date', v.date],
    ['guests', v.guests ? `${v.guests} ${v.guests === '1' ? 'Guest' : 'Guests'}` : undefined],
    ['message', v.message],
  ]);
  return (
    <form {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="type" value="packages" />
      <HoneypotField />
      <ContactFields name={fields.name} email={fields.email} phone={fields.phone} />
      <Field id={fields.destination.id} label="Destination" errors={fields.destination.errors} className="sm:col-span-2">
        {(a11y) => (
          <Select {...a11y} name={fields.destination.name} key={fields.destination.key} defaultValue={str(fields.destination) ?? ''}>
            <option value="">Select a tour package</option>
            {options.packages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <DateField field={fields.date} label="Travel date" />
      <Field id={fields.guests.id} label="Guests" errors={fields.guests.errors}>
        {(a11y) => (
          <Select {...a11y} name={fields.guests.name} key={fields.guests.key} defaultValue={str(fields.guests) ?? '2'}>
            {GUEST_OPTIONS.map((g) => (
              <option key={g} value={g}>
                {g} {g === '1' ? 'Guest' : 'Guests'}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <MessageField field={fields.message} hint="Optional: interests, hotel category, anything we should know" />
      <FormError id={form.errorId} errors={form.errors} className="sm:col-span-2" />
    </form>
  );
}

function CabsInquiryForm(props: TabFormProps) {
  const { options } = props;
  const { form, fields } = useInquiryTabForm('cabs', cabsInquirySchema, props, (v) => [
    ...contactLines(v),
    ['cabType', options.cars.find((c) => c.id === v.cabType)?.model],
    ['pickupLocation', v.pickupLocation],
    ['dropoffLocation', v.dropoffLocation],
    ['date', v.date],
    ['message', v.message],
  ]);
  return (
    <form {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="type" value="cabs" />
      <HoneypotField />
      <ContactFields name={fields.name} email={fields.email} phone={fields.phone} />
      <Field id={fields.cabType.id} label="Cab type" errors={fields.cabType.errors}>
        {(a11y) => (
          <Select {...a11y} name={fields.cabType.name} key={fields.cabType.key} defaultValue={str(fields.cabType) ?? ''}>
            <option value="">Any cab</option>
            {options.cars.map((c) => (
              <option key={c.id} value={c.id}>
                {c.model}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <DateField field={fields.date} label="Date" />
      <Field id={fields.pickupLocation.id} label="Pickup location" errors={fields.pickupLocation.errors} required>
        {(a11y) => (
          <Input {...a11y} name={fields.pickupLocation.name} key={fields.pickupLocation.key} defaultValue={str(fields.pickupLocation)} required maxLength={LIMITS.place} placeholder="e.g. Bagdogra Airport" />
        )}
      </Field>
      <Field id={fields.dropoffLocation.id} label="Drop-off location" errors={fields.dropoffLocation.errors} required>
        {(a11y) => (
          <Input {...a11y} name={fields.dropoffLocation.name} key={fields.dropoffLocation.key} defaultValue={str(fields.dropoffLocation)} required maxLength={LIMITS.place} placeholder="e.g. MG Marg, Gangtok" />
        )}
      </Field>
      <MessageField field={fields.message} hint="Optional: luggage, flight time, return trip" />
      <FormError id={form.errorId} errors={form.errors} className="sm:col-span-2" />
    </form>
  );
}

function RentalsInquiryForm(props: TabFormProps) {
  const { options } = props;
  const { form, fields } = useInquiryTabForm('rentals', rentalsInquirySchema, props, (v) => [
    ...contactLines(v),
    ['bikeType', options.bikes.find((b) => b.id === v.bikeType)?.model],
    ['date', v.date],
    ['rentalDuration', v.rentalDuration === 'custom' ? 'Custom Duration' : v.rentalDuration ? `${v.rentalDuration} ${v.rentalDuration === '1' ? 'Day' : 'Days'}` : undefined],
    ['bikeCount', v.bikeCount],
    ['message', v.message],
  ]);
  return (
    <form {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="type" value="rentals" />
      <HoneypotField />
      <ContactFields name={fields.name} email={fields.email} phone={fields.phone} />
      <Field id={fields.bikeType.id} label="Bike type" errors={fields.bikeType.errors}>
        {(a11y) => (
          <Select {...a11y} name={fields.bikeType.name} key={fields.bikeType.key} defaultValue={str(fields.bikeType) ?? ''}>
            <option value="">Any bike</option>
            {options.bikes.map((b) => (
              <option key={b.id} value={b.id}>
                {b.model}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <DateField field={fields.date} label="Start date" />
      <Field id={fields.rentalDuration.id} label="Rental duration" errors={fields.rentalDuration.errors}>
        {(a11y) => (
          <Select {...a11y} name={fields.rentalDuration.name} key={fields.rentalDuration.key} defaultValue={str(fields.rentalDuration) ?? ''}>
            <option value="">Select duration</option>
            {RENTAL_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {d === 'custom' ? 'Custom Duration' : `${d} ${d === '1' ? 'Day' : 'Days'}`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id={fields.bikeCount.id} label="Number of bikes" errors={fields.bikeCount.errors}>
        {(a11y) => (
          <Input {...a11y} type="number" inputMode="numeric" name={fields.bikeCount.name} key={fields.bikeCount.key} defaultValue={str(fields.bikeCount) ?? '1'} min={1} max={20} />
        )}
      </Field>
      <MessageField field={fields.message} hint="Optional: route, riding experience, pillion" />
      <FormError id={form.errorId} errors={form.errors} className="sm:col-span-2" />
    </form>
  );
}

function WhatsAppContinue({ link, onClose, title }: { link: string; onClose: () => void; title: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center">
      <Icon name="circle-check" className="size-14 text-flag-green" />
      <h3 className="font-display text-2xl font-semibold">{title}</h3>
      <p className="max-w-md text-muted">
        Your inquiry is saved and our team will reply within 24 hours. Your browser blocked the WhatsApp tab; continue the chat here if you like.
      </p>
      <a href={link} target="_blank" rel="noopener noreferrer" className={buttonClass('whatsapp', 'lg')} onClick={onClose}>
        <Icon name="message-circle" className="size-5" />
        Continue on WhatsApp
      </a>
    </div>
  );
}

export function InquiryDialog({ open, onOpenChange, tab, onTabChange, options, whatsappNumber }: InquiryDialogProps) {
  const [pending, setPending] = useState(false);
  const [blockedLink, setBlockedLink] = useState<string | null>(null);
  const onDone = (link: string | null) => {
    if (link) setBlockedLink(link);
    else onOpenChange(false);
  };
  const close = (next: boolean) => {
    if (!next) setBlockedLink(null);
    onOpenChange(next);
  };
  const formProps = { options, whatsappNumber, onPending: setPending, onDone };
  return (
    <Drawer open={open} onOpenChange={close}>
      <DrawerPanel
        title="Plan your trip with us"
        description="Tell us what you have in mind. We reply within 24 hours, and you can continue on WhatsApp."
        footer={
          blockedLink ? null : (
            <SubmitButton form={`inquiry-${tab}`} pending={pending}>
              Send Inquiry
            </SubmitButton>
          )
        }
      >
        {blockedLink ? (
          <WhatsAppContinue link={blockedLink} onClose={() => close(false)} title="Thank you! We'll get back to you soon." />
        ) : (
          <Tabs value={tab} onValueChange={(v) => onTabChange(v as InquiryTab)}>
            <TabsList aria-label="Inquiry type" className="mb-5">
              {(Object.keys(TAB_LABEL) as InquiryTab[]).map((t) => (
                <TabsTrigger key={t} value={t}>
                  {TAB_ICON[t]}
                  {TAB_LABEL[t]}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="packages" forceMount hidden={tab !== 'packages'}>
              <PackagesInquiryForm {...formProps} />
            </TabsContent>
            <TabsContent value="cabs" forceMount hidden={tab !== 'cabs'}>
              <CabsInquiryForm {...formProps} />
            </TabsContent>
            <TabsContent value="rentals" forceMount hidden={tab !== 'rentals'}>
              <RentalsInquiryForm {...formProps} />
            </TabsContent>
          </Tabs>
        )}
      </DrawerPanel>
    </Drawer>
  );
}

// ---------------------------------------------------------------------------------------------
// Global booking dialog

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
            <Field id={f.itemId.id} label="Tour package" errors={f.itemId.errors} required className="sm:col-span-2">
              {(a11y) => (
                <Select {...a11y} name={f.itemId.name} key={f.itemId.key} defaultValue={str(f.itemId) ?? ''} required>
                  <option value="">Select a tour package</option>
                  {options.packages.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.title}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          <ContactFields name={f.name} email={f.email} phone={f.phone} />
          <DateField field={f.startDate} label="Preferred date" />
          <MessageField field={f.message} hint="Optional: group size, hotel category, pickup point" />
          <FormError id={form.errorId} errors={form.errors} className="sm:col-span-2" />
        </form>
      </DrawerPanel>
    </Drawer>
  );
}

// ---------------------------------------------------------------------------------------------
// Bike and car booking form

export function VehicleBookingDialog({ open, onOpenChange, vehicle }: { open: boolean; onOpenChange: (open: boolean) => void; vehicle: BookableVehicle }) {
  const isBike = vehicle.type === 'bike';
  const [extra, setExtra] = useState(isBike); // needHelmet defaults to true, needDriver to false
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
      setExtra(isBike);
      onOpenChange(false);
    },
  });
  const f = fields;
  const rate = formatRupees(vehicle.dailyRate);
  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <DrawerPanel
        title={`Book ${vehicle.model}`}
        description={rate ? `${rate} per day. We confirm availability within 24 hours.` : 'Contact for price. We confirm availability and price within 24 hours.'}
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
          <input type="hidden" name="type" value={vehicle.type} />
          <input type="hidden" name="itemId" value={vehicle.id} />
          <HoneypotField />
          <ContactFields name={f.name} email={f.email} phone={f.phone} />
          <DateField field={f.startDate} label="Start date" />
          <DateField field={f.endDate} label="End date" required={false} />
          <div className="sm:col-span-2">
            <input type="hidden" name={isBike ? 'needHelmet' : 'needDriver'} value={extra ? 'true' : 'false'} />
            <Checkbox
              label={isBike ? 'I need a helmet (complimentary)' : 'I need a driver (additional charges apply)'}
              checked={extra}
              onChange={(e) => setExtra(e.currentTarget.checked)}
            />
          </div>
          <MessageField field={f.message} hint="Any special requirements or pickup preferences" />
          <FormError id={form.errorId} errors={form.errors} className="sm:col-span-2" />
        </form>
      </DrawerPanel>
    </Drawer>
  );
}
