/**
 * /admin/login (docs/product.md, "Routes"; docs/decisions/004-staff-authentication.md): username and
 * password, 'Invalid username or password' for an unknown user and a wrong password alike, 429 with
 * Retry-After once failures pass the throttle, then the dashboard (or `redirectTo` inside /admin)
 * with the toast 'Login successful'. Works without JavaScript.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Lock, Mountain } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { data, Form, redirect, useNavigation, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { toast } from '~/components/ui/toast';
import { getAdmin, INVALID_CREDENTIALS, LOGIN_FAILED, LOGIN_SUCCESS, requestMeta, safeRedirect, sessionCookieHeader, signIn } from '~/lib/auth.server';
import { logger } from '~/lib/logger.server';
import { toastCookieHeader } from '~/lib/toast.server';
import { getSettings } from '~/models/settings.server';
import { loginSchema } from '~/schemas/login';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [{ title: 'Admin Login' }, { name: 'robots', content: 'noindex, nofollow' }];

export function headers() {
  return { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };
}

export async function loader({ request }: Route.LoaderArgs) {
  // Already signed in: straight to where the link pointed.
  if (await getAdmin(request)) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')));
  }
  const { company } = await getSettings(['company']);
  return { companyName: company.name };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }), failed: null }, { status: 400 });
  }
  const { username, password, redirectTo } = submission.value;
  try {
    const outcome = await signIn({ username, password, kind: 'cookie', ...requestMeta(request) });
    if (outcome.ok) {
      const headers = new Headers();
      headers.append('Set-Cookie', await sessionCookieHeader(outcome.token));
      headers.append('Set-Cookie', await toastCookieHeader({ type: 'success', title: LOGIN_SUCCESS }));
      return redirect(safeRedirect(redirectTo), { headers });
    }
    if (outcome.reason === 'throttled') {
      const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
      const message = `Too many failed sign-ins. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
      return data(
        { result: submission.reply({ formErrors: [message], hideFields: ['password'] }), failed: message },
        { status: 429, headers: { 'Retry-After': String(outcome.retryAfterSeconds) } },
      );
    }
    return data(
      { result: submission.reply({ formErrors: [INVALID_CREDENTIALS], hideFields: ['password'] }), failed: INVALID_CREDENTIALS },
      { status: 401 },
    );
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, 'sign-in failed unexpectedly');
    return data({ result: submission.reply({ formErrors: [LOGIN_FAILED], hideFields: ['password'] }), failed: LOGIN_FAILED }, { status: 503 });
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [form, fields] = useForm({
    id: 'admin-login',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });

  // The failure as a toast too (the spec's login messages); the form keeps the username and
  // empties the password, as the server-rendered page does without JavaScript.
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (actionData?.failed && shown.current !== actionData) {
      shown.current = actionData;
      toast.error(actionData.failed);
      // Empty the field itself: validating it now would replace the message with 'required'.
      const password = document.getElementById(fields.password.id);
      if (password instanceof HTMLInputElement) password.value = '';
    }
  }, [actionData, fields.password.id]);

  return (
    <main className="grid min-h-screen place-items-center bg-mist px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-forest-700 text-white">
            <Mountain className="size-6" aria-hidden />
          </span>
          <p className="text-sm font-semibold text-muted">{loaderData.companyName}</p>
          <h1 className="font-display text-3xl font-semibold">Admin Login</h1>
        </div>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4 rounded-card border border-forest-100 bg-white p-6 shadow-sm">
          <FormError id={form.errorId} errors={form.errors} />
          <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
          <Field id={fields.username.id} label="Username" errors={fields.username.errors} required>
            {(a11y) => (
              <Input {...getInputProps(fields.username, { type: 'text' })} {...a11y} autoComplete="username" autoCapitalize="none" spellCheck={false} />
            )}
          </Field>
          <Field id={fields.password.id} label="Password" errors={fields.password.errors} required>
            {(a11y) => <Input {...getInputProps(fields.password, { type: 'password' })} {...a11y} autoComplete="current-password" />}
          </Field>
          <Button type="submit" disabled={pending} className="mt-2">
            <Lock className="size-4" aria-hidden />
            {pending ? 'Signing in...' : 'Sign In'}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm text-muted">
          <a href="/" className="font-semibold text-forest-700 underline-offset-4 hover:underline">
            Back to the website
          </a>
        </p>
      </div>
    </main>
  );
}
