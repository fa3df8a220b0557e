/**
 * One dispatcher for admin pages whose forms all post to the page's action and tell themselves apart
 * with an `intent` field: the staff and profile pages (docs/architecture.md#layers, where each
 * intent's module lives).
 *
 * A page lists its intents as a typed map from intent name to handler; each handler gets the same
 * context and answers with a redirect (with a toast) on success, or with `formReply` when its form
 * was refused, so that form shows the errors and keeps what was typed. An intent the page does not
 * know (only a hand-made request sends one) is answered 400 with an error under the field `intent`.
 */
import type { SubmissionResult } from '@conform-to/react';
import { data } from 'react-router';
import type { AdminAuth } from '~/services/admin-guard.server';
import type { AuditActor } from '~/models/audit.server';

/** What every intent handler gets: the signed-in staff member, the request, its form and the page. */
export type IntentContext = {
  auth: AdminAuth;
  request: Request;
  formData: FormData;
  /** Who the audit log names for this request (`auditActor(auth, request)`). */
  actor: AuditActor;
  /** The page's address, where a handler redirects after a change: '/admin/staff'. */
  path: string;
};

/** One intent's handler: a redirect Response, or data for the page (usually a `formReply`). */
export type IntentHandler = (context: IntentContext) => Promise<unknown>;

/**
 * The answer of a refused form: which form it was (`intent`) and Conform's reply
 * (`submission.reply(...)`), so the page gives the errors to that form only.
 */
export type FormReply<I extends string | null> = { intent: I; result: SubmissionResult<string[]> };

/** A refused form's answer, 400 unless `status` says otherwise (409 for a clash, 429 when throttled). */
export function formReply<I extends string>(intent: I, result: SubmissionResult<string[]>, status = 400) {
  return data<FormReply<I>>({ intent, result }, { status });
}

/** The message under the field `intent` when the page does not know the intent sent. */
export const UNKNOWN_INTENT = 'Unknown action';

/**
 * Run the handler `handlers[formData.get('intent')]` with `context`, or answer 400 with
 * `{ intent: null, result }` whose error names the field `intent` when there is no such handler
 * (a missing intent, an unknown one, or a name such as 'toString' that is not the map's own).
 * Errors thrown by the handler propagate: the page decides which become a toast.
 */
export async function dispatchIntent<H extends Record<string, IntentHandler>>(
  context: IntentContext,
  handlers: H,
): Promise<Awaited<ReturnType<H[keyof H]>> | ReturnType<typeof unknownIntent>> {
  const intent = context.formData.get('intent');
  if (typeof intent === 'string' && Object.hasOwn(handlers, intent)) {
    return (await handlers[intent]!(context)) as Awaited<ReturnType<H[keyof H]>>;
  }
  return unknownIntent();
}

function unknownIntent() {
  return data<FormReply<null>>({ intent: null, result: { status: 'error', error: { intent: [UNKNOWN_INTENT] } } }, { status: 400 });
}
