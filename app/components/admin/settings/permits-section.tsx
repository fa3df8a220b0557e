/**
 * The "Permits and travellers' documents" card of /admin/settings
 * (docs/decisions/050-permits-and-manifests.md#permits-in-settings-and-on-packages): the permits
 * packages choose from (id, name, the weekdays the area is closed, whether only foreign nationals
 * need it) and the ID types offered to Indian travellers (id, label, on/off), each as rows added
 * and removed with list intents (so it works without JavaScript); how many days before travel the
 * documents are due by default, the formats and sizes the permit office accepts, and how many days
 * after the trip the documents are deleted. Each field shows its own error.
 */
import type { FormMetadata } from '@conform-to/react';
import { FieldRow } from '~/components/admin/editor/sections';
import { TextField } from '~/components/admin/editor/fields';
import { ListField, ListTextInput } from '~/components/admin/editor/list-field';
import { Checkbox } from '~/components/ui/field';
import { WEEKDAY_NAMES } from '~/lib/permits/constants';
import { SETTINGS_LABELS } from '~/schemas/settings';
import type { SettingsActionData } from './form-schemas';
import { SettingsFormCard, useSettingsForm } from './settings-form';

/** The `permits` key as its form posts it. */
type PermitsForm = {
  types: { id: string; name: string; closedWeekdays: string[]; foreignersOnly: string }[];
  idTypes: { id: string; label: string; enabled: string }[];
  documentsDaysBefore: string;
  documentFormats: string[];
  minDocumentKb: string;
  maxDocumentKb: string;
  retentionDaysAfterTrip: string;
};

const FORMATS = [
  { value: 'jpeg', label: 'JPEG' },
  { value: 'png', label: 'PNG' },
];

/** The values of a multi-valued field (checkboxes) as Conform gives them back. */
function valuesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' && value !== '' ? [value] : [];
}

const on = (value: unknown) => value === 'on' || value === true || value === 'true';

/** The error line under a group of checkboxes. */
function GroupError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return errors?.[0] ? (
    <p id={id} className="mt-1 text-sm font-medium text-flag-red">
      {errors[0]}
    </p>
  ) : null;
}

export function PermitsSection({ value, actionData }: { value: Record<string, unknown>; actionData: SettingsActionData | undefined }) {
  const { form, fields, pending } = useSettingsForm<PermitsForm>('permits', value, actionData);
  const formats = valuesOf(fields.documentFormats.initialValue);
  return (
    <SettingsFormCard
      settingsKey="permits"
      form={form as unknown as FormMetadata<Record<string, unknown>>}
      pending={pending}
      title={SETTINGS_LABELS.permits}
      description="The permits packages can need, the IDs Indian travellers may give, and the permit office's rules for the documents. The rules change: edit them here; packages pick their permits in the package form."
      saveLabel="Save permits and documents"
    >
      <ListField
        form={form}
        field={fields.types}
        legend="Permits"
        description="Identifier (lower-case letters, digits and hyphens; kept on packages and bookings, so change it only before use), name, the days the area is closed to visitors, and whether only foreign nationals need it."
        itemLabel={(i) => `permit ${i + 1}`}
        addLabel="Add permit"
        variant="card"
        rowTitle={(i) => `Permit ${i + 1}`}
        newItem={() => ({ id: '', name: '', closedWeekdays: [], foreignersOnly: '' })}
      >
        {(item, i) => {
          const row = item.getFieldset();
          const closed = valuesOf(row.closedWeekdays.initialValue);
          const closedError = `${row.closedWeekdays.id}-error`;
          return (
            <div className="grid gap-3">
              <div className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                <div className="min-w-0">
                  <span aria-hidden className="mb-1 block text-xs text-muted">
                    Identifier
                  </span>
                  <ListTextInput field={row.id} label={`Permit ${i + 1}: identifier`} placeholder="nathula-pap" />
                </div>
                <div className="min-w-0">
                  <span aria-hidden className="mb-1 block text-xs text-muted">
                    Name
                  </span>
                  <ListTextInput field={row.name} label={`Permit ${i + 1}: name`} placeholder="Nathula PAP" />
                </div>
              </div>
              <fieldset key={row.closedWeekdays.key} aria-describedby={row.closedWeekdays.errors ? closedError : undefined}>
                <legend className="text-xs text-muted">Closed on</legend>
                <div className="flex flex-wrap gap-x-4">
                  {WEEKDAY_NAMES.map((day, d) => (
                    <Checkbox
                      key={day}
                      name={row.closedWeekdays.name}
                      value={String(d)}
                      defaultChecked={closed.includes(String(d))}
                      label={<span className="text-sm">{day.slice(0, 3)}</span>}
                      aria-label={`Permit ${i + 1} closed on ${day}s`}
                    />
                  ))}
                </div>
                <GroupError id={closedError} errors={row.closedWeekdays.errors} />
              </fieldset>
              <Checkbox
                key={row.foreignersOnly.key}
                name={row.foreignersOnly.name}
                defaultChecked={on(row.foreignersOnly.initialValue)}
                label={<span className="text-sm">Only foreign nationals need it</span>}
                aria-label={`Permit ${i + 1}: only foreign nationals need it`}
              />
            </div>
          );
        }}
      </ListField>

      <ListField
        form={form}
        field={fields.idTypes}
        legend="ID types for Indian travellers"
        description="What an Indian traveller may give as identity. Untick one to stop offering it (Aadhaar is off by default: permit offices usually refuse it)."
        itemLabel={(i) => `ID type ${i + 1}`}
        addLabel="Add ID type"
        newItem={() => ({ id: '', label: '', enabled: 'on' })}
      >
        {(item, i) => {
          const row = item.getFieldset();
          return (
            <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-start gap-2">
              <div className="min-w-0">
                <ListTextInput field={row.id} label={`ID type ${i + 1}: identifier`} placeholder="voter-id" />
              </div>
              <div className="min-w-0">
                <ListTextInput field={row.label} label={`ID type ${i + 1}: label`} placeholder="Voter ID" />
              </div>
              <Checkbox
                key={row.enabled.key}
                name={row.enabled.name}
                defaultChecked={on(row.enabled.initialValue)}
                label={<span className="text-sm">Offered</span>}
                aria-label={`ID type ${i + 1}: offered`}
                className="min-h-10"
              />
            </div>
          );
        }}
      </ListField>

      <FieldRow columns={2}>
        <TextField
          field={fields.documentsDaysBefore}
          label="Documents due (days before travel)"
          required
          inputMode="numeric"
          hint="The default for new packages; each package can change it. 1 to 90."
        />
        <TextField
          field={fields.retentionDaysAfterTrip}
          label="Delete documents (days after the trip)"
          required
          inputMode="numeric"
          hint="Travellers' IDs and photos are deleted this long after the trip ends."
        />
      </FieldRow>
      <fieldset key={fields.documentFormats.key} aria-describedby={fields.documentFormats.errors ? `${fields.documentFormats.id}-error` : undefined}>
        <legend className="text-sm font-semibold text-ink">Formats the permit office accepts</legend>
        <div className="flex flex-wrap gap-x-6">
          {FORMATS.map((f) => (
            <Checkbox key={f.value} name={fields.documentFormats.name} value={f.value} defaultChecked={formats.includes(f.value)} label={f.label} />
          ))}
        </div>
        <GroupError id={`${fields.documentFormats.id}-error`} errors={fields.documentFormats.errors} />
      </fieldset>
      <FieldRow columns={2}>
        <TextField field={fields.minDocumentKb} label="Smallest file (KB)" required inputMode="numeric" hint="After re-encoding; each photo and scan." />
        <TextField
          field={fields.maxDocumentKb}
          label="Largest file (KB)"
          required
          inputMode="numeric"
          hint="Uploads are re-encoded down to fit; at least twice the smallest."
        />
      </FieldRow>
    </SettingsFormCard>
  );
}
