/**
 * The page cache of anonymous public pages on the production server
 * (docs/decisions/041-page-cache.md): a second anonymous visit is a HIT, a
 * staff change (the admin form or the API) shows at the very next visit, a visitor with a staff
 * session or a flash cookie never gets or leaves a shared copy, and a revalidation with the ETag is
 * answered 304.
 *
 * Runs against the admin server (other admin specs write there at the same time, and any staff write
 * empties the whole cache): each test uses a package of its own, whose page only it visits, and
 * waits for a HIT rather than assuming one.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN_USERNAME, E2E_ADMIN_PASSWORD, signIn } from './admin-helpers';
import { uid } from './csp-helpers';

/** A Bearer token of the e2e admin (a session of its own; logged out at the end). */
async function bearer(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username: ADMIN_USERNAME, password: E2E_ADMIN_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const packageBody = (title: string) => ({
  title,
  description: 'A package made by the page-cache end-to-end test.',
  duration: '2 Days / 1 Night',
  location: 'Gangtok',
  imageUrl: '/images/placeholder.svg',
  price: 4500,
});

/** A fresh browser context without cookies: an anonymous visitor. */
async function visitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/** Visit `path` as `page` and return the X-Page-Cache header (undefined when the page was not a candidate). */
async function visit(page: Page, path: string): Promise<string | undefined> {
  const response = (await page.goto(path))!;
  expect(response.status()).toBe(200);
  return response.headers()['x-page-cache'];
}

/**
 * Visit `path` until it comes from the cache. A MISS stores its page once the compressed copies are
 * made, and another spec's staff write may empty the whole cache at any moment (then the next visit
 * renders and stores it again), so the first HIT is waited for, not assumed.
 */
async function visitUntilHit(page: Page, path: string): Promise<void> {
  await expect.poll(() => visit(page, path)).toBe('HIT');
}

test.describe('page cache', () => {
  let token = '';
  let packageId = '';
  let title = '';

  test.beforeEach(async ({ request }) => {
    token = await bearer(request);
    title = `Cache Trek ${uid()}`;
    const created = await request.post('/api/packages', { headers: { Authorization: `Bearer ${token}` }, data: packageBody(title) });
    expect(created.status()).toBe(201);
    packageId = ((await created.json()) as { id: string }).id;
  });

  test.afterEach(async ({ request }) => {
    const auth = { Authorization: `Bearer ${token}` };
    if (packageId) expect([204, 404]).toContain((await request.delete(`/api/packages/${packageId}`, { headers: auth })).status());
    await request.post('/api/auth/logout', { headers: auth });
  });

  test('an anonymous page is shared, and a staff change shows at the next visit (form, then API)', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const path = `/packages/${packageId}`;
    const anonymous = await visitor(browser);
    const staff = await browser.newContext();
    try {
      // A staff member opens the package's editor in another browser (signing in is a write too,
      // so it comes before the anonymous visits).
      const staffPage = await staff.newPage();
      await signIn(staffPage, { redirectTo: `/admin/packages/edit/${packageId}` });
      await expect(staffPage.locator('form [name="title"]')).toHaveValue(title);
      await expect(staffPage.locator('[data-image-field] button').first()).toBeEnabled();

      expect(await visit(anonymous.page, path)).toBe('MISS');
      await expect(anonymous.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await visitUntilHit(anonymous.page, path);
      await expect(anonymous.page.getByRole('heading', { level: 1, name: title })).toBeVisible();

      // The staff member renames the package in the admin form.
      await staffPage.locator('form [name="title"]').fill(`${title} Renamed`);
      await staffPage.getByRole('button', { name: 'Update Package' }).click();
      await expect(staffPage.locator('[data-flash="success"]')).toContainText('Package updated successfully');

      // The anonymous visitor's next visit is rendered anew and shows the change.
      expect(await visit(anonymous.page, path)).toBe('MISS');
      await expect(anonymous.page.getByRole('heading', { level: 1, name: `${title} Renamed` })).toBeVisible();
      await visitUntilHit(anonymous.page, path);
      await expect(anonymous.page.getByRole('heading', { level: 1, name: `${title} Renamed` })).toBeVisible();

      // The same through the API with a Bearer token.
      const updated = await request.put(`/api/packages/${packageId}`, { headers: { Authorization: `Bearer ${token}` }, data: packageBody(`${title} Again`) });
      expect(updated.status()).toBe(200);
      expect(await visit(anonymous.page, path)).toBe('MISS');
      await expect(anonymous.page.getByRole('heading', { level: 1, name: `${title} Again` })).toBeVisible();

      // And a deleted package is gone at once, not served from the cache.
      await visitUntilHit(anonymous.page, path);
      expect((await request.delete(`/api/packages/${packageId}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204);
      const gone = (await anonymous.page.goto(path))!;
      expect(gone.status()).toBe(404);
      expect(gone.headers()['x-page-cache']).not.toBe('HIT');
    } finally {
      await anonymous.context.close();
      await staff.close();
    }
  });

  test('a staff session or a flash cookie never gets or leaves a shared page', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const staff = await browser.newContext();
    const flash = await browser.newContext();
    const anonymous = await visitor(browser);
    try {
      const staffPage = await staff.newPage();
      await signIn(staffPage);
      // Signed in, the public page is rendered for this request only: not a cache candidate at all.
      const personalPath = `/packages/${packageId}`;
      expect(await visit(staffPage, personalPath)).toBeUndefined();
      expect(await visit(staffPage, personalPath)).toBeUndefined();
      // Nothing of it was stored: the first anonymous visit is rendered anew.
      expect(await visit(anonymous.page, personalPath)).toBe('MISS');
      await expect(anonymous.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // Once the anonymous copy is stored, the staff member still does not get it.
      await visitUntilHit(anonymous.page, personalPath);
      expect(await visit(staffPage, personalPath)).toBeUndefined();

      // A flash toast cookie (set by admin saves for the next page) makes a request personal too.
      await flash.addCookies([{ name: 'hx_flash', value: Buffer.from(JSON.stringify({ type: 'success', title: 'Saved' })).toString('base64'), url: baseURL! }]);
      const flashPage = await flash.newPage();
      // A page of its own that nobody has visited: the list searched for this package (`q` is part of
      // the cache key, an unread parameter is not; docs/decisions/045-security-round-two.md).
      const flashPath = `/packages?q=${encodeURIComponent(title)}`;
      expect(await visit(flashPage, flashPath)).toBeUndefined();
      expect(await visit(flashPage, personalPath)).toBeUndefined();
      expect(await visit(anonymous.page, flashPath)).toBe('MISS');

      // The admin area itself is never a candidate, signed in or not.
      for (const context of [staffPage, anonymous.page]) {
        const response = await context.request.get('/admin/login');
        expect(response.headers()['x-page-cache']).toBeUndefined();
        expect(
          response
            .headers()
            ['cache-control']?.split(/[\n,]/)
            .map((value) => value.trim()),
        ).toContain('no-store');
      }
    } finally {
      await staff.close();
      await flash.close();
      await anonymous.context.close();
    }
  });

  test('a shared page revalidates with its ETag: 304 while unchanged, the new page after a change', async ({ request, playwright, baseURL }) => {
    const path = `/packages/${packageId}?etag=${uid()}`;
    const anonymous = await playwright.request.newContext({ baseURL });
    try {
      const first = await anonymous.get(path);
      expect(first.headers()['x-page-cache']).toBe('MISS');
      let etag = '';
      await expect
        .poll(async () => {
          const response = await anonymous.get(path);
          etag = response.headers()['etag'] ?? '';
          return response.headers()['x-page-cache'];
        })
        .toBe('HIT');
      expect(etag).toMatch(/^"[\w-]+"$/);
      // Another spec's staff write may empty the cache between the two requests; then the page is
      // rendered anew (200, MISS) and stored again, and the ETag (of the same bytes) still matches.
      // A write that changes what every page shows (the footer's settings, say) gives the page new
      // bytes and a new ETag: revalidation then goes on with that one.
      await expect
        .poll(async () => {
          const response = await anonymous.get(path, { headers: { 'If-None-Match': etag } });
          const sent = etag;
          if (response.status() === 200 && response.headers()['etag']) etag = response.headers()['etag']!;
          return `${response.status()} ${response.headers()['x-page-cache']} ${response.headers()['etag'] === sent} ${(await response.body()).length}`;
        })
        .toBe('304 HIT true 0');

      // After a change the old ETag no longer matches: the new page comes back in full.
      const updated = await request.put(`/api/packages/${packageId}`, { headers: { Authorization: `Bearer ${token}` }, data: packageBody(`${title} Changed`) });
      expect(updated.status()).toBe(200);
      const changed = await anonymous.get(path, { headers: { 'If-None-Match': etag } });
      expect(changed.status()).toBe(200);
      expect(changed.headers()['x-page-cache']).toBe('MISS');
      expect(await changed.text()).toContain(`${title} Changed`);
      await expect
        .poll(async () => {
          const response = await anonymous.get(path, { headers: { 'If-None-Match': etag } });
          return `${response.status()} ${response.headers()['x-page-cache']}`;
        })
        .toBe('200 HIT');
    } finally {
      await anonymous.dispose();
    }
  });
});
