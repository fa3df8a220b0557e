/**
 * The browser side of an admin editor: Conform with the entity's write schema, validating as the
 * admin types (after the first blur) and again on submit, with the same required-field rule and
 * form-data rewrite as the action (so the messages match with and without JavaScript).
 *
 * Also: the saving state (docs/product.md: buttons disabled while saving), the error toasts (the
 * action's failure toast, and 'Please fill all required fields'), and a callback after each failed
 * submit so a tabbed editor can show the tab that holds the first error.
 */
import { useForm, type DefaultValue, type FormMetadata, type Submission, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useEffect, useRef, type FormEvent } from 'react';
import { useLocation, useNavigation } from 'react-router';
import type { z } from 'zod';
import { toast } from '~/components/ui/toast';
import { REQUIRED_FIELDS_MESSAGE, withRequiredNotice } from './required';

/** What an editor's action answers when it does not redirect (app/routes/admin/+shared/editor-action.server.ts). */
export type EditorActionData = {
  result: SubmissionResult<string[]>;
  /** An error toast to show (with JavaScript) for a failed save. */
  toast?: string;
};

/** A write schema's output as the form holds it: every leaf a string, lists and objects kept. */
export type FormShape<T> = T extends readonly (infer I)[]
  ? FormShape<I>[]
  : T extends Date
    ? string
    : T extends object
      ? { [K in keyof T]: FormShape<T[K]> }
      : string;

type Options = {
  id: string;
  schema: z.ZodType;
  required: readonly string[];
  /** The values the form starts with (a stored record, defaults or a prefill); Conform serializes them. */
  defaultValue: Record<string, unknown>;
  actionData: EditorActionData | undefined;
  prepare?: (formData: FormData) => FormData;
  /** After a failed submit (browser or server), with the names of the fields in error. */
  onInvalid?: (errorNames: string[]) => void;
};

const INTENT = '__intent__';

function errorNames(error: Record<string, unknown> | null | undefined): string[] {
  return Object.entries(error ?? {})
    .filter(([, messages]) => Array.isArray(messages) && messages.length > 0)
    .map(([name]) => name);
}

export function useEditorForm<F extends Record<string, unknown>>({ id, schema, required, defaultValue, actionData, prepare, onInvalid }: Options) {
  const lastValidation = useRef<Submission<unknown> | null>(null);
  const [form, fields] = useForm<F>({
    id,
    defaultValue: defaultValue as DefaultValue<F>,
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate({ formData }) {
      const prepared = prepare ? prepare(formData) : formData;
      const submission = withRequiredNotice(parseWithZod(prepared, { schema, disableAutoCoercion: true }), formData, required);
      lastValidation.current = submission as Submission<unknown>;
      return submission as unknown as Submission<F>;
    },
  });

  // A failed submit caught in the browser: the required-fields toast and the tab switch.
  const onInvalidRef = useRef(onInvalid);
  useEffect(() => {
    onInvalidRef.current = onInvalid;
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const isIntent = submitter?.getAttribute('name') === INTENT;
    const validation = lastValidation.current;
    if (!event.defaultPrevented || isIntent || !validation || validation.status !== 'error') return;
    if (validation.error?.['']?.includes(REQUIRED_FIELDS_MESSAGE)) toast.error(REQUIRED_FIELDS_MESSAGE);
    onInvalidRef.current?.(errorNames(validation.error));
  };

  // A failed save answered by the server: its toast, and the tab switch.
  const shown = useRef<EditorActionData | null>(null);
  useEffect(() => {
    if (!actionData || shown.current === actionData) return;
    shown.current = actionData;
    const result = actionData.result;
    if (result.status !== 'error') return;
    if (actionData.toast) toast.error(actionData.toast);
    else if (result.error?.['']?.includes(REQUIRED_FIELDS_MESSAGE)) toast.error(REQUIRED_FIELDS_MESSAGE);
    onInvalidRef.current?.(errorNames(result.error));
  }, [actionData]);

  const navigation = useNavigation();
  const location = useLocation();
  const pending = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' && navigation.formAction?.split('?')[0] === location.pathname;

  return { form: form as FormMetadata<F>, fields, pending, onSubmit };
}
