/**
 * axe on the catalogue pages at 390 px and 1280 px: no serious or critical violation
 * (docs/decisions/012-seo-and-accessibility.md).
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The first record of each list, every unavailable one, and a not-found page. */
async function detailPaths(request: APIRequestContext): Promise<string[]> {
  const paths: string[] = [];
  for (const list of ['packages', 'bikes', 'cars'] as const) {
    const items = (await (await request.get(`/api/${list}?limit=100`)).json()) as { id: string; available?: boolean }[];
    paths.push(`/${list}/${items[0]!.id}`);
    const unavailable = items.find((i) => i.available === false);
    if (unavailable) paths.push(`/${list}/${unavailable.id}`);
  }
  return [...paths, '/cars/not-a-car'];
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('list pages, filtered and empty, have no serious or critical axe violations', async ({ page }) => {
      test.setTimeout(90_000);
      const found: string[] = [];
      for (const path of ['/packages', '/bikes', '/cars', '/packages?q=nothing-matches', '/bikes?filter=unavailable'])
        found.push(...(await seriousViolations(page, path)));
      expect(found).toEqual([]);
    });

    test('detail pages have no serious or critical axe violations', async ({ page, request }) => {
      test.setTimeout(90_000);
      const found: string[] = [];
      for (const path of await detailPaths(request)) found.push(...(await seriousViolations(page, path)));
      expect(found).toEqual([]);
    });
  });
}
