/**
 * /admin/profile: the signed-in staff member's own account (docs/decisions/004-staff-authentication.md):
 *
 * - the display name;
 * - the password: the current one is required, the new one must pass `passwordProblem`; afterwards
 *   every OTHER session of the user ends, this one stays;
 * - two-factor sign-in (#two-factor-sign-in): set up with a QR code and a confirming code, ten
 *   recovery codes shown once, new recovery codes or turning it off with the password or a code;
 * - the live sessions, each with a Sign out (the current one signs this browser out).
 *
 * Every form posts to this route with an `intent`; successes redirect with a toast, failures come back
 * as field errors that keep what was typed (passwords and codes are never sent back in the page).
 * Every change is in the audit log, without a password, secret or code.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { LogOut, Save } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { RecoveryCodes } from '~/components/admin/account/recovery-codes';
import { AccountSection } from '~/components/admin/account/section';
import { StatusPill } from '~/components/ui/status-pill';
import { SessionsList } from '~/components/admin/account/sessions-list';
import { TwoFactorEnrol, TwoFactorOff, TwoFactorOn } from '~/components/admin/account/two-factor';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { watchUnsaved } from '~/components/admin/unsaved-changes';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { toast } from '~/components/ui/toast';
import { auditActor, requestMeta, requireAdmin, type AdminAuth } from '~/services/admin-guard.server';
import { checkCurrentCode, checkCurrentPassword, signOut } from '~/services/sign-in.server';
import { Conflict } from '~/lib/errors.server';
import { passwordProblem } from '~/lib/password.server';
import { redirectWithToast } from '~/lib/toast.server';
import { groupSecret, qrCodeSvg, totpUri } from '~/lib/totp.server';
import { endOtherSessions, endUserSession, listUserSessions } from '~/models/session.server';
import { getSettings } from '~/models/settings.server';
import {
  beginTotpEnrolment,
  cancelTotpEnrolment,
  confirmTotpEnrolment,
  disableTwoFactor,
  pendingTotpSecret,
  regenerateRecoveryCodes,
} from '~/models/two-factor.server';
import { changeOwnPassword, getAccount, updateDisplayName } from '~/models/user.server';
import { changePasswordSchema, confirmIdentitySchema, enrolCodeSchema, profileNameSchema } from '~/schemas/profile';
import type { Route } from './+types/profile';

const PATH = '/admin/profile';

export const meta: Route.MetaFunction = () => adminMeta('Profile');

export async function loader({ request }: Route.LoaderArgs) {
  const auth = await requireAdmin(request);
  const [account, sessions] = await Promise.all([getAccount(auth.user.id), listUserSessions(auth.user.id)]);
  let enrolment: { secret: string; uri: string; qrSvg: string } | null = null;
  if (account.enrolling) {
    const secret = await pendingTotpSecret(auth.user.id);
    if (secret) {
      const { company } = await getSettings(['company']);
      const uri = totpUri(secret, { username: account.username, issuer: company.name || 'Admin' });
      enrolment = { secret: groupSecret(secret), uri, qrSvg: await qrCodeSvg(uri) };
    }
  }
  return {
    account,
    enrolment,
    sessions: sessions.map((s) => ({ ...s, current: s.id === auth.session.id })),
    /**
     * New at every load: the forms are keyed on it, so after a change (a redirect, which reloads)
     * they start afresh, without old errors or typed passwords; a refused submission (4xx) does not
     * reload, so what was typed stays.
     */
    view: crypto.randomUUID(),
  };
}

type FormIntent = 'name' | 'password' | 'totp-confirm' | 'two-factor-manage';
type ActionData =
  | { intent: FormIntent; result: SubmissionResult<string[]> }
  | { intent: 'codes'; title: string; codes: string[] };

function formReply(intent: FormIntent, result: SubmissionResult<string[]>, status = 400) {
  return data<ActionData>({ intent, result }, { status });
}

function throttledMessage(): string {
  return 'Too many failed attempts. Please wait 15 minutes and try again.';
}

/** Password or code of the two-factor form: 'ok', or the reply to send back. */
async function proveIdentity(auth: AdminAuth, request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: confirmIdentitySchema });
  if (submission.status !== 'success') return { reply: formReply('two-factor-manage', submission.reply({ hideFields: ['password', 'code'] })) };
  const { password, code } = submission.value;
  const { ip } = requestMeta(request);
  const outcome = password ? await checkCurrentPassword(auth, password, ip) : await checkCurrentCode(auth, code ?? '', ip);
  if (outcome === 'ok') return { ok: true as const };
  const hide = { hideFields: ['password', 'code'] };
  if (outcome === 'throttled') return { reply: formReply('two-factor-manage', submission.reply({ formErrors: [throttledMessage()], ...hide }), 429) };
  const fieldErrors: Record<string, string[]> = password ? { password: ['This is not your current password'] } : { code: ['This code is not right, or was already used'] };
  return { reply: formReply('two-factor-manage', submission.reply({ fieldErrors, ...hide })) };
}

export async function action({ request }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get('intent');
  const actor = auditActor(auth, request);
  const userId = auth.user.id;

  try {
    switch (intent) {
      case 'name': {
        const submission = parseWithZod(formData, { schema: profileNameSchema });
        if (submission.status !== 'success') return formReply('name', submission.reply());
        await updateDisplayName(actor, userId, submission.value.name);
        return redirectWithToast(PATH, { type: 'success', title: 'Name updated' });
      }

      case 'password': {
        const submission = parseWithZod(formData, { schema: changePasswordSchema });
        const hideFields = ['currentPassword', 'newPassword', 'confirmPassword'];
        if (submission.status !== 'success') return formReply('password', submission.reply({ hideFields }));
        const { currentPassword, newPassword } = submission.value;
        const check = await checkCurrentPassword(auth, currentPassword, requestMeta(request).ip);
        if (check === 'throttled') return formReply('password', submission.reply({ formErrors: [throttledMessage()], hideFields }), 429);
        if (check === 'wrong') {
          return formReply('password', submission.reply({ fieldErrors: { currentPassword: ['This is not your current password'] }, hideFields }));
        }
        const problem = passwordProblem(newPassword, auth.user.username);
        if (problem) return formReply('password', submission.reply({ fieldErrors: { newPassword: [problem] }, hideFields }));
        if (newPassword === currentPassword) {
          return formReply('password', submission.reply({ fieldErrors: { newPassword: ['Choose a password different from the current one'] }, hideFields }));
        }
        const ended = await changeOwnPassword(actor, userId, newPassword, auth.session.id);
        return redirectWithToast(PATH, {
          type: 'success',
          title: 'Password changed',
          description: ended > 0 ? `${ended} other session${ended === 1 ? ' was' : 's were'} signed out.` : undefined,
        });
      }

      case 'totp-start': {
        await beginTotpEnrolment(userId);
        return redirect(`${PATH}#two-factor`);
      }

      case 'totp-cancel': {
        await cancelTotpEnrolment(userId);
        return redirectWithToast(`${PATH}#two-factor`, { type: 'info', title: 'Two-factor set-up cancelled' });
      }

      case 'totp-confirm': {
        const submission = parseWithZod(formData, { schema: enrolCodeSchema });
        if (submission.status !== 'success') return formReply('totp-confirm', submission.reply({ hideFields: ['code'] }));
        const codes = await confirmTotpEnrolment(actor, userId, submission.value.code);
        if (!codes) {
          return formReply(
            'totp-confirm',
            submission.reply({ fieldErrors: { code: ['This code is not right. Check that the time on your phone is correct, then try the next code'] }, hideFields: ['code'] }),
          );
        }
        return data<ActionData>({ intent: 'codes', title: 'Two-factor sign-in is on', codes });
      }

      case 'recovery-regenerate':
      case 'totp-disable': {
        const proof = await proveIdentity(auth, request, formData);
        if (!proof.ok) return proof.reply;
        if (intent === 'totp-disable') {
          await disableTwoFactor(actor, userId);
          return redirectWithToast(`${PATH}#two-factor`, { type: 'success', title: 'Two-factor sign-in turned off' });
        }
        const codes = await regenerateRecoveryCodes(actor, userId);
        return data<ActionData>({ intent: 'codes', title: 'New recovery codes', codes });
      }

      case 'revoke-session': {
        const sessionId = String(formData.get('sessionId') ?? '');
        if (sessionId === auth.session.id) {
          const clear = await signOut(auth, request);
          return redirect('/admin/login', { headers: { 'Set-Cookie': clear } });
        }
        const device = /^[0-9a-f-]{36}$/i.test(sessionId) ? await endUserSession(actor, userId, sessionId) : null;
        return device
          ? redirectWithToast(`${PATH}#sessions`, { type: 'success', title: 'Session signed out', description: device })
          : redirectWithToast(`${PATH}#sessions`, { type: 'info', title: 'That session had already ended' });
      }

      case 'revoke-others': {
        const ended = await endOtherSessions(actor, userId, auth.session.id);
        return redirectWithToast(`${PATH}#sessions`, {
          type: 'success',
          title: ended > 0 ? `${ended} other session${ended === 1 ? '' : 's'} signed out` : 'No other sessions to sign out',
        });
      }

      default:
        return redirectWithToast(PATH, { type: 'error', title: 'Unknown action' });
    }
  } catch (error) {
    if (error instanceof Conflict) return redirectWithToast(PATH, { type: 'error', title: error.message });
    throw error;
  }
}

export default function AdminProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { account, enrolment, sessions, view } = loaderData;
  const resultOf = (intent: FormIntent) => (actionData && actionData.intent === intent ? actionData.result : undefined);
  const codes = actionData?.intent === 'codes' ? actionData : null;

  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (codes && toasted.current !== codes) {
      toasted.current = codes;
      toast.success(codes.title);
    }
  }, [codes]);

  const others = sessions.filter((s) => !s.current).length;

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Profile"
        description={
          <>
            Signed in as <strong className="font-semibold text-ink">{account.username}</strong> ({account.role === 'admin' ? 'Admin' : 'Staff'})
          </>
        }
      />

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <AccountSection id="details" title="Your name" description="Shown in the sidebar, on notes and in the audit log.">
          <NameForm key={`name-${view}`} name={account.name} lastResult={resultOf('name')} />
        </AccountSection>
        <AccountSection id="password" title="Password" description="Changing it signs you out on every other device.">
          <PasswordForm key={`password-${view}`} username={account.username} lastResult={resultOf('password')} />
        </AccountSection>
      </div>

      <AccountSection
        id="two-factor"
        title="Two-factor sign-in"
        aside={account.twoFactorSince ? <StatusPill tone="ok">On</StatusPill> : account.enrolling ? <StatusPill tone="info">Setting up</StatusPill> : <StatusPill tone="neutral">Off</StatusPill>}
      >
        <div className="flex flex-col gap-5">
          {codes ? <RecoveryCodes title={codes.title} codes={codes.codes} username={account.username} /> : null}
          {account.twoFactorSince ? (
            <TwoFactorOn key={`tf-${view}`} since={account.twoFactorSince} codesLeft={account.recoveryCodesLeft} lastResult={resultOf('two-factor-manage')} />
          ) : enrolment ? (
            <TwoFactorEnrol key={`enrol-${view}`} enrolment={enrolment} lastResult={resultOf('totp-confirm')} />
          ) : (
            <TwoFactorOff />
          )}
        </div>
      </AccountSection>

      <AccountSection
        id="sessions"
        title="Sessions"
        description="Where you are signed in now. A session ends after 2 hours without use, and 7 days after signing in."
        aside={
          others > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="revoke-others" />
              <Button type="submit" variant="outline" size="sm">
                <LogOut className="size-4" aria-hidden />
                Sign out all other sessions
              </Button>
            </Form>
          ) : null
        }
      >
        <SessionsList sessions={sessions} />
      </AccountSection>
    </div>
  );
}

function NameForm({ name, lastResult }: { name: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'name';
  const [form, fields] = useForm({
    id: 'profile-name',
    lastResult,
    defaultValue: { name },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileNameSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} {...watchUnsaved('your name')} className="flex flex-col gap-4">
      <FormError id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="name" />
      <Field id={fields.name.id} label="Display name" errors={fields.name.errors} required>
        {(a11y) => <Input {...getInputProps(fields.name, { type: 'text' })} {...a11y} autoComplete="name" maxLength={100} />}
      </Field>
      <div>
        <Button type="submit" disabled={saving}>
          <Save className="size-4" aria-hidden />
          {saving ? 'Saving...' : 'Save name'}
        </Button>
      </div>
    </Form>
  );
}

function PasswordForm({ username, lastResult }: { username: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'password';
  const [form, fields] = useForm({
    id: 'profile-password',
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} {...watchUnsaved('your password')} className="flex flex-col gap-4">
      <FormError id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="password" />
      {/* For password managers: which account the password belongs to. */}
      <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
      <Field id={fields.currentPassword.id} label="Current password" errors={fields.currentPassword.errors} required>
        {(a11y) => <Input {...getInputProps(fields.currentPassword, { type: 'password' })} {...a11y} autoComplete="current-password" />}
      </Field>
      <Field
        id={fields.newPassword.id}
        label="New password"
        errors={fields.newPassword.errors}
        hint="8 to 128 characters. A few unrelated words make a good one; common passwords are refused."
        required
      >
        {(a11y) => <Input {...getInputProps(fields.newPassword, { type: 'password' })} {...a11y} autoComplete="new-password" />}
      </Field>
      <Field id={fields.confirmPassword.id} label="New password again" errors={fields.confirmPassword.errors} required>
        {(a11y) => <Input {...getInputProps(fields.confirmPassword, { type: 'password' })} {...a11y} autoComplete="new-password" />}
      </Field>
      <div>
        <Button type="submit" disabled={saving}>
          <Save className="size-4" aria-hidden />
          {saving ? 'Changing...' : 'Change password'}
        </Button>
      </div>
    </Form>
  );
}
