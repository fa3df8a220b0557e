/**
 * Conform-bound form fields of the admin editors, built on app/components/ui/field.tsx: the label
 * above the control (with a red asterisk when the field is required), a hint under it, and the
 * field's first error under that. `Field` wires `aria-invalid` and `aria-describedby`.
 *
 * Every control is uncontrolled (`defaultValue` from Conform's `initialValue`, remounted by its
 * `key` when Conform replaces the value), so the forms post as plain HTML forms without JavaScript.
 * No control carries the HTML `required` attribute: the server's 'Please fill all required fields'
 * must be reachable without JavaScript, so required fields are announced with `aria-required`.
 */
import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { Checkbox, Field, Input, Select, Textarea } from '~/components/ui/field';
import { cn } from '~/lib/cn';
import { rupeesInputText } from '~/lib/rupees';

/** What an editor field needs of Conform's FieldMetadata (any field of any form satisfies it). */
export type EditorField = {
  id: string;
  name: string;
  key: string | undefined;
  errors: string[] | undefined;
  initialValue: unknown;
  value: unknown;
};

/** A form value as input text: strings as they are, numbers printed, anything else empty. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Lines of a list value (an array of strings or one string), for a one-per-line textarea. */
export function asLines(value: unknown): string {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string').join('\n');
  return asText(value);
}

type CommonProps = {
  field: EditorField;
  label: ReactNode;
  hint?: ReactNode;
  /** Shows the asterisk and sets aria-required; the server enforces what it enforces. */
  required?: boolean;
  className?: string;
};

type InputProps = Omit<ComponentProps<'input'>, 'name' | 'id' | 'defaultValue' | 'required' | 'className' | 'key'>;

/** A one-line text input. */
export function TextField({ field, label, hint, required, className, ...input }: CommonProps & InputProps) {
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint} required={required} className={className}>
      {(a11y) => (
        <Input {...a11y} {...input} key={field.key} name={field.name} defaultValue={asText(field.initialValue)} aria-required={required || undefined} />
      )}
    </Field>
  );
}

/** A multi-line text input; `lines` joins a list value one entry per line. */
export function TextareaField({
  field,
  label,
  hint,
  required,
  className,
  lines,
  ...textarea
}: CommonProps & Omit<ComponentProps<'textarea'>, 'name' | 'id' | 'defaultValue' | 'required' | 'className' | 'key'> & { lines?: boolean }) {
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint} required={required} className={className}>
      {(a11y) => (
        <Textarea
          {...a11y}
          {...textarea}
          key={field.key}
          name={field.name}
          defaultValue={lines ? asLines(field.initialValue) : asText(field.initialValue)}
          aria-required={required || undefined}
        />
      )}
    </Field>
  );
}

/** A number input (integers by default; pass `step` for decimals). */
export function NumberField({ step = 1, min, max, ...props }: CommonProps & InputProps) {
  return <TextField type="number" inputMode={step === 1 ? 'numeric' : 'decimal'} step={step} min={min} max={max} {...props} />;
}

/** Whether `value` is numeric text a money field accepts while typing: digits, one point. */
export function isDecimalText(value: string): boolean {
  return /^\d*(\.\d*)?$/.test(value);
}

/**
 * A money input (rupees), text with a decimal keypad (never `type=number`, which empties on text it
 * cannot read). Typed keys that would make anything but digits and one point are refused. A paste
 * or drop of an amount written the Indian way ('24,999', '1,25,000', '₹ 24999', 'Rs. 24,999') is
 * turned into its plain digits (`rupeesInputText`, app/lib/rupees.ts); text that is not an amount
 * stays as pasted, so the schema marks the field with its message instead of saving 0
 * (docs/decisions/008-money-dates-ids.md). Without JavaScript the server's schema reads the same
 * forms.
 */
export function DecimalField(props: CommonProps & InputProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    const onBeforeInput = (event: InputEvent) => {
      if (!event.inputType.startsWith('insert')) return;
      const added = event.data ?? event.dataTransfer?.getData('text/plain') ?? '';
      const start = input.selectionStart ?? input.value.length;
      const end = input.selectionEnd ?? input.value.length;
      const next = input.value.slice(0, start) + added + input.value.slice(end);
      if (isDecimalText(next)) return;
      if (event.inputType === 'insertText') {
        event.preventDefault();
        return;
      }
      const amount = rupeesInputText(next) ?? rupeesInputText(added);
      if (amount === null) return;
      event.preventDefault();
      input.value = amount;
      input.setSelectionRange(amount.length, amount.length);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    input.addEventListener('beforeinput', onBeforeInput);
    return () => input.removeEventListener('beforeinput', onBeforeInput);
  }, [props.field.key]);
  return (
    <TextField
      {...props}
      ref={ref}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      onInput={(event) => {
        // Autofill or a script: an amount is written plainly; anything else is left for the schema.
        const input = event.currentTarget;
        if (isDecimalText(input.value)) return;
        const amount = rupeesInputText(input.value);
        if (amount !== null) input.value = amount;
      }}
    />
  );
}

/** A date input (YYYY-MM-DD). */
export function DateField(props: CommonProps & InputProps) {
  return <TextField type="date" {...props} />;
}

export type SelectOption = { value: string; label: string };

/** A select; `empty` adds a first option with no value (e.g. 'None'). */
export function SelectField({
  field,
  label,
  hint,
  required,
  className,
  options,
  empty,
  ...select
}: CommonProps &
  Omit<ComponentProps<'select'>, 'name' | 'id' | 'defaultValue' | 'required' | 'className' | 'key'> & { options: readonly SelectOption[]; empty?: string }) {
  const current = asText(field.initialValue);
  // A stored value the list does not know (an old category, say) stays selectable.
  const all = current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint} required={required} className={className}>
      {(a11y) => (
        <Select {...a11y} {...select} key={field.key} name={field.name} defaultValue={current} aria-required={required || undefined}>
          {empty !== undefined ? <option value="">{empty}</option> : null}
          {all.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** A checked form value: Conform serializes `true` as 'on'; the schema may also send 'true'. */
export function isChecked(value: unknown): boolean {
  return value === true || value === 'on' || value === 'true';
}

/**
 * A checkbox with its label on the right. Checked posts `value` ('on'); unchecked posts nothing,
 * which the write schemas read as false.
 */
export function CheckboxField({ field, label, hint, className }: Omit<CommonProps, 'required'>) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const errorId = `${field.id}-error`;
  const error = field.errors?.[0];
  return (
    <div className={cn('flex flex-col', className)}>
      <Checkbox
        key={field.key}
        id={field.id}
        name={field.name}
        label={label}
        defaultChecked={isChecked(field.initialValue)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="field-error">
        {error}
      </p>
    </div>
  );
}

/** Options from a list of values, labelled by `label` (default: the value itself). */
export function toOptions(values: readonly string[], label: (value: string) => string = (v) => v): SelectOption[] {
  return values.map((value) => ({ value, label: label(value) }));
}

/** 'suv' → 'SUV'-style labels are the caller's; this one capitalises the first letter. */
export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
