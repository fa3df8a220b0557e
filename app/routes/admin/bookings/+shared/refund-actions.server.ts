/**
 * The booking page's 'Cancel or refund' panel, server side (docs/decisions/046-payments.md#cancellation-and-refunds):
 * its data (`loadRefundPanel`) and its form (`intent` = 'refund', `handleRefundIntent`), which
 * decides through `decideAndSendRefund` and answers with a redirect and a toast ('Booking cancelled;
 * ₹1,500.00 refunded by UPI'), or 400 `{ refund: RefundFormFailure }` naming the fields at fault. The
 * component is app/components/admin/booking-refund-panel.tsx.
 */
import { data } from 'react-router';
import type { RefundFormFailure, RefundPanelData } from '~/components/admin/booking-refund-panel';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '~/lib/constants';
import { DomainError } from '~/lib/errors.server';
import { formatDate, formatDateTime } from '~/lib/format';
import { logger } from '~/lib/logger.server';
import { formatPaise, paiseInputText } from '~/lib/money';
import { redirectWithToast } from '~/lib/toast.server';
import { refundTerms } from '~/models/refunds.server';
import { refundFormSchema } from '~/schemas/refund';
import { auditActor, type AdminAuth } from '~/services/admin-guard.server';
import { decideAndSendRefund } from '~/services/refunds.server';

const methodLabel = (method: string) => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;

/** The panel's data for booking `bookingId` (the policy's refund as of now, in India). */
export async function loadRefundPanel(bookingId: string): Promise<RefundPanelData> {
  const terms = await refundTerms(bookingId);
  return {
    canCancel: terms.status === 'pending' || terms.status === 'confirmed',
    paid: formatPaise(terms.paidPaise),
    paidPaise: terms.paidPaise,
    refundable: formatPaise(terms.refundablePaise),
    refundablePaise: terms.refundablePaise,
    policyLines: terms.policyLines,
    policySource: terms.policySource,
    refundPercent: terms.refundPercent,
    computed: formatPaise(terms.computedPaise),
    amountText: paiseInputText(terms.computedPaise),
    onlinePayments: terms.onlinePayments
      .filter((p) => p.refundablePaise > 0)
      .map((p) => ({
        razorpayPaymentId: p.razorpayPaymentId,
        label: `${p.razorpayPaymentId}: ${formatPaise(p.amountPaise)} of ${formatDate(p.receivedOn)} (${formatPaise(p.refundablePaise)} refundable)`,
      })),
    refunds: terms.refunds
      .slice()
      .reverse()
      .map((r) => ({
        id: r.id,
        amount: formatPaise(r.amountPaise),
        method: methodLabel(r.method),
        status: r.status as RefundPanelData['refunds'][number]['status'],
        detail: [
          formatDateTime(r.createdAt),
          r.computedPaise !== null ? `cancellation (policy ${formatPaise(r.computedPaise)})` : 'refund alone',
          r.reason || null,
          r.failureReason ? `failed: ${r.failureReason}` : null,
        ]
          .filter(Boolean)
          .join(' · '),
      })),
  };
}

const FORM_FIELDS = ['cancel', 'amount', 'method', 'reason', 'reference', 'razorpayPaymentId'] as const;

/** Handle the panel's form for booking `id`; `back` is the booking page. Never throws a domain error. */
export async function handleRefundIntent(
  request: Request,
  auth: AdminAuth,
  form: FormData,
  id: string,
  back: string,
): Promise<Response | ReturnType<typeof data>> {
  const values = Object.fromEntries(FORM_FIELDS.map((name) => [name, typeof form.get(name) === 'string' ? String(form.get(name)) : '']));
  const refuse = (message: string, fields: Record<string, string>) =>
    data({ refund: { message, fields, values } satisfies RefundFormFailure }, { status: 400 });
  const parsed = refundFormSchema.safeParse({ ...values, method: values.method || undefined, razorpayPaymentId: values.razorpayPaymentId || undefined });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '');
      const field = name === 'amount' ? 'amountPaise' : name;
      fields[field] ??= issue.message;
    }
    return refuse('Check the refund: ' + Object.values(fields)[0], fields);
  }
  const input = parsed.data;
  const online = input.method === 'razorpay';
  try {
    const result = await decideAndSendRefund(
      id,
      {
        cancel: input.cancel,
        amountPaise: input.amount,
        method: input.amount > 0 ? (input.method ?? null) : null,
        reason: input.reason,
        reference: online ? '' : input.reference,
        razorpayPaymentId: online ? (input.razorpayPaymentId ?? null) : null,
      },
      auditActor(auth, request),
    );
    const refund = result.refund;
    const what = refund
      ? `${formatPaise(refund.amountPaise)} ${refund.status === 'processed' ? 'refunded' : 'refund sent'} by ${methodLabel(refund.method)}`
      : 'nothing refunded';
    if (result.sendError) {
      return redirectWithToast(back, {
        type: 'error',
        title: `${result.cancelled ? 'Booking cancelled, but the' : 'The'} online refund was not made: ${result.sendError}`,
      });
    }
    return redirectWithToast(back, { type: 'success', title: result.cancelled ? `Booking cancelled; ${what}` : `Refund recorded: ${what}` });
  } catch (error) {
    if (error instanceof DomainError) {
      const fields: Record<string, string> = {};
      for (const issue of error.issues) fields[issue.path] ??= issue.message;
      if (error.issues.length === 0 || fields.status) return redirectWithToast(back, { type: 'error', title: error.message });
      return refuse(error.message, fields);
    }
    logger.error({ err: error, event: 'booking_refund_failed', id }, 'refund decision failed');
    return redirectWithToast(back, { type: 'error', title: 'An error occurred. Please try again.' });
  }
}
