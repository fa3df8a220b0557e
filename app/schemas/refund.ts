/**
 * A refund decision as the API and the booking page send it
 * (docs/decisions/046-payments.md#cancellation-and-refunds): whether it cancels the booking, the
 * amount in paise (0 only when cancelling with nothing back), how the money goes back, the reason
 * (required when the amount differs from the policy's, and for a refund without cancelling), the
 * reference of a refund made by hand and, online, the Razorpay payment refunded. The rules that need
 * the booking (at most what was paid, the reason, the payment) are app/models/refunds.server.ts's.
 */
import { z } from 'zod';
import { MAX_AMOUNT_PAISE, REFUND_METHODS } from '~/lib/constants';
import { parsePaise } from '~/lib/money';

const AMOUNT = 'Give the amount as a whole number of paise';

/** The fields of POST /api/bookings/:id/refunds. */
export const REFUND_REQUEST_FIELDS = ['cancel', 'amountPaise', 'method', 'reason', 'reference', 'razorpayPaymentId'] as const;

/** The JSON body of POST /api/bookings/:id/refunds (the route refuses unknown fields by name first). */
export const refundRequestSchema = z
  .object({
    cancel: z.boolean({ error: 'true to cancel the booking with this refund, false for a refund alone' }).default(false),
    amountPaise: z
      .number({ error: AMOUNT })
      .int(`${AMOUNT} (no fractions of a paisa)`)
      .min(0, 'The amount cannot be negative')
      .max(MAX_AMOUNT_PAISE, 'At most ₹1,00,00,000 (₹1 crore)'),
    method: z.enum(REFUND_METHODS, { error: `One of ${REFUND_METHODS.join(', ')}` }).nullish(),
    reason: z.string().trim().max(500, 'At most 500 characters').default(''),
    reference: z.string().trim().max(200, 'At most 200 characters').default(''),
    razorpayPaymentId: z
      .string()
      .trim()
      .regex(/^pay_[A-Za-z0-9]{1,40}$/, "A Razorpay payment id, like 'pay_29QQoUBi66xm2f'")
      .nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.amountPaise === 0 && !value.cancel) ctx.addIssue({ code: 'custom', path: ['amountPaise'], message: 'The amount must be above zero' });
  });

export type RefundRequest = z.infer<typeof refundRequestSchema>;

/**
 * The booking page's form: the amount as rupee text ('1,250.50'), the rest as text. `amount` may be
 * 0 (cancelling with nothing back); the fields are named like the API's.
 */
export const refundFormSchema = z.object({
  cancel: z.enum(['true', 'false']).transform((v) => v === 'true'),
  amount: z
    .string()
    .trim()
    .min(1, 'Enter an amount (0 for no refund)')
    .transform((text, ctx) => {
      const paise = /^-/.test(text) || /\.\d{3,}$/.test(text) ? null : parsePaise(text);
      if (paise === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter an amount in rupees, like 1,250 or 1250.50' });
        return z.NEVER;
      }
      return paise;
    })
    .pipe(z.number().int().min(0).max(MAX_AMOUNT_PAISE, 'At most ₹1,00,00,000 (₹1 crore)')),
  method: z.enum(REFUND_METHODS).optional(),
  reason: z.string().trim().max(500, 'At most 500 characters').default(''),
  reference: z.string().trim().max(200, 'At most 200 characters').default(''),
  razorpayPaymentId: z.string().trim().max(60).optional(),
});
