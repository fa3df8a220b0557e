/**
 * The two-factor part of /admin/profile (docs/decisions/004-staff-authentication.md#two-factor-sign-in):
 *
 * - off: what it is, and 'Set up two-factor sign-in';
 * - setting up: the QR code (an inline SVG made on the server), the key in text for typing by hand,
 *   a link that opens an authenticator app on a phone, and the code that switches it on;
 * - on: since when, the recovery codes left, and one form that proves it is you (password or a
 *   code) for 'New recovery codes' or 'Turn off two-factor sign-in'.
 *
 * Every button is a plain form post (works without JavaScript); the route's action tells them apart
 * by `intent`.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { KeyRound, RefreshCw, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { Button, buttonClass } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { formatDate } from '~/lib/format';
import { confirmIdentitySchema, enrolCodeSchema } from '~/schemas/profile';

export type Enrolment = { secret: string; uri: string; qrSvg: string };

function usePending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}

/** Two-factor is off: the invitation to set it up. */
export function TwoFactorOff() {
  const starting = usePending('totp-start');
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-prose text-sm text-ink">
        Add a second step to your sign-in: after your password, a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft
        Authenticator, 1Password, Aegis and others). Someone who learns your password still cannot sign in.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="totp-start" />
        <Button type="submit" disabled={starting}>
          <ShieldCheck className="size-4" aria-hidden />
          Set up two-factor sign-in
        </Button>
      </Form>
    </div>
  );
}

/** Two-factor is being set up: scan, then confirm with a code. */
export function TwoFactorEnrol({ enrolment, lastResult }: { enrolment: Enrolment; lastResult: SubmissionResult<string[]> | undefined }) {
  const confirming = usePending('totp-confirm');
  const [form, fields] = useForm({
    id: 'totp-confirm',
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: enrolCodeSchema }),
  });
  return (
    <div className="flex flex-col gap-5">
      <ol className="grid gap-6 md:grid-cols-[auto_1fr] md:gap-8">
        <li className="flex flex-col items-start gap-3">
          <p className="text-sm font-semibold text-ink">1. Scan this QR code with your authenticator app</p>
          <div
            role="img"
            aria-label="QR code of your two-factor key, for your authenticator app"
            className="size-48 overflow-hidden rounded-lg bg-white ring-1 ring-forest-100 [&>svg]:size-full"
            dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
          />
          <a href={enrolment.uri} className={buttonClass('ghost', 'sm', 'md:hidden')}>
            <Smartphone className="size-4" aria-hidden />
            Open in authenticator app
          </a>
        </li>
        <li className="flex min-w-0 flex-col gap-3">
          <div>
            <p className="text-sm font-semibold text-ink">Or enter this key by hand</p>
            <p className="mt-1 text-sm text-muted">Choose a time-based key (TOTP) with 6 digits.</p>
            <code
              aria-label="Two-factor key"
              className="mt-2 block rounded-lg bg-mist px-3 py-2 font-mono text-base tracking-wider break-words text-ink ring-1 ring-forest-100"
              data-totp-secret
            >
              {enrolment.secret}
            </code>
          </div>
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
            <p className="text-sm font-semibold text-ink">2. Enter the 6-digit code the app shows</p>
            <FormError id={form.errorId} errors={form.errors} />
            <input type="hidden" name="intent" value="totp-confirm" />
            <Field id={fields.code.id} label="Code from the app" errors={fields.code.errors} required>
              {(a11y) => (
                <Input
                  {...getInputProps(fields.code, { type: 'text' })}
                  {...a11y}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  className="max-w-48 font-mono text-lg tracking-[0.2em]"
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={confirming}>
                <ShieldCheck className="size-4" aria-hidden />
                {confirming ? 'Turning on...' : 'Turn on two-factor sign-in'}
              </Button>
            </div>
          </Form>
        </li>
      </ol>
      <Form method="post" className="border-t border-forest-100 pt-4">
        <input type="hidden" name="intent" value="totp-cancel" />
        <Button type="submit" variant="ghost" size="sm">
          Cancel set-up
        </Button>
      </Form>
    </div>
  );
}

/** Two-factor is on: status, and proof of identity for new recovery codes or turning it off. */
export function TwoFactorOn({ since, codesLeft, lastResult }: { since: string | Date; codesLeft: number; lastResult: SubmissionResult<string[]> | undefined }) {
  const regenerating = usePending('recovery-regenerate');
  const disabling = usePending('totp-disable');
  const [form, fields] = useForm({
    id: 'two-factor-manage',
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmIdentitySchema }),
  });
  return (
    <div className="flex flex-col gap-5">
      <p className="flex items-start gap-2 text-sm text-ink">
        <KeyRound className="mt-0.5 size-4 shrink-0 text-forest-700" aria-hidden />
        <span>
          On since {formatDate(since)}. Sign-in asks for a code from your authenticator app after your password.{' '}
          <strong className="font-semibold">{codesLeft} of 10 recovery codes left.</strong>
          {codesLeft <= 3 ? ' Make new ones soon.' : null}
        </span>
      </p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4 border-t border-forest-100 pt-4">
        <div>
          <h3 className="font-sans text-sm font-semibold text-ink">Confirm it is you</h3>
          <p className="mt-0.5 text-sm text-muted">Enter your password, or a code from your app or a recovery code, then choose what to do.</p>
        </div>
        <FormError id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fields.password.id} label="Current password" errors={fields.password.errors}>
            {(a11y) => <Input {...getInputProps(fields.password, { type: 'password' })} {...a11y} autoComplete="current-password" />}
          </Field>
          <Field id={fields.code.id} label="Or a code" errors={fields.code.errors}>
            {(a11y) => (
              <Input
                {...getInputProps(fields.code, { type: 'text' })}
                {...a11y}
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={64}
              />
            )}
          </Field>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="recovery-regenerate" variant="outline" disabled={regenerating || disabling}>
            <RefreshCw className="size-4" aria-hidden />
            {regenerating ? 'Making codes...' : 'New recovery codes'}
          </Button>
          <Button type="submit" name="intent" value="totp-disable" variant="danger" disabled={regenerating || disabling}>
            <ShieldOff className="size-4" aria-hidden />
            {disabling ? 'Turning off...' : 'Turn off two-factor sign-in'}
          </Button>
        </div>
      </Form>
    </div>
  );
}
