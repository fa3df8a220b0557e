/**
 * Holding back a page's scripts, to press its controls the way a visitor on a slow phone does: in
 * the window after the page has painted and before its JavaScript has run
 * (docs/architecture.md, "Controls before and after hydration"; docs/testing.md).
 *
 * `holdScripts(page)` makes every request for the build's JavaScript (`/assets/*.js`) wait until
 * `release()` is called; the HTML, the stylesheet, fonts and images load as usual, so the page paints
 * exactly as a visitor sees it before hydration. After `release()` the held requests go on, the page
 * hydrates, and `hydrated()` resolves once the app has marked the document (app/root.tsx).
 *
 * Use the plain `@playwright/test` page (not the fixture in ./fixtures.ts, whose `goto` waits for
 * hydration) and open the page with `{ waitUntil: 'commit' }` or `'domcontentloaded'`.
 */
import type { Page } from '@playwright/test';
import { holdRequests } from './held-requests';

export type HeldScripts = {
  /** Let the held script requests (and every later one) through. */
  release: () => void;
  /** Resolves once the page has hydrated (`<html data-hydrated>`). */
  hydrated: () => Promise<void>;
  /** How many script requests have been held so far. */
  heldCount: () => number;
};

const SCRIPT_URL = /\/assets\/[^?#]+\.js(?:[?#].*)?$/;

export async function holdScripts(page: Page): Promise<HeldScripts> {
  const scripts = await holdRequests(page, SCRIPT_URL);
  return {
    release: scripts.release,
    hydrated: async () => {
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    },
    heldCount: scripts.heldCount,
  };
}
