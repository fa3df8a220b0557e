/**
 * The public pages' JavaScript, read from the production build the e2e server runs (BUILD_DIR):
 * - no admin code reaches a public page (docs/decisions/002-page-weight.md): every script a public
 *   page can load, first load or later on intent, is free of texts that only the back office has;
 * - each page's first-load scripts stay within the JavaScript budget, in brotli and gzip bytes of the
 *   build's files (docs/decisions/023-public-page-speed.md). Sizes, not timings.
 * And the documents themselves: a public page asks for no module before its first paint, and still
 * hydrates.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { hydrated } from './csp-helpers';
import { publicBundles } from '../../bench/public-js.mjs';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

/** Texts that exist only in admin modules. */
const ADMIN_MARKERS = [
  'Admin Login',
  'Add New Car',
  'Add New Bike',
  'Add New Package',
  'Are you sure you want to delete',
  'Data refreshed successfully',
  '/api/uploads',
  '/admin/logout',
];

test('no public page can load a script that contains admin code', () => {
  const pages = publicBundles(BUILD_DIR);
  expect(pages.map((p) => p.id)).toContain('routes/site/home');
  for (const page of pages) {
    for (const url of page.reachable) {
      const text = readFileSync(path.join(BUILD_DIR, 'client', url), 'utf8');
      const found = ADMIN_MARKERS.filter((marker) => text.includes(marker));
      expect(found, `${page.id} can load ${url}, which contains admin code`).toEqual([]);
    }
  }
});

/** Texts of libphonenumber-js (its parse errors), which only the back office and the server use. */
const PHONE_LIBRARY_MARKERS = ['INVALID_COUNTRY', 'NOT_A_NUMBER', 'TOO_SHORT'];

test('no public page can load the phone number library (docs/decisions/005-site-settings.md)', () => {
  for (const page of publicBundles(BUILD_DIR)) {
    for (const url of page.reachable) {
      const text = readFileSync(path.join(BUILD_DIR, 'client', url), 'utf8');
      const found = PHONE_LIBRARY_MARKERS.filter((marker) => text.includes(marker));
      expect(found, `${page.id} can load ${url}, which contains libphonenumber-js`).toEqual([]);
    }
  }
});

/** What a public page's first load may send: brotli is what browsers get, gzip what older clients get (KiB). */
const BUDGET_KIB = { brotli: 130, gzip: 150 };

for (const page of publicBundles(BUILD_DIR)) {
  test(`${page.id.replace('routes/site/', '')}: first-load JavaScript within ${BUDGET_KIB.brotli} KiB brotli and ${BUDGET_KIB.gzip} KiB gzip`, () => {
    const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
    expect(kib(page.brotli), `brotli of ${page.initial.join(', ')}`).toBeLessThanOrEqual(BUDGET_KIB.brotli);
    expect(kib(page.gzip), `gzip of ${page.initial.join(', ')}`).toBeLessThanOrEqual(BUDGET_KIB.gzip);
  });
}

test('a public page loads no module before its first paint, has a compact route manifest, and still hydrates; the back office keeps its preloads', async ({
  page,
  request,
}) => {
  const contact = await (await request.get('/contact')).text();
  expect(contact).toContain('<script type="module"');
  expect(contact).not.toContain('rel="modulepreload"');
  // React Router's inlined route manifest, as compact JSON (it prints it indented).
  expect(contact).toMatch(/window\.__reactRouterManifest = \{"entry":\{"module":"/);
  // …without the flags that are false, nor the framework repeated in every route's imports.
  const manifest = JSON.parse(/window\.__reactRouterManifest = (\{.*?\});\n/.exec(contact)?.[1] ?? 'null') as {
    entry: { imports: string[] };
    routes: Record<string, { imports?: string[] }>;
  };
  expect(JSON.stringify(manifest.routes)).not.toMatch(/"has\w+":false/);
  for (const route of Object.values(manifest.routes)) for (const url of manifest.entry.imports) expect(route.imports ?? []).not.toContain(url);
  // Its route modules are imported once the first frame is painted, not by static imports that the
  // browser fetches while parsing (app/entry.server.tsx, hydrateAfterFirstPaint).
  expect(contact).not.toMatch(/import \* as route\d+ from/);
  expect(contact).toMatch(/const \[route0,route1,route2\]=await Promise\.all\(\[import\("/);
  const login = await (await request.get('/admin/login')).text();
  expect(login).toContain('rel="modulepreload"');
  expect(login).toMatch(/import \* as route\d+ from/);

  await page.goto('/contact');
  await hydrated(page);
  // No script was asked for before the first content was on the screen: a request started before it
  // would share a slow phone's link with the stylesheet and fonts.
  const order = await page.evaluate(() => ({
    firstContent: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    firstScript: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.js'))
        .map((r) => r.startTime),
    ),
  }));
  expect(order.firstContent).toBeGreaterThan(0);
  expect(order.firstScript).toBeGreaterThan(order.firstContent!);
  // Only the hydrated router navigates without a document request.
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(documents).toEqual([]);
});
