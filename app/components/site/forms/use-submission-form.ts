/**
 * The client side of a dialog form: Conform validates with the shared zod schema as the visitor
 * types, then the values are POSTed as JSON to the public API, which validates everything again and
 * stores the record before answering. Field issues from the server come back under their fields;
 * anything else keeps what was typed and shows 'An error occurred. Please try again.'
 * (docs/product.md#failed-requests).
 */
import { useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import { useState } from 'react';
import { toast } from '~/components/ui/toast';
import type { input, output } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { parseSubmission } from '~/lib/parse-submission';
import { HONEYPOT_FIELD } from '~/schemas/submission-limits';

export const GENERIC_ERROR = 'An error occurred. Please try again.';

type ApiErrorBody = { error?: unknown; issues?: { path?: unknown; message?: unknown }[] };

/**
 * docs/product.md#failed-requests: the response's error, else 'Error: {status} {statusText}', else
 * 'Unknown error occurred'.
 */
export function describeFailure(response: Response | null, body: ApiErrorBody | null, thrown?: unknown): string {
  if (body && typeof body.error === 'string' && body.error) return body.error;
  if (response) return `Error: ${response.status} ${response.statusText}`.trim();
  if (thrown instanceof Error && thrown.message) return thrown.message;
  return 'Unknown error occurred';
}

export type SubmitOutcome<T> = { ok: true; record: T } | { ok: false; message: string; fieldErrors: Record<string, string[]> };

/** POST `body` as JSON; never throws. */
export async function postSubmission<T>(endpoint: string, body: Record<string, unknown>): Promise<SubmitOutcome<T>> {
  let response: Response | null = null;
  let parsed: unknown;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    parsed = await response.json().catch(() => null);
    if (response.ok) return { ok: true, record: parsed as T };
  } catch (error) {
    return { ok: false, message: describeFailure(response, null, error), fieldErrors: {} };
  }
  const errorBody = (parsed && typeof parsed === 'object' ? parsed : null) as ApiErrorBody | null;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of errorBody?.issues ?? []) {
    if (typeof issue.path === 'string' && issue.path && typeof issue.message === 'string') {
      (fieldErrors[issue.path] ??= []).push(issue.message);
    }
  }
  return { ok: false, message: describeFailure(response, errorBody), fieldErrors };
}

/** Conform field metadata by the schema's (input) field names. */
export type FieldsOf<S extends $ZodType> = Record<Extract<keyof input<S>, string>, FieldMetadata<unknown>>;

type Options<S extends $ZodType, T> = {
  id: string;
  schema: S;
  endpoint: string;
  /** Runs synchronously inside the submit event (user activation), e.g. to open a tab. */
  beforeSend?: (value: output<S>) => void;
  onSuccess: (record: T, value: output<S>) => void;
  onFailure?: () => void;
};

export function useSubmissionForm<S extends $ZodType, T = { id: string }>({ id, schema, endpoint, beforeSend, onSuccess, onFailure }: Options<S, T>) {
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [pending, setPending] = useState(false);
  const [form, fields] = useForm({
    id,
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseSubmission(formData, schema),
    onSubmit(event, { submission, formData }) {
      event.preventDefault();
      if (pending || submission?.status !== 'success') return;
      const value = submission.value as output<S>;
      beforeSend?.(value);
      const honeypot = formData.get(HONEYPOT_FIELD);
      const body = { ...(value as Record<string, unknown>), ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}) };
      setPending(true);
      void postSubmission<T>(endpoint, body).then((outcome) => {
        setPending(false);
        if (outcome.ok) {
          setLastResult(undefined);
          onSuccess(outcome.record, value);
          return;
        }
        onFailure?.();
        const hasFieldErrors = Object.keys(outcome.fieldErrors).length > 0;
        setLastResult({ status: 'error', error: hasFieldErrors ? outcome.fieldErrors : { '': [GENERIC_ERROR] } });
        toast.error(GENERIC_ERROR, { description: outcome.message });
      });
    },
  });
  return { form, fields: fields as unknown as FieldsOf<S>, pending };
}
