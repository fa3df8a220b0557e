/**
 * The booking page's 'Cancel or refund' panel (docs/decisions/046-payments.md#cancellation-and-refunds):
 * what was paid, the cancellation policy that applies (the booking's own copy, or today's settings
 * for a booking older than payments), the refund it gives today, and one form to decide: the amount
 * (the policy's refund to start with; another one needs a reason, never more than was paid), how it
 * goes back (UPI, bank transfer or cash with a reference, or online against a Razorpay payment when
 * money was paid online), and either **Cancel booking** (final: cancels it with this refund; 0 =
 * nothing back) or **Refund** (a refund alone: goodwill, or a second refund). Below, the refunds
 * decided so far and their state.
 *
 * CONTRACT: the form posts `intent` = 'refund' with `cancel` ('true' | 'false', the button pressed),
 * `amount` (rupee text), `method`, `reason`, `reference`, `razorpayPaymentId` to `action`, whose
 * answer is a redirect with a toast, or `{ refund: RefundFormFailure }` (400) whose messages show
 * under the fields they name, with what was typed kept. A plain `<Form method="post">`: works
 * without JavaScript.
 */
import { Ban, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field, Input, Select, Textarea } from '~/components/ui/field';
import { StatusPill } from '~/components/ui/status-pill';

/** What the panel shows; amounts already formatted ('₹1,500.00'), `amountText` as the input starts. */
export type RefundPanelData = {
  canCancel: boolean;
  paid: string;
  paidPaise: number;
  refundable: string;
  refundablePaise: number;
  policyLines: string[];
  /** 'booking': the policy it was sold under; 'settings': today's (booking older than payments). */
  policySource: 'booking' | 'settings';
  refundPercent: number;
  computed: string;
  amountText: string;
  onlinePayments: { razorpayPaymentId: string; label: string }[];
  refunds: { id: string; amount: string; method: string; status: 'pending' | 'processed' | 'failed'; detail: string }[];
};

/** A refused decision: the message per field, and what was typed. */
export type RefundFormFailure = { message: string; fields: Record<string, string>; values: Record<string, string> };

const METHOD_OPTIONS = [
  { value: 'upi', label: 'UPI' },
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'cash', label: 'Cash' },
] as const;

const STATUS_TONE = { pending: 'pending', processed: 'ok', failed: 'bad' } as const;
const STATUS_LABEL = { pending: 'Pending', processed: 'Refunded', failed: 'Failed' } as const;

function failureOf(actionData: unknown): RefundFormFailure | null {
  if (!actionData || typeof actionData !== 'object' || !('refund' in actionData)) return null;
  const candidate = (actionData as { refund: unknown }).refund;
  if (!candidate || typeof candidate !== 'object' || !('fields' in candidate)) return null;
  return candidate as RefundFormFailure;
}

export function BookingRefundPanel({ data, action }: { data: RefundPanelData; action: string }) {
  const uid = useId();
  const failure = failureOf(useActionData());
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'refund';
  const value = (name: string, fallback = '') => failure?.values[name] ?? fallback;
  const errors = (name: string) => (failure?.fields[name] ? [failure.fields[name]!] : undefined);
  const canRefund = data.refundablePaise > 0;
  const heading = `${uid}-heading`;

  return (
    <section aria-labelledby={heading} data-refund-panel className="card p-5 shadow-sm">
      <h2 id={heading} className="flex items-center gap-2 font-sans text-lg font-semibold text-ink">
        <RotateCcw className="size-5 text-forest-700" aria-hidden />
        {data.canCancel ? 'Cancel or refund' : 'Refunds'}
      </h2>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold tracking-[0.06em] text-muted uppercase">Paid</dt>
          <dd className="mt-1 text-ink" data-paid>
            {data.paid}
            {data.refundablePaise !== data.paidPaise ? <span className="block text-muted">{data.refundable} can still be refunded</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-[0.06em] text-muted uppercase">Policy refund today</dt>
          <dd className="mt-1 text-ink" data-computed>
            {data.computed} ({data.refundPercent}%)
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs font-semibold tracking-[0.06em] text-muted uppercase">
            {data.policySource === 'booking' ? 'Cancellation policy it was booked under' : "Cancellation policy (today's settings)"}
          </dt>
          <dd className="mt-1 text-ink">
            <ul className="list-disc pl-5">
              {data.policyLines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>

      {data.canCancel || canRefund ? (
        <Form method="post" action={action} className="mt-4 flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value="refund" />
          {failure ? (
            <p role="alert" className="rounded-lg bg-[#fbeae8] px-3 py-2 text-sm font-medium text-[#8f2a1f]">
              {failure.message}
            </p>
          ) : null}
          <Field
            id={`${uid}-amount`}
            label="Refund amount (₹)"
            errors={errors('amountPaise')}
            hint={`The policy gives ${data.computed}. Another amount needs a reason; at most ${data.refundable}.`}
          >
            {(p) => <Input {...p} name="amount" inputMode="decimal" autoComplete="off" defaultValue={value('amount', data.amountText)} />}
          </Field>
          <Field
            id={`${uid}-reason`}
            label="Reason"
            errors={errors('reason')}
            hint="Required when the amount differs from the policy's, and for a refund alone."
          >
            {(p) => <Textarea {...p} name="reason" rows={2} className="min-h-16" maxLength={500} defaultValue={value('reason')} />}
          </Field>
          <Field id={`${uid}-method`} label="Refund by" errors={errors('method')}>
            {(p) => (
              <Select {...p} name="method" defaultValue={value('method', 'upi')}>
                {METHOD_OPTIONS.map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.label}
                  </option>
                ))}
                {data.onlinePayments.length > 0 ? <option value="razorpay">Online (Razorpay), to the payment below</option> : null}
              </Select>
            )}
          </Field>
          {data.onlinePayments.length > 0 ? (
            <Field id={`${uid}-payment`} label="Online payment to refund" errors={errors('razorpayPaymentId')} hint="Only for Refund by: Online.">
              {(p) => (
                <Select {...p} name="razorpayPaymentId" defaultValue={value('razorpayPaymentId', data.onlinePayments[0]!.razorpayPaymentId)}>
                  {data.onlinePayments.map((o) => (
                    <option key={o.razorpayPaymentId} value={o.razorpayPaymentId}>
                      {o.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ) : null}
          <Field
            id={`${uid}-reference`}
            label="Reference"
            errors={errors('reference')}
            hint="The UPI or bank transfer reference of the refund (not needed for cash or online)."
          >
            {(p) => <Input {...p} name="reference" autoComplete="off" maxLength={200} defaultValue={value('reference')} />}
          </Field>
          <div className="flex flex-wrap gap-2">
            {data.canCancel ? (
              <Button type="submit" name="cancel" value="true" variant="danger" disabled={busy}>
                <Ban className="size-4" aria-hidden />
                Cancel booking
              </Button>
            ) : null}
            {canRefund ? (
              <Button type="submit" name="cancel" value="false" variant="outline" disabled={busy}>
                Refund
              </Button>
            ) : null}
          </div>
          {data.canCancel ? (
            <p className="text-sm text-muted">
              Cancel booking is final: the traveller is told by e-mail, open payment requests close and the dates become free.
            </p>
          ) : null}
        </Form>
      ) : null}

      {data.refunds.length > 0 ? (
        <div className="mt-5">
          <h3 className="text-sm font-semibold text-ink">Refunds decided</h3>
          <ul className="mt-2 divide-y divide-forest-100 rounded-lg border border-forest-100" data-refunds>
            {data.refunds.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 text-sm">
                <span className="min-w-0">
                  <span className="font-semibold">{r.amount}</span> by {r.method}
                  <span className="block break-words text-muted">{r.detail}</span>
                </span>
                <StatusPill tone={STATUS_TONE[r.status]}>{STATUS_LABEL[r.status]}</StatusPill>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
