/**
 * How the accounts page and its CSVs name a rate, a place of supply and a payment method. Client-safe.
 */
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '~/lib/constants';
import { formatStateWithCode, gstStateByCode } from '~/lib/gst/states';

/** 'West Bengal (19)'; the bare code should one ever be unknown; '' for none (a receipt). */
export function placeLabel(code: string | null): string {
  if (!code) return '';
  return gstStateByCode(code) ? formatStateWithCode(code) : code;
}

/** A rate in basis points as a percentage without trailing zeros: 500 → '5', 250 → '2.5', 25 → '0.25'; '' for none. */
export function ratePercent(basisPoints: number | null): string {
  if (basisPoints === null) return '';
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** '5 %', as the invoices print a rate. */
export const rateLabel = (basisPoints: number) => `${ratePercent(basisPoints)} %`;

/** 'UPI', 'Online (Razorpay)', …; the stored value should one ever be unknown. */
export const methodLabel = (method: string) => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;
