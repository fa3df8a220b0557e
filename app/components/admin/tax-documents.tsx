/**
 * The money panel's GST parts (docs/decisions/047-invoices-gst.md#downloads): the traveller's invoice
 * details (`InvoiceDetailsForm`, beside the quote) and the tax documents (`TaxDocumentsPart`): every
 * receipt, tax invoice and credit note of the booking with a link to its PDF, 'Issue tax invoice'
 * while the booking has no current invoice, and 'Issue credit note' against the current one.
 *
 * CONTRACT: like the rest of the panel (money-panel.tsx), plain `<Form method="post">`s posting an
 * `intent` ('invoice-details', 'invoice', 'credit-note') to the booking page, handled by
 * app/routes/admin/bookings/+shared/document-actions.server.ts; a refusal arrives in the action's data
 * under `money` and shows under its field (or in the part, for the invoice's refusal) with what was
 * typed kept. Works without JavaScript; the PDFs are plain links to a resource route.
 */
import { FileText } from 'lucide-react';
import { useId } from 'react';
import { Form, Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Input, Select, Textarea } from '~/components/ui/field';
import { cn } from '~/lib/cn';
import { GST_STATES, formatStateWithCode } from '~/lib/gst/states';
import { formatPaise } from '~/lib/money';
import type { MoneyPanelData, MoneyResult } from '~/models/booking-money.server';
import { ErrorLine, SubHeading, useBusy } from './money-parts';

type TaxDocumentsData = MoneyPanelData['taxDocuments'];
type Details = TaxDocumentsData['details'];

const linkClass = 'font-medium text-forest-700 underline underline-offset-4 hover:text-forest-900';

/** The href of a document's PDF, under the booking page `action`. */
export function documentHref(action: string, documentId: string): string {
  return `${action}/documents/${documentId}`;
}

/** The accessible name of a document's download link: 'Download INV/26-27/0001 (PDF)'. */
export function downloadName(number: string): string {
  return `Download ${number} (PDF)`;
}

/** Props that wire a field to its error line. */
function wired(uid: string, name: string, errors: Record<string, string>, hint = false) {
  const described = [hint ? `${uid}-${name}-hint` : null, errors[name] ? `${uid}-${name}-error` : null].filter(Boolean).join(' ');
  return {
    id: `${uid}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': described || undefined,
  };
}

/**
 * The traveller's details for the tax invoice: the state of their address (the place of supply when
 * they give no GSTIN), the address printed on the invoice, and a GSTIN for a registered business.
 */
export function InvoiceDetailsForm({ action, saved, result }: { action: string; saved: Details; result: MoneyResult | null }) {
  const uid = useId();
  const failed = result?.form === 'invoice-details' ? result : null;
  const values = failed?.values ?? saved;
  const errors = failed?.errors ?? {};
  const saving = useBusy('invoice-details');
  return (
    <Form method="post" action={action} preventScrollReset className="flex flex-col gap-3" key={JSON.stringify(values)} data-invoice-details>
      <input type="hidden" name="intent" value="invoice-details" />
      <p className="text-sm text-muted">
        What the tax invoice says about the traveller. The place of supply is the state of their GSTIN, else the state chosen here, else the business&apos;s own
        state. Documents already issued keep the details they were issued with.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="field">
          <label htmlFor={`${uid}-stateCode`} className="field-label">
            Traveller&apos;s state
          </label>
          <Select {...wired(uid, 'stateCode', errors)} defaultValue={values.stateCode}>
            <option value="">Not given</option>
            {GST_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {formatStateWithCode(s.code)}
              </option>
            ))}
          </Select>
          <ErrorLine id={`${uid}-stateCode-error`} message={errors.stateCode} />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-gstin`} className="field-label">
            Traveller&apos;s GSTIN
          </label>
          <Input
            {...wired(uid, 'gstin', errors, true)}
            defaultValue={values.gstin}
            maxLength={20}
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono"
          />
          <p id={`${uid}-gstin-hint`} className="field-hint">
            Only for a registered business; leave empty otherwise.
          </p>
          <ErrorLine id={`${uid}-gstin-error`} message={errors.gstin} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${uid}-address`} className="field-label">
          Address for the invoice
        </label>
        <Textarea {...wired(uid, 'address', errors)} defaultValue={values.address} maxLength={300} rows={2} autoComplete="off" />
        <ErrorLine id={`${uid}-address-error`} message={errors.address} />
      </div>
      <div>
        <button type="submit" disabled={saving} className={buttonClass('outline', 'md')}>
          {saving ? 'Saving...' : 'Save invoice details'}
        </button>
      </div>
    </Form>
  );
}

function IssueInvoiceForm({ action, refusal }: { action: string; refusal: string | undefined }) {
  const uid = useId();
  const issuing = useBusy('invoice');
  return (
    <Form method="post" action={action} preventScrollReset className="flex flex-col gap-2" aria-describedby={`${uid}-hint`}>
      <input type="hidden" name="intent" value="invoice" />
      <p id={`${uid}-hint`} className="text-sm text-muted">
        The tax invoice is for the quote, once it is paid in full; a confirmed booking paid in full gets it on its own on the first day of the trip. Check the
        invoice details first: an issued invoice is never changed, only credited.
      </p>
      <div>
        <button type="submit" disabled={issuing} className={buttonClass('outline', 'md')}>
          {issuing ? 'Issuing...' : 'Issue tax invoice'}
        </button>
      </div>
      {refusal ? (
        <p role="alert" className="field-error" data-invoice-refusal>
          {refusal}
        </p>
      ) : null}
    </Form>
  );
}

function CreditNoteForm({ action, current, result }: { action: string; current: NonNullable<TaxDocumentsData['current']>; result: MoneyResult | null }) {
  const uid = useId();
  const failed = result?.form === 'credit-note' ? result : null;
  const values = failed?.values ?? { amount: '', reason: '' };
  const errors = failed?.errors ?? {};
  const issuing = useBusy('credit-note');
  const left = formatPaise(current.remainingPaise);
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      className="flex flex-col gap-3"
      key={failed ? JSON.stringify(values) : 'fresh'}
      aria-labelledby={`${uid}-h`}
      data-credit-note-form
    >
      <input type="hidden" name="intent" value="credit-note" />
      <h4 id={`${uid}-h`} className="font-sans text-sm font-semibold text-ink">
        Credit note against {current.number}
      </h4>
      <p className="text-sm text-muted">
        {current.remainingPaise === current.totalPaise
          ? `Up to ${left} can be credited: the whole invoice.`
          : `${left} of the invoice's ${formatPaise(current.totalPaise)} is left to credit.`}{' '}
        A refund gets its credit note with it; issue one here for a mistake or a discount. Credit the whole invoice to issue a new one.
      </p>
      <div className="grid gap-3 sm:grid-cols-[14rem_1fr]">
        <div className="field">
          <label htmlFor={`${uid}-amount`} className="field-label">
            Credit note amount (₹)
          </label>
          <Input {...wired(uid, 'amount', errors, true)} inputMode="decimal" defaultValue={values.amount} />
          <p id={`${uid}-amount-hint`} className="field-hint">
            Tax included; at most {left}.
          </p>
          <ErrorLine id={`${uid}-amount-error`} message={errors.amount} />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-reason`} className="field-label">
            Reason for the credit note
          </label>
          <Input {...wired(uid, 'reason', errors)} maxLength={200} defaultValue={values.reason} />
          <ErrorLine id={`${uid}-reason-error`} message={errors.reason} />
        </div>
      </div>
      {errors.creditNote ? (
        <p role="alert" className="field-error">
          {errors.creditNote}
        </p>
      ) : null}
      <div>
        <button type="submit" disabled={issuing} className={buttonClass('outline', 'md')}>
          {issuing ? 'Issuing...' : 'Issue credit note'}
        </button>
      </div>
    </Form>
  );
}

/** What a document's row says beside its title: the invoice a credit note corrects, what was credited of an invoice. */
function documentDetail(doc: TaxDocumentsData['list'][number], list: TaxDocumentsData['list']): string | null {
  if (doc.kind === 'credit_note') return doc.invoiceNumber ? `against ${doc.invoiceNumber}` : null;
  if (doc.kind !== 'invoice') return null;
  const credited = list.filter((d) => d.kind === 'credit_note' && d.invoiceNumber === doc.number).reduce((sum, d) => sum + d.totalPaise, 0);
  if (credited === 0) return null;
  return credited >= doc.totalPaise ? 'credited in full' : `${formatPaise(credited)} credited`;
}

/**
 * The tax documents part. `settingsHref`: the tax settings, for a user who may change them; null
 * for staff.
 */
export function TaxDocumentsPart({
  data,
  action,
  result,
  settingsHref,
}: {
  data: TaxDocumentsData;
  action: string;
  result: MoneyResult | null;
  settingsHref: string | null;
}) {
  const refusal = result?.form === 'invoice' ? result.errors.invoice : undefined;
  return (
    <div className="mt-6 flex flex-col gap-3 border-t border-forest-100 pt-5" data-tax-documents>
      <SubHeading icon={<FileText className="size-4 text-forest-700" aria-hidden />}>Tax documents</SubHeading>
      {!data.issuesInvoices ? (
        <p role="note" className="rounded-lg border border-forest-200 bg-forest-50 px-3 py-2 text-sm text-forest-800" data-gst-status="unregistered">
          No GSTIN in the tax settings: this business issues receipts only, no tax invoices or credit notes.{' '}
          {settingsHref ? (
            <Link to={settingsHref} className={linkClass}>
              Add the GSTIN in Settings
            </Link>
          ) : (
            'An admin can add the GSTIN in Settings.'
          )}
        </p>
      ) : null}
      {data.list.length === 0 ? (
        <p className="text-sm text-muted">None yet: a receipt is issued for each payment received.</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm" data-documents>
            <caption className="sr-only">Receipts, tax invoices and credit notes</caption>
            <thead>
              <tr className="text-left text-xs font-semibold tracking-[0.06em] text-muted uppercase">
                <th scope="col" className="pb-2">
                  Document
                </th>
                <th scope="col" className="pb-2 pl-2 text-right">
                  Amount
                </th>
                <th scope="col" className="pb-2 pl-3">
                  <span className="sr-only">Download</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-forest-100">
              {data.list.map((doc) => {
                const detail = documentDetail(doc, data.list);
                return (
                  <tr key={doc.id} className="align-top" data-document={doc.number}>
                    <td className="py-2 pr-2">
                      <span className="font-mono font-semibold">{doc.number}</span>
                      <span className="block">
                        {doc.title} · {doc.date}
                      </span>
                      {detail ? <span className="block text-muted">{detail}</span> : null}
                    </td>
                    <td className={cn('py-2 pl-2 text-right font-mono whitespace-nowrap', doc.kind === 'credit_note' && 'text-[#8f2a1f]')}>
                      {formatPaise(doc.kind === 'credit_note' ? -doc.totalPaise : doc.totalPaise)}
                    </td>
                    <td className="py-2 pl-3 text-right">
                      <a href={documentHref(action, doc.id)} download className={linkClass} aria-label={downloadName(doc.number)}>
                        PDF
                      </a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {data.current ? (
        <CreditNoteForm action={action} current={data.current} result={result} />
      ) : data.issuesInvoices && data.canIssueInvoice ? (
        <IssueInvoiceForm action={action} refusal={refusal} />
      ) : null}
      {/* A refusal for a form no longer shown (the booking changed meanwhile) still says why. */}
      {refusal && !(data.issuesInvoices && data.canIssueInvoice && !data.current) ? (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
