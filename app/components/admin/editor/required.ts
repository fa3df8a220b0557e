/**
 * The admin forms' required-field rule (docs/product.md, "Admin package form" and "Admin bike and car forms"): a package needs a title and a
 * description, a bike or a car a model and a daily rate. When one of them is left empty the form
 * shows 'Please fill all required fields' above the fields, and each missing field its own error.
 * The same check runs in the browser (Conform's onValidate) and in the route action.
 */
import type { Submission } from '@conform-to/react';

/** The form-level message of a missing required field, word for word. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill all required fields';

/** Conform's reserved name of an intent button (insert, remove, update...). */
const INTENT = '__intent__';

function blank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(blank);
  return false;
}

/** True when one of `names` (top-level form field names) is absent or blank in `payload`. */
export function missingRequired(payload: Record<string, unknown> | undefined, names: readonly string[]): boolean {
  return names.some((name) => blank(payload?.[name]));
}

/**
 * `submission` with REQUIRED_FIELDS_MESSAGE added as a form error when it failed and a required field is
 * missing. Only a real submit gets the message: validating one field on blur or a list intent
 * (add or remove a row) does not.
 */
export function withRequiredNotice<T>(submission: Submission<T>, formData: FormData, names: readonly string[]): Submission<T> {
  if (formData.has(INTENT) || submission.status !== 'error') return submission;
  if (!missingRequired(submission.payload, names)) return submission;
  return {
    ...submission,
    error: { ...submission.error, '': [REQUIRED_FIELDS_MESSAGE] },
    reply: (options?: Parameters<Submission<T>['reply']>[0]) =>
      submission.reply(options && 'resetForm' in options ? options : { ...options, formErrors: [REQUIRED_FIELDS_MESSAGE] }),
  };
}
