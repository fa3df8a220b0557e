/**
 * The 'Confirm your password' step (docs/decisions/045-security-round-two.md, section 8): shown on
 * /admin/profile and in the staff page's Manage panel when the session last gave its password more
 * than 5 minutes ago, in place of the forms that need it (two-factor on or off; someone else's
 * password reset, two-factor off and role). A plain form post with `intent=reauthenticate`, so it
 * works without JavaScript; a right password comes back to the same page with those forms.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { LockKeyhole } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { confirmPasswordSchema } from '~/schemas/profile';

/** The form's intent (handled by app/routes/admin/+shared/reauth.server.ts). */
export const REAUTH_INTENT = 'reauthenticate';

/**
 * The form. `action` is where it posts (the page, its query kept); `purpose` ends the sentence
 * 'Confirm your password to …'; `lastResult` is the refused submission's reply, if any.
 */
export function ConfirmPasswordForm({
  action,
  purpose,
  username,
  lastResult,
}: {
  action?: string;
  purpose: string;
  username: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === REAUTH_INTENT;
  const [form, fields] = useForm({
    id: 'confirm-password',
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmPasswordSchema }),
  });
  return (
    <Form method="post" action={action} preventScrollReset {...getFormProps(form)} className="flex flex-col gap-3">
      <h3 className="font-sans text-base font-semibold text-ink">Confirm your password</h3>
      <p className="max-w-prose text-sm text-muted">Confirm your password to {purpose}. It is asked again 5 minutes after you last gave it.</p>
      <FormError id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value={REAUTH_INTENT} />
      {/* For password managers: which account the password belongs to. */}
      <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
      <Field id={fields.password.id} label="Your password" errors={fields.password.errors} required>
        {(a11y) => <Input {...getInputProps(fields.password, { type: 'password' })} {...a11y} autoComplete="current-password" />}
      </Field>
      <div>
        <Button type="submit" disabled={busy}>
          <LockKeyhole className="size-4" aria-hidden />
          {busy ? 'Checking...' : 'Confirm password'}
        </Button>
      </div>
    </Form>
  );
}
