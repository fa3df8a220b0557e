/**
 * The public site under its Content-Security-Policy (docs/decisions/038-security-headers.md,
 * #page-cache): every public page, as the page cache first answers it (rendered now, MISS, or
 * already stored by another spec, HIT) and then from the page cache (HIT, the stored hash policy),
 * hydrates and reports no CSP violation; the
 * dialogs, mobile menu, carousels and map embed work, which proves the hydrated scripts run; a
 * personal visit (flash cookie) is streamed with a nonce and runs clean too. The response headers:
 * a strict script policy, helmet's headers, a fresh nonce per uncached answer, script hashes that
 * match the scripts the framework wrote and nothing else (not the structured data, which holds text
 * from the database: docs/decisions/045-security-round-two.md, section 7), no HSTS over http, and
 * immutable hashed assets.
 *
 * The page cache keys only on the query parameters a page reads (docs/decisions/045-security-round-two.md,
 * section 12), so a test cannot give itself a fresh entry with a query string: the site's other
 * specs visit the same pages at the same time, and the first visit here may already be a HIT. The
 * unique 404 path is always rendered now (a 404 is never stored).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { hydrated, parseCsp, scriptsOf, sha256Source, uid, watchCsp, withQuery } from './csp-helpers';

/** The path of the first detail page linked from a public list page. */
async function firstDetail(request: APIRequestContext, list: '/packages' | '/cars' | '/bikes'): Promise<string> {
  const html = await (await request.get(list)).text();
  const match = new RegExp(`href="(${list}/[\\w-]+)"`).exec(html);
  if (!match) throw new Error(`no detail link on ${list}`);
  return match[1]!;
}

/** The detail page of an available bike or car (its Book Now button opens the booking dialog). */
async function availableDetail(request: APIRequestContext, list: 'bikes' | 'cars'): Promise<{ path: string; name: string }> {
  const items = (await (await request.get(`/api/${list}?filter=available&limit=1`)).json()) as { id: string; model: string }[];
  expect(items.length, `an available ${list} in the seed`).toBeGreaterThan(0);
  return { path: `/${list}/${items[0]!.id}`, name: items[0]!.model };
}

/** The route OpenStreetMap's embed is answered with (the test machine has no internet). */
async function stubMaps(page: Page) {
  await page.route(/^https:\/\/(www\.)?openstreetmap\.org\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>map</title>' }));
}

type PublicPage = {
  name: string;
  path: (request: APIRequestContext) => Promise<string>;
  status?: number;
  width?: number;
  /** Something only the hydrated scripts can do. */
  interact?: (page: Page, request: APIRequestContext) => Promise<void>;
};

const openInquiryFromHeader = async (page: Page) => {
  await page.getByRole('banner').getByRole('link', { name: 'Book Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan your trip with us' });
  // The dialog's code is loaded on first use.
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
};

const openMobileMenu = async (page: Page) => {
  await page.locator('summary[aria-label="Open menu"]').click();
  await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Book Your Tour Now' })).toBeVisible();
};

const bookVehicle = (list: 'bikes' | 'cars') => async (page: Page, request: APIRequestContext) => {
  const { name } = await availableDetail(request, list);
  await page.getByRole('complementary', { name: 'Summary' }).getByRole('link', { name: 'Book Now' }).click();
  await expect(page.getByRole('dialog', { name: `Book ${name}` })).toBeVisible({ timeout: 15_000 });
};

const PAGES: PublicPage[] = [
  {
    name: 'home',
    path: async () => '/',
    width: 1280,
    interact: async (page) => {
      // The gallery carousel steps back (and wraps) on its button.
      const gallery = page.getByRole('region', { name: 'Gallery highlights' });
      await gallery.scrollIntoViewIfNeeded();
      await expect(gallery).toHaveAttribute('data-selected-index', '0');
      await page.getByRole('button', { name: 'Previous image' }).click();
      await expect(gallery).not.toHaveAttribute('data-selected-index', '0');
      // The map embed is allowed by frame-src, in a sandbox that cannot move this page
      // (docs/decisions/045-security-round-two.md, "Also").
      await page.getByRole('link', { name: 'Show map' }).click();
      const frame = page.locator('iframe[src*="openstreetmap.org/export/embed.html"]');
      await expect(frame).toBeAttached();
      await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox');
    },
  },
  { name: 'about', path: async () => '/about', width: 1280, interact: openInquiryFromHeader },
  { name: 'packages', path: async () => '/packages', width: 1280, interact: openInquiryFromHeader },
  {
    name: 'a package',
    path: (request) => firstDetail(request, '/packages'),
    width: 1280,
    interact: async (page) => {
      const day2 = page.locator('details[name="itinerary"]').nth(1);
      await day2.locator('summary').click();
      await expect(day2).toHaveAttribute('open', '');
    },
  },
  { name: 'cars', path: async () => '/cars', width: 390, interact: openMobileMenu },
  { name: 'a car', path: async (request) => (await availableDetail(request, 'cars')).path, width: 1280, interact: bookVehicle('cars') },
  { name: 'bikes', path: async () => '/bikes', width: 1280, interact: openInquiryFromHeader },
  { name: 'a bike', path: async (request) => (await availableDetail(request, 'bikes')).path, width: 1280, interact: bookVehicle('bikes') },
  { name: 'rural tourism', path: async () => '/rural-tourism', width: 390, interact: openMobileMenu },
  { name: 'gallery', path: async () => '/gallery', width: 1280, interact: openInquiryFromHeader },
  { name: 'testimonials', path: async () => '/testimonials', width: 390, interact: openMobileMenu },
  { name: 'contact', path: async () => '/contact', width: 1280, interact: openInquiryFromHeader },
  { name: 'booking', path: async () => '/booking', width: 1280, interact: openInquiryFromHeader },
  { name: 'not found', path: async () => `/no-such-page-${uid()}`, status: 404, width: 390, interact: openMobileMenu },
];

test.describe('every public page runs clean under its policy, rendered and from the page cache', () => {
  for (const target of PAGES) {
    test(target.name, async ({ page, request }) => {
      await page.setViewportSize({ width: target.width ?? 1280, height: 900 });
      await stubMaps(page);
      const csp = await watchCsp(page);
      const url = await target.path(request);
      const status = target.status ?? 200;

      // First visit: rendered now, or stored already by another spec; either way its inline scripts
      // are allowed by their hashes.
      const first = (await page.goto(url))!;
      expect(first.status()).toBe(status);
      // (STALE: stored over a minute ago and being rendered again by another request.)
      expect(status === 200 ? ['MISS', 'HIT', 'STALE'] : ['MISS']).toContain(first.headers()['x-page-cache']);
      const firstPolicy = parseCsp(first.headers()['content-security-policy']);
      expect(firstPolicy.get('script-src')!.some((source) => source.startsWith("'sha256-"))).toBe(true);
      await hydrated(page);
      await target.interact?.(page, request);
      await csp.expectClean();

      if (status === 200) {
        // Stored once its compressed copies are made. A GET, not a HEAD: the first visit may have
        // been a HIT on a page another spec stored almost a minute ago, which then turns stale
        // (PAGE_TTL_MS, 60 s); a HEAD never renders, so only a GET stores it afresh.
        await expect.poll(async () => (await request.get(url)).headers()['x-page-cache']).toBe('HIT');
      }

      // Second visit: the cached bytes with the cached hash policy (a 404 is never stored).
      const second = (await page.goto(url))!;
      expect(second.status()).toBe(status);
      expect(second.headers()['x-page-cache']).toBe(status === 200 ? 'HIT' : 'MISS');
      if (status === 200) expect(second.headers()['content-security-policy']).toBe(first.headers()['content-security-policy']);
      await hydrated(page);
      await target.interact?.(page, request);
      await csp.expectClean();
    });
  }
});

test.describe('a personal visit (flash cookie) is streamed with a nonce and runs clean', () => {
  for (const target of PAGES.filter((p) => ['home', 'a bike', 'gallery', 'not found'].includes(p.name))) {
    test(target.name, async ({ page, request, baseURL }) => {
      await page.setViewportSize({ width: target.width ?? 1280, height: 900 });
      await stubMaps(page);
      await page.context().addCookies([{ name: 'hx_flash', value: 'e30%3D', url: baseURL! }]);
      const csp = await watchCsp(page);
      const response = (await page.goto(await target.path(request)))!;
      expect(response.status()).toBe(target.status ?? 200);
      expect(response.headers()['x-page-cache']).toBeUndefined();
      const scriptSrc = parseCsp(response.headers()['content-security-policy']).get('script-src')!;
      expect(scriptSrc.filter((source) => source.startsWith("'nonce-"))).toHaveLength(1);
      await hydrated(page);
      await target.interact?.(page, request);
      await csp.expectClean();
    });
  }
});

test('the violation recorder notices a script the policy blocks', async ({ page }) => {
  const csp = await watchCsp(page);
  await page.goto(withQuery('/about', 'csp', uid()));
  await hydrated(page);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
  });
  await expect.poll(async () => (await csp.all()).join('\n')).toMatch(/script-src-elem blocked inline/);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});

test.describe('response headers', () => {
  /** The header checks every HTML page must pass, whichever way its scripts are allowed. */
  function expectStrictHeaders(headers: Record<string, string>) {
    const policy = parseCsp(headers['content-security-policy']);
    const scriptSrc = policy.get('script-src') ?? [];
    expect(scriptSrc.some((source) => /^'(nonce|sha256)-[A-Za-z0-9+/=]+'$/.test(source))).toBe(true);
    for (const [name, sources] of policy) {
      expect(sources, name).not.toContain("'unsafe-eval'");
      if (name.startsWith('script-src') || name === 'default-src') expect(sources, name).not.toContain("'unsafe-inline'");
    }
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(headers['permissions-policy']).toMatch(/geolocation=\(\)/);
    expect(headers['permissions-policy']).toMatch(/microphone=\(\)/);
    // Plain http (the test server): no HSTS, which would pin browsers to an https that is not there.
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['x-request-id']).toMatch(/^[\w.:-]{8,128}$/);
  }

  test('a cached page: strict headers, and its policy holds the hash of every script the framework wrote, nothing more', async ({ request }) => {
    // The home page also carries structured data (text from the settings), which must get no hash.
    // Rendered now or already stored by another spec (unread query parameters do not split the cache).
    const url = '/';
    const miss = await request.get(url);
    expect(['MISS', 'HIT', 'STALE']).toContain(miss.headers()['x-page-cache']);
    expectStrictHeaders(miss.headers());
    // GETs, not HEADs: a page found stored may turn stale (60 s) meanwhile, and only a GET stores it afresh.
    await expect.poll(async () => (await request.get(url)).headers()['x-page-cache']).toBe('HIT');
    const hit = await request.get(url);
    expect(hit.headers()['x-page-cache']).toBe('HIT');
    expectStrictHeaders(hit.headers());
    expect(hit.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
    for (const response of [miss, hit]) {
      const html = await response.text();
      const scriptSrc = parseCsp(response.headers()['content-security-policy']).get('script-src')!;
      expect(scriptSrc.some((source) => source.startsWith("'nonce-"))).toBe(false);
      const inline = scriptsOf(html).filter((script) => script.inline);
      const data = inline.filter((script) => /type="application\/ld\+json"/.test(script.attributes));
      expect(data.length, 'structured data on the home page').toBeGreaterThan(0);
      const framework = inline.filter((script) => !data.includes(script));
      expect(framework.length).toBeGreaterThan(0);
      // Data blocks never run, so they need no hash, and giving them one would trust database text.
      const hashes = new Set(framework.map((script) => sha256Source(script.text)));
      expect(new Set(scriptSrc.filter((source) => source.startsWith("'sha256-")))).toEqual(hashes);
      // The shared bytes never carry a nonce (it would be the same for everyone).
      expect(html).not.toMatch(/\snonce="[^"]+"/);
    }
  });

  test('uncached answers carry a fresh nonce each, on every inline script', async ({ request, baseURL }) => {
    const nonces: string[] = [];
    const fetches = [
      () => request.get('/admin/login'),
      () => request.get('/admin/login'),
      // A personal visit of a public page is rendered, not shared.
      () => request.get('/about', { headers: { Cookie: 'hx_flash=e30%3D' } }),
      () => request.get('/about', { headers: { Cookie: 'hx_flash=e30%3D' } }),
    ];
    for (const get of fetches) {
      const response = await get();
      expect(response.status()).toBe(200);
      expect(response.headers()['x-page-cache']).toBeUndefined();
      expectStrictHeaders(response.headers());
      const scriptSrc = parseCsp(response.headers()['content-security-policy']).get('script-src')!;
      const nonce = /^'nonce-(.+)'$/.exec(scriptSrc.find((source) => source.startsWith("'nonce-")) ?? '')?.[1];
      expect(nonce, `a nonce in ${response.url()}`).toBeDefined();
      expect(Buffer.from(nonce!, 'base64')).toHaveLength(16);
      nonces.push(nonce!);
      const inline = scriptsOf(await response.text()).filter((script) => script.inline && !/type="application\/ld\+json"/.test(script.attributes));
      expect(inline.length).toBeGreaterThan(0);
      for (const script of inline) expect(script.attributes, script.text.slice(0, 80)).toContain(`nonce="${nonce}"`);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(baseURL).toMatch(/^http:/);
  });

  test('hashed assets are cached for a year as immutable, with the security headers', async ({ request }) => {
    const html = await (await request.get('/about')).text();
    const script = /(\/assets\/[\w.-]+\.js)/.exec(html)?.[1];
    expect(script, 'a script under /assets on /about').toBeDefined();
    const response = await request.get(script!);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers()['content-type']).toMatch(/javascript/);
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['x-page-cache']).toBeUndefined();
  });
});
