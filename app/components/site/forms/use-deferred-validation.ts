/**
 * Conform's `onValidate` for a page form (/contact, /booking) whose zod schema loads after
 * hydration, so the page's first download does not carry the validation code
 * (docs/decisions/023-public-page-speed.md).
 *
 * Once the schema is there, the form validates as the visitor types, with the same messages as the
 * server. Until then (about a second on a slow phone) every field counts as valid, and a submit
 * goes to the page's action, which validates with the same schema and answers the field errors:
 * the same as a visitor without JavaScript gets, and nothing is lost.
 */
import { parse, type Submission } from '@conform-to/react';
import { useEffect, useRef } from 'react';
import type { output } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

type Validate<T> = (formData: FormData) => Submission<T, string[]>;

/**
 * `loadSchema` is called once, after the first render in the browser; pass a function with a
 * dynamic `import()`. Returns the function to give `useForm` as `onValidate`.
 */
export function useDeferredValidation<S extends $ZodType>(loadSchema: () => Promise<S>): (context: { formData: FormData }) => Submission<output<S>, string[]> {
  const validate = useRef<Validate<output<S>> | null>(null);
  const load = useRef(loadSchema);
  useEffect(() => {
    let mounted = true;
    void Promise.all([load.current(), import('~/lib/parse-submission')]).then(([schema, { parseSubmission }]) => {
      if (mounted) validate.current = (formData) => parseSubmission(formData, schema);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return ({ formData }) =>
    validate.current ? validate.current(formData) : parse<output<S>, string[]>(formData, { resolve: (payload) => ({ value: payload as output<S> }) });
}
