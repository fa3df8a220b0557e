/**
 * What the traveller (or staff) give for the tax invoice, and a credit note staff issue
 * (docs/decisions/047-invoices-gst.md#invoice-details and #credit-notes).
 *
 * Invoice details: the state of the traveller's address (a GST state code, '' when not given: the
 * place of supply is then the operator's state), the postal address printed on the invoice, and a
 * GSTIN for a registered business (its state then is the place of supply, and must be the state
 * chosen when one is). Forms post `stateCode`, `address`, `gstin`; the API takes the same names
 * (snake_case too, like every API body). Credit notes: an amount (rupee text in forms, integer
 * paise in the API) and a reason. Every message names its field. Client-safe.
 */
import { z } from 'zod';
import { validateGstin } from '~/lib/gst/gstin';
import { formatStateWithCode, gstStateByCode } from '~/lib/gst/states';
import { MAX_AMOUNT_PAISE } from '~/lib/constants';
import { rupeeTextToPaise } from './money';

export const INVOICE_ADDRESS_MAX = 300;
export const CREDIT_NOTE_REASON_MAX = 200;

/** The traveller's invoice details: `stateCode` '' or a GST state code in use, `address` ≤ 300 characters, `gstin` '' or valid. */
export const invoiceDetailsSchema = z
  .object({
    stateCode: z
      .string({ error: 'Choose a state' })
      .trim()
      .default('')
      .refine((code) => code === '' || gstStateByCode(code) !== undefined, 'Choose a state from the list'),
    address: z.string({ error: 'Enter an address' }).trim().max(INVOICE_ADDRESS_MAX, `At most ${INVOICE_ADDRESS_MAX} characters`).default(''),
    gstin: z
      .string({ error: 'Enter a GSTIN' })
      .trim()
      .toUpperCase()
      .default('')
      .superRefine((gstin, ctx) => {
        if (gstin === '') return;
        const checked = validateGstin(gstin);
        if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
      }),
  })
  .superRefine((value, ctx) => {
    if (value.gstin === '' || value.stateCode === '') return;
    const checked = validateGstin(value.gstin);
    if (checked.ok && checked.stateCode !== value.stateCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: `This GSTIN is registered in ${formatStateWithCode(checked.stateCode)}, not ${formatStateWithCode(value.stateCode)}: choose that state or check the GSTIN`,
      });
    }
  });

export type InvoiceDetails = z.infer<typeof invoiceDetailsSchema>;

const reason = z
  .string({ error: 'Say why the credit note is issued' })
  .trim()
  .min(1, 'Say why the credit note is issued')
  .max(CREDIT_NOTE_REASON_MAX, `At most ${CREDIT_NOTE_REASON_MAX} characters`);

/** The money panel's credit note form: `amount` in rupee text, `reason`. */
export const creditNoteFormSchema = z.object({ amount: rupeeTextToPaise, reason });

/** The API's credit note: `amountPaise` (integer paise, ≥ 1), `reason`. */
export const creditNoteApiSchema = z.object({
  amountPaise: z
    .number({ error: 'amountPaise must be a whole number of paise' })
    .int('amountPaise must be a whole number of paise')
    .min(1, 'Enter an amount above zero')
    .max(MAX_AMOUNT_PAISE, 'At most ₹1,00,00,000 (₹1 crore)'),
  reason,
});

export type CreditNoteInput = { amountPaise: number; reason: string };
