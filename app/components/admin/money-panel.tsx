/**
 * The Money panel of a booking (/admin/bookings/:id; docs/decisions/046-payments.md, docs/product.md#bookings-and-inquiries):
 * where the money stands (total, paid, refunded, due and when), the quote editor, the traveller's
 * invoice details, 'Send payment request' with its WhatsApp link, 'Record a payment', the ledger with
 * 'Reverse' (and each payment's receipt number), the tax documents (tax-documents.tsx: every receipt,
 * tax invoice and credit note with its PDF, 'Issue tax invoice', 'Issue credit note'), and 'Rotate link'.
 *
 * CONTRACT: every form posts `intent` to `action` (the booking page), handled by
 * app/routes/admin/bookings/+shared/money-actions.server.ts; the action's data arrives under `money`
 * (`MoneyResult`). Plain `<Form method="post">`s, so all of it works without JavaScript: the quote's
 * 'Add line' and 'Remove' are submit buttons (`quoteRows`) that re-render the form with a row more or
 * less; with JavaScript they act at once, and the total follows what is typed.
 */
import { Banknote, Link2, ReceiptIndianRupee, Send, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Form, useActionData } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Input, Select, Textarea } from '~/components/ui/field';
import { StatusPill } from '~/components/ui/status-pill';
import { cn } from '~/lib/cn';
import { MANUAL_PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '~/lib/constants';
import { formatDate } from '~/lib/format';
import { formatPaise, paiseInputText, parsePaise } from '~/lib/money';
import type { MoneyPanelData, MoneyResult } from '~/models/booking-money.server';
import { QUOTE_ROW_FIELDS, type QuoteDraft, type QuoteRowText } from '~/schemas/money';
import { ErrorLine, SubHeading, useBusy } from './money-parts';
import { InvoiceDetailsForm, TaxDocumentsPart } from './tax-documents';

/** The money form's result in a host action's data (`{ money }`), or null. */
export function moneyResult(actionData: unknown): MoneyResult | null {
  if (!actionData || typeof actionData !== 'object' || !('money' in actionData)) return null;
  const money = (actionData as { money: unknown }).money;
  return money && typeof money === 'object' && 'form' in money ? (money as MoneyResult) : null;
}

const ENTRY_LABELS: Record<string, string> = { payment: 'Payment', refund: 'Refund', reversal: 'Reversal' };
const KIND_LABELS: Record<string, string> = { advance: 'Advance', balance: 'Balance' };
const linkClass = 'font-medium text-forest-700 underline underline-offset-4 hover:text-forest-900';

function Total({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-[0.06em] text-muted uppercase">{label}</dt>
      <dd className={cn('mt-1 text-ink', strong && 'text-lg font-semibold')}>{children}</dd>
    </div>
  );
}

/** The sum of the typed rows in paise (rows that do not parse count as nothing). */
function draftTotal(rows: QuoteRowText[]): number {
  return rows.reduce((sum, row) => {
    const quantity = /^\s*\d{1,6}\s*$/.test(row.quantity) ? Number(row.quantity) : 0;
    return sum + quantity * (parsePaise(row.unitPrice) ?? 0);
  }, 0);
}

type Row = QuoteRowText & { key: number };

function QuoteEditor({ draft, errors, action, advancePercent }: { draft: QuoteDraft; errors: Record<string, string>; action: string; advancePercent: number }) {
  const uid = useId();
  const nextKey = useRef(draft.rows.length);
  const [rows, setRows] = useState<Row[]>(() => draft.rows.map((r, i) => ({ ...r, key: i })));
  const [total, setTotal] = useState(() => draftTotal(draft.rows));
  const formRef = useRef<HTMLFormElement>(null);
  const saving = useBusy('quote');

  const readTotal = () => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const q = data.getAll(QUOTE_ROW_FIELDS.quantity).map(String);
    const p = data.getAll(QUOTE_ROW_FIELDS.unitPrice).map(String);
    setTotal(draftTotal(q.map((quantity, i) => ({ description: '', quantity, unitPrice: p[i] ?? '' }))));
  };
  const general = errors.lines;

  return (
    <Form ref={formRef} method="post" action={action} preventScrollReset onChange={readTotal} className="flex flex-col gap-3" aria-labelledby={`${uid}-h`}>
      {/* The default button (Enter in a field) saves; it comes before the row buttons. */}
      <button type="submit" name="intent" value="quote" hidden tabIndex={-1} />
      <input type="hidden" name="intent" value="quote" />
      <h3 id={`${uid}-h`} className="sr-only">
        Quote
      </h3>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[34rem] text-sm">
          <thead>
            <tr className="text-left text-xs font-semibold tracking-[0.06em] text-muted uppercase">
              <th scope="col" className="pb-2">
                Description
              </th>
              <th scope="col" className="w-24 pb-2 pl-2">
                Quantity
              </th>
              <th scope="col" className="w-36 pb-2 pl-2">
                Unit price (₹)
              </th>
              <th scope="col" className="w-24 pb-2 pl-2">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const n = i + 1;
              const err = (field: string) => errors[`lines.${i}.${field}`];
              const describedBy = (field: string) => (err(field) ? `${uid}-${row.key}-${field}-error` : undefined);
              const rowErrors = ['description', 'quantity', 'unitPrice'].filter((f) => err(f));
              return (
                <tr key={row.key} className="align-top" data-quote-line={n}>
                  <td className="pb-2">
                    <Input
                      name={QUOTE_ROW_FIELDS.description}
                      defaultValue={row.description}
                      aria-label={`Line ${n} description`}
                      aria-invalid={err('description') ? true : undefined}
                      aria-describedby={describedBy('description')}
                      maxLength={200}
                      className="w-full"
                    />
                    {rowErrors.map((f) => (
                      <ErrorLine key={f} id={`${uid}-${row.key}-${f}-error`} message={err(f)} />
                    ))}
                  </td>
                  <td className="pb-2 pl-2">
                    <Input
                      name={QUOTE_ROW_FIELDS.quantity}
                      defaultValue={row.quantity}
                      inputMode="numeric"
                      aria-label={`Line ${n} quantity`}
                      aria-invalid={err('quantity') ? true : undefined}
                      aria-describedby={describedBy('quantity')}
                      className="w-full"
                    />
                  </td>
                  <td className="pb-2 pl-2">
                    <Input
                      name={QUOTE_ROW_FIELDS.unitPrice}
                      defaultValue={row.unitPrice}
                      inputMode="decimal"
                      aria-label={`Line ${n} unit price in rupees`}
                      aria-invalid={err('unitPrice') ? true : undefined}
                      aria-describedby={describedBy('unitPrice')}
                      className="w-full"
                    />
                  </td>
                  <td className="pb-2 pl-2">
                    <button
                      type="submit"
                      name="quoteRows"
                      value={`remove:${i}`}
                      className={buttonClass('ghost', 'md')}
                      onClick={(event) => {
                        event.preventDefault();
                        setRows((current) => (current.length > 1 ? current.filter((r) => r.key !== row.key) : current));
                        queueMicrotask(readTotal);
                      }}
                    >
                      Remove<span className="sr-only"> line {n}</span>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="submit"
          name="quoteRows"
          value="add"
          className={buttonClass('outline', 'md')}
          onClick={(event) => {
            event.preventDefault();
            setRows((current) => [...current, { description: '', quantity: '', unitPrice: '', key: nextKey.current++ }]);
          }}
        >
          Add line
        </button>
        <p className="text-base">
          Total: <strong data-quote-total>{formatPaise(total)}</strong>
        </p>
      </div>
      {general ? (
        <p role="alert" className="field-error">
          {general}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="field">
          <label htmlFor={`${uid}-advance`} className="field-label">
            Advance (₹)
          </label>
          <Input
            id={`${uid}-advance`}
            name="advance"
            defaultValue={draft.advance}
            inputMode="decimal"
            aria-invalid={errors.advance ? true : undefined}
            aria-describedby={`${uid}-advance-hint ${uid}-advance-error`}
          />
          <p id={`${uid}-advance-hint`} className="field-hint">
            Default {advancePercent}% of the total. 0 for none.
          </p>
          <ErrorLine id={`${uid}-advance-error`} message={errors.advance} />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-due`} className="field-label">
            Balance due date
          </label>
          <Input
            id={`${uid}-due`}
            type="date"
            name="balanceDueOn"
            defaultValue={draft.balanceDueOn}
            aria-invalid={errors.balanceDueOn ? true : undefined}
            aria-describedby={`${uid}-due-error`}
          />
          <ErrorLine id={`${uid}-due-error`} message={errors.balanceDueOn} />
        </div>
      </div>
      <div>
        <button type="submit" name="intent" value="quote" disabled={saving} className={buttonClass('primary', 'md')}>
          {saving ? 'Saving...' : 'Save quote'}
        </button>
      </div>
    </Form>
  );
}

function PaymentForm({ action, due, today, result }: { action: string; due: MoneyPanelData['summary']['due']; today: string; result: MoneyResult | null }) {
  const uid = useId();
  const failed = result?.form === 'payment' ? result : null;
  const errors = failed?.errors ?? {};
  const values = failed?.values ?? { amount: due ? paiseInputText(due.amountPaise) : '', method: 'upi', receivedOn: today, reference: '', note: '' };
  const saving = useBusy('payment');
  const field = (name: string, label: string, control: ReactNode) => (
    <div className="field">
      <label htmlFor={`${uid}-${name}`} className="field-label">
        {label}
      </label>
      {control}
      <ErrorLine id={`${uid}-${name}-error`} message={errors[name]} />
    </div>
  );
  const a11y = (name: string) => ({
    id: `${uid}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${uid}-${name}-error` : undefined,
  });
  return (
    <Form method="post" action={action} preventScrollReset className="flex flex-col gap-3" key={failed ? JSON.stringify(values) : 'fresh'}>
      <input type="hidden" name="intent" value="payment" />
      <div className="grid gap-3 sm:grid-cols-2">
        {field(
          'method',
          'Method',
          <Select {...a11y('method')} defaultValue={values.method}>
            {MANUAL_PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </Select>,
        )}
        {field('amount', 'Amount (₹)', <Input {...a11y('amount')} inputMode="decimal" defaultValue={values.amount} />)}
        {field('receivedOn', 'Date received', <Input {...a11y('receivedOn')} type="date" max={today} defaultValue={values.receivedOn} />)}
        {field('reference', 'Reference (UTR, UPI or receipt no.)', <Input {...a11y('reference')} maxLength={100} defaultValue={values.reference} />)}
      </div>
      {field('note', 'Note', <Textarea {...a11y('note')} maxLength={500} defaultValue={values.note} className="min-h-16" />)}
      <div>
        <button type="submit" disabled={saving} className={buttonClass('primary', 'md')}>
          {saving ? 'Recording...' : 'Record payment'}
        </button>
      </div>
    </Form>
  );
}

function ReverseForm({ action, entryId, result }: { action: string; entryId: string; result: MoneyResult | null }) {
  const uid = useId();
  const failed = result?.form === 'reverse' && result.entryId === entryId ? result : null;
  return (
    <details open={failed ? true : undefined} className="mt-1">
      <summary className={cn(linkClass, 'cursor-pointer text-sm')}>Reverse</summary>
      <Form method="post" action={action} preventScrollReset className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="intent" value="reverse" />
        <input type="hidden" name="entryId" value={entryId} />
        <label htmlFor={`${uid}-reason`} className="field-label">
          Why is this entry reversed?
        </label>
        <Input
          id={`${uid}-reason`}
          name="reason"
          required
          maxLength={500}
          defaultValue={failed?.values.reason ?? ''}
          aria-invalid={failed ? true : undefined}
          aria-describedby={failed ? `${uid}-reason-error` : undefined}
        />
        <ErrorLine id={`${uid}-reason-error`} message={failed ? Object.values(failed.errors)[0] : undefined} />
        <div>
          <button type="submit" className={buttonClass('danger', 'sm')}>
            Reverse entry
          </button>
        </div>
      </Form>
    </details>
  );
}

/**
 * `settingsHref`: where the tax settings are, for a user who may change them (the admin role);
 * null for staff, who are told an admin can add the GSTIN.
 */
export function MoneyPanel({
  data,
  action,
  reference,
  settingsHref,
}: {
  data: MoneyPanelData;
  action: string;
  reference: string;
  settingsHref: string | null;
}) {
  const uid = useId();
  const result = moneyResult(useActionData());
  const { summary } = data;
  const requesting = useBusy('payment-request');
  const rotating = useBusy('rotate-link');
  const quoteResult = result?.form === 'quote' ? result : null;
  const draft = quoteResult?.values ?? data.draft;
  // A new draft (saved quote, or the server re-rendered rows) starts the editor afresh.
  const draftKey = JSON.stringify(draft);
  const sent = result?.form === 'payment-request' ? result : null;
  const rotated = result?.form === 'rotate-link' ? result : null;

  return (
    <section aria-labelledby={`${uid}-money`} className="card p-5 shadow-sm" data-money-panel>
      <h2 id={`${uid}-money`} className="flex items-center gap-2 font-sans text-lg font-semibold text-ink">
        <ReceiptIndianRupee className="size-5 text-forest-700" aria-hidden />
        Money
      </h2>

      {data.paidButClashing ? (
        <div role="alert" className="mt-4 flex gap-3 rounded-lg border border-flag-red/40 bg-[#fbeae8] px-4 py-3 text-[#8f2a1f]">
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>
            <strong>Paid but clashing:</strong> the advance is in, but the booking could not be confirmed. {data.paidButClashing} Decide: move the dates or
            vehicle and confirm, or cancel and refund.
          </p>
        </div>
      ) : null}

      <dl className="mt-4 grid gap-4 sm:grid-cols-4" data-money-totals>
        <Total label="Total" strong>
          {data.quote ? formatPaise(summary.totalPaise) : 'No quote yet'}
          {data.quote && data.quote.gstPaise > 0 ? (
            <span className="block text-xs font-normal text-muted">{`incl. GST ${formatPaise(data.quote.gstPaise)}`}</span>
          ) : null}
        </Total>
        <Total label="Paid">{formatPaise(summary.paidPaise)}</Total>
        <Total label="Refunded">{formatPaise(summary.refundedPaise)}</Total>
        <Total label="Due">
          {summary.due ? (
            <>
              {formatPaise(summary.due.amountPaise)}{' '}
              <span className="text-sm text-muted">
                ({KIND_LABELS[summary.due.kind]}, by {formatDate(summary.due.dueOn)})
              </span>
            </>
          ) : (
            'Nothing due'
          )}
        </Total>
      </dl>

      {data.open ? (
        <div className="mt-6 flex flex-col gap-6">
          <div className="flex flex-col gap-3">
            <SubHeading>{data.quote ? `Quote (revision ${data.quote.revision})` : 'Quote'}</SubHeading>
            {data.suggested ? <p className="text-sm text-muted">Suggested from the catalogue price; check it and save.</p> : null}
            <QuoteEditor key={draftKey} draft={draft} errors={quoteResult?.errors ?? {}} action={action} advancePercent={data.advancePercent} />
          </div>

          <div className="flex flex-col gap-3 border-t border-forest-100 pt-5">
            <SubHeading>Invoice details</SubHeading>
            <InvoiceDetailsForm action={action} saved={data.taxDocuments.details} result={result} />
          </div>

          <div className="flex flex-col gap-3 border-t border-forest-100 pt-5">
            <SubHeading icon={<Send className="size-4 text-forest-700" aria-hidden />}>Payment request</SubHeading>
            {summary.due ? (
              <Form method="post" action={action} preventScrollReset>
                <input type="hidden" name="intent" value="payment-request" />
                <button type="submit" disabled={requesting} className={buttonClass('outline', 'md')}>
                  {requesting ? 'Sending...' : `Send payment request: ${KIND_LABELS[summary.due.kind]?.toLowerCase()} ${formatPaise(summary.due.amountPaise)}`}
                </button>
              </Form>
            ) : (
              <p className="text-sm text-muted">{data.quote ? 'Nothing is due.' : 'Save a quote first.'}</p>
            )}
            {sent && sent.errors.request ? (
              <p role="alert" className="field-error">
                {sent.errors.request}
              </p>
            ) : null}
            {sent?.sent ? (
              <div role="status" className="rounded-lg bg-forest-50 px-4 py-3 text-sm" data-payment-request-sent>
                <p>
                  Payment request sent to {sent.sent.to}: {KIND_LABELS[sent.sent.kind]?.toLowerCase()} of {formatPaise(sent.sent.amountPaise)}, due{' '}
                  {formatDate(sent.sent.dueOn)}.
                </p>
                <p className="mt-2">
                  <a href={sent.sent.whatsappUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('whatsapp', 'sm')}>
                    Send on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </p>
                <p className="mt-2 text-muted">This link is shown only now: it carries the traveller&apos;s booking page link, which is not stored.</p>
              </div>
            ) : null}
            {data.requests.length > 0 ? (
              <ul className="text-sm" aria-label="Payment requests">
                {data.requests.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-center gap-2 py-1">
                    {KIND_LABELS[r.kind]} {formatPaise(r.amountPaise)}, due {formatDate(r.dueOn)}
                    <StatusPill tone={r.status === 'paid' ? 'ok' : r.status === 'open' ? 'pending' : 'neutral'}>{r.status}</StatusPill>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>

          <div className="flex flex-col gap-3 border-t border-forest-100 pt-5">
            <SubHeading icon={<Banknote className="size-4 text-forest-700" aria-hidden />}>Record a payment</SubHeading>
            <PaymentForm action={action} due={summary.due} today={data.today} result={result} />
          </div>
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted">This booking takes no more quotes or payments.</p>
      )}

      <div className="mt-6 flex flex-col gap-3 border-t border-forest-100 pt-5">
        <SubHeading>Ledger</SubHeading>
        {data.ledger.length === 0 ? (
          <p className="text-sm text-muted">No money received or returned yet.</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[36rem] text-sm" data-ledger>
              <thead>
                <tr className="text-left text-xs font-semibold tracking-[0.06em] text-muted uppercase">
                  <th scope="col" className="pb-2">
                    Date
                  </th>
                  <th scope="col" className="pb-2">
                    Type
                  </th>
                  <th scope="col" className="pb-2">
                    Method
                  </th>
                  <th scope="col" className="pb-2">
                    Reference
                  </th>
                  <th scope="col" className="pb-2 text-right">
                    Amount
                  </th>
                  <th scope="col" className="pb-2 pl-3">
                    Recorded by
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-forest-100">
                {data.ledger.map((e) => (
                  <tr key={e.id} className="align-top">
                    <td className="py-2 pr-2 whitespace-nowrap">{formatDate(e.receivedOn)}</td>
                    <td className="py-2 pr-2">
                      {ENTRY_LABELS[e.entryType] ?? e.entryType}
                      {e.reversed ? <span className="text-muted"> (reversed)</span> : null}
                      {e.receiptNumber ? <span className="block font-mono text-xs whitespace-nowrap text-muted">Receipt {e.receiptNumber}</span> : null}
                      {e.note ? <span className="block text-muted">{e.note}</span> : null}
                    </td>
                    <td className="py-2 pr-2">{e.method}</td>
                    <td className="py-2 pr-2 break-all">{e.reference || '—'}</td>
                    <td className={cn('py-2 text-right font-mono whitespace-nowrap', e.amountPaise < 0 && 'text-[#8f2a1f]')}>{formatPaise(e.amountPaise)}</td>
                    <td className="py-2 pl-3">
                      {e.recordedBy}
                      {e.reversible ? <ReverseForm action={action} entryId={e.id} result={result} /> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <TaxDocumentsPart data={data.taxDocuments} action={action} result={result} settingsHref={settingsHref} />

      <div className="mt-6 flex flex-col gap-3 border-t border-forest-100 pt-5">
        <SubHeading icon={<Link2 className="size-4 text-forest-700" aria-hidden />}>Traveller&apos;s booking page link</SubHeading>
        <p className="text-sm text-muted">
          Rotating makes every link sent so far stop working (use it when a link reached the wrong person) and gives you one new link for #{reference}.
        </p>
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value="rotate-link" />
          <button type="submit" disabled={rotating} className={buttonClass('outline', 'md')}>
            {rotating ? 'Rotating...' : 'Rotate link'}
          </button>
        </Form>
        {rotated ? (
          <div role="status" className="rounded-lg bg-forest-50 px-4 py-3 text-sm" data-rotated-link>
            <p>Old links stop working ({rotated.revoked} revoked). The new link, shown only now; copy it to the traveller:</p>
            <Input
              readOnly
              value={rotated.url}
              aria-label="New booking page link"
              className="mt-2 w-full font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
