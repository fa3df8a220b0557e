/**
 * /admin/profile: the signed-in staff member's own account (docs/decisions/004-staff-authentication.md):
 *
 * - the display name;
 * - the password: the current one is required, the new one must pass `passwordProblem`; afterwards
 *   every OTHER session of the user ends, this one stays;
 * - two-factor sign-in (#two-factor-sign-in): set up with a QR code and a confirming code, ten
 *   recovery codes shown once, new recovery codes or turning it off with the password or a code;
 *   setting up and turning off need the password within the last 5 minutes, else the section asks
 *   for it first ('Confirm your password', docs/decisions/045-security-round-two.md section 8);
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
import { Form, useNavigation } from 'react-router';
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
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { recentlyAuthenticated } from '~/services/account-security.server';
import { ConfirmPasswordForm, REAUTH_INTENT } from '~/components/admin/account/confirm-password';
import { Conflict } from '~/lib/errors.server';
import { redirectWithToast } from '~/lib/toast.server';
import { groupSecret, qrCodeSvg, totpUri } from '~/lib/totp.server';
import { listUserSessions } from '~/models/session.server';
import { getSettings } from '~/models/settings.server';
import { pendingTotpSecret } from '~/models/two-factor.server';
import { getAccount } from '~/models/user.server';
import { changePasswordSchema, profileNameSchema } from '~/schemas/profile';
import { dispatchIntent } from './+shared/intents.server';
import { confirmPasswordIntent, sensitive } from './+shared/reauth.server';
import type { Route } from './+types/profile';
import { changeName, changePassword } from './profile/+intents/details.server';
import { revokeOtherSessions, revokeSession } from './profile/+intents/sessions.server';
import { cancelEnrolment, confirmEnrolment, regenerateCodes, startEnrolment, turnOffTwoFactor } from './profile/+intents/two-factor.server';

const PATH = '/admin/profile';

export const meta: Route.MetaFunction = () => adminMeta('Profile');

/**
 * How many sessions the page lists: this one and the most recently used others. A script that signs
 * in through the API for each run can leave hundreds of live Bearer sessions; listing them all made
 * the page long and slow to use, and 'Sign out all other sessions' ends the ones not listed too.
 */
const SESSIONS_LISTED = 20;

/** The sessions the page lists (newest use first, this one always among them) and how many others are not listed. */
function listedSessions<T extends { id: string }>(all: T[], currentId: string) {
  const marked = all.map((s) => ({ ...s, current: s.id === currentId }));
  const listed = new Set([...marked.filter((s) => s.current), ...marked.filter((s) => !s.current).slice(0, SESSIONS_LISTED - 1)].map((s) => s.id));
  return {
    sessions: marked.filter((s) => listed.has(s.id)),
    otherSessions: marked.filter((s) => !s.current).length,
    unlistedSessions: marked.length - listed.size,
  };
}

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
    /** The password was given within 5 minutes: two-factor can be set up or turned off (docs/decisions/045-security-round-two.md, section 8). */
    recent: recentlyAuthenticated(auth),
    ...listedSessions(sessions, auth.session.id),
    /**
     * New at every load: the forms are keyed on it, so after a change (a redirect, which reloads)
     * they start afresh, without old errors or typed passwords; a refused submission (4xx) does not
     * reload, so what was typed stays.
     */
    view: crypto.randomUUID(),
  };
}

/**
 * The page's forms, by their `intent` (handlers in ./profile/+intents/, one module per section of
 * the page): your name and password, two-factor sign-in, sessions.
 */
const intents = {
  name: changeName,
  password: changePassword,
  'totp-start': sensitive(startEnrolment),
  'totp-cancel': cancelEnrolment,
  'totp-confirm': sensitive(confirmEnrolment),
  'recovery-regenerate': regenerateCodes,
  'totp-disable': sensitive(turnOffTwoFactor),
  [REAUTH_INTENT]: confirmPasswordIntent,
  'revoke-session': revokeSession,
  'revoke-others': revokeOtherSessions,
};

export async function action({ request }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  const formData = await request.formData();
  try {
    return await dispatchIntent({ auth, request, formData, actor: auditActor(auth, request), path: PATH }, intents);
  } catch (error) {
    if (error instanceof Conflict) return redirectWithToast(PATH, { type: 'error', title: error.message });
    throw error;
  }
}

/** The forms that show a refused submission's errors, by intent. */
type FormIntent = 'name' | 'password' | 'totp-confirm' | 'two-factor-manage';

export default function AdminProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { account, enrolment, sessions, view, recent } = loaderData;
  const reauthResult = actionData?.intent === REAUTH_INTENT ? actionData.result : undefined;
  const resultOf = (intent: FormIntent) => (actionData && actionData.intent === intent ? actionData.result : undefined);
  const codes = actionData?.intent === 'codes' ? actionData : null;

  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (codes && toasted.current !== codes) {
      toasted.current = codes;
      toast.success(codes.title);
    }
  }, [codes]);

  const others = loaderData.otherSessions;

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
        aside={
          account.twoFactorSince ? (
            <StatusPill tone="ok">On</StatusPill>
          ) : account.enrolling ? (
            <StatusPill tone="info">Setting up</StatusPill>
          ) : (
            <StatusPill tone="neutral">Off</StatusPill>
          )
        }
      >
        <div className="flex flex-col gap-5">
          {codes ? <RecoveryCodes title={codes.title} codes={codes.codes} username={account.username} /> : null}
          {!recent || reauthResult ? (
            <ConfirmPasswordForm
              key={`reauth-${view}`}
              purpose={account.twoFactorSince ? 'turn off two-factor sign-in or get new recovery codes' : 'set up two-factor sign-in'}
              username={account.username}
              lastResult={reauthResult}
            />
          ) : account.twoFactorSince ? (
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
        {loaderData.unlistedSessions > 0 ? (
          <p className="mt-3 text-sm text-muted" data-unlisted-sessions>
            {`${loaderData.unlistedSessions} more ${loaderData.unlistedSessions === 1 ? 'session, used' : 'sessions, used'} less recently, ${loaderData.unlistedSessions === 1 ? 'is' : 'are'} not listed; 'Sign out all other sessions' ends ${loaderData.unlistedSessions === 1 ? 'it' : 'them'} too.`}
          </p>
        ) : null}
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
