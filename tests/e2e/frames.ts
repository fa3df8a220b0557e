/**
 * For specs that move the page's time with Playwright's clock (https://playwright.dev/docs/clock)
 * instead of sleeping through it.
 */
import type { Page } from '@playwright/test';

/** Resolves after the page has rendered two more frames: state set by a timer that just fired is on screen. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
