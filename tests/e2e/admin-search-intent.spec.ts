/**
 * The last intent wins on every admin list with a search box (docs/product.md#admin-lists): a
 * search typed but still waiting for its pause (300 ms, app/components/ui/use-search-box.ts) is
 * dropped when the admin presses a row's action at once, so the search never navigates over what
 * they chose: the edit page stays open, the delete confirmation stays open, 'Booking confirmed'
 * shows, the inquiry's dialog stays open.
 *
 * Each test types one character and presses the row's action straight away, like an impatient
 * person, on a slow network. The page's clock is Playwright's, stopped while the test types and
 * presses (so the press lands inside the pause however busy the machine is); the press's request is
 * held until the clock has run past the pause, so a search still waiting gets its chance to fire while
 * the press is under way; then the clock runs on. A final `runFor` fires anything still waiting and
 * the test waits until the page's main area is no longer busy (`aria-busy`) before its last check (no fixed sleeps).
 */
import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { createBooking, createInquiry, createRecord, signIn, uniqueTag } from './admin-helpers';

/** Fire every timer a search could still be waiting on, then wait until no navigation is running. */
async function letPendingSearchesRun(page: Page) {
  await page.clock.runFor(1_000);
  // The admin's main area is aria-busy while a navigation runs (app/routes/admin/layout.tsx).
  await expect(page.locator('main#main')).not.toHaveAttribute('aria-busy', 'true');
}

/**
 * Type one more character into the list's search box and press `action` at once; the first request
 * matching `isPress` (the press's own) waits until the clock has run 1 s.
 */
async function typeThenPress(page: Page, search: Locator, action: Locator, isPress: (request: Request) => boolean) {
  let held = false;
  await page.route(
    (url) => url.pathname.endsWith('.data'),
    async (route) => {
      if (held || !isPress(route.request())) return route.continue();
      held = true;
      await page.clock.runFor(1_000);
      await page.clock.resume();
      await route.continue().catch(() => undefined);
    },
  );
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 5_000));
  await search.press('End');
  await search.pressSequentially('x');
  await action.click();
}

for (const kind of ['packages', 'cars'] as const) {
  test(`${kind}: Edit pressed while a search waits opens the editor, and it stays open`, async ({ page, request }) => {
    const tag = uniqueTag();
    const name = `Intent ${kind} ${tag}`;
    const id = await createRecord(request, kind, name);
    await page.clock.install();
    await signIn(page, { redirectTo: `/admin/${kind}?q=${tag}` });
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();

    await typeThenPress(page, page.getByRole('searchbox'), row.getByRole('link', { name: /^Edit/ }), (r) => r.url().includes(`/edit/${id}.data`));
    await expect(page).toHaveURL(new RegExp(`/admin/${kind}/edit/${id}$`));
    await letPendingSearchesRun(page);
    await expect(page).toHaveURL(new RegExp(`/admin/${kind}/edit/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Edit/);
  });
}

test('bikes: Delete pressed while a search waits opens the confirmation, and it stays open', async ({ page, request }) => {
  const tag = uniqueTag();
  const name = `Intent bike ${tag}`;
  await createRecord(request, 'bikes', name);
  await page.clock.install();
  await signIn(page, { redirectTo: `/admin/bikes?q=${tag}` });
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();

  await typeThenPress(page, page.getByRole('searchbox'), row.getByRole('link', { name: /^Delete/ }), (r) => r.url().includes('delete='));
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this bike?' });
  await expect(dialog).toBeVisible();
  await letPendingSearchesRun(page);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/[?&]delete=/);
});

test("bookings: Confirm pressed while a search waits confirms, and 'Booking confirmed' shows", async ({ page, request }) => {
  const tag = uniqueTag();
  const name = `Intent booking ${tag}`;
  await createBooking(request, name);
  await page.clock.install();
  await signIn(page, { redirectTo: `/admin/bookings?q=${tag}` });
  const row = page.getByRole('table', { name: 'Bookings' }).getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();

  await typeThenPress(page, page.getByRole('searchbox'), row.getByRole('button', { name: /^Confirm booking of/ }), (r) => r.method() === 'POST');
  await expect(page.locator('[data-flash="success"]')).toContainText('Booking confirmed');
  await letPendingSearchesRun(page);
  await expect(page.locator('[data-flash="success"]')).toContainText('Booking confirmed');
  await expect(row).toContainText('Confirmed');
});

test("inquiries: View pressed while a search waits opens the inquiry's dialog, and it stays open", async ({ page, request }) => {
  const tag = uniqueTag();
  const name = `Intent inquiry ${tag}`;
  await createInquiry(request, name);
  await page.clock.install();
  await signIn(page, { redirectTo: `/admin/inquiries?q=${tag}` });
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();

  await typeThenPress(page, page.getByRole('searchbox'), row.getByRole('link', { name: /^View/ }), (r) => r.url().includes('view='));
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await letPendingSearchesRun(page);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/[?&]view=/);
});
