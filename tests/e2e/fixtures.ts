/**
 * `test` for every e2e spec: with JavaScript on, the `page` fixture's `goto` and `reload` return
 * once the page has hydrated, as a visitor sees a page become interactive. (Pages a test opens in a
 * context of its own are not changed.)
 *
 * Public documents start their scripts only after the first paint
 * (docs/decisions/023-public-page-speed.md). Until hydration, a tap on a script-only control (the
 * gallery's category filter, a carousel arrow, the lightbox, a detail page's Book Now) does nothing;
 * a test that clicks the moment the HTML is there would fail only sometimes, by how fast the machine
 * is. What must work before and without JavaScript (links, forms, the menu's server HTML) has its own
 * tests with `javaScriptEnabled: false`.
 *
 * Documents without a module script (XML, JSON, plain text) return as before.
 */
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/** Resolves once the document has no module script, or the app has marked it hydrated (app/root.tsx). */
async function interactive(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('script[type="module"]') === null || document.documentElement.hasAttribute('data-hydrated'));
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await interactive(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await interactive(page);
        return response;
      };
    }
    await provide(page);
  },
});
