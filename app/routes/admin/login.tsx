/**
 * /admin/login (docs/product.md, "Routes"; docs/decisions/004-staff-authentication.md): username and
 * password, 'Invalid username or password' for an unknown user, a wrong password and a disabled
 * account alike, 429 with Retry-After once failures pass the throttle, then the dashboard (or
 * `redirectTo` inside /admin) with the toast 'Login successful'. Works without JavaScript.
 *
 * For a user with two-factor sign-in on, a right password leads to a second step on the same page
 * (docs/decisions/004-staff-authentication.md#two-factor-sign-in): a login challenge whose token sits
 * in a 5-minute HttpOnly cookie; the page then asks for the 6-digit code or a recovery code. Five
 * wrong codes, or five minutes, end the challenge and the sign-in starts again from the password.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { KeyRound, Lock, Mountain } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { data, Form, redirect, useNavigation, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { toast } from '~/components/ui/toast';
import { getAdmin, requestMeta, safeRedirect, sessionCookieHeader } from '~/services/admin-guard.server';
import {
  CHALLENGE_ENDED,
  completeTwoFactor,
  cancelTwoFactor,
  INVALID_CODE,
  INVALID_CREDENTIALS,
  LOGIN_FAILED,
  LOGIN_SUCCESS,
  signIn,
  TOO_MANY_CODES,
  type SignInResult,
} from '~/services/sign-in.server';
import { loginChallengeCookie } from '~/lib/cookies.server';
import { logger } from '~/lib/logger.server';
import { requestInfo } from '~/lib/request-context.server';
import { toastCookieHeader } from '~/lib/toast.server';
import { findLoginChallenge } from '~/models/session.server';
import { getSettings } from '~/models/settings.server';
import { loginCodeSchema, loginSchema } from '~/schemas/login';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [{ title: 'Admin Login' }, { name: 'robots', content: 'noindex, nofollow' }];

export function headers() {
  return { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };
}

/** The login page's own address, keeping a `redirectTo` that is safe to follow. */
function loginUrl(redirectTo: string | null | undefined): string {
  const target = safeRedirect(redirectTo, '');
  return target && target !== '/admin' ? `/admin/login?redirectTo=${encodeURIComponent(target)}` : '/admin/login';
}

async function challengeToken(request: Request): Promise<string | null> {
  const value: unknown = await loginChallengeCookie().parse(request.headers.get('Cookie'));
  return typeof value === 'string' && value !== '' ? value : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  // Already signed in: straight to where the link pointed.
  if (await getAdmin(request)) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')));
  }
  const token = await challengeToken(request);
  const challenge = token ? await findLoginChallenge(token) : null;
  const headers = new Headers();
  // A cookie whose challenge has ended is cleared.
  if (token && !challenge) headers.append('Set-Cookie', await loginChallengeCookie().serialize('', { maxAge: 0 }));
  const { company } = await getSettings(['company']);
  return data({ companyName: company.name, step: challenge ? ('code' as const) : ('password' as const) }, { headers });
}

type Step = 'password' | 'code';

type Reply = (options: { formErrors: string[]; hideFields: string[] }) => SubmissionResult<string[]>;

/** A failed attempt: the form's reply with the message (passwords and codes never sent back), its status and headers. */
function failure(step: Step, reply: Reply, message: string, status: number, headers?: HeadersInit) {
  return data({ step, result: reply({ formErrors: [message], hideFields: ['password', 'code'] }), failed: message as string | null }, { status, headers });
}

/** Where a successful sign-in goes: the session cookie, the challenge cookie cleared (when there is one), the toast. */
async function signedIn(outcome: Extract<SignInResult, { ok: true }>, redirectTo: string | undefined, clearChallenge: boolean) {
  const headers = new Headers();
  headers.append('Set-Cookie', await sessionCookieHeader(outcome.token));
  if (clearChallenge) headers.append('Set-Cookie', await loginChallengeCookie().serialize('', { maxAge: 0 }));
  headers.append('Set-Cookie', await toastCookieHeader({ type: 'success', title: LOGIN_SUCCESS }));
  return redirect(safeRedirect(redirectTo), { headers });
}

function throttledMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-ins. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export async function action({ request, context }: Route.ActionArgs) {
  // The request id on the sign-in log lines, as on the access log line of this request (server/app.ts).
  const requestId = requestInfo(context)?.requestId;
  const formData = await request.formData();
  const intent = formData.get('intent');

  if (intent === 'cancel') {
    await cancelTwoFactor(await challengeToken(request));
    const redirectTo = formData.get('redirectTo');
    return redirect(loginUrl(typeof redirectTo === 'string' ? redirectTo : null), {
      headers: { 'Set-Cookie': await loginChallengeCookie().serialize('', { maxAge: 0 }) },
    });
  }

  if (intent === 'code') {
    const submission = parseWithZod(formData, { schema: loginCodeSchema });
    if (submission.status !== 'success') {
      return data({ step: 'code' as Step, result: submission.reply({ hideFields: ['code'] }), failed: null as string | null }, { status: 400 });
    }
    const { code, redirectTo } = submission.value;
    const reply: Reply = (o) => submission.reply(o);
    try {
      const outcome = await completeTwoFactor({ challengeToken: await challengeToken(request), code, ...requestMeta(request), requestId });
      if (outcome.ok) return await signedIn(outcome, redirectTo, true);
      if (outcome.reason === 'throttled') {
        return failure('code', reply, throttledMessage(outcome.retryAfterSeconds), 429, { 'Retry-After': String(outcome.retryAfterSeconds) });
      }
      if (outcome.reason === 'invalid_code') {
        const left = outcome.attemptsLeft ?? 0;
        return failure('code', reply, `${INVALID_CODE}. ${left} attempt${left === 1 ? '' : 's'} left.`, 401);
      }
      // The challenge has ended: back to the password.
      const clear = { 'Set-Cookie': await loginChallengeCookie().serialize('', { maxAge: 0 }) };
      const message = outcome.reason === 'challenge_ended' && outcome.why === 'attempts' ? TOO_MANY_CODES : CHALLENGE_ENDED;
      return failure('password', reply, message, 401, clear);
    } catch (error) {
      logger.error({ err: error instanceof Error ? error.message : String(error), reqId: requestId }, 'two-factor sign-in failed unexpectedly');
      return failure('code', reply, LOGIN_FAILED, 503);
    }
  }

  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== 'success') {
    return data({ step: 'password' as Step, result: submission.reply({ hideFields: ['password'] }), failed: null as string | null }, { status: 400 });
  }
  const { username, password, redirectTo } = submission.value;
  const reply: Reply = (o) => submission.reply(o);
  try {
    // The page never takes a code with the password: a two-factor user gets the second step.
    const outcome = await signIn({ username, password, kind: 'cookie', ...requestMeta(request), requestId });
    if (outcome.ok) return await signedIn(outcome, redirectTo, (await challengeToken(request)) !== null);
    if (outcome.reason === 'challenge') {
      return redirect(loginUrl(redirectTo), { headers: { 'Set-Cookie': await loginChallengeCookie().serialize(outcome.challengeToken) } });
    }
    if (outcome.reason === 'throttled') {
      return failure('password', reply, throttledMessage(outcome.retryAfterSeconds), 429, { 'Retry-After': String(outcome.retryAfterSeconds) });
    }
    return failure('password', reply, INVALID_CREDENTIALS, 401);
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error), reqId: requestId }, 'sign-in failed unexpectedly');
    return failure('password', reply, LOGIN_FAILED, 503);
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const step: Step = loaderData.step;
  // The failure as a toast too (the spec's login messages).
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (actionData?.failed && shown.current !== actionData) {
      shown.current = actionData;
      toast.error(actionData.failed);
    }
  }, [actionData]);

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
        {step === 'code' ? (
          <CodeStep lastResult={actionData?.step === 'code' ? actionData.result : undefined} failed={actionData?.step === 'code' ? actionData.failed : null} />
        ) : (
          <PasswordStep
            lastResult={actionData?.step === 'password' ? actionData.result : undefined}
            failed={actionData?.step === 'password' ? actionData.failed : null}
          />
        )}
        <p className="mt-6 text-center text-sm text-muted">
          <a href="/" className="font-semibold text-forest-700 underline-offset-4 hover:underline">
            Back to the website
          </a>
        </p>
      </div>
    </main>
  );
}

type StepProps = { lastResult: SubmissionResult<string[]> | undefined; failed: string | null };

const cardClass = 'flex flex-col gap-4 card p-6 shadow-sm';

/** Step one: username and password. */
function PasswordStep({ lastResult, failed }: StepProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [form, fields] = useForm({
    id: 'admin-login',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });

  // After a failure the form keeps the username and empties the password, as the server-rendered
  // page does without JavaScript. The field itself is emptied: validating it now would replace the
  // message with 'required'.
  useEffect(() => {
    if (!failed) return;
    const password = document.getElementById(fields.password.id);
    if (password instanceof HTMLInputElement) password.value = '';
  }, [lastResult, failed, fields.password.id]);

  return (
    <Form method="post" {...getFormProps(form)} className={cardClass}>
      <FormError id={form.errorId} errors={form.errors} />
      <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
      <Field id={fields.username.id} label="Username" errors={fields.username.errors} required>
        {(a11y) => <Input {...getInputProps(fields.username, { type: 'text' })} {...a11y} autoComplete="username" autoCapitalize="none" spellCheck={false} />}
      </Field>
      <Field id={fields.password.id} label="Password" errors={fields.password.errors} required>
        {(a11y) => <Input {...getInputProps(fields.password, { type: 'password' })} {...a11y} autoComplete="current-password" />}
      </Field>
      <Button type="submit" disabled={pending} className="mt-2">
        <Lock className="size-4" aria-hidden />
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </Form>
  );
}

/** Step two, for a user with two-factor sign-in on: the code of the authenticator app or a recovery code. */
function CodeStep({ lastResult, failed }: StepProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirectTo') ?? '';
  const navigation = useNavigation();
  const verifying = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'code';
  const [form, fields] = useForm({
    id: 'admin-login-code',
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginCodeSchema }),
  });
  const hintId = `${fields.code.id}-explain`;

  // The code field is the only thing to do on this step: focus it when the step opens, and empty
  // it after a wrong code.
  useEffect(() => {
    const input = document.getElementById(fields.code.id);
    if (!(input instanceof HTMLInputElement)) return;
    if (failed) input.value = '';
    input.focus();
  }, [lastResult, failed, fields.code.id]);

  return (
    <div className={cardClass}>
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-forest-50 text-forest-700">
          <KeyRound className="size-5" aria-hidden />
        </span>
        <div>
          <h2 className="font-sans text-lg font-semibold text-ink">Two-factor sign-in</h2>
          <p id={hintId} className="mt-1 text-sm text-muted">
            Enter the 6-digit code from your authenticator app. No phone at hand? Enter one of your recovery codes instead.
          </p>
        </div>
      </div>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field id={fields.code.id} label="Authentication code" errors={fields.code.errors} required>
          {(a11y) => (
            <Input
              {...getInputProps(fields.code, { type: 'text' })}
              {...a11y}
              aria-describedby={[hintId, a11y['aria-describedby']].filter(Boolean).join(' ')}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={64}
              className="font-mono text-lg tracking-[0.2em]"
            />
          )}
        </Field>
        <Button type="submit" disabled={verifying} className="mt-1">
          <Lock className="size-4" aria-hidden />
          {verifying ? 'Verifying...' : 'Verify'}
        </Button>
      </Form>
      <Form method="post" className="-mt-1 text-center">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit" className="min-h-11 px-2 text-sm font-semibold text-forest-700 underline-offset-4 hover:underline">
          Sign in as someone else
        </button>
      </Form>
    </div>
  );
}
