import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * No public page is wider than a phone, in the server HTML (what paints first, and what a visitor
 * without JavaScript keeps) or after hydration. A page that overflows makes a mobile browser zoom
 * out while it loads, which shifts the layout and moves content into view that should be below it.
 */
const pages = ['/', '/about', '/rural-tourism', '/gallery', '/testimonials', '/packages', '/bikes', '/cars', '/contact', '/booking'];

async function detailPaths(page: Page): Promise<string[]> {
  const paths: string[] = [];
  for (const kind of ['packages', 'bikes', 'cars']) {
    const response = await page.request.get(`/api/${kind}?limit=1`);
    const [first] = (await response.json()) as { id: string }[];
    if (first) paths.push(`/${kind}/${first.id}`);
  }
  return paths;
}

async function pageWidth(page: Page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? 'after hydration' : 'server HTML without JavaScript', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, javaScriptEnabled });

    test('no page overflows a 390 px phone', async ({ page }) => {
      const paths = [...pages, ...(await detailPaths(page))];
      const wide: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        if (javaScriptEnabled) await page.waitForLoadState('networkidle');
        const { scroll, viewport } = await pageWidth(page);
        if (scroll > 390 || viewport > 390) wide.push(`${path}: content ${scroll}px, layout viewport ${viewport}px`);
      }
      expect(wide).toEqual([]);
    });
  });
}
