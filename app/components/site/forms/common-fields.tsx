/**
 * Fields every visitor form shares (docs/product.md#forms-and-validation): a date within the booking
 * window (today in India to MAX_YEARS_AHEAD) and an optional message. Used by the dialogs
 * (site-dialog-forms.tsx) and by the pages that do the same jobs without scripts (/inquire, a bike's
 * or car's /book page).
 */
import type { FieldMetadata } from '@conform-to/react';
import { Field, Input, Select, Textarea } from '~/components/ui/field';
import { todayInIndia } from '~/lib/format';
import { addYears, LIMITS, MAX_YEARS_AHEAD } from '~/schemas/submission-limits';

export type FormField = FieldMetadata<unknown>;

/** The field's initial value as the text an input shows. */
export const initialText = (field: FormField) => field.initialValue as string | undefined;

function dateBounds() {
  const today = todayInIndia();
  return { min: today, max: addYears(today, MAX_YEARS_AHEAD) };
}

/**
 * A choice of tour package: `field` holds the package's id ('' for none chosen). Shared by the
 * inquiry's Destination and the booking dialog's Tour package.
 */
export function PackageField({
  field,
  label,
  packages,
  required = false,
}: {
  field: FormField;
  label: string;
  packages: { id: string; title: string }[];
  required?: boolean;
}) {
  return (
    <Field id={field.id} label={label} errors={field.errors} required={required} className="sm:col-span-2">
      {(a11y) => (
        <Select {...a11y} name={field.name} key={field.key} defaultValue={initialText(field) ?? ''} required={required}>
          <option value="">Select a tour package</option>
          {packages.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

export function DateField({ field, label, required = true }: { field: FormField; label: string; required?: boolean }) {
  return (
    <Field id={field.id} label={label} errors={field.errors} required={required}>
      {(a11y) => <Input {...a11y} type="date" name={field.name} key={field.key} defaultValue={initialText(field)} required={required} {...dateBounds()} />}
    </Field>
  );
}

export function MessageField({ field, hint, label = 'Message' }: { field: FormField; hint?: string; label?: string }) {
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint} className="sm:col-span-2">
      {(a11y) => <Textarea {...a11y} name={field.name} key={field.key} defaultValue={initialText(field)} rows={3} maxLength={LIMITS.message} />}
    </Field>
  );
}
