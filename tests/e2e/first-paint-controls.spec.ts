/**
 * The chrome's and the catalogue's controls pressed at the first paint, the page's scripts held
 * back (tests/e2e/held-scripts.ts), as a visitor on a slow phone presses them: each does its job
 * without a second press (docs/architecture.md, "Controls before and after hydration"). A control
 * that opens a dialog once scripts run is a link to the page doing the same job, so a press before
 * then shows that page; once hydrated, a press opens the dialog in place, its frame at once.
 */
import { expect, test, type Page } from '@playwright/test';
import { holdScripts } from './held-scripts';

test.use({ viewport: { width: 1280, height: 800 } });

/** The first available item of a list page, e.g. '/bikes/<id>'. */
async function firstItem(page: Page, list: '/bikes' | '/cars' | '/packages'): Promise<string> {
  const html = await (await page.request.get(list)).text();
  const ids = [...html.matchAll(new RegExp(`href="(${list}/[0-9a-f-]{36})"`, 'g'))].map((m) => m[1]!);
  for (const href of new Set(ids)) {
    const detail = await (await page.request.get(href)).text();
    if (!detail.includes('Currently Unavailable')) return href;
  }
  throw new Error(`no available item on ${list}`);
}

test("the header's Book Now, pressed before the scripts run, shows the inquiry form", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/about', { waitUntil: 'commit' });
  await page.getByRole('banner').getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/inquire$/);
  await expect(page.getByRole('heading', { name: 'Send an Inquiry' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeVisible();
  scripts.release();
});

test("the hero's Inquire Now, pressed before the scripts run, shows the inquiry form", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'Inquire Now' }).click();
  await expect(page).toHaveURL(/\/inquire$/);
  await expect(page.getByRole('navigation', { name: 'Inquiry type' }).getByRole('link', { name: 'Tour Packages' })).toHaveAttribute('aria-current', 'page');
  scripts.release();
});

test("a bike page's and a car page's Book Now, pressed before the scripts run, show its booking form", async ({ page }) => {
  for (const list of ['/bikes', '/cars'] as const) {
    const href = await firstItem(page, list);
    const scripts = await holdScripts(page);
    await page.goto(href, { waitUntil: 'commit' });
    const model = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await page.getByRole('complementary', { name: 'Summary' }).getByRole('link', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(new RegExp(`${href}/book$`));
    await expect(page.getByRole('heading', { level: 1, name: `Book ${model}` })).toBeVisible();
    await expect(page.getByLabel('Start date')).toBeVisible();
    scripts.release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});

test("a package's Book Now, pressed before the scripts run, shows Book Your Tour with the package chosen", async ({ page }) => {
  const href = await firstItem(page, '/packages');
  const scripts = await holdScripts(page);
  await page.goto(href, { waitUntil: 'commit' });
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await page.getByRole('complementary', { name: 'Summary' }).getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/booking\?package=/);
  await expect(page.getByLabel('Tour package')).toHaveValue(href.split('/').pop()!);
  await expect(page.getByLabel('Tour package').locator('option:checked')).toHaveText(title);
  scripts.release();
});

test('the phone menu opens at the first paint, stays open when the scripts arrive, and closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = await holdScripts(page);
  await page.goto('/about', { waitUntil: 'commit' });
  await page.locator('summary[aria-label="Open menu"]').click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link', { name: 'Book Your Tour Now' })).toBeVisible();
  await expect(menu.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
  expect(scripts.heldCount()).toBeGreaterThan(0);

  scripts.release();
  await scripts.hydrated();
  await expect(menu.getByRole('link', { name: 'Book Your Tour Now' })).toBeVisible();
  await expect(page.locator('summary[aria-label="Close menu"]')).toBeVisible();
  await menu.getByRole('link', { name: 'Gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(menu).toBeHidden();
});

test('once hydrated, Book Now opens the inquiry dialog in place: its frame at once, then the form', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/about', { waitUntil: 'commit' });
  scripts.release();
  await scripts.hydrated();
  // Hold the form's code back once more, so the moment between the press and the form is visible.
  let letFormThrough: () => void = () => {};
  const formHeld = new Promise<void>((resolve) => {
    letFormThrough = resolve;
  });
  await page.route(/\/assets\/site-dialog-forms-[\w-]+\.js$/, async (route) => {
    await formHeld;
    await route.continue();
  });
  await page.getByRole('banner').getByRole('link', { name: 'Book Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan your trip with us' });
  await expect(dialog).toHaveAttribute('aria-busy', 'true');
  await expect(page).toHaveURL(/\/about$/);
  letFormThrough();
  await expect(dialog.getByRole('tabpanel').getByLabel('Full name')).toBeVisible();
  await expect(dialog).not.toHaveAttribute('aria-busy', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test("a page merely loaded fetches no dialog code; the visitor's first move fetches it, so the press finds the form there", async ({ page }) => {
  const dialogCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/site-dialog-forms-[\w-]+\.js$|\/dialog-options\.json$/.test(request.url())) dialogCode.push(new URL(request.url()).pathname);
  });
  const scripts = await holdScripts(page);
  await page.goto('/about', { waitUntil: 'commit' });
  scripts.release();
  await scripts.hydrated();
  await page.waitForLoadState('networkidle');
  expect(dialogCode, 'a crawler or Lighthouse loading the page downloads no dialog code').toEqual([]);
  // The pointer moves over the text, nowhere near a Book Now.
  await page.mouse.move(640, 500, { steps: 4 });
  await expect.poll(() => dialogCode.length).toBe(2);
  await page.waitForLoadState('networkidle');
  await page.getByRole('banner').getByRole('link', { name: 'Book Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan your trip with us' });
  await expect(dialog.getByRole('tabpanel').getByLabel('Full name')).toBeVisible();
  expect(dialogCode).toHaveLength(2);
});

test('a Book Now opened in a new tab (ctrl+click) is the page, not the dialog', async ({ page, context }) => {
  const href = await firstItem(page, '/bikes');
  const scripts = await holdScripts(page);
  await page.goto(href, { waitUntil: 'commit' });
  scripts.release();
  await scripts.hydrated();
  const opened = context.waitForEvent('page');
  await page
    .getByRole('complementary', { name: 'Summary' })
    .getByRole('link', { name: 'Book Now' })
    .click({ modifiers: ['ControlOrMeta'] });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(`${href}/book`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
