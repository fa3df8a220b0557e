/**
 * Form fields: label above the input, hint below it, the error under the field in words,
 * 44 px touch targets. Inputs get `aria-invalid` and `aria-describedby` wired to the hint and error.
 */
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '~/lib/cn';

/** A text input's look, one class in the stylesheet's components layer (app/app.css). */
export const inputClass = 'field-input';

type FieldProps = {
  id: string;
  label: ReactNode;
  /** Error messages from Conform (first one shown). */
  errors?: string[];
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (props: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined }) => ReactNode;
};

/** Label, control (render prop gets its accessibility props), hint and error. */
export function Field({ id, label, errors, hint, required, className, children }: FieldProps) {
  const error = errors?.[0];
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  // The look of each part is one class in app/app.css (.field, .field-label…); an empty error is not shown.
  return (
    <div className={cn('field', className)}>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? (
          <span className="field-required" aria-hidden>
            {' *'}
          </span>
        ) : null}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="field-error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClass, 'min-h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(inputClass, 'min-h-28 resize-y', className)} {...props} />;
}

export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <select className={cn(inputClass, 'min-h-11 appearance-auto pr-8', className)} {...props}>
      {children}
    </select>
  );
}

/** A checkbox with its label on the right, 44 px tall. */
export function Checkbox({ label, className, ...props }: ComponentProps<'input'> & { label: ReactNode }) {
  return (
    <label className={cn('flex min-h-11 cursor-pointer items-center gap-3 text-base', className)}>
      <input type="checkbox" className="size-5 accent-forest-700" {...props} />
      <span>{label}</span>
    </label>
  );
}
