/**
 * The "Travellers" panel of /admin/bookings/:id (docs/decisions/050-permits-and-manifests.md,
 * "Travellers and their documents"): the permit status and the documents' deadline, each traveller
 * with their details, photo and ID scan (private links, /admin/bookings/:id/travellers/:tid/photo
 * and /id-scan), the forms to add, edit and remove travellers and upload their documents, and the
 * issued permit's scan (/admin/bookings/:id/permit-scan) with its upload. Shown for a booking whose
 * package needs a permit, or one that already has travellers. React Router `<Form>`s posting
 * `intent`, so it all works without JavaScript; a refusal shows at its form with what was typed.
 */
import { IdCard } from 'lucide-react';
import { Form, useActionData } from 'react-router';
import { TravellersEditor, type FormElement, type TravellerFormFailure } from '~/components/travellers-editor';
import { buttonClass } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { formatDate } from '~/lib/format';
import { PERMIT_STATUS_LABELS } from '~/lib/permits/constants';
import type { TravellersView } from '~/models/travellers.server';

function travellersFailure(actionData: unknown): TravellerFormFailure | null {
  return actionData && typeof actionData === 'object' && 'travellers' in actionData ? (actionData as { travellers: TravellerFormFailure }).travellers : null;
}

export function TravellersPanel({ view, action }: { view: TravellersView; action: string }) {
  const failure = travellersFailure(useActionData());
  const scanErrors = failure?.formId === 'permit-scan' ? failure.errors : {};
  return (
    <section id="booking-travellers" aria-labelledby="booking-travellers-title" className="card p-5 shadow-sm">
      <h2 id="booking-travellers-title" className="flex items-center gap-2 font-sans text-lg font-semibold text-ink">
        <IdCard className="size-5 text-forest-700" aria-hidden />
        Travellers
      </h2>
      <dl className="mt-3 grid grid-cols-[10rem_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Permit status</dt>
        <dd className="font-semibold text-ink" data-testid="travellers-permit-status">
          {PERMIT_STATUS_LABELS[view.permitStatus]}
        </dd>
        {view.dueOn ? (
          <>
            <dt className="text-muted">Documents due by</dt>
            <dd className="text-ink">{formatDate(view.dueOn)}</dd>
          </>
        ) : null}
        <dt className="text-muted">Travellers</dt>
        <dd className="text-ink">
          {`${view.travellers.length} of ${view.expected}`}
          {view.complete ? ' · documents complete' : ''}
        </dd>
        {view.permitNumber ? (
          <>
            <dt className="text-muted">Permit number</dt>
            <dd className="font-mono text-ink">{view.permitNumber}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-4">
        <TravellersEditor view={view} action={action} Form={Form as unknown as FormElement} editable failure={failure} idPrefix="adm" />
      </div>
      <div className="mt-5 border-t border-forest-100 pt-4">
        <h3 className="text-sm font-semibold text-ink">Issued permit&apos;s scan</h3>
        {view.hasPermitScan ? (
          <p className="mt-1 text-sm">
            <a href={`${action}/permit-scan`} target="_blank" rel="noopener" className="font-medium text-forest-700 underline underline-offset-4">
              Open the permit scan
            </a>
          </p>
        ) : (
          <p className="mt-1 text-sm text-muted">No scan yet.</p>
        )}
        <Form method="post" action={action} encType="multipart/form-data" className="mt-2 flex flex-col gap-2" aria-label="Permit scan">
          <input type="hidden" name="intent" value="permit-scan" />
          <Field
            id="permit-scan-file"
            label={view.hasPermitScan ? 'Replace the permit scan' : 'Upload the permit scan'}
            hint={`JPEG, PNG or WebP; kept as ${view.limits.formats}, at most 1 MB.`}
            errors={scanErrors.file ? [scanErrors.file] : scanErrors.form ? [scanErrors.form] : undefined}
          >
            {(a11y) => <input {...a11y} type="file" name="file" accept="image/jpeg,image/png,image/webp" required className="block w-full text-sm" />}
          </Field>
          <div>
            <button type="submit" className={buttonClass('outline', 'sm')}>
              Upload permit scan
            </button>
          </div>
        </Form>
      </div>
    </section>
  );
}
