/**
 * Holding back a page's requests until the test lets them go, so a pending state (a loading text, a
 * skeleton, a disabled "Saving..." button) stays on screen exactly as long as the test looks at it.
 * A fixed delay in the route handler would be too short on a slow machine and wasted time on a fast
 * one (docs/testing.md, "Holding back requests").
 *
 * `holdRequests(page, url)` makes every request matching `url` (and `method`, when given) wait until
 * `release()`; later matching requests go straight through. Others are left to the next handler.
 */
import type { Page } from '@playwright/test';

export type HeldRequests = {
  /** Let the held requests (and every later one) through. */
  release: () => void;
  /** Resolves once the first matching request is being held. */
  arrived: () => Promise<void>;
  /** How many matching requests have been held so far. */
  heldCount: () => number;
};

/** The URL filter `page.route` takes: a glob, a regular expression or a predicate on the URL. */
export type RequestMatcher = Parameters<Page['route']>[0];

export async function holdRequests(page: Page, url: RequestMatcher, { method }: { method?: string } = {}): Promise<HeldRequests> {
  let open: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    open = resolve;
  });
  let signalArrival: () => void = () => {};
  const firstArrival = new Promise<void>((resolve) => {
    signalArrival = resolve;
  });
  let held = 0;
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    held += 1;
    signalArrival();
    await released;
    await route.continue().catch(() => {
      // the page went away or cancelled the request meanwhile: nothing left to deliver
    });
  });
  return {
    release: () => open(),
    arrived: () => firstArrival,
    heldCount: () => held,
  };
}
