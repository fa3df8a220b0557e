/**
 * The staff page's 'Manage' panel of one account (app/routes/admin/staff.tsx, `?manage=<id>`):
 * reset the password, turn two-factor sign-in off, make admin or staff, disable or enable. Each is a
 * form that posts to the page with its `intent` (handlers in ../+intents/manage.server.ts), so the
 * panel works without JavaScript; it is a page state in the account pages' ActionPanel.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { KeyRound, ShieldCheck, ShieldOff, UserRoundCheck, UserRoundX } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { ActionPanel } from '~/components/admin/account/action-panel';
import { ConfirmPasswordForm } from '~/components/admin/account/confirm-password';
import { Button, buttonClass } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { formatDateTime } from '~/lib/format';
import type { StaffRow } from '~/models/user.server';
import { resetPasswordSchema } from '~/schemas/profile';

const PATH = '/admin/staff';

/**
 * The 'Manage' panel of one account: reset the password, change the role, disable or enable. With
 * `reauth` (the admin's password is older than 5 minutes, or was just refused) the 'Confirm your
 * password' form stands in for reset, two-factor off and role.
 */
export function ManagePanel({
  panel,
  resetResult,
  reauth,
}: {
  panel: StaffRow;
  resetResult: SubmissionResult<string[]> | undefined;
  reauth: { username: string; result: SubmissionResult<string[]> | undefined } | null;
}) {
  const navigation = useNavigation();
  const busyWith = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const busy = Boolean(busyWith);
  const action = `${PATH}?manage=${panel.id}`;
  const [form, fields] = useForm({
    id: `staff-reset-${panel.id}`,
    lastResult: resetResult,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  const isAdmin = panel.role === 'admin';
  const disabled = panel.disabledAt !== null;

  return (
    <ActionPanel
      title={`Manage ${panel.name}`}
      detail={
        <>
          {panel.username} · {isAdmin ? 'Admin' : 'Staff'} · two-factor {panel.twoFactor ? 'on' : 'off'} ·{' '}
          {disabled ? 'disabled' : panel.lastLoginAt ? `last sign-in ${formatDateTime(panel.lastLoginAt)}` : 'never signed in'}
        </>
      }
      cancelTo={PATH}
      busy={busy}
    >
      <div className="flex flex-col divide-y divide-forest-100">
        {reauth ? (
          <div className="pb-5">
            <ConfirmPasswordForm
              action={action}
              purpose="reset their password, turn off their two-factor sign-in or change their role"
              username={reauth.username}
              lastResult={reauth.result}
            />
          </div>
        ) : (
          <>
            <Form method="post" action={action} preventScrollReset {...getFormProps(form)} className="flex flex-col gap-3 pb-5">
              <h3 className="font-sans text-base font-semibold text-ink">Reset the password</h3>
              <FormError id={form.errorId} errors={form.errors} />
              <input type="hidden" name="intent" value="reset" />
              <input type="hidden" name="id" value={panel.id} />
              <Field
                id={fields.password.id}
                label="New password"
                errors={fields.password.errors}
                hint="They are signed out everywhere and sign in next with this password. 8 to 128 characters; common passwords are refused."
                required
              >
                {(a11y) => <Input {...getInputProps(fields.password, { type: 'password' })} {...a11y} autoComplete="new-password" />}
              </Field>
              <div>
                <Button type="submit" variant="outline" disabled={busy}>
                  <KeyRound className="size-4" aria-hidden />
                  {busyWith === 'reset' ? 'Resetting...' : 'Reset password'}
                </Button>
              </div>
            </Form>

            {panel.twoFactor ? (
              <Form method="post" action={action} preventScrollReset className="flex flex-col gap-3 py-5">
                <h3 className="font-sans text-base font-semibold text-ink">Two-factor sign-in</h3>
                <p className="text-sm text-muted">
                  On. If they lost their phone and their recovery codes, turn it off: they sign in with their password and can set it up again on their profile
                  page.
                </p>
                <input type="hidden" name="intent" value="two-factor-off" />
                <input type="hidden" name="id" value={panel.id} />
                <div>
                  <Button type="submit" variant="outline" disabled={busy}>
                    <ShieldOff className="size-4" aria-hidden />
                    {busyWith === 'two-factor-off' ? 'Turning off...' : 'Turn off two-factor sign-in'}
                  </Button>
                </div>
              </Form>
            ) : null}

            <Form method="post" action={action} preventScrollReset className="flex flex-col gap-3 py-5">
              <h3 className="font-sans text-base font-semibold text-ink">Role</h3>
              <p className="text-sm text-muted">
                {isAdmin
                  ? 'An admin: also changes the settings, deletes records, sees IP addresses and manages accounts.'
                  : 'Staff: the daily work (bookings, inquiries, the catalogue); no settings, deletes or staff accounts.'}
              </p>
              <input type="hidden" name="intent" value="role" />
              <input type="hidden" name="id" value={panel.id} />
              <input type="hidden" name="role" value={isAdmin ? 'staff' : 'admin'} />
              <div>
                <Button type="submit" variant="outline" disabled={busy}>
                  <ShieldCheck className="size-4" aria-hidden />
                  {busyWith === 'role' ? 'Saving...' : isAdmin ? 'Make staff' : 'Make admin'}
                </Button>
              </div>
            </Form>
          </>
        )}

        <Form method="post" action={action} preventScrollReset className="flex flex-col gap-3 pt-5">
          <h3 className="font-sans text-base font-semibold text-ink">{disabled ? 'Enable the account' : 'Disable the account'}</h3>
          <p className="text-sm text-muted">
            {disabled
              ? 'They can sign in again with their password.'
              : 'They are signed out everywhere at once and cannot sign in until an admin enables the account again.'}
          </p>
          <input type="hidden" name="intent" value={disabled ? 'enable' : 'disable'} />
          <input type="hidden" name="id" value={panel.id} />
          <div>
            {disabled ? (
              <Button type="submit" disabled={busy}>
                <UserRoundCheck className="size-4" aria-hidden />
                {busyWith === 'enable' ? 'Enabling...' : 'Enable account'}
              </Button>
            ) : (
              <Button type="submit" variant="danger" disabled={busy}>
                <UserRoundX className="size-4" aria-hidden />
                {busyWith === 'disable' ? 'Disabling...' : 'Disable account'}
              </Button>
            )}
          </div>
        </Form>
      </div>
      <div className="mt-6 flex justify-end border-t border-forest-100 pt-4">
        <Link to={PATH} replace preventScrollReset className={buttonClass('outline', 'md')}>
          Close
        </Link>
      </div>
    </ActionPanel>
  );
}
