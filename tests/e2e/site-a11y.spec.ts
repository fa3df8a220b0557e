import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

const pages = ['/', '/about', '/rural-tourism', '/gallery', '/testimonials', '/no-such-page'];

for (const width of [390, 1280]) {
  for (const path of pages) {
    test(`axe: no serious or critical violations on ${path} at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      // Motion reduced, which the site honours (app.css, useReducedMotion): no section is hidden
      // for its reveal and nothing fades, so axe checks the colours every visitor ends up seeing
      // without waiting for animations to end. Waiting for the page's finite animations instead did
      // not end on / within the test's time (its hero crossfades every 3 s, its gallery restarts
      // its progress bar).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      // Scroll through, each step waiting two frames, so what loads on the way in (the carousels)
      // has loaded, as for a visitor who scrolled the page. Each wait ends after 250 ms at the
      // latest: Debian's headless Chromium now and then stops producing frames for a page (about one
      // run in 36 here, on /about and /rural-tourism alike), and then requestAnimationFrame never
      // calls back and the test hung until its timeout, whatever the page did.
      await page.evaluate(async () => {
        const frames = () =>
          Promise.race([
            new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
            new Promise<void>((resolve) => setTimeout(resolve, 250)),
          ]);
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await frames();
        }
        window.scrollTo(0, 0);
        await frames();
      });
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}
