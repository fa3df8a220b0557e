/**
 * Nothing on a public page looks usable before it is (docs/architecture.md, "Controls before and
 * after hydration"): with the page's scripts held back (tests/e2e/held-scripts.ts), at 390 and
 * 1280 px, every visible button is one that works without scripts: a form's submit button, or a
 * disabled one. Links, native disclosures (`<summary>`) and form fields work as they are; a
 * script-only button must not be shown until its script runs.
 */
import { expect, test, type Page } from '@playwright/test';
import { holdScripts } from './held-scripts';

/** The first detail page linked from a list page. */
async function firstDetail(page: Page, list: string): Promise<string> {
  const html = await (await page.request.get(list)).text();
  const match = html.match(new RegExp(`href="(${list}/[0-9a-f-]{36})"`));
  if (!match) throw new Error(`no item on ${list}`);
  return match[1]!;
}

const FIXED_PAGES = [
  '/',
  '/about',
  '/packages',
  '/bikes',
  '/cars',
  '/rural-tourism',
  '/gallery',
  '/testimonials',
  '/contact',
  '/booking',
  '/inquire',
  '/no-such-page',
];

for (const width of [390, 1280]) {
  test(`at ${width} px, no public page shows a button that needs its scripts before they run`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 844 });
    const pages = [...FIXED_PAGES];
    for (const list of ['/packages', '/bikes', '/cars']) pages.push(await firstDetail(page, list));
    pages.push(`${await firstDetail(page, '/bikes')}/book`);
    const scripts = await holdScripts(page);
    const found: string[] = [];
    for (const path of pages) {
      await page.goto(path, { waitUntil: 'load' });
      const dead = await page.evaluate(() =>
        [...document.querySelectorAll('button')]
          .filter((button) => button.getClientRects().length > 0 && getComputedStyle(button).visibility !== 'hidden')
          .filter((button) => !button.disabled && !(button.type === 'submit' && button.form !== null))
          .map((button) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim() || button.outerHTML.slice(0, 80)),
      );
      found.push(...dead.map((name) => `${path}: ${name}`));
    }
    expect(scripts.heldCount()).toBeGreaterThan(0);
    scripts.release();
    expect(found).toEqual([]);
  });
}
