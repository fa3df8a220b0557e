/**
 * No secrets in logs (docs/decisions/045-security-round-two.md#11-no-secrets-in-logs): the process
 * logger (its real options, at level trace, writing into this test) records sign-in with a wrong
 * password, an unknown username, a right password, two-factor set-up on the profile page and a
 * sign-in with a recovery code, and a failed query; no password, TOTP secret or code, recovery
 * code, session or challenge token, unknown username or query parameter appears in what it wrote.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, test, vi } from 'vitest';
import { db } from '~/db/client.server';
import { CLIENT_IP_HEADER } from '~/infrastructure/rate-limit.server';
import { loginChallengeCookie, sessionCookie } from '~/lib/cookies.server';
import { logger } from '~/lib/logger.server';
import type * as LoggerModule from '~/lib/logger.server';
import { totpCode } from '~/lib/totp.server';
import { upsertUser } from '~/models/user.server';
import { action as loginAction } from '~/routes/admin/login';
import { action as profileAction, loader as profileLoader } from '~/routes/admin/profile';
import { browserHeaders, TEST_PASSWORD } from '../auth-helpers';
import { routeArgs, settle } from '../route-args';

const captured = vi.hoisted(() => ({ lines: [] as string[] }));

// The app's logger, built from its own options, writing here instead of stdout.
vi.mock('~/lib/logger.server', async (importOriginal) => {
  const real = await importOriginal<typeof LoggerModule>();
  return { ...real, logger: pino({ ...real.loggerOptions, level: 'trace' }, { write: (line: string) => void captured.lines.push(line) }) };
});

const secrets = new Set<string>([TEST_PASSWORD]);
const ipOf = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function loginForm(fields: Record<string, string>, ip: string, cookie?: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'vitest', [CLIENT_IP_HEADER]: ip };
  if (cookie) headers.Cookie = cookie;
  return routeArgs('/admin/login', {}, { method: 'POST', body: new URLSearchParams(fields), headers });
}

const cookieOf = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

describe('what the logger writes', () => {
  test('sign-in (wrong password, unknown username, right password), two-factor set-up and a recovery-code sign-in leave no secret in the log', async () => {
    const username = `logs-${randomUUID().slice(0, 8)}`;
    await upsertUser({ username, name: 'Log Test', password: TEST_PASSWORD, role: 'staff' });
    const ip = ipOf();

    // A wrong password for a real user, and a password typed into the username box.
    const wrongPassword = `Wrong-${randomUUID()}`;
    const typedAsUsername = `Hunter2-${randomUUID().slice(0, 12)}`;
    secrets.add(wrongPassword).add(typedAsUsername.toLowerCase());
    expect(await settle(() => loginAction(loginForm({ username, password: wrongPassword, redirectTo: '/admin' }, ip)))).toMatchObject({ status: 401 });
    expect(await settle(() => loginAction(loginForm({ username: typedAsUsername, password: wrongPassword, redirectTo: '/admin' }, ip)))).toMatchObject({
      status: 401,
    });

    // The right password: a session.
    const signedIn = (await loginAction(loginForm({ username, password: TEST_PASSWORD, redirectTo: '/admin' }, ip))) as Response;
    expect(signedIn.status).toBe(302);
    const token = (await sessionCookie().parse(cookieOf(signedIn, 'hx_session')!)) as string;
    secrets.add(token);
    const cookie = cookieOf(signedIn, 'hx_session')!.split(';')[0]!;

    // Two-factor set-up on the profile page.
    const profile = (fields: Record<string, string>) =>
      settle(() => profileAction(routeArgs('/admin/profile', {}, { method: 'POST', body: new URLSearchParams(fields), headers: browserHeaders(cookie) })));
    expect((await profile({ intent: 'totp-start' })).status).toBe(302);
    const page = (await settle(() => profileLoader(routeArgs('/admin/profile', {}, { headers: browserHeaders(cookie) })))).body as {
      enrolment: { secret: string };
    };
    const secret = page.enrolment.secret.replace(/\s/g, '');
    const code = totpCode(secret);
    secrets.add(secret).add(code);
    const done = await profile({ intent: 'totp-confirm', code });
    expect(done.status).toBe(200);
    const { codes } = done.body as { codes: string[] };
    for (const c of codes) secrets.add(c);

    // Sign in again: password, then a recovery code.
    const step = (await loginAction(loginForm({ username, password: TEST_PASSWORD, redirectTo: '/admin' }, ip))) as Response;
    const challenge = cookieOf(step, 'hx_login')!;
    secrets.add((await loginChallengeCookie().parse(challenge)) as string);
    const recovered = (await loginAction(loginForm({ intent: 'code', code: codes[0]!, redirectTo: '/admin' }, ip, challenge.split(';')[0]))) as Response;
    expect(recovered.status).toBe(302);
    secrets.add((await sessionCookie().parse(cookieOf(recovered, 'hx_session')!)) as string);

    const log = captured.lines.join('');
    // The log is not empty: the failures and the sign-ins are there, the unknown name as a hash.
    expect(log).toContain('"event":"login_failed"');
    for (const s of secrets) expect(log, `a secret (${s.length} characters) in the log`).not.toContain(s);
    expect(log).toMatch(/"usernameHash":"[0-9a-f]{12}"/);
    expect(log).toContain(`"username":"${username}"`);
  });

  test("a failed query's error is logged with its query and cause but without its bound parameters", async () => {
    const secret = `session-token-${randomUUID()}`;
    const failure = await db()
      .execute(sql`select ${secret}::int as n`)
      .then(() => null)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    captured.lines.length = 0;
    logger.error({ err: failure }, 'a query failed');
    const [line] = captured.lines;
    const entry = JSON.parse(line!) as { err: { message: string; stack: string; params?: unknown } };
    expect(entry.err.message).toContain('Failed query: select $1::int as n');
    expect(entry.err.message).toContain('params: [redacted]');
    expect(entry.err.params).toBeUndefined();
    expect(line).not.toContain(secret);
  });
});
