/**
 * Conform's `onValidate` for a page form (/contact, /booking) whose zod schema loads when the
 * visitor first reaches for the form, so a page view that never uses it does not download the
 * validation code (docs/decisions/023-public-page-speed.md).
 *
 * Loading starts at the first focus, pointer press or touch inside the form with `formId`. By the time
 * the visitor leaves the first field, the rules are normally there, and the form validates as they
 * type, with the same messages as the server. Until then every field counts as valid, and a submit
 * goes to the page's action, which validates with the same schema and answers the field errors: the
 * same as a visitor without JavaScript gets, and nothing is lost.
 */
import { parse, type Submission } from '@conform-to/react';
import { useEffect, useRef } from 'react';
import { onFirstIntent } from '~/lib/first-intent';
import type { output } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

type Validate<T> = (formData: FormData) => Submission<T, string[]>;

/**
 * `loadSchema` is called once, at the first sign of intent inside `#formId`; pass a function with a
 * dynamic `import()`. Returns the function to give `useForm` as `onValidate`.
 */
export function useDeferredValidation<S extends $ZodType>(
  formId: string,
  loadSchema: () => Promise<S>,
): (context: { formData: FormData }) => Submission<output<S>, string[]> {
  const validate = useRef<Validate<output<S>> | null>(null);
  const load = useRef(loadSchema);
  useEffect(() => {
    let mounted = true;
    const stop = onFirstIntent(`#${CSS.escape(formId)}`, ['focusin', 'pointerdown', 'touchstart'], () => {
      void Promise.all([load.current(), import('~/lib/parse-submission')]).then(([schema, { parseSubmission }]) => {
        if (mounted) validate.current = (formData) => parseSubmission(formData, schema);
      });
    });
    return () => {
      mounted = false;
      stop();
    };
  }, [formId]);
  return ({ formData }) =>
    validate.current ? validate.current(formData) : parse<output<S>, string[]>(formData, { resolve: (payload) => ({ value: payload as output<S> }) });
}
