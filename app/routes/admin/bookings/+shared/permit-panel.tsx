/**
 * The "Permit" panel of /admin/bookings/:id (docs/decisions/050-permits-and-manifests.md#the-status):
 * the permits the booking's package needs, the day the travellers' documents are due, the status
 * (and the permit number once issued), the closed-day warnings of the trip, and buttons to set
 * Applied, Permit issued (with the number, required), Not needed, or back to Documents missing.
 * Plain forms posting `intent=permit-status`, so it works without JavaScript; a refusal shows in
 * the panel with the number typed kept.
 */
import { AlertTriangle, Stamp } from 'lucide-react';
import { Form, useActionData, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/field';
import { StatusPill, type StatusTone } from '~/components/ui/status-pill';
import type { PermitStatus } from '~/lib/permits/constants';
import type { PermitPanelData } from '~/models/permits.server';

const TONES: Record<PermitStatus, StatusTone> = {
  documents_missing: 'bad',
  documents_complete: 'info',
  applied: 'pending',
  issued: 'ok',
  not_needed: 'neutral',
};

type PermitFailure = { values: { permitNumber: string }; errors: Record<string, string> };

function permitFailure(actionData: unknown): PermitFailure | null {
  return actionData && typeof actionData === 'object' && 'permit' in actionData ? (actionData as { permit: PermitFailure }).permit : null;
}

/** One button of the panel: a small form posting the status. */
function StatusButton({ action, status, label, primary }: { action: string; status: string; label: string; primary?: boolean }) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="permit-status" />
      <input type="hidden" name="permitStatus" value={status} />
      <button type="submit" className={buttonClass(primary ? 'primary' : 'outline', 'sm')}>
        {label}
      </button>
    </Form>
  );
}

export function PermitPanel({ data, action }: { data: PermitPanelData; action: string }) {
  const failure = permitFailure(useActionData());
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'permit-status';
  const errors = failure?.errors ?? {};
  return (
    <section aria-labelledby="booking-permit" className="card p-5 shadow-sm" data-permit-status={data.status}>
      <h2 id="booking-permit" className="flex items-center gap-2 font-sans text-lg font-semibold text-ink">
        <Stamp className="size-5 text-forest-700" aria-hidden />
        Permit
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold tracking-[0.06em] text-muted uppercase">Status</dt>
          <dd className="mt-1">
            <StatusPill tone={TONES[data.status]} dot>
              {data.statusLabel}
            </StatusPill>
            {data.permitNumber ? <span className="ml-2 font-mono text-sm">No. {data.permitNumber}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-[0.06em] text-muted uppercase">Documents due</dt>
          <dd className="mt-1 text-ink">
            {data.dueOn ?? '—'}
            {data.due && data.status === 'documents_missing' ? <span className="ml-2 text-sm font-semibold text-status-bad-fg">Deadline reached</span> : null}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs font-semibold tracking-[0.06em] text-muted uppercase">Permits needed</dt>
          <dd className="mt-1 text-ink">{data.permits.length > 0 ? data.permits.join(', ') : 'None for this package'}</dd>
        </div>
      </dl>

      {data.warnings.length > 0 ? (
        <ul
          role="note"
          aria-label="Closed-day warnings"
          className="mt-4 flex flex-col gap-2 rounded-lg border border-marigold/50 bg-status-pending-bg px-4 py-3 text-sm text-status-pending-fg"
        >
          {data.warnings.map((w) => (
            <li key={w} className="flex gap-2">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{w}</span>
            </li>
          ))}
        </ul>
      ) : null}

      {/* The issued permit's scan is uploaded in the Travellers panel (docs/decisions/050-permits-and-manifests.md). */}

      {errors[''] ? (
        <p role="alert" className="mt-4 rounded-lg bg-status-bad-bg px-4 py-3 text-sm font-medium text-status-bad-fg">
          {errors['']}
        </p>
      ) : null}

      {data.editable ? (
        <div className="mt-4 flex flex-col gap-4 border-t border-forest-100 pt-4">
          <div className="flex flex-wrap gap-2">
            {data.status !== 'applied' ? <StatusButton action={action} status="applied" label="Mark applied" primary /> : null}
            {data.status !== 'not_needed' ? <StatusButton action={action} status="not_needed" label="Not needed" /> : null}
            {data.status !== 'documents_missing' && data.status !== 'documents_complete' ? (
              <StatusButton action={action} status="documents_missing" label="Back to documents missing" />
            ) : null}
          </div>
          <Form method="post" action={action} className="flex flex-wrap items-end gap-3" aria-labelledby="booking-permit-issued">
            <input type="hidden" name="intent" value="permit-status" />
            <input type="hidden" name="permitStatus" value="issued" />
            <h3 id="booking-permit-issued" className="sr-only">
              Permit issued
            </h3>
            <Field
              id="permit-number"
              label="Permit number"
              required
              errors={errors.permitNumber ? [errors.permitNumber] : undefined}
              className="min-w-48 flex-1"
            >
              {(a11y) => (
                <Input
                  {...a11y}
                  name="permitNumber"
                  defaultValue={failure?.values.permitNumber ?? data.permitNumber}
                  maxLength={60}
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </Field>
            <button type="submit" className={buttonClass('primary', 'md')} disabled={saving}>
              {data.status === 'issued' ? 'Save permit number' : 'Permit issued'}
            </button>
          </Form>
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted">This booking is closed: its permit no longer changes.</p>
      )}
    </section>
  );
}
