/**
 * The details dialog of an inquiry (docs/product.md#bookings-and-inquiries): name, status, contact
 * (e-mail and phone links), the message as text (never HTML; line breaks kept), the received time
 * ('Jan 5, 2025, 3:40 PM' in Asia/Kolkata) and every field the inquiry has; Reply via Email (a mail
 * draft whose subject names the inquiry), Mark as Completed / Mark as Rejected (the current status's
 * button disabled, docs/product.md#inquiry-status), Convert to booking (or the link to the booking
 * made from it; staff confirm the booking's travel date and travellers there, prefilled from the
 * inquiry, and the server names a missing or wrong one under its field), Delete, and the pipeline
 * panel (notes, follow-up, assignment).
 *
 * Like the delete confirmation (app/components/admin/confirm-delete.tsx) it is a page state, not a
 * script: a row's View link goes to `?view=<id>` and the page renders this dialog, whose forms post
 * to the list's action and whose Close is a link back, so it works without JavaScript. With
 * JavaScript (the admin's ModalFrame, app/components/admin/modal-shell.tsx) focus moves to Close, the
 * first control, Tab stays inside, Escape or a click on the backdrop closes it, and focus goes back
 * to the row's View link afterwards (`useReturnFocusAfterView`).
 */
import { ArrowRight, CalendarPlus, Check, Mail, Phone, Trash2, X, XCircle } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Form, Link, useActionData, useNavigate, useNavigation } from 'react-router';
import { ModalFrame } from '~/components/admin/modal-shell';
import { PipelinePanel } from '~/components/admin/pipeline-panel';
import { Field, Input } from '~/components/ui/field';
import { buttonClass } from '~/components/ui/button';
import { canTransition, INQUIRY_TRANSITIONS } from '~/lib/constants';
import { cn } from '~/lib/cn';
import { formatDateTime } from '~/lib/format';
import type { PipelineData } from '~/models/pipeline.server';
import { INQUIRY_TYPE_LABELS, replySubject } from '~/schemas/inquiry-admin';
import type { ConvertFailure, InquiryDetail, WhatsappRefFailure } from './inquiry-page.server';
import { InquiryStatusPill } from './inquiry-status';
import { detailFields, mailtoHref, telHref } from './inquiry-text';

export function InquiryDialog({
  inquiry,
  pipeline,
  closeTo,
  actionTo,
  deleteTo,
}: {
  inquiry: InquiryDetail;
  pipeline: PipelineData | null;
  /** The list without the dialog. */
  closeTo: string;
  /** Where the dialog's forms post: the list with the dialog open. */
  actionTo: string;
  /** The delete confirmation over the list; null hides Delete (a user who may not delete). */
  deleteTo: string | null;
}) {
  const titleId = useId();
  const describedId = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const lastStatus = useRef(inquiry.status);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busyIntent = navigation.state !== 'idle' ? navigation.formData?.get('intent') : undefined;
  const busyStatus = busyIntent === 'status' ? navigation.formData?.get('status') : undefined;
  const actionData = useActionData() as { convert?: ConvertFailure; whatsappRef?: WhatsappRefFailure } | undefined;
  const convertFailure = actionData?.convert?.id === inquiry.id ? actionData.convert : undefined;
  const refFailure = actionData?.whatsappRef?.id === inquiry.id ? actionData.whatsappRef : undefined;
  const convertId = useId();

  // After a status change the pressed button is disabled: put focus on the new status instead.
  useEffect(() => {
    if (lastStatus.current !== inquiry.status) statusRef.current?.focus();
    lastStatus.current = inquiry.status;
  }, [inquiry.status]);

  const close = () => void navigate(closeTo, { preventScrollReset: true, replace: true });
  const subject = replySubject(inquiry, inquiry.reference);

  return (
    <ModalFrame
      role="dialog"
      labelledBy={titleId}
      describedBy={describedId}
      focus="first"
      focusKey={inquiry.id}
      busy={Boolean(busyIntent)}
      onCancel={close}
      sheet
      className="flex max-h-[92dvh] max-w-2xl flex-col overflow-hidden rounded-t-card sm:max-h-[90dvh] sm:rounded-card"
    >
      <header className="flex items-start justify-between gap-3 border-b border-forest-100 px-5 pt-4 pb-3 sm:px-6">
        <div className="min-w-0">
          <p id={describedId} className="text-xs font-semibold tracking-[0.06em] text-muted uppercase">
            {INQUIRY_TYPE_LABELS[inquiry.type]} inquiry #{inquiry.reference}
          </p>
          <h2 id={titleId} className="mt-0.5 font-sans text-xl font-semibold break-words text-ink">
            {inquiry.name}
          </h2>
        </div>
        <Link
          to={closeTo}
          replace
          preventScrollReset
          aria-label="Close"
          className="grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-mist hover:text-ink"
        >
          <X className="size-5" aria-hidden />
        </Link>
      </header>

      <div className="flex flex-col gap-5 overflow-y-auto px-5 py-5 sm:px-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <p
            ref={statusRef}
            tabIndex={-1}
            className="flex items-center gap-2 rounded focus:outline-none focus-visible:outline-3 focus-visible:outline-marigold"
          >
            <span className="sr-only">Status:</span>
            <InquiryStatusPill status={inquiry.status} />
          </p>
          <p>
            Received <time dateTime={inquiry.createdAt}>{formatDateTime(inquiry.createdAt)}</time>
          </p>
        </div>

        <section aria-labelledby={`${titleId}-contact`}>
          <h3 id={`${titleId}-contact`} className="font-sans text-xs font-semibold tracking-[0.06em] text-muted uppercase">
            Contact
          </h3>
          <ul className="mt-1.5 flex flex-col gap-1 text-[0.9375rem]">
            <li className="flex min-w-0 items-center gap-2">
              <Mail className="size-4 shrink-0 text-muted" aria-hidden />
              <a href={mailtoHref(inquiry.email, subject)} className="min-w-0 font-medium break-all text-forest-700 underline-offset-2 hover:underline">
                {inquiry.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Phone className="size-4 shrink-0 text-muted" aria-hidden />
              {inquiry.phone ? (
                <a href={telHref(inquiry.phone)} className="font-medium text-forest-700 underline-offset-2 hover:underline">
                  {inquiry.phone}
                </a>
              ) : (
                <span className="text-muted">No phone number given</span>
              )}
            </li>
          </ul>
        </section>

        <section aria-labelledby={`${titleId}-details`}>
          <h3 id={`${titleId}-details`} className="font-sans text-xs font-semibold tracking-[0.06em] text-muted uppercase">
            Details
          </h3>
          <dl className="mt-1.5 grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
            {detailFields(inquiry).map((field) => (
              <div key={field.label} className="min-w-0">
                <dt className="text-muted">{field.label}</dt>
                <dd className="font-medium break-words text-ink">{field.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby={`${titleId}-message`}>
          <h3 id={`${titleId}-message`} className="font-sans text-xs font-semibold tracking-[0.06em] text-muted uppercase">
            Message
          </h3>
          {inquiry.message ? (
            <p
              data-testid="inquiry-message"
              className="mt-1.5 rounded-lg bg-mist/60 px-4 py-3 text-[0.9375rem] leading-relaxed break-words whitespace-pre-wrap text-ink"
            >
              {inquiry.message}
            </p>
          ) : (
            <p className="mt-1.5 text-sm text-muted">No message</p>
          )}
        </section>

        <section aria-labelledby={`${titleId}-actions`} className="flex flex-col gap-3 border-t border-forest-100 pt-4">
          <h3 id={`${titleId}-actions`} className="sr-only">
            Actions
          </h3>
          <div className="flex flex-wrap gap-2">
            <a href={mailtoHref(inquiry.email, subject)} className={buttonClass('primary', 'md')}>
              <Mail className="size-4" aria-hidden />
              Reply via Email
            </a>
            {inquiry.bookingId ? (
              <Link to={`/admin/bookings/${inquiry.bookingId}`} className={buttonClass('outline', 'md')}>
                View booking #{inquiry.bookingReference}
                <ArrowRight className="size-4" aria-hidden />
              </Link>
            ) : (
              <Form
                method="post"
                action={actionTo}
                preventScrollReset
                className="flex w-full flex-wrap items-end gap-3 rounded-md border border-forest-100 p-3"
                aria-label="Convert to booking"
              >
                <input type="hidden" name="intent" value="convert" />
                <input type="hidden" name="id" value={inquiry.id} />
                <Field
                  id={`${convertId}-date`}
                  label="Travel date"
                  required
                  errors={convertFailure?.errors.startDate ? [convertFailure.errors.startDate] : undefined}
                >
                  {(a11y) => (
                    <Input {...a11y} type="date" name="startDate" aria-required defaultValue={convertFailure?.values.startDate ?? inquiry.convert.startDate} />
                  )}
                </Field>
                <Field
                  id={`${convertId}-adults`}
                  label="Travellers"
                  required={inquiry.convert.needsTravellers}
                  errors={convertFailure?.errors.adults ? [convertFailure.errors.adults] : undefined}
                >
                  {(a11y) => (
                    <Input
                      {...a11y}
                      type="text"
                      inputMode="numeric"
                      name="adults"
                      className="w-24"
                      aria-required={inquiry.convert.needsTravellers || undefined}
                      defaultValue={convertFailure?.values.adults ?? inquiry.convert.adults}
                    />
                  )}
                </Field>
                <Field
                  id={`${convertId}-whatsapp`}
                  label="WhatsApp reference"
                  hint="Ref: WA-… from the chat, if it began on WhatsApp"
                  errors={convertFailure?.errors.whatsappRef ? [convertFailure.errors.whatsappRef] : undefined}
                >
                  {(a11y) => (
                    <Input
                      {...a11y}
                      type="text"
                      name="whatsappRef"
                      autoComplete="off"
                      className="w-36"
                      defaultValue={convertFailure?.values.whatsappRef ?? inquiry.whatsappCode ?? ''}
                    />
                  )}
                </Field>
                <button type="submit" disabled={Boolean(busyIntent)} className={buttonClass('outline', 'md')}>
                  <CalendarPlus className="size-4" aria-hidden />
                  {busyIntent === 'convert' ? 'Converting...' : 'Convert to booking'}
                </button>
              </Form>
            )}
          </div>
          <Form
            method="post"
            action={actionTo}
            preventScrollReset
            className="flex w-full flex-wrap items-end gap-3 rounded-md border border-forest-100 p-3"
            aria-label="WhatsApp reference"
          >
            <input type="hidden" name="intent" value="whatsapp-ref" />
            <input type="hidden" name="id" value={inquiry.id} />
            <Field
              id={`${convertId}-whatsapp-link`}
              label="WhatsApp reference"
              hint="Links this inquiry to the click its chat began with (Ref: WA-…); empty to unlink."
              errors={refFailure ? [refFailure.error] : undefined}
            >
              {(a11y) => (
                <Input
                  {...a11y}
                  type="text"
                  name="whatsappRef"
                  autoComplete="off"
                  className="w-36"
                  defaultValue={refFailure?.value ?? inquiry.whatsappCode ?? ''}
                />
              )}
            </Field>
            <button type="submit" disabled={Boolean(busyIntent)} className={buttonClass('outline', 'md')}>
              {busyIntent === 'whatsapp-ref' ? 'Saving...' : 'Save reference'}
            </button>
          </Form>
          <Form method="post" action={actionTo} preventScrollReset className="flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="id" value={inquiry.id} />
            <StatusButton current={inquiry.status} to="completed" busy={busyStatus === 'completed'} disabled={Boolean(busyIntent)}>
              <Check className="size-4" aria-hidden />
              Mark as Completed
            </StatusButton>
            <StatusButton current={inquiry.status} to="rejected" busy={busyStatus === 'rejected'} disabled={Boolean(busyIntent)}>
              <XCircle className="size-4" aria-hidden />
              Mark as Rejected
            </StatusButton>
            {deleteTo === null ? null : (
              <Link to={deleteTo} preventScrollReset className={cn(buttonClass('ghost', 'md'), 'text-[#a93226] hover:bg-flag-red/10 sm:ml-auto')}>
                <Trash2 className="size-4" aria-hidden />
                Delete
              </Link>
            )}
          </Form>
        </section>

        {pipeline ? <PipelinePanel kind="inquiry" recordId={inquiry.id} data={pipeline} action={actionTo} /> : null}
      </div>
    </ModalFrame>
  );
}

/** Mark as Completed / Mark as Rejected: disabled for the current status (and any move the state machine refuses). */
function StatusButton({
  current,
  to,
  busy,
  disabled,
  children,
}: {
  current: InquiryDetail['status'];
  to: 'completed' | 'rejected';
  busy: boolean;
  disabled: boolean;
  children: ReactNode;
}) {
  const allowed = canTransition(INQUIRY_TRANSITIONS, current, to);
  return (
    <button type="submit" name="status" value={to} disabled={!allowed || disabled} aria-busy={busy || undefined} className={buttonClass('outline', 'md')}>
      {children}
    </button>
  );
}

/**
 * After the dialog closes (Close, Escape, backdrop), put focus back on the row's View link if it is
 * still on the page, else on the main content.
 */
export function useReturnFocusAfterView(viewId: string | null) {
  const previous = useRef<string | null>(viewId);
  useEffect(() => {
    const closed = previous.current;
    previous.current = viewId;
    if (!closed || viewId) return;
    const links = document.querySelectorAll<HTMLElement>(`[data-view-id="${CSS.escape(closed)}"]`);
    const visible = [...links].find((el) => el.getClientRects().length > 0);
    (visible ?? document.getElementById('main'))?.focus();
  }, [viewId]);
}
