/**
 * What the money panel's forms on /admin/bookings/:id do (docs/decisions/046-payments.md); what it
 * shows is `loadMoneyPanel` (app/models/booking-money.server.ts). Forms post `intent` =
 * 'quote' | 'payment-request' | 'payment' | 'reverse' | 'rotate-link'.
 *
 * - Saving the quote, recording a payment and reversing an entry end in a redirect with a toast
 *   ('Booking confirmed' when the advance confirmed the booking; the clash when it could not).
 * - A payment request and a rotated link answer with data, not a redirect: the link's token exists
 *   only at creation, so the page shows the new link (and the WhatsApp link) in the action's result.
 * - The quote form's 'Add line' / 'Remove' buttons (`quoteRows` = 'add' | 'remove:<index>') re-render
 *   the form with one row more or less, nothing saved: the editor works without JavaScript.
 * - A refused field answers 400 with `{ money: { form, errors, values } }`; errors are keyed by the
 *   form's field names and name the field in words ("Line 2's price: ...").
 *
 * Both roles may do all of it (app/lib/permissions.ts lists only what some roles may not do): it is
 * the daily work of bookings, every step is audited, and a reversal or a rotated link destroys nothing.
 */
import { data } from 'react-router';
import { DomainError } from '~/lib/errors.server';
import { logger } from '~/lib/logger.server';
import { redirectWithToast } from '~/lib/toast.server';
import { BLANK_ROW, rotateBookingLink, sendPaymentRequest, type MoneyResult } from '~/models/booking-money.server';
import { getBooking } from '~/models/booking.server';
import { recordManualPayment, reverseLedgerEntry, saveQuote } from '~/models/payments.server';
import type { AuditActor } from '~/models/audit.server';
import { manualPaymentFormSchema, parseQuoteForm, QUOTE_MAX_LINES, quoteDraftOf } from '~/schemas/money';

export const MONEY_INTENTS = ['quote', 'payment-request', 'payment', 'reverse', 'rotate-link'] as const;
export type MoneyIntent = (typeof MONEY_INTENTS)[number];

export function isMoneyIntent(value: unknown): value is MoneyIntent {
  return typeof value === 'string' && (MONEY_INTENTS as readonly string[]).includes(value);
}

const answer = (money: MoneyResult, status = 200) => data({ money }, { status });

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

/** Map a model error's field ('amountPaise', 'advancePaise', 'lines') to the form's field. */
function formErrors(error: DomainError, fieldMap: Record<string, string>, fallback: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[fieldMap[issue.path] ?? fallback] ??= issue.message;
  if (Object.keys(errors).length === 0) errors[fallback] = error.message;
  return errors;
}

/**
 * Handle one money form of booking `booking.id` (see the module comment). Returns the Response (a
 * redirect with a toast) or the data the page shows. Unexpected errors are logged and answered with
 * a generic error toast.
 */
export async function handleMoneyIntent(intent: MoneyIntent, form: FormData, bookingId: string, actor: AuditActor, here: string) {
  try {
    switch (intent) {
      case 'quote':
        return await quoteIntent(form, bookingId, actor, here);
      case 'payment-request': {
        try {
          const sent = await sendPaymentRequest(bookingId, actor);
          const booking = await getBooking(bookingId);
          return answer({
            form: 'payment-request',
            errors: {},
            sent: {
              kind: sent.request.kind,
              amountPaise: sent.request.amountPaise,
              dueOn: sent.request.dueOn,
              to: booking?.email ?? '',
              pageUrl: sent.pageUrl,
              whatsappUrl: sent.whatsappUrl,
            },
          });
        } catch (error) {
          if (error instanceof DomainError && !isNotFound(error)) return answer({ form: 'payment-request', errors: { request: error.message } }, 409);
          throw error;
        }
      }
      case 'payment':
        return await paymentIntent(form, bookingId, actor, here);
      case 'reverse': {
        const entryId = text(form, 'entryId');
        const reason = text(form, 'reason');
        try {
          await reverseLedgerEntry(bookingId, entryId, reason, actor);
        } catch (error) {
          if (error instanceof DomainError && !(isNotFound(error) && error.message === 'Booking not found')) {
            return answer({ form: 'reverse', entryId, values: { reason }, errors: formErrors(error, { reason: 'reason' }, 'reason') }, 400);
          }
          throw error;
        }
        return redirectWithToast(here, { type: 'success', title: 'Entry reversed' });
      }
      case 'rotate-link': {
        const rotated = await rotateBookingLink(bookingId, actor);
        return answer({ form: 'rotate-link', url: rotated.url, revoked: rotated.revoked });
      }
    }
  } catch (error) {
    if (isNotFound(error)) return redirectWithToast('/admin/bookings', { type: 'error', title: 'Booking not found' });
    if (error instanceof DomainError) return redirectWithToast(here, { type: 'error', title: error.message });
    logger.error({ err: error, event: 'booking_money_failed', id: bookingId, intent }, 'money change failed');
    return redirectWithToast(here, { type: 'error', title: 'An error occurred. Please try again.' });
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof DomainError && error.name === 'NotFound';
}

async function quoteIntent(form: FormData, bookingId: string, actor: AuditActor, here: string) {
  const values = quoteDraftOf(form);
  const rows = text(form, 'quoteRows');
  if (rows === 'add') {
    const more = values.rows.length < QUOTE_MAX_LINES ? [...values.rows, BLANK_ROW] : values.rows;
    return answer({ form: 'quote', values: { ...values, rows: more }, errors: {} });
  }
  if (rows.startsWith('remove:')) {
    const index = Number(rows.slice('remove:'.length));
    const fewer = values.rows.filter((_, i) => i !== index);
    return answer({ form: 'quote', values: { ...values, rows: fewer.length > 0 ? fewer : [BLANK_ROW] }, errors: {} });
  }
  const parsed = parseQuoteForm(values);
  if (!parsed.ok) return answer({ form: 'quote', values, errors: parsed.errors }, 400);
  try {
    await saveQuote(bookingId, parsed.input, actor);
  } catch (error) {
    if (error instanceof DomainError && error.name === 'InvalidMoneyChange') {
      return answer(
        { form: 'quote', values, errors: formErrors(error, { lines: 'lines', advancePaise: 'advance', balanceDueOn: 'balanceDueOn' }, 'lines') },
        400,
      );
    }
    throw error;
  }
  return redirectWithToast(here, { type: 'success', title: 'Quote saved' });
}

async function paymentIntent(form: FormData, bookingId: string, actor: AuditActor, here: string) {
  const values = {
    amount: text(form, 'amount'),
    method: text(form, 'method'),
    receivedOn: text(form, 'receivedOn'),
    reference: text(form, 'reference'),
    note: text(form, 'note'),
  };
  const parsed = manualPaymentFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'amount')] ??= issue.message;
    return answer({ form: 'payment', values, errors }, 400);
  }
  const { amount, ...rest } = parsed.data;
  let outcome;
  try {
    outcome = await recordManualPayment(bookingId, { amountPaise: amount, ...rest }, actor);
  } catch (error) {
    if (error instanceof DomainError && !isNotFound(error)) {
      return answer({ form: 'payment', values, errors: formErrors(error, { amountPaise: 'amount' }, 'amount') }, error.name === 'Conflict' ? 409 : 400);
    }
    throw error;
  }
  if (outcome.confirmed)
    return redirectWithToast(here, { type: 'success', title: 'Booking confirmed', description: 'The advance is in: payment recorded and the traveller told.' });
  if (outcome.clash) return redirectWithToast(here, { type: 'error', title: 'Paid but clashing: not confirmed', description: outcome.clash.slice(0, 500) });
  return redirectWithToast(here, { type: 'success', title: 'Payment recorded' });
}
