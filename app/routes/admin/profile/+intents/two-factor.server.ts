/**
 * The profile page's two-factor sign-in forms (app/routes/admin/profile.tsx;
 * docs/decisions/004-staff-authentication.md#two-factor-sign-in): start (`totp-start`), cancel
 * (`totp-cancel`) and confirm (`totp-confirm`) the set-up, whose ten recovery codes are shown once
 * and after which this browser's session goes on under a new token (a new cookie;
 * docs/decisions/045-security-round-two.md#3-two-factor-secrets);
 * new recovery codes (`recovery-regenerate`) or turning it off (`totp-disable`), both after the
 * current password or a code. Starting, confirming and turning off need a recent password (the
 * profile page wraps them in `sensitive`), and switching on or off queues a security notice
 * (docs/decisions/045-security-round-two.md, section 8). Codes and secrets are never in the audit log.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { requestMeta, rotatedSessionCookieHeader } from '~/services/admin-guard.server';
import { rotateSession } from '~/models/session.server';
import { notifyAccountChange } from '~/services/account-security.server';
import { checkCurrentCode, checkCurrentPassword } from '~/services/sign-in.server';
import { redirectWithToast } from '~/lib/toast.server';
import { beginTotpEnrolment, cancelTotpEnrolment, confirmTotpEnrolment, disableTwoFactor, regenerateRecoveryCodes } from '~/models/two-factor.server';
import { confirmIdentitySchema, enrolCodeSchema } from '~/schemas/profile';
import { formReply, type IntentContext } from '../../+shared/intents.server';
import { THROTTLED_MESSAGE } from './details.server';

/** New recovery codes to show once, with the toast's title. */
export type RecoveryCodesReply = { intent: 'codes'; title: string; codes: string[] };

const codesReply = (title: string, codes: string[], init?: ResponseInit) => data<RecoveryCodesReply>({ intent: 'codes', title, codes }, init);

export async function startEnrolment({ auth, path }: IntentContext) {
  await beginTotpEnrolment(auth.user.id);
  return redirect(`${path}#two-factor`);
}

export async function cancelEnrolment({ auth, path }: IntentContext) {
  await cancelTotpEnrolment(auth.user.id);
  return redirectWithToast(`${path}#two-factor`, { type: 'info', title: 'Two-factor set-up cancelled' });
}

export async function confirmEnrolment({ auth, formData, actor }: IntentContext) {
  const submission = parseWithZod(formData, { schema: enrolCodeSchema });
  if (submission.status !== 'success') return formReply('totp-confirm', submission.reply({ hideFields: ['code'] }));
  const codes = await confirmTotpEnrolment(actor, auth.user.id, submission.value.code);
  if (!codes) {
    return formReply(
      'totp-confirm',
      submission.reply({
        fieldErrors: { code: ['This code is not right. Check that the time on your phone is correct, then try the next code'] },
        hideFields: ['code'],
      }),
    );
  }
  await notifyAccountChange(auth.user.username, 'two-factor-on', actor);
  // A browser session goes on under a new token; an API (Bearer) session is left as it is, as it
  // could not learn a new token from this form's answer.
  const rotated = auth.via === 'cookie' ? await rotateSession(auth.user.id, auth.session.id) : null;
  return codesReply('Two-factor sign-in is on', codes, rotated ? { headers: { 'Set-Cookie': await rotatedSessionCookieHeader(rotated.token) } } : undefined);
}

/** The current password or a code from the two-factor form: 'ok', or the reply to send back. */
async function proveIdentity({ auth, request, formData }: IntentContext) {
  const submission = parseWithZod(formData, { schema: confirmIdentitySchema });
  if (submission.status !== 'success') return { reply: formReply('two-factor-manage', submission.reply({ hideFields: ['password', 'code'] })) };
  const { password, code } = submission.value;
  const { ip } = requestMeta(request);
  const outcome = password ? await checkCurrentPassword(auth, password, ip) : await checkCurrentCode(auth, code ?? '', ip);
  if (outcome === 'ok') return { ok: true as const };
  const hide = { hideFields: ['password', 'code'] };
  if (outcome === 'throttled') return { reply: formReply('two-factor-manage', submission.reply({ formErrors: [THROTTLED_MESSAGE], ...hide }), 429) };
  const fieldErrors: Record<string, string[]> = password
    ? { password: ['This is not your current password'] }
    : { code: ['This code is not right, or was already used'] };
  return { reply: formReply('two-factor-manage', submission.reply({ fieldErrors, ...hide })) };
}

export async function regenerateCodes(context: IntentContext) {
  const proof = await proveIdentity(context);
  if (!proof.ok) return proof.reply;
  const codes = await regenerateRecoveryCodes(context.actor, context.auth.user.id);
  return codesReply('New recovery codes', codes);
}

export async function turnOffTwoFactor(context: IntentContext) {
  const proof = await proveIdentity(context);
  if (!proof.ok) return proof.reply;
  await disableTwoFactor(context.actor, context.auth.user.id);
  await notifyAccountChange(context.auth.user.username, 'two-factor-off', context.actor);
  return redirectWithToast(`${context.path}#two-factor`, { type: 'success', title: 'Two-factor sign-in turned off' });
}
