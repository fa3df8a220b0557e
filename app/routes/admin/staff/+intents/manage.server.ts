/**
 * The forms of the staff page's 'Manage' panel for one account (app/routes/admin/staff.tsx;
 * docs/decisions/004-staff-authentication.md#roles): reset the password (`reset`), disable or enable
 * the account (`disable`, `enable`), turn two-factor sign-in off (`two-factor-off`) and make admin or
 * staff (`role`). The models refuse what would lock the office out (oneself, the last enabled admin)
 * with a `Conflict`, which the page turns into an error toast. The staff page wraps reset, two-factor
 * off and role in `sensitive` (a recent password), and each queues a security notice about the
 * account (docs/decisions/045-security-round-two.md, section 8).
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { notifyAccountChange } from '~/services/account-security.server';
import { NotFound } from '~/lib/errors.server';
import { passwordProblem } from '~/lib/password.server';
import { redirectWithToast } from '~/lib/toast.server';
import { disableTwoFactor } from '~/models/two-factor.server';
import { getUserById, resetUserPassword, setUserDisabled, setUserRole } from '~/models/user.server';
import { resetPasswordSchema, staffRoleSchema, staffTargetSchema } from '~/schemas/profile';
import { formReply, type IntentContext } from '../../+shared/intents.server';

const sessions = (n: number) => `${n} session${n === 1 ? '' : 's'}`;

/** A new password for someone else; every session of theirs ends. Throws `NotFound` for an unknown id. */
export async function resetPassword({ formData, actor, path }: IntentContext) {
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== 'success') return formReply('reset', submission.reply({ hideFields: ['password'] }));
  const target = await getUserById(submission.value.id);
  if (!target) throw new NotFound('Staff member not found');
  const problem = passwordProblem(submission.value.password, target.username);
  if (problem) return formReply('reset', submission.reply({ fieldErrors: { password: [problem] }, hideFields: ['password'] }));
  const { username, ended } = await resetUserPassword(actor, target.id, submission.value.password);
  await notifyAccountChange(username, 'password-reset', actor);
  return redirectWithToast(path, {
    type: 'success',
    title: 'Password reset',
    description: `${username} signs in with the new password; ${sessions(ended)} ended.`,
  });
}

/** `disable` (no sign-in, every session ends at once) or `enable` an account. */
function setDisabled(disable: boolean) {
  return async ({ formData, actor, path }: IntentContext) => {
    const parsed = staffTargetSchema.safeParse({ id: formData.get('id') });
    if (!parsed.success) return redirectWithToast(path, { type: 'error', title: 'Staff member not found' });
    const { username, ended } = await setUserDisabled(actor, parsed.data.id, disable);
    return redirectWithToast(path, {
      type: 'success',
      title: disable ? `${username} disabled` : `${username} enabled`,
      description: disable ? `${sessions(ended)} ended.` : 'They can sign in again.',
    });
  };
}

export const disableAccount = setDisabled(true);
export const enableAccount = setDisabled(false);

/**
 * For someone who lost their phone and their recovery codes: they sign in with the password alone
 * and can enrol again on their profile page. Throws `NotFound` for an unknown id.
 */
export async function turnOffTwoFactor({ formData, actor, path }: IntentContext) {
  const parsed = staffTargetSchema.safeParse({ id: formData.get('id') });
  if (!parsed.success) return redirectWithToast(path, { type: 'error', title: 'Staff member not found' });
  const target = await getUserById(parsed.data.id);
  if (!target) throw new NotFound('Staff member not found');
  await disableTwoFactor(actor, target.id);
  await notifyAccountChange(target.username, 'two-factor-off', actor);
  return redirectWithToast(path, {
    type: 'success',
    title: `Two-factor sign-in turned off for ${target.username}`,
    description: 'They sign in with their password and can set it up again on their profile page.',
  });
}

/** Make an account admin or staff. */
export async function changeRole({ formData, actor, path }: IntentContext) {
  const parsed = staffRoleSchema.safeParse({ id: formData.get('id'), role: formData.get('role') });
  if (!parsed.success) return redirectWithToast(path, { type: 'error', title: 'Choose admin or staff' });
  const { username, changed } = await setUserRole(actor, parsed.data.id, parsed.data.role);
  if (changed) await notifyAccountChange(username, 'role-changed', actor, `now ${parsed.data.role}`);
  return redirectWithToast(path, { type: 'success', title: `${username} is now ${parsed.data.role === 'admin' ? 'an admin' : 'staff'}` });
}
