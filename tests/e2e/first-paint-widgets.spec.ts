/**
 * The public widgets pressed at the first paint, the page's scripts held back (tests/e2e/held-scripts.ts;
 * docs/architecture.md, "Controls before and after hydration"): the itinerary accordion, the
 * carousels, the gallery's filter and photos, a detail page's thumbnails, the map, the FAQ. Each
 * control is pressed as soon as it is visible, with no wait for hydration; then the scripts are let
 * through, and the press must have done its job without a second one.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { holdScripts } from './held-scripts';

async function idOf(request: APIRequestContext, list: 'packages' | 'bikes' | 'cars', name?: string): Promise<string> {
  const items = (await (await request.get(`/api/${list}?limit=100`)).json()) as { id: string; title?: string; model?: string }[];
  const item = name ? items.find((i) => (i.title ?? i.model) === name) : items[0];
  if (!item) throw new Error(`${name ?? 'anything'} is not in /api/${list}`);
  return item.id;
}

/** The press happened before hydration: the document is not marked hydrated yet. */
async function expectNotHydrated(page: Page) {
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
}

test.use({ viewport: { width: 1280, height: 900 } });

test('an itinerary day pressed before hydration opens, and the open one closes', async ({ page, request }) => {
  const held = await holdScripts(page);
  await page.goto(`/packages/${await idOf(request, 'packages', 'Sikkim Explorer')}`, { waitUntil: 'commit' });
  const itinerary = page.getByRole('region', { name: 'Day-by-Day Itinerary' });
  const day1Text = itinerary.getByText('Our driver meets you at Bagdogra Airport');
  const day2Text = itinerary.getByText('Start at 8 am on the Jawaharlal Nehru Road');
  await itinerary.getByText('Day 2', { exact: true }).click();
  await expectNotHydrated(page);
  held.release();
  await held.hydrated();
  await expect(day2Text).toBeVisible();
  await expect(day1Text).toBeHidden();
});

test('carousel arrows are invisible until they work, and move the slides at once', async ({ page }) => {
  // No autoplay of the gallery carousel, so each move is the press's.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const held = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const testimonials = page.getByRole('region', { name: 'Testimonials', exact: true });
  const next = page.getByRole('button', { name: 'Next: Testimonials' });
  await testimonials.getByRole('group', { name: '1 of 8' }).waitFor({ state: 'attached' });
  await expect(next).toBeHidden();
  await expect(page.getByRole('button', { name: 'Next image' })).toBeHidden();
  await expectNotHydrated(page);
  held.release();
  // Pressed the moment it shows (click waits for it to be visible), not once Embla has loaded.
  await next.click();
  await expect(testimonials.getByRole('group', { name: '2 of 8' })).toHaveAttribute('data-selected', 'true');
  const gallery = page.getByRole('region', { name: 'Gallery highlights' });
  await page.getByRole('button', { name: 'Next image' }).click();
  await expect(gallery).toHaveAttribute('data-selected-index', '1');
});

test('a carousel scrolled before hydration scrolls natively, and Embla takes over from there', async ({ page }) => {
  const held = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const testimonials = page.getByRole('region', { name: 'Testimonials', exact: true });
  await testimonials.getByRole('group', { name: '1 of 8' }).waitFor({ state: 'attached' });
  await testimonials.scrollIntoViewIfNeeded();
  const viewport = testimonials.locator('> div').first();
  await viewport.hover();
  await page.mouse.wheel(900, 0);
  await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expectNotHydrated(page);
  held.release();
  await held.hydrated();
  // Embla runs on an unscrolled viewport, on a slide past the first.
  await expect(viewport).toHaveAttribute('data-embla', '');
  expect(await viewport.evaluate((el) => el.scrollLeft)).toBe(0);
  await expect(testimonials.getByRole('group', { name: '1 of 8' })).not.toHaveAttribute('data-selected', 'true');
});

test('a gallery category pressed before hydration filters the photos', async ({ page }) => {
  const held = await holdScripts(page);
  await page.goto('/gallery', { waitUntil: 'commit' });
  const filter = page.getByRole('group', { name: 'Filter by category' });
  await filter.getByText('Landscapes', { exact: true }).click();
  await expectNotHydrated(page);
  held.release();
  await held.hydrated();
  await expect(page.getByRole('region', { name: 'Photos' }).getByRole('listitem')).toHaveCount(4);
  await expect(filter.getByRole('link', { name: 'Landscapes' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(/\/gallery\?category=landscapes$/);

  // Once hydrated, the filter works in the page: no new document, the scroll position kept.
  await page.evaluate(() => window.scrollTo(0, 200));
  const documents: string[] = [];
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
  await filter.getByRole('link', { name: 'All' }).click();
  await expect(page.getByRole('region', { name: 'Photos' }).getByRole('listitem')).toHaveCount(16);
  expect(documents).toEqual([]);
  expect(await page.evaluate(() => window.scrollY)).toBe(200);
});

test('a gallery photo pressed before hydration shows the image; once hydrated, the lightbox', async ({ page }) => {
  const held = await holdScripts(page);
  await page.goto('/gallery', { waitUntil: 'commit' });
  await page
    .getByLabel(/^Open photo:/)
    .first()
    .click();
  await expect(page).toHaveURL(/\/images\/gallery\/landscapes-1\.svg$/);
  held.release();

  await page.goto('/gallery', { waitUntil: 'commit' });
  await held.hydrated();
  await page
    .getByRole('link', { name: /^Open photo:/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/gallery$/);
});

test('a thumbnail pressed before hydration shows its photo, and it stays shown', async ({ page, request }) => {
  const held = await holdScripts(page);
  await page.goto(`/cars/${await idOf(request, 'cars', 'Toyota Innova Crysta')}`, { waitUntil: 'commit' });
  // The third thumbnail (a button before, the label of a radio now).
  await page.locator('ul[aria-label="More photos"] button, .image-gallery-thumb').nth(2).click();
  await expectNotHydrated(page);
  const third = page.getByRole('img', { name: /Toyota Innova Crysta, photo 3 of 3/ });
  held.release();
  await held.hydrated();
  await expect(third).toBeVisible();
  await expect(third).toHaveAttribute('src', '/images/places/tsomgo-lake.svg');
  await expect(page.getByRole('img', { name: /Toyota Innova Crysta, photo 1 of 3/ })).toBeHidden();
  await expect(page.getByRole('radio', { name: 'Show photo 3 of 3' })).toBeChecked();
});

test('"Show map" pressed before hydration opens the map; once hydrated, it loads in place', async ({ page }) => {
  await page.context().route(/openstreetmap\.org/, (route) => route.fulfill({ contentType: 'text/html', body: '<title>map</title>' }));
  const held = await holdScripts(page);
  await page.goto('/bikes', { waitUntil: 'commit' });
  const show = page.getByText('Show map', { exact: true });
  // The popup comes as soon as the click lands; the click itself waits for the streamed page to show
  // the link, which a loaded machine can take longer than a fixed few seconds to do.
  const [popup] = await Promise.all([page.waitForEvent('popup'), show.click()]);
  expect(popup.url()).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/);
  await popup.close();
  await expectNotHydrated(page);
  held.release();
  await held.hydrated();
  await show.click();
  await expect(page.locator('iframe[src*="openstreetmap.org/export/embed.html"]')).toBeAttached();
});

test('an FAQ opens before hydration and stays open', async ({ page }) => {
  const held = await holdScripts(page);
  await page.goto('/contact', { waitUntil: 'commit' });
  const question = page.locator('.faq summary').first();
  await question.click();
  await expectNotHydrated(page);
  held.release();
  await held.hydrated();
  await expect(page.locator('.faq details').first()).toHaveAttribute('open', '');
  await expect(page.locator('.faq details').first().locator('> div')).toBeVisible();
});

/**
 * Buttons of the controls above (this spec's scope): none may be visible before hydration. Other
 * buttons (header, dialogs, Book Now) are printed, not judged here.
 */
const WIDGET_BUTTONS =
  /^(Previous|Next)(: | image$)|^Show map$|^Open photo|^Show photo|^\d*Day \d|^(All|Culture|Landscapes|Adventures|Rural|Landmarks)$|^Chat with us on WhatsApp$|^Dismiss offer$/;

test('no widget button is visible before hydration, on any public page', async ({ page, request }) => {
  test.setTimeout(90_000);
  const [pkg, bike, car] = await Promise.all([idOf(request, 'packages'), idOf(request, 'bikes'), idOf(request, 'cars')]);
  const paths = [
    '/',
    '/about',
    '/packages',
    `/packages/${pkg}`,
    '/bikes',
    `/bikes/${bike}`,
    '/cars',
    `/cars/${car}`,
    '/rural-tourism',
    '/gallery',
    '/testimonials',
    '/contact',
    '/booking',
    '/no-such-page',
  ];
  const found: string[] = [];
  for (const path of paths) {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const held = await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });
    await page.locator('footer').waitFor();
    // Judge the page as first painted: the browser paints nothing before its render-blocking
    // stylesheet is in, and until then every button counts as visible (on a busy machine the first
    // page's stylesheet could still be loading when the footer was parsed).
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null));
    await expectNotHydrated(page);
    const buttons = await page.evaluate(() =>
      [...document.querySelectorAll('button')]
        .filter((b) => !(b.type === 'submit' && b.form))
        .filter((b) => b.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && b.getBoundingClientRect().width > 0)
        .map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()),
    );
    console.log(`${path}: ${buttons.length ? buttons.join(' | ') : '(none)'}`);
    found.push(...buttons.filter((name) => WIDGET_BUTTONS.test(name)).map((name) => `${path}: ${name}`));
    // The timed widgets render nothing in the server HTML: no promo banner, chat bubble or toast.
    await expect(page.locator('[data-widget="promo"], [data-sonner-toast]')).toHaveCount(0);
    held.release();
  }
  expect(found).toEqual([]);
});
