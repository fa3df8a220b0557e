/**
 * One message per action in the admin (docs/architecture.md: admin mutations end in a redirect with
 * a flash message): a save's words appear once on the page, in the status line, not again in a
 * pop-up toast; and what does pop up (the live-update toasts) or floats (the status line while a
 * dialog is open) never covers an open dialog's title.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createBooking, createInquiry, signIn, uniqueTag } from './admin-helpers';

test.use({ viewport: { width: 1280, height: 720 } });

/**
 * Record every element that ever shows `text` as its own words, from now on (a toast may come and go
 * before the test looks, so the page keeps the list).
 */
async function recordShown(page: Page, text: string) {
  await page.evaluate((words) => {
    const shown = new Set<Element>();
    (window as unknown as { shownMessages: Set<Element> }).shownMessages = shown;
    const scan = () => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.textContent?.trim() === words && node.parentElement) shown.add(node.parentElement);
      }
    };
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, characterData: true });
    scan();
  }, text);
}

/** How many elements have shown the recorded words, once the network is quiet (a lazily loaded toast has had its chance). */
async function timesShown(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { shownMessages: Set<Element> }).shownMessages.size);
}

test("a save's message appears exactly once on the page", async ({ page, request }) => {
  const tag = uniqueTag();
  const name = `Once ${tag}`;
  await createBooking(request, name);

  await signIn(page, { redirectTo: `/admin/bookings?q=${tag}` });
  await recordShown(page, 'Booking confirmed');
  await page
    .getByRole('table', { name: 'Bookings' })
    .getByRole('button', { name: /^Confirm booking of/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Booking confirmed' })).toBeVisible();
  expect(await timesShown(page)).toBe(1);

  await page.goto('/admin/location');
  await recordShown(page, 'Map settings saved successfully!');
  await page.getByRole('button', { name: 'Save Map Settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Map settings saved successfully!' })).toBeVisible();
  expect(await timesShown(page)).toBe(1);
});

/** Whether two boxes share any area. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [p, q] = [await a.boundingBox(), await b.boundingBox()];
  if (!p || !q) throw new Error('not laid out');
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}

test("toasts and the status line stay off an open dialog's title", async ({ page, request }) => {
  const tag = uniqueTag();
  const name = `Dialog ${tag}`;
  const id = await createInquiry(request, name);
  await signIn(page, { redirectTo: `/admin/inquiries?view=${id}` });
  const dialog = page.getByRole('dialog', { name });
  const title = dialog.getByRole('heading', { name });
  await expect(title).toBeVisible();

  // A live update arrives while the dialog is open: its toast shows, in view and away from the title.
  // Another spec's new inquiry may replace this one's toast at any moment, so every live toast on
  // screen is measured, in one look at the page.
  await createInquiry(request, `Arriving ${tag}`);
  await expect
    .poll(() =>
      page.evaluate((titleText) => {
        const heading = [...document.querySelectorAll('[role="dialog"] :is(h1, h2, h3)')].find((h) => h.textContent?.trim() === titleText);
        const toasts = [...document.querySelectorAll('[data-sonner-toast]')].filter((t) => t.textContent?.includes('New inquiry from'));
        if (!heading || toasts.length === 0) return 'no live toast yet';
        const a = heading.getBoundingClientRect();
        const clear = toasts.every((toast) => {
          const b = toast.getBoundingClientRect();
          const inView = b.top >= 0 && b.bottom <= window.innerHeight;
          return inView && !(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom);
        });
        return clear ? 'in view, off the title' : 'over the title or out of view';
      }, name),
    )
    .toBe('in view, off the title');

  // The dialog's own change: its message is seen above the backdrop, away from the title.
  await dialog.getByRole('button', { name: 'Mark as Completed' }).click();
  const status = page.locator('[data-flash="success"]');
  await expect(status).toBeVisible();
  await expect(status).toBeInViewport();
  expect(await overlap(status, title)).toBe(false);
  const topmost = await status.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && el.contains(hit);
  });
  expect(topmost).toBe(true);
});
