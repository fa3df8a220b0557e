/**
 * Live updates of the back office (docs/decisions/018-live-updates.md): with an admin page open, a
 * visitor's booking or inquiry from the public site shows up there without a reload: in the
 * dashboard's newest lists or the bookings list, in the sidebar's pending count, as a toast and in
 * the polite live region. Runs on the production build (the real server.js, compression included).
 *
 * Other admin tests run at the same time on the same server, so every record here has a unique name
 * and a count is only expected to change, never to reach a fixed number.
 */
import type { Browser, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './admin-helpers';

/** A short name part no other test (or run) uses. */
function uid(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** 'YYYY-MM-DD' `days` from today in India. */
function inDays(days: number): string {
  const now = new Date(Date.now() + 5.5 * 3600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

/** The sidebar's pending count of 'bookings' or 'inquiries' (0 when no badge shows). */
async function sidebarCount(page: Page, kind: 'bookings' | 'inquiries'): Promise<number> {
  const badge = page.getByTestId(`nav-count-${kind}`).first();
  if ((await badge.count()) === 0) return 0;
  const text = (await badge.textContent()) ?? '';
  return Number.parseInt(text, 10) || 0;
}

/**
 * Open `path` signed in, and wait until its live-update stream is connected. Marks the document, so
 * a reload (which would lose the mark) is noticed.
 */
async function openLive(page: Page, path: string) {
  await signIn(page);
  const connected = page.waitForResponse((response) => new URL(response.url()).pathname === '/admin/events');
  await page.goto(path);
  const stream = await connected;
  expect(stream.status()).toBe(200);
  expect(stream.headers()['content-type']).toContain('text/event-stream');
  // Compression would hold the events back (server.js leaves event streams out).
  expect(stream.headers()['content-encoding']).toBeUndefined();
  const watching = await page.evaluate(() => {
    const w = window as unknown as { __sameDocument?: boolean; __announced?: string[] };
    w.__sameDocument = true;
    // Every text the polite live region takes. It holds only the latest announcement, and other
    // admin tests running at the same time make records too: their announcements may replace
    // this test's before it looks.
    w.__announced = [];
    const region = document.querySelector('[role="status"][aria-live="polite"].sr-only');
    if (!region) return false;
    new MutationObserver(() => w.__announced!.push(region.textContent ?? '')).observe(region, { childList: true, characterData: true, subtree: true });
    return true;
  });
  expect(watching, 'the live region of the live updates').toBe(true);
}

/** The texts the live region has announced since `openLive`. */
function announced(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __announced?: string[] }).__announced ?? []);
}

async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

/** A visitor (own browser context, not signed in) sends the contact form. */
async function sendContactMessage(browser: Browser, name: string) {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto('/contact');
  await visitor.getByLabel('Full name').fill(name);
  await visitor.getByLabel('Email').fill('live-test@example.com');
  await visitor.getByLabel('Subject').fill('Live update test');
  await visitor.getByRole('textbox', { name: 'Message', exact: true }).fill('Is the road to Tsomgo open this week?');
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.getByText('Message Sent Successfully!').first()).toBeVisible();
  await context.close();
}

/** A visitor books a custom tour on /booking. */
async function sendBooking(browser: Browser, name: string) {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto('/booking');
  const main = visitor.getByRole('main');
  await main.getByLabel('Full name').fill(name);
  await main.getByLabel('Email').fill('live-test@example.com');
  await main.getByLabel('Phone').fill('+91 98320 12345');
  await visitor.getByLabel('Tour package').selectOption({ label: 'Custom tour' });
  await visitor.getByLabel('Travel date').fill(inDays(40));
  await visitor.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(visitor.getByRole('heading', { name: 'Booking Request Sent!' })).toBeVisible();
  await context.close();
}

test('a new inquiry shows on the open dashboard without a reload', async ({ page, browser }) => {
  await openLive(page, '/admin');
  const before = await sidebarCount(page, 'inquiries');
  const name = `Live Inquirer ${uid()}`;

  await sendContactMessage(browser, name);

  await expect(page.getByRole('region', { name: 'Latest inquiries' }).getByText(name)).toBeVisible();
  await expect(page.locator('[data-sonner-toast]', { hasText: `New inquiry from ${name}` })).toBeVisible();
  await expect.poll(() => announced(page)).toContainEqual(expect.stringContaining(`New inquiry from ${name}`));
  await expect.poll(() => sidebarCount(page, 'inquiries')).not.toBe(before);
  await expectNoReload(page);
});

test('a new booking shows on the open bookings list and in the sidebar count without a reload', async ({ page, browser }) => {
  await openLive(page, '/admin/bookings');
  const before = await sidebarCount(page, 'bookings');
  const name = `Live Booker ${uid()}`;

  await sendBooking(browser, name);

  await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
  await expect(page.locator('[data-sonner-toast]', { hasText: `New booking from ${name}` })).toBeVisible();
  await expect.poll(() => sidebarCount(page, 'bookings')).not.toBe(before);
  await expectNoReload(page);
});

test('the message of the last change stays on its page when a live update reloads the data', async ({ page, browser }) => {
  // Signing in ends on the dashboard with the 'Login successful' message of that page view.
  const connected = page.waitForResponse((response) => new URL(response.url()).pathname === '/admin/events');
  await signIn(page);
  await connected;
  const flash = page.locator('[data-flash="success"]');
  await expect(flash).toContainText('Login successful');
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });

  const name = `Flash Keeper ${uid()}`;
  await sendContactMessage(browser, name);

  // The data was reloaded (the new inquiry is listed), and the message is still there.
  await expect(page.getByRole('region', { name: 'Latest inquiries' }).getByText(name)).toBeVisible();
  await expect(flash).toContainText('Login successful');
  await expectNoReload(page);

  // It belongs to that page view only: the next navigation has no message.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Packages', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/packages$/);
  await expect(page.locator('[data-flash]')).toHaveCount(0);
});

test('a live update during a navigation waits for it instead of cancelling it (and its flash message with it)', async ({ page, browser }) => {
  // The page's timers run on Playwright's clock (time flows as usual until the test moves it), so the
  // test can go past the live updates' revalidation delay at once instead of sleeping through it.
  await page.clock.install();
  await openLive(page, '/admin/packages');
  const cancelled: string[] = [];
  let bookingsDataRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/admin/bookings.data') bookingsDataRequests += 1;
  });
  // A navigation is cancelled when its data request fails before its answer came. A request that
  // was answered can still be reported failed (ERR_ABORTED) when the revalidation that was put off
  // starts right after the page committed and React Router aborts the finished fetch's stream: seen
  // on a busy machine, the answer 200 and the URL already /admin/bookings; that is no cancellation.
  const answered = new WeakSet<Request>();
  page.on('response', (response) => answered.add(response.request()));
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname.endsWith('.data') && !answered.has(request)) cancelled.push(request.url());
  });
  // The bookings page's data is held back until a live update has come in and its revalidation
  // delay has passed. Cancelling a navigation that far along would drop a flash message its loader
  // had already read and cleared.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/bookings\.data/, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: /^Bookings/ })
    .click();

  const name = `Mid Navigation ${uid()}`;
  await sendContactMessage(browser, name);
  await expect(page.locator('[data-sonner-toast]', { hasText: `New inquiry from ${name}` })).toBeVisible();
  // Past the live updates' revalidation delay (400 ms, app/components/admin/live-updates.tsx) twice
  // over: the revalidation has come due while the navigation was under way, and found it busy.
  await page.clock.runFor(1_000);
  release();

  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  expect(cancelled).toEqual([]);
  // The put-off revalidation runs once the navigation is over: the page's data is read again.
  await expect.poll(() => bookingsDataRequests).toBeGreaterThanOrEqual(2);
  await expectNoReload(page);
});
