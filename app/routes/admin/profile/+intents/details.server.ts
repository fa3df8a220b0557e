/**
 * The profile page's own-details forms (app/routes/admin/profile.tsx;
 * docs/decisions/004-staff-authentication.md): the display name (`name`) and the password
 * (`password`: the current one is required, the new one must pass `passwordProblem`; afterwards every
 * OTHER session of the user ends, this browser's goes on under a new token, set in a new cookie:
 * docs/decisions/045-security-round-two.md#3-two-factor-secrets; a security notice is queued,
 * section 8 of the same record). Passwords are never sent back in the page.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { requestMeta, rotatedSessionCookieHeader } from '~/services/admin-guard.server';
import { notifyAccountChange } from '~/services/account-security.server';
import { checkCurrentPassword } from '~/services/sign-in.server';
import { passwordProblem } from '~/lib/password.server';
import { redirectWithToast } from '~/lib/toast.server';
import { changeOwnPassword, updateDisplayName } from '~/models/user.server';
import { changePasswordSchema, profileNameSchema } from '~/schemas/profile';
import { formReply, type IntentContext } from '../../+shared/intents.server';

/** What a throttled password or code check says (429). */
export const THROTTLED_MESSAGE = 'Too many failed attempts. Please wait 15 minutes and try again.';

export async function changeName({ auth, formData, actor, path }: IntentContext) {
  const submission = parseWithZod(formData, { schema: profileNameSchema });
  if (submission.status !== 'success') return formReply('name', submission.reply());
  await updateDisplayName(actor, auth.user.id, submission.value.name);
  return redirectWithToast(path, { type: 'success', title: 'Name updated' });
}

export async function changePassword({ auth, request, formData, actor, path }: IntentContext) {
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  const hideFields = ['currentPassword', 'newPassword', 'confirmPassword'];
  if (submission.status !== 'success') return formReply('password', submission.reply({ hideFields }));
  const { currentPassword, newPassword } = submission.value;
  const check = await checkCurrentPassword(auth, currentPassword, requestMeta(request).ip);
  if (check === 'throttled') return formReply('password', submission.reply({ formErrors: [THROTTLED_MESSAGE], hideFields }), 429);
  if (check === 'wrong') {
    return formReply('password', submission.reply({ fieldErrors: { currentPassword: ['This is not your current password'] }, hideFields }));
  }
  const problem = passwordProblem(newPassword, auth.user.username);
  if (problem) return formReply('password', submission.reply({ fieldErrors: { newPassword: [problem] }, hideFields }));
  if (newPassword === currentPassword) {
    return formReply('password', submission.reply({ fieldErrors: { newPassword: ['Choose a password different from the current one'] }, hideFields }));
  }
  const { ended, token } = await changeOwnPassword(actor, auth.user.id, newPassword, auth.session.id, auth.via === 'cookie');
  await notifyAccountChange(auth.user.username, 'password-changed', actor);
  return redirectWithToast(
    path,
    {
      type: 'success',
      title: 'Password changed',
      description: ended > 0 ? `${ended} other session${ended === 1 ? ' was' : 's were'} signed out.` : undefined,
    },
    token ? { headers: { 'Set-Cookie': await rotatedSessionCookieHeader(token) } } : {},
  );
}
