/**
 * The back office under its Content-Security-Policy (docs/decisions/038-security-headers.md):
 * the login page and every admin page, loaded as a document and hydrated, report no CSP violation;
 * each is private (`Cache-Control: no-store`), never answered from the page cache, and allows its
 * scripts by a nonce of its own.
 *
 * The test makes its own booking and inquiry (for the detail page and the inquiry dialog) and
 * deletes them afterwards; it changes no setting and no account, so it runs beside the other admin
 * specs on one server.
 *
 * A cached public page trusts only the scripts the framework wrote
 * (docs/decisions/045-security-round-two.md, section 7): a package whose description holds a
 * `<script>` (stored through the API, on this server so the public site's seeded content stays as it
 * is) runs nothing, its policy hashes no text that came from the database, and script elements
 * injected into its HTML are blocked and reported.
 */
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN_USERNAME, E2E_ADMIN_PASSWORD, signIn } from './admin-helpers';
import { hydrated, parseCsp, scriptsOf, sha256Source, uid, watchCsp, withQuery } from './csp-helpers';

/** 'YYYY-MM-DD' `days` after today in Asia/Kolkata. */
function inDays(days: number): string {
  const now = new Date(Date.now() + 5.5 * 3600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

/** The id of the first record of a public catalogue list. */
async function anyId(request: APIRequestContext, list: 'packages' | 'bikes' | 'cars'): Promise<string> {
  const items = (await (await request.get(`/api/${list}?limit=1`)).json()) as { id: string }[];
  expect(items.length, `a seeded ${list} record`).toBeGreaterThan(0);
  return items[0]!.id;
}

/** The private-page checks of an admin document answer. */
function expectPrivate(response: Response, status = 200) {
  const headers = response.headers();
  expect.soft(response.status(), response.url()).toBe(status);
  // Several Cache-Control headers (Playwright joins them with a line break) act as one list.
  const cacheControl = (headers['cache-control'] ?? '').split(/[\n,]/).map((value) => value.trim());
  expect.soft(cacheControl, `Cache-Control of ${response.url()}`).toContain('no-store');
  expect
    .soft(
      cacheControl.filter((value) => /^(public|max-age|s-maxage|immutable)/.test(value)),
      `Cache-Control of ${response.url()}`,
    )
    .toEqual([]);
  expect.soft(headers['x-page-cache'], `X-Page-Cache of ${response.url()}`).toBeUndefined();
  expect.soft(headers['x-robots-tag'], `X-Robots-Tag of ${response.url()}`).toMatch(/noindex/);
  const scriptSrc = parseCsp(headers['content-security-policy']).get('script-src') ?? [];
  expect
    .soft(
      scriptSrc.filter((source) => source.startsWith("'nonce-")),
      `one nonce in ${response.url()}`,
    )
    .toHaveLength(1);
  expect
    .soft(
      scriptSrc.filter((source) => source.startsWith("'sha256-")),
      `no hashes in ${response.url()}`,
    )
    .toEqual([]);
  expect.soft(scriptSrc, response.url()).not.toContain("'unsafe-inline'");
  expect.soft(headers['content-security-policy'], response.url()).not.toContain("'unsafe-eval'");
  return scriptSrc.find((source) => source.startsWith("'nonce-"));
}

/** The route the map embeds are answered with (the test machine has no internet). */
async function stubMaps(page: Page) {
  await page.route(/^https:\/\/(www\.)?(openstreetmap\.org|google\.com|maps\.google\.com)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>map</title>' }),
  );
}

test('every admin page hydrates without a CSP violation and is private', async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await stubMaps(page);
  const csp = await watchCsp(page);
  const name = `Csp Check ${uid()}`;

  // Records of this test's own, for the booking detail and the inquiry dialog.
  const booking = await request.post('/api/bookings', {
    data: { type: 'package', itemId: 'custom', name, email: 'csp.check@example.com', phone: '+91 98320 12345', startDate: inDays(300) },
  });
  expect(booking.status()).toBe(201);
  const bookingId = ((await booking.json()) as { id: string }).id;
  const inquiry = await request.post('/api/inquiries', {
    data: { type: 'contact', name, email: 'csp.check@example.com', subject: 'CSP check', message: 'Checking the policy' },
  });
  expect(inquiry.status()).toBe(201);
  const inquiryId = ((await inquiry.json()) as { id: string }).id;

  try {
    // The login page, signed out, then signing in through it (its script handles the form).
    const nonces = new Set<string | undefined>();
    const login = (await page.goto('/admin/login'))!;
    nonces.add(expectPrivate(login));
    await hydrated(page, { networkIdle: false });
    await csp.expectClean({ soft: true });
    await signIn(page);
    await csp.expectClean({ soft: true });

    const [packageId, bikeId, carId] = await Promise.all([anyId(request, 'packages'), anyId(request, 'bikes'), anyId(request, 'cars')]);
    const pages: { path: string; status?: number; check?: () => Promise<void> }[] = [
      {
        path: '/admin',
        check: async () => {
          // A client-side navigation: only the hydrated router can do it.
          await page
            .getByRole('navigation', { name: 'Admin' })
            .getByRole('link', { name: /^Packages\b/ })
            .click();
          await expect(page).toHaveURL(/\/admin\/packages$/);
          await expect(page).toHaveTitle('Packages | Admin');
        },
      },
      { path: '/admin/packages' },
      { path: '/admin/packages/new' },
      { path: `/admin/packages/edit/${packageId}` },
      { path: '/admin/bikes' },
      { path: '/admin/bikes/new' },
      { path: `/admin/bikes/edit/${bikeId}` },
      { path: '/admin/cars' },
      { path: '/admin/cars/new' },
      { path: `/admin/cars/edit/${carId}` },
      { path: '/admin/bookings' },
      { path: `/admin/bookings/${bookingId}`, check: async () => expect(page.getByText(name).first()).toBeVisible() },
      { path: '/admin/inquiries' },
      {
        path: `/admin/inquiries?view=${inquiryId}`,
        check: async () => {
          const dialog = page.getByRole('dialog', { name });
          await expect(dialog).toBeVisible();
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
          await expect(page).not.toHaveURL(/view=/);
        },
      },
      { path: '/admin/location' },
      { path: '/admin/settings' },
      { path: '/admin/outbox' },
      { path: '/admin/audit' },
      { path: '/admin/profile' },
      { path: '/admin/staff' },
      { path: `/admin/no-such-page-${uid()}`, status: 404 },
    ];
    for (const target of pages) {
      await test.step(target.path, async () => {
        const response = (await page.goto(target.path))!;
        nonces.add(expectPrivate(response, target.status));
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await hydrated(page, { networkIdle: false });
        await target.check?.();
        await csp.expectClean({ soft: true });
      });
    }
    // A fresh nonce for every document.
    expect(nonces.size).toBe(pages.length + 1);
  } finally {
    const origin = { Origin: baseURL! };
    await page.request.delete(`/api/bookings/${bookingId}`, { headers: origin });
    await page.request.delete(`/api/inquiries/${inquiryId}`, { headers: origin });
  }
});

test.describe('a cached public page trusts only the scripts the framework wrote', () => {
  const PAYLOAD = '<script>window.__pwned = true</script>';
  let token = '';
  let packageId = '';
  let path = '';

  test.beforeEach(async ({ request }) => {
    const login = await request.post('/api/auth/login', { data: { username: ADMIN_USERNAME, password: E2E_ADMIN_PASSWORD } });
    expect(login.status()).toBe(200);
    token = ((await login.json()) as { token: string }).token;
    const created = await request.post('/api/packages', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        title: `Script Trek ${uid()}`,
        description: `Monastery walk. ${PAYLOAD}`,
        duration: '2 Days / 1 Night',
        location: 'Gangtok',
        imageUrl: '/images/placeholder.svg',
        price: 4500,
      },
    });
    expect(created.status()).toBe(201);
    packageId = ((await created.json()) as { id: string }).id;
    path = withQuery(`/packages/${packageId}`, 'csp', uid());
  });

  test.afterEach(async ({ request }) => {
    const auth = { Authorization: `Bearer ${token}` };
    if (path)
      expect([204, 404]).toContain((await request.delete(path.replace(/^\/packages/, '/api/packages').replace(/\?.*$/, ''), { headers: auth })).status());
    await request.post('/api/auth/logout', { headers: auth });
  });

  test('a description holding <script> runs nothing, and the policy hashes no text from the database', async ({ page, request }) => {
    const csp = await watchCsp(page);
    for (const expected of ['MISS', 'HIT']) {
      if (expected === 'HIT') await expect.poll(async () => (await request.head(path)).headers()['x-page-cache']).toBe('HIT');
      const response = (await page.goto(path))!;
      expect(response.headers()['x-page-cache']).toBe(expected);
      await hydrated(page);
      // The description is shown as text; nothing of it ran.
      await expect(page.getByText(PAYLOAD).first()).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
      await csp.expectClean();

      const html = await response.text();
      const hashes = new Set(
        parseCsp(response.headers()['content-security-policy'])
          .get('script-src')!
          .filter((source) => source.startsWith("'sha256-")),
      );
      const inline = scriptsOf(html).filter((script) => script.inline);
      const data = inline.filter((script) => /type="application\/ld\+json"/.test(script.attributes));
      expect(
        data.some((script) => script.text.includes('Monastery walk.')),
        "the description in the page's structured data",
      ).toBe(true);
      // Exactly the framework's scripts are trusted; the structured data, which holds the description, is not.
      expect(hashes).toEqual(new Set(inline.filter((script) => !data.includes(script)).map((script) => sha256Source(script.text))));
      for (const script of data) expect(hashes).not.toContain(sha256Source(script.text));
    }
  });

  test('script elements injected into the cached HTML are blocked by its policy and reported', async ({ page, request }) => {
    await expect.poll(async () => (await request.get(path)).headers()['x-page-cache']).toBe('HIT');
    const csp = await watchCsp(page);
    await page.route(
      (url) => url.pathname + url.search === path,
      async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        // A new script, and a copy of the page's own structured data (text from the database) as a script.
        const data = scriptsOf(html).find((script) => /type="application\/ld\+json"/.test(script.attributes))!.text;
        const injected = `<script>window.__injected = true</script><script>${data}</script>`;
        const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)));
        await route.fulfill({ status: response.status(), headers, body: html.replace('</body>', `${injected}</body>`) });
      },
    );
    const response = (await page.goto(path))!;
    expect(response.headers()['x-page-cache']).toBe('HIT');
    await hydrated(page);
    // Both are refused before they run: two violations, no page error, nothing set.
    await expect.poll(async () => (await csp.all()).filter((line) => /script-src-elem blocked inline/.test(line)).length).toBe(2);
    expect(csp.seen.filter((line) => line.startsWith('page error'))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  });
});
