/**
 * Site settings in the back office on the production build (docs/decisions/005-site-settings.md,
 * docs/product.md#map-settings-form): a location save changes the public map at the next request
 * (the live preview follows the form first), a refused embed code saves nothing (without
 * JavaScript too), a company phone change shows on the public site, the outbox explains SMTP_URL,
 * and axe finds nothing serious on /admin/location, /admin/settings and /admin/outbox at phone and
 * desktop widths.
 *
 * Admin tests share one server: every setting changed here is read first through the API and put
 * back in a `finally`, with a Bearer token of the e2e admin.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN_USERNAME, E2E_ADMIN_PASSWORD, expectFlash, signIn } from './admin-helpers';

type Settings = Record<string, Record<string, unknown>>;

/** A Bearer token of the e2e admin, for reading and restoring settings through the API. */
async function token(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username: ADMIN_USERNAME, password: E2E_ADMIN_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function readSettings(request: APIRequestContext, bearer: string): Promise<Settings> {
  const response = await request.get('/api/settings', { headers: { Authorization: `Bearer ${bearer}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Settings;
}

async function restore(request: APIRequestContext, bearer: string, values: Settings) {
  const response = await request.patch('/api/settings', { headers: { Authorization: `Bearer ${bearer}` }, data: values });
  expect(response.status()).toBe(200);
}

/** Wait until the page has hydrated (Conform has taken over the form). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
  await page.waitForLoadState('networkidle');
}

// Tests of one settings key run one after the other: each reads the stored value it compares with.
test.describe.serial('location', () => {
  test('a location save changes the public map at the next request; the preview follows the form first', async ({ page, request }) => {
    const bearer = await token(request);
    const original = await readSettings(request, bearer);
    try {
      await signIn(page, { redirectTo: '/admin/location' });
      await expect(page.getByRole('heading', { level: 1, name: 'Location' })).toBeVisible();
      const preview = page.locator('iframe[title^="Map preview"]');
      // Server-rendered from the saved values.
      await expect(preview).toHaveAttribute('src', /marker=27\.31870,88\.59630/);
      await hydrated(page);

      await page.getByLabel('Latitude').fill('27.3301');
      await page.getByLabel('Longitude').fill('88.6102');
      await page.getByLabel('Zoom').fill('14');
      await expect(preview).toHaveAttribute('src', /marker=27\.33010,88\.61020/);
      await expect(page.locator('dl')).toContainText('27.3301');

      await page.getByRole('button', { name: 'Save Map Settings' }).click();
      await expectFlash(page, 'Map settings saved successfully!');
      await expect(page.getByLabel('Latitude')).toHaveValue('27.3301');

      await page.goto('/contact');
      await expect(page.locator('#map-heading ~ div iframe, iframe[src*="openstreetmap.org/export/embed.html"]').first()).toHaveAttribute(
        'src',
        /marker=27\.33010,88\.61020/,
      );
    } finally {
      await restore(request, bearer, { map: original.map! });
    }
  });

  test('a wrong zoom and a hostile embed code are refused per field, nothing saved', async ({ page, request }) => {
    const bearer = await token(request);
    const original = await readSettings(request, bearer);
    await signIn(page, { redirectTo: '/admin/location' });
    await hydrated(page);
    await page.getByLabel('Zoom').fill('25');
    await page.getByLabel('Custom embed code (optional)').fill('<iframe src="https://maps.google.com.evil.tld/maps"></iframe>');
    await page.getByRole('button', { name: 'Save Map Settings' }).click();
    await expect(page.locator('#settings-map .field-error, form .field-error').filter({ hasText: 'Enter a zoom level from 1 to 20' })).toBeVisible();
    await expect(page.getByText(/^Map host not allowed: maps\.google\.com\.evil\.tld/).first()).toBeVisible();
    expect((await readSettings(request, bearer)).map).toEqual(original.map);
  });

  test('without JavaScript a script in the embed code is refused by the server with its message', async ({ browser, request }) => {
    const bearer = await token(request);
    const original = await readSettings(request, bearer);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await signIn(page, { redirectTo: '/admin/location' });
      await page.getByLabel('Custom embed code (optional)').fill('<script>alert(1)</script>');
      await page.getByRole('button', { name: 'Save Map Settings' }).click();
      await expect(page.getByText('Scripts are not allowed in the embed code', { exact: true })).toBeVisible();
      await expect(page.getByText('Nothing was saved: please correct the fields marked below.')).toBeVisible();
      expect((await readSettings(request, bearer)).map).toEqual(original.map);
    } finally {
      await context.close();
    }
  });
});

test.describe.serial('company', () => {
  test('a company phone change shows on the public site at the next request', async ({ page, request }) => {
    const bearer = await token(request);
    const original = await readSettings(request, bearer);
    const phone = `+91 98${String(Date.now()).slice(-3)} ${String(Math.floor(Math.random() * 90000) + 10000)}`;
    try {
      await signIn(page, { redirectTo: '/admin/settings' });
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      const company = page.locator('#section-company');
      await company.getByLabel('Phone').fill(phone);
      await company.getByRole('button', { name: 'Save company details' }).click();
      await expectFlash(page, 'Settings saved');
      // Stored in E.164 (docs/decisions/005-site-settings.md), shown on the site grouped as typed.
      await expect(page.locator('#section-company').getByLabel('Phone')).toHaveValue(phone.replace(/\s/g, ''));

      await page.goto('/contact');
      await expect(page.getByRole('contentinfo')).toContainText(phone);
    } finally {
      await restore(request, bearer, { company: original.company! });
    }
  });

  test('a wrong company e-mail is shown on its field and nothing is saved', async ({ page, request }) => {
    const bearer = await token(request);
    const original = await readSettings(request, bearer);
    await signIn(page, { redirectTo: '/admin/settings' });
    await hydrated(page);
    const company = page.locator('#section-company');
    const email = company.getByRole('textbox', { name: 'E-mail', exact: true });
    await email.fill('not-an-email');
    await company.getByRole('button', { name: 'Save company details' }).click();
    await expect(company.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    expect((await readSettings(request, bearer)).company).toEqual(original.company);
  });
});

test('the outbox explains that without SMTP_URL the e-mails stay here, and filters by status', async ({ page }) => {
  await signIn(page, { redirectTo: '/admin/outbox' });
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Without SMTP_URL, notification e-mails stay here as pending');
  await page
    .getByRole('navigation', { name: 'Filter by status' })
    .getByRole('link', { name: /^Failed/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/outbox\?status=failed$/);
  await expect(page.getByRole('link', { name: /^Failed/ })).toHaveAttribute('aria-current', 'page');
});

for (const width of [390, 1280]) {
  for (const path of ['/admin/location', '/admin/settings', '/admin/outbox']) {
    test(`axe: ${path} at ${width}px has no serious or critical violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}
