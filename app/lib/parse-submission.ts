/**
 * A form's data parsed into a Conform submission with a zod schema, for the visitor forms (the
 * contact and booking pages, the dialogs) and their page actions.
 *
 * This is what `parseWithZod(formData, { schema, disableAutoCoercion: true })` of `@conform-to/zod`
 * does, minus its import of classic zod (for the coercion these forms never use): with it the
 * public forms' bundle carried all of classic zod next to `zod/mini`
 * (docs/decisions/023-public-page-speed.md). The schemas take form strings as they are
 * (app/schemas/submission-fields.ts). Every issue's message goes under its field's name (a path
 * such as `endDate` or `items[0].name`); issues of the whole form go under `''`.
 */
import { formatPaths, parse, type Submission } from '@conform-to/dom';
import { safeParse, type output } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

export function parseSubmission<S extends $ZodType>(formData: FormData | URLSearchParams, schema: S): Submission<output<S>, string[]> {
  return parse<output<S>, string[]>(formData, {
    resolve(payload) {
      const result = safeParse(schema, payload);
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = formatPaths(issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment)));
        (error[name] ??= []).push(issue.message);
      }
      return { error };
    },
  });
}
