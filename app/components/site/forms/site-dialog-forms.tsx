/**
 * The dialogs behind `useSiteDialogs()` (docs/product.md#forms-and-validation,
 * docs/decisions/003-visitor-submissions-stored.md): the inquiry dialog with its three tabs, the
 * global booking dialog and the bike/car booking form. Loaded on demand by site-dialogs.tsx. Every
 * form validates with the shared zod schema (Conform) and POSTs to the public API, which validates
 * again and stores the record before success is shown.
 */
import { getFormProps } from '@conform-to/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon } from '~/components/ui/icon';
import { toast } from '~/components/ui/toast';
import type { output } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { Button, buttonClass } from '~/components/ui/button';
import { Drawer, DrawerPanel } from '~/components/ui/drawer';
import { FormError } from '~/components/ui/form-error';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { formatRupees } from '~/lib/format';
import { whatsappLink } from '~/lib/whatsapp';
import { bikeBookingSchema, bookingInputSchema, carBookingSchema } from '~/schemas/booking';
import { cabsInquirySchema, packagesInquirySchema, rentalsInquirySchema } from '~/schemas/inquiry';
import type { BookableItem, BookableVehicle, DialogOptions, InquiryTab } from '../site-dialogs';
import { DateField, MessageField, PackageField } from './common-fields';
import { ContactFields } from './contact-fields';
import { HoneypotField } from './honeypot-field';
import { INQUIRY_TABS, InquiryTabFields, inquiryWhatsAppFields, TAB_ICON, TAB_LABEL, type InquiryFieldSet } from './inquiry-fields';
import { inquiryWhatsAppText } from './inquiry-whatsapp';
import { useSubmissionForm } from './use-submission-form';
import { VehicleBookingFields, type VehicleBookingFieldSet } from './vehicle-booking-fields';

const INQUIRY_SCHEMAS = { packages: packagesInquirySchema, cabs: cabsInquirySchema, rentals: rentalsInquirySchema } as const;

function SubmitButton({ form, pending, children, disabled }: { form: string; pending: boolean; children: ReactNode; disabled?: boolean }) {
  return (
    <Button type="submit" form={form} size="lg" className="w-full" disabled={pending || disabled} aria-disabled={pending || disabled}>
      {pending ? 'Sending…' : children}
    </Button>
  );
}

// ---------------------------------------------------------------------------------------------
// Inquiry dialog

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

/** One tab's form: the shared fields, sent to POST /api/inquiries, then the WhatsApp hand-off. */
function InquiryTabForm({ tab, options, ...props }: TabFormProps & { tab: InquiryTab }) {
  const { form, fields } = useInquiryTabForm(tab, INQUIRY_SCHEMAS[tab], { options, ...props }, (value) => inquiryWhatsAppFields(tab, value, options));
  return (
    <form {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <InquiryTabFields tab={tab} fields={fields as unknown as InquiryFieldSet} formErrorId={form.errorId} formErrors={form.errors} options={options} />
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
              {INQUIRY_TABS.map((t) => (
                <TabsTrigger key={t} value={t}>
                  {TAB_ICON[t]}
                  {TAB_LABEL[t]}
                </TabsTrigger>
              ))}
            </TabsList>
            {INQUIRY_TABS.map((t) => (
              <TabsContent key={t} value={t} forceMount hidden={tab !== t}>
                <InquiryTabForm tab={t} {...formProps} />
              </TabsContent>
            ))}
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
            <PackageField field={f.itemId} label="Tour package" packages={options.packages} required />
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
          <VehicleBookingFields vehicle={vehicle} fields={fields as unknown as VehicleBookingFieldSet} formErrorId={form.errorId} formErrors={form.errors} />
        </form>
      </DrawerPanel>
    </Drawer>
  );
}
