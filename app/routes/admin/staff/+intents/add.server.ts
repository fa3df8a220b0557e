/**
 * The staff page's 'Add a staff member' form (intent `create`; app/routes/admin/staff.tsx): a new
 * account with a first password that passes `passwordProblem`
 * (docs/decisions/004-staff-authentication.md#roles). A taken username comes back under its field
 * (409); the password is never sent back in the page.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { Conflict } from '~/lib/errors.server';
import { passwordProblem } from '~/lib/password.server';
import { redirectWithToast } from '~/lib/toast.server';
import { createStaffUser } from '~/models/user.server';
import { newStaffSchema } from '~/schemas/profile';
import { formReply, type IntentContext } from '../../+shared/intents.server';

export async function createStaff({ formData, actor, path }: IntentContext) {
  const submission = parseWithZod(formData, { schema: newStaffSchema });
  if (submission.status !== 'success') return formReply('create', submission.reply({ hideFields: ['password'] }));
  const value = submission.value;
  const problem = passwordProblem(value.password, value.username);
  if (problem) return formReply('create', submission.reply({ fieldErrors: { password: [problem] }, hideFields: ['password'] }));
  try {
    await createStaffUser(actor, value);
  } catch (error) {
    if (error instanceof Conflict && error.issues.length > 0) {
      const fieldErrors = Object.fromEntries(error.issues.map((i) => [i.path, [i.message]]));
      return formReply('create', submission.reply({ fieldErrors, hideFields: ['password'] }), 409);
    }
    throw error;
  }
  return redirectWithToast(path, {
    type: 'success',
    title: 'Staff member added',
    description: `${value.username} can sign in now with the first password you chose.`,
  });
}
