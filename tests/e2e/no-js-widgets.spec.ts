/**
 * The public widgets with JavaScript off (docs/architecture.md, "Controls before and after
 * hydration"): the itinerary accordion, a carousel's track, the gallery's filter and photo links, a
 * detail page's thumbnails, the map link and the FAQ each do their job from the HTML and CSS alone.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';

async function idOf(request: APIRequestContext, list: 'packages' | 'bikes' | 'cars', name: string): Promise<string> {
  const items = (await (await request.get(`/api/${list}?limit=100`)).json()) as { id: string; title?: string; model?: string }[];
  const item = items.find((i) => (i.title ?? i.model) === name);
  if (!item) throw new Error(`${name} is not in /api/${list}`);
  return item.id;
}

test.use({ viewport: { width: 1280, height: 900 } });

test('the itinerary opens one day at a time, collapses, and works from the keyboard', async ({ page, request }) => {
  await page.goto(`/packages/${await idOf(request, 'packages', 'Sikkim Explorer')}`);
  const itinerary = page.getByRole('region', { name: 'Day-by-Day Itinerary' });
  const day1Text = itinerary.getByText('Our driver meets you at Bagdogra Airport');
  const day2Text = itinerary.getByText('Start at 8 am on the Jawaharlal Nehru Road');
  await expect(day1Text).toBeVisible();
  await expect(day2Text).toBeHidden();
  await expect(itinerary.getByRole('heading', { name: /^Day 2 Tsomgo Lake/ })).toBeVisible();
  const day2 = itinerary.locator('summary').nth(1);
  await day2.click();
  await expect(day2Text).toBeVisible();
  await expect(day1Text).toBeHidden();
  await day2.click();
  await expect(day2Text).toBeHidden();
  await expect(itinerary.locator('details[open]')).toHaveCount(0);
  await itinerary.locator('summary').first().focus();
  await page.keyboard.press('Enter');
  await expect(day1Text).toBeVisible();
});

test('a carousel track scrolls, and its arrows (which need scripts) are not shown', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const testimonials = page.getByRole('region', { name: 'Testimonials', exact: true });
  await testimonials.scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Next: Testimonials' })).toBeHidden();
  const viewport = testimonials.locator('> div').first();
  await viewport.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await viewport.evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
  await viewport.hover();
  await page.mouse.wheel(900, 0);
  await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

  // From the keyboard: Tab reaches a card's link in a slide out of view, which scrolls into view.
  const featured = page.getByRole('region', { name: 'Featured packages', exact: true });
  const track = featured.locator('> div').first();
  const last = featured
    .getByRole('group', { name: /^\d+ of \d+$/ })
    .last()
    .getByRole('link')
    .last();
  await last.focus();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test('the gallery filter and photos are links', async ({ page }) => {
  await page.goto('/gallery');
  const filter = page.getByRole('group', { name: 'Filter by category' });
  await filter.getByRole('link', { name: 'Landscapes' }).click();
  await expect(page).toHaveURL(/\/gallery\?category=landscapes$/);
  await expect(page.getByRole('region', { name: 'Photos' }).getByRole('listitem')).toHaveCount(4);
  await expect(filter.getByRole('link', { name: 'Landscapes' })).toHaveAttribute('aria-current', 'page');
  await expect(filter.getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current', /.*/);
  await page
    .getByRole('link', { name: /^Open photo:/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/images\/gallery\/landscapes-1\.svg$/);
});

test('a thumbnail shows its photo', async ({ page, request }) => {
  await page.goto(`/cars/${await idOf(request, 'cars', 'Toyota Innova Crysta')}`);
  await expect(page.getByRole('img', { name: /photo 1 of 3/ })).toBeVisible();
  await page.locator('.image-gallery-thumb').nth(2).click();
  await expect(page.getByRole('img', { name: /photo 3 of 3/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /photo 1 of 3/ })).toBeHidden();
  await expect(page.getByRole('radio', { name: 'Show photo 3 of 3' })).toBeChecked();
  // And from the keyboard: the arrow keys move along the radio group.
  await page.getByRole('radio', { name: 'Show photo 3 of 3' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('img', { name: /photo 2 of 3/ })).toBeVisible();
});

test('"Show map" links to the map', async ({ page }) => {
  await page.goto('/bikes');
  const show = page.getByRole('link', { name: 'Show map' });
  await expect(show).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/);
  await expect(show).toHaveAttribute('target', '_blank');
});

test('the contact FAQ opens and closes', async ({ page }) => {
  await page.goto('/contact');
  const first = page.locator('.faq details').first();
  await first.locator('summary').click();
  await expect(first).toHaveAttribute('open', '');
  await expect(first.locator('> div')).toBeVisible();
  await first.locator('summary').click();
  await expect(first.locator('> div')).toBeHidden();
});
