/**
 * Authentication events and admin changes are logged without secrets
 * (docs/decisions/039-errors-that-explain-themselves.md, docs/decisions/004-staff-authentication.md): a
 * production server of this test's own, at LOG_LEVEL=debug, goes through a failed sign-in, a browser
 * sign-in, an API sign-in, admin changes with the Bearer token and both sign-outs; then its whole
 * output (stdout and stderr) holds none of the admin password, the wrong password, the Bearer token
 * or the session cookie, and it does hold the sign-in events and the request ids that tie them to
 * the access log.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { expect, test } from './fixtures';
import { startServer, type ServerProcess } from '../support/server-process';

const PORT = Number(process.env.E2E_PORT ?? 3210) + 2;

type LogLine = Record<string, unknown> & {
  msg?: string;
  event?: string;
  reqId?: string;
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
};

/** The JSON lines of the output (pino); other lines (server.js's own messages) are skipped. */
function jsonLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** How often `needle` occurs in `haystack`. */
function occurrences(haystack: string, needle: string): number {
  expect(needle.length, 'a secret worth looking for').toBeGreaterThanOrEqual(8);
  return haystack.split(needle).length - 1;
}

test('the logs of sign-ins, admin changes and sign-outs hold no password, token or session cookie', async ({ browser }) => {
  test.setTimeout(180_000);
  const adminPassword = `logs-admin-${randomBytes(12).toString('base64url')}`;
  const wrongPassword = `logs-wrong-${randomBytes(12).toString('base64url')}`;
  let server: ServerProcess | undefined;
  try {
    server = await startServer({
      port: PORT,
      env: { ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'debug', RATE_LIMIT_LOGIN_FAILURES: '1000', RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '1000' },
    });
    const origin = server.url;
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    const loginPost = () => page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/admin/login'));

    // A failed sign-in in the browser (the password of someone who mistyped).
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(wrongPassword);
    const failedResponse = loginPost();
    await page.getByRole('button', { name: 'Sign In' }).click();
    const failed = await failedResponse;
    expect(failed.status()).toBe(401);
    const failedId = (await failed.headerValue('x-request-id'))!;
    await expect(page.getByText('Invalid username or password').first()).toBeVisible();

    // The right password.
    await page.getByLabel('Password').fill(adminPassword);
    const okResponse = loginPost();
    await page.getByRole('button', { name: 'Sign In' }).click();
    const okId = (await (await okResponse).headerValue('x-request-id'))!;
    await expect(page).toHaveURL(/\/admin$/);
    const cookie = (await context.cookies()).find((c) => c.name === 'hx_session');
    expect(cookie, 'the session cookie').toBeDefined();
    // React Router's cookie value: base64 of the JSON string of the token.
    const sessionToken = JSON.parse(Buffer.from(decodeURIComponent(cookie!.value), 'base64').toString('utf8')) as string;
    expect(sessionToken.length).toBeGreaterThanOrEqual(20);
    // A few signed-in pages and a change in the browser.
    await page.goto('/admin/packages');
    await page.goto('/admin/settings');

    // A sign-in through the API, and changes with its Bearer token.
    const api = context.request;
    const apiLogin = await api.post('/api/auth/login', { data: { username: 'admin', password: adminPassword } });
    expect(apiLogin.status()).toBe(200);
    const apiLoginId = apiLogin.headers()['x-request-id']!;
    const token = ((await apiLogin.json()) as { token: string }).token;
    const auth = { Authorization: `Bearer ${token}` };
    const wrongApiLogin = await api.post('/api/auth/login', { data: { username: 'admin', password: wrongPassword } });
    expect(wrongApiLogin.status()).toBe(401);

    const settings = (await (await api.get('/api/settings', { headers: auth })).json()) as { company: Record<string, unknown> };
    expect((await api.patch('/api/settings', { headers: auth, data: { company: { ...settings.company, phone: '+91 98320 55555' } } })).status()).toBe(200);
    const created = await api.post('/api/packages', {
      headers: auth,
      data: {
        title: 'Log Check Trek',
        description: 'Made by the log test.',
        duration: '2 Days / 1 Night',
        location: 'Gangtok',
        imageUrl: '/images/placeholder.svg',
        price: 4500,
      },
    });
    expect(created.status()).toBe(201);
    const packageId = ((await created.json()) as { id: string }).id;
    expect((await api.delete(`/api/packages/${packageId}`, { headers: auth })).status()).toBe(204);
    // A token in a query string (a client's mistake) is not logged either: the access log drops queries.
    expect((await api.get(`/api/bookings?access_token=${token}`, { headers: auth })).status()).toBe(200);
    // A Bearer token that is not valid (401) and an unknown API path.
    expect((await api.get('/api/bookings', { headers: { Authorization: `Bearer ${token.slice(0, -4)}abcd` } })).status()).toBe(401);
    expect((await api.get('/api/no-such-endpoint', { headers: auth })).status()).toBe(404);

    // Sign-outs: the API token, then the browser session.
    expect((await api.post('/api/auth/logout', { headers: auth })).status()).toBeLessThan(300);
    const logout = await api.post('/admin/logout', { headers: { Origin: origin }, maxRedirects: 0 });
    expect(logout.status()).toBe(302);
    await context.close();

    // Everything the process wrote, up to its exit.
    expect((await server.stop()).code).toBe(0);
    const output = server.logs();

    // No secret anywhere.
    const secrets = {
      'admin password': adminPassword,
      'wrong password': wrongPassword,
      'Bearer token': token,
      'session cookie value': cookie!.value,
      'session token': sessionToken,
    };
    const found = Object.entries(secrets)
      .map(([name, secret]) => [name, occurrences(output, secret)] as const)
      .filter(([, count]) => count > 0);
    expect(found, 'secrets in the server output').toEqual([]);

    // The events are there, each with the request id of its request (the X-Request-Id header).
    const lines = jsonLines(output);
    const failedLine = lines.find((l) => l.event === 'login_failed' && l.reqId === failedId);
    expect(failedLine, `a login_failed line with reqId ${failedId}`).toMatchObject({ username: 'admin', msg: 'sign-in failed' });
    expect(
      lines.find((l) => l.event === 'login' && l.reqId === okId),
      `a login line with reqId ${okId}`,
    ).toMatchObject({ username: 'admin', via: 'cookie' });
    expect(
      lines.find((l) => l.event === 'login' && l.reqId === apiLoginId),
      `a login line with reqId ${apiLoginId}`,
    ).toMatchObject({ username: 'admin', via: 'bearer' });
    expect(lines.filter((l) => l.event === 'login_failed' && l.username === 'admin')).toHaveLength(2);
    expect(
      lines
        .filter((l) => l.event === 'logout')
        .map((l) => l.via)
        .sort(),
    ).toEqual(['bearer', 'cookie']);

    // The access log has a line per request with the same id, method, path (no query) and status.
    const access = (id: string) => lines.find((l) => l.req?.id === id && l.res?.statusCode !== undefined);
    expect(access(failedId)).toMatchObject({ req: { method: 'POST' }, res: { statusCode: 401 } });
    expect(access(failedId)?.req?.url).toMatch(/^\/admin\/login/);
    expect(access(apiLoginId)).toMatchObject({ req: { method: 'POST', url: '/api/auth/login' }, res: { statusCode: 200 } });
    expect(lines.some((l) => l.req?.url === '/api/bookings' && l.res?.statusCode === 200)).toBe(true);
    expect(output).not.toContain('access_token');
    // No header, cookie or body made it into any line.
    expect(output).not.toMatch(/"(authorization|cookie|set-cookie|password)"\s*:/i);
  } finally {
    if (server) {
      await server.stop().catch(() => undefined);
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
});
