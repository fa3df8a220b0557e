/**
 * The inquiry dialog with its three tabs (packages, cabs, rentals; docs/product.md#forms-and-validation):
 * each tab's form validates with its zod schema, POSTs to /api/inquiries, then hands off to WhatsApp.
 */
import { getFormProps } from '@conform-to/react';
import { useEffect, useState } from 'react';
import { toast } from '~/components/ui/toast';
import type { output } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { Drawer, DrawerPanel } from '~/components/ui/drawer';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { whatsappLink } from '~/lib/whatsapp';
import { cabsInquirySchema, packagesInquirySchema, rentalsInquirySchema } from '~/schemas/inquiry';
import type { DialogOptions, InquiryTab } from '../site-dialogs';
import { INQUIRY_TABS, InquiryTabFields, inquiryWhatsAppFields, TAB_ICON, TAB_LABEL, type InquiryFieldSet } from './inquiry-fields';
import { inquiryWhatsAppText } from './inquiry-whatsapp';
import { useSubmissionForm } from './use-submission-form';
import { SubmitButton, useWhatsAppTab, WhatsAppContinue } from './dialog-shared';

const INQUIRY_SCHEMAS = { packages: packagesInquirySchema, cabs: cabsInquirySchema, rentals: rentalsInquirySchema } as const;

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
