/**
 * Re-authentication for the profile and staff pages (docs/decisions/045-security-round-two.md,
 * section 8): the sensitive intents (two-factor on or off, someone else's password reset, two-factor
 * off or role) run only when the session gave its password within the last 5 minutes.
 *
 * - `sensitive(handler)` wraps an intent: past the window it answers 403 with the reply of the
 *   'Confirm your password' form (`REAUTH_INTENT`), which the page then shows; nothing changes.
 * - `confirmPasswordIntent` is that form's handler: a right password starts a new window and goes
 *   back to the same page (its query kept, e.g. the open Manage panel) with a toast; a wrong one is
 *   a 400 naming the field `password` (429 when throttled). Works without JavaScript.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { requestMeta } from '~/services/admin-guard.server';
import { confirmPassword, recentlyAuthenticated } from '~/services/account-security.server';
import { redirectWithToast } from '~/lib/toast.server';
import { confirmPasswordSchema } from '~/schemas/profile';
import { REAUTH_INTENT } from '~/components/admin/account/confirm-password';
import { formReply, type IntentContext, type IntentHandler } from './intents.server';
import { THROTTLED_MESSAGE } from '../profile/+intents/details.server';

export { REAUTH_INTENT };
/** What the form says when a sensitive change was refused for want of a recent password. */
export const REAUTH_NEEDED = 'For your security, confirm your password first (it is asked again 5 minutes after you last gave it).';

/** `handler`, run only within the re-authentication window; otherwise 403 with the confirm form's reply. */
export function sensitive<H extends IntentHandler>(handler: H) {
  return async (context: IntentContext) => {
    if (!recentlyAuthenticated(context.auth)) {
      return formReply(REAUTH_INTENT, { status: 'error', error: { password: [REAUTH_NEEDED] } }, 403);
    }
    return (await handler(context)) as Awaited<ReturnType<H>>;
  };
}

/** The 'Confirm your password' form (see the module comment). */
export async function confirmPasswordIntent({ auth, request, formData, path }: IntentContext) {
  const submission = parseWithZod(formData, { schema: confirmPasswordSchema });
  const hideFields = ['password'];
  if (submission.status !== 'success') return formReply(REAUTH_INTENT, submission.reply({ hideFields }));
  const outcome = await confirmPassword(auth, submission.value.password, requestMeta(request).ip);
  if (outcome === 'throttled') return formReply(REAUTH_INTENT, submission.reply({ formErrors: [THROTTLED_MESSAGE], hideFields }), 429);
  if (outcome === 'wrong') return formReply(REAUTH_INTENT, submission.reply({ fieldErrors: { password: ['This is not your current password'] }, hideFields }));
  const back = new URL(request.url);
  return redirectWithToast(`${path}${back.search}`, {
    type: 'success',
    title: 'Password confirmed',
    description: 'You can make the change for the next 5 minutes.',
  });
}
