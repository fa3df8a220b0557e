/**
 * The tax documents part of the money panel on /admin/bookings/:id, its forms
 * (docs/decisions/047-invoices-gst.md#downloads); what it shows is `loadMoneyPanel().taxDocuments`
 * (app/models/booking-money.server.ts). Forms post `intent` = 'invoice' | 'credit-note' |
 * 'invoice-details', and answer like the panel's other forms (money-actions.server.ts): a redirect
 * back with a toast when done, else the action's data under `money` (`MoneyResult`):
 *
 * - 'invoice' ('Issue tax invoice'): `issueInvoice`; its refusal (no GSTIN, not paid in full, a
 *   current invoice already, a cancelled booking) answers 409 with the model's message in
 *   `errors.invoice`, shown in the panel.
 * - 'credit-note' (`amount` in rupees, `reason`): `issueCreditNote` against the current invoice; a
 *   field the schema refuses, or an amount above what is left of the invoice, answers 400 with the
 *   message under its field and the typed values kept; no invoice to credit, 409 in `errors.creditNote`.
 * - 'invoice-details' (`stateCode`, `address`, `gstin`): `saveInvoiceDetails`, checked by
 *   `invoiceDetailsSchema`; 400 naming each field, values kept.
 *
 * Both roles may do all of it, as with the rest of the money panel: every document is audited and a
 * mistake is corrected by a credit note, never by editing.
 */
import { data } from 'react-router';
import { DomainError } from '~/lib/errors.server';
import { logger } from '~/lib/logger.server';
import { formatPaise } from '~/lib/money';
import { redirectWithToast } from '~/lib/toast.server';
import type { AuditActor } from '~/models/audit.server';
import type { MoneyResult } from '~/models/booking-money.server';
import { issueCreditNote, issueInvoice, saveInvoiceDetails } from '~/models/invoices.server';
import { creditNoteFormSchema, invoiceDetailsSchema } from '~/schemas/invoice';

export const DOCUMENT_INTENTS = ['invoice', 'credit-note', 'invoice-details'] as const;
export type DocumentIntent = (typeof DOCUMENT_INTENTS)[number];

export function isDocumentIntent(value: unknown): value is DocumentIntent {
  return typeof value === 'string' && (DOCUMENT_INTENTS as readonly string[]).includes(value);
}

const answer = (money: MoneyResult, status: number) => data({ money }, { status });

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

/** zod's issues keyed by the form's field name, the first message of each. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[], fallback: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? fallback)] ??= issue.message;
  return errors;
}

const isNamed = (error: unknown, name: string): error is DomainError => error instanceof DomainError && error.name === name;

/**
 * Handle one tax documents form of booking `bookingId` (see the module comment). Returns a redirect
 * with a toast or the data the panel shows; an unknown booking goes back to the list, an unexpected
 * error is logged and answered with a generic error toast.
 */
export async function handleDocumentIntent(intent: DocumentIntent, form: FormData, bookingId: string, actor: AuditActor, here: string) {
  try {
    switch (intent) {
      case 'invoice': {
        try {
          const invoice = await issueInvoice(bookingId, actor);
          return redirectWithToast(here, {
            type: 'success',
            title: `Tax invoice ${invoice.number} issued`,
            description: `${formatPaise(invoice.totalPaise)}, tax included.`,
          });
        } catch (error) {
          if (isNamed(error, 'Conflict')) return answer({ form: 'invoice', errors: { invoice: error.message } }, 409);
          throw error;
        }
      }
      case 'credit-note': {
        const values = { amount: text(form, 'amount'), reason: text(form, 'reason') };
        const parsed = creditNoteFormSchema.safeParse(values);
        if (!parsed.success) return answer({ form: 'credit-note', values, errors: fieldErrors(parsed.error.issues, 'amount') }, 400);
        try {
          const note = await issueCreditNote(bookingId, { amountPaise: parsed.data.amount, reason: parsed.data.reason }, actor);
          return redirectWithToast(here, {
            type: 'success',
            title: `Credit note ${note.number} issued`,
            description: `${formatPaise(note.totalPaise)}, tax included.`,
          });
        } catch (error) {
          if (isNamed(error, 'InvalidMoneyChange')) return answer({ form: 'credit-note', values, errors: { amount: error.message } }, 400);
          if (isNamed(error, 'Conflict')) return answer({ form: 'credit-note', values, errors: { creditNote: error.message } }, 409);
          throw error;
        }
      }
      case 'invoice-details': {
        const values = { stateCode: text(form, 'stateCode'), address: text(form, 'address'), gstin: text(form, 'gstin') };
        const parsed = invoiceDetailsSchema.safeParse(values);
        if (!parsed.success) return answer({ form: 'invoice-details', values, errors: fieldErrors(parsed.error.issues, 'gstin') }, 400);
        await saveInvoiceDetails(bookingId, parsed.data, actor);
        return redirectWithToast(here, { type: 'success', title: 'Invoice details saved' });
      }
    }
  } catch (error) {
    if (isNamed(error, 'NotFound')) return redirectWithToast('/admin/bookings', { type: 'error', title: 'Booking not found' });
    if (error instanceof DomainError) return redirectWithToast(here, { type: 'error', title: error.message });
    logger.error({ err: error, event: 'booking_document_failed', id: bookingId, intent }, 'tax document change failed');
    return redirectWithToast(here, { type: 'error', title: 'An error occurred. Please try again.' });
  }
}
