/**
 * The money API's validation issues (docs/decisions/009-rest-api.md): zod's issues with dotted paths,
 * except that an unknown field is named by its own path (zod reports it once, on the object).
 */
import type { z } from 'zod';
import type { Issue } from '~/lib/errors.server';

export function moneyIssues(error: z.core.$ZodError): Issue[] {
  return error.issues.flatMap((i) => {
    const base = i.path.map(String);
    if (i.code === 'unrecognized_keys') return i.keys.map((key) => ({ path: [...base, key].join('.'), message: 'Not a field of this request' }));
    return [{ path: base.join('.'), message: i.message }];
  });
}
