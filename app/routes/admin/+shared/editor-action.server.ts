/**
 * The save step shared by the package, bike and car editors (docs/product.md, "Admin
 * editing"; docs/architecture.md: admin mutations end in a redirect with a flash toast).
 *
 * - Conform list intents (add or remove a row without JavaScript) come back as they are: the form
 *   re-renders with the row added or removed and nothing is saved.
 * - Invalid input comes back with the fields' errors (HTTP 400), plus 'Please fill all required
 *   fields' when a required field is empty. What was typed is kept.
 * - Valid input is saved, then the browser goes back to the list with the success toast.
 * - An unknown id (the record was deleted meanwhile) is a 404, shown by the route's error boundary.
 * - Any other failure keeps what was typed and answers with the entity's error toast (HTTP 500).
 *
 * The route's action calls `requireAdmin` before this.
 */
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { z } from 'zod';
import { logger } from '~/lib/logger.server';
import { redirectWithToast } from '~/lib/toast.server';
import { missingRequired, REQUIRED_FIELDS_MESSAGE } from '~/components/admin/editor/required';
import type { EditorActionData } from '~/components/admin/editor/use-editor-form';

type Options<S extends z.ZodType> = {
  /** The entity's write schema (client-safe, reads Conform form data). */
  schema: S;
  /** Top-level fields that must not be blank. */
  required: readonly string[];
  /** Rewrites the form data before parsing (the same rewrite the browser does). */
  prepare?: (formData: FormData) => FormData;
  /** Adjusts the answer to a list intent (e.g. renumber itinerary days after a removal). */
  adjustReply?: (result: SubmissionResult<string[]>) => SubmissionResult<string[]>;
  /** Creates or updates the record; null when the id to update is unknown. */
  save: (value: z.output<S>) => Promise<unknown>;
  /** The list page and the toast shown there after a save. */
  success: { to: string; title: string };
  /** The error toast of an unexpected failure. */
  failure: string;
  /** The 404 message of an unknown id. */
  notFound: string;
  /** Names the entity in logs. */
  entity: string;
};

/** Parse, validate and save an editor's form post; throws the redirect on success. */
export async function handleEditorSubmission<S extends z.ZodType>(request: Request, options: Options<S>) {
  const raw = await request.formData();
  const formData = options.prepare ? options.prepare(raw) : raw;
  const submission = parseWithZod(formData, { schema: options.schema, disableAutoCoercion: true });

  if (submission.status !== 'success') {
    if (submission.status === undefined) {
      // A list intent: no save, no errors; the form comes back with the row added or removed.
      const result = submission.reply();
      return data<EditorActionData>({ result: options.adjustReply ? options.adjustReply(result) : result });
    }
    const missing = missingRequired(submission.payload, options.required);
    const result = submission.reply(missing ? { formErrors: [REQUIRED_FIELDS_MESSAGE] } : undefined);
    return data<EditorActionData>({ result }, { status: 400 });
  }

  let saved: unknown;
  try {
    saved = await options.save(submission.value as z.output<S>);
  } catch (error) {
    logger.error({ err: error, entity: options.entity }, 'admin editor save failed');
    return data<EditorActionData>({ result: submission.reply({ formErrors: [options.failure] }), toast: options.failure }, { status: 500 });
  }
  if (saved === null) throw data(options.notFound, { status: 404 });
  throw await redirectWithToast(options.success.to, { type: 'success', title: options.success.title });
}
