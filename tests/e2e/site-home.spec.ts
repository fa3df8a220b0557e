import { expect, test } from './fixtures';

test('home renders every section with texts from settings in the server HTML', async ({ request }) => {
  const html = await (await request.get('/')).text();
  for (const text of [
    'Discover Sikkim &amp; Darjeeling',
    'Rated by 100+ travelers',
    'Himalayan Adventure',
    'Mountain Treks',
    'Cultural Tours',
    'Monastery Visits',
    'Tea Gardens',
    'Inquire Now',
    '125+ reviews',
    'Learn More About Us',
    'Featured Packages',
    'View All Packages',
    'Contact for Price',
    'Upcoming Expeditions',
    'Featured Cars',
    'Featured Bikes',
    'Our Services',
    'Travel Stories',
    'What Our Travellers Say',
    'Find Us in Gangtok',
  ]) {
    expect(html, text).toContain(text);
  }
  expect(html).toContain('id="about-section"');
  expect(html).toContain('id="featured-packages"');
  // No video URL is seeded: the video section is hidden (docs/decisions/010-maps-video-images.md#video).
  expect(html).not.toContain('Sikkim in motion');
});

test('featured package cards show the spec content and link to the detail', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('#featured-packages');
  const card = section.getByRole('group', { name: '1 of 2' });
  await expect(card).toContainText('5 Days / 4 Nights');
  await expect(card).toContainText(/\d\.\d\s*\(\d+ reviews\)/);
  await expect(card).toContainText('Starting from');
  await expect(card).toContainText('Contact for Price');
  await card.getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(/\/packages\/[0-9a-f-]{36}$/);
});

test('the hero word cycles Perfect, Awesome, Best', async ({ page }) => {
  await page.goto('/');
  const word = page.locator('[data-hero-word]');
  await expect(word).toHaveAttribute('data-hero-word', 'Perfect');
  await expect(word).toHaveAttribute('data-hero-word', 'Awesome', { timeout: 5000 });
  await expect(word).toHaveAttribute('data-hero-word', 'Best', { timeout: 5000 });
  // The hero images start crossfading once all five have loaded.
  await expect(page.locator('[data-hero-ready="true"]')).toBeAttached({ timeout: 10_000 });
  await expect(page.locator('[data-hero-current]')).not.toHaveAttribute('data-hero-current', '0', { timeout: 6000 });
});

test('the hero word does not move with reduced motion', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto('/');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  // Past the word's 3 s cycle (app/components/site/home/helpers.ts HERO_WORD_MS), on the page's clock.
  await page.clock.runFor(3500);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await expect(page.locator('[data-hero-word]')).toHaveAttribute('data-hero-word', 'Perfect');
  await context.close();
});

test('carousels move with the arrow keys and wrap', async ({ page }) => {
  // Reduced motion stops the gallery's automatic move (its own test is below): at 1280 x 900 the
  // gallery is on screen while the testimonials are pressed, and on a busy machine that took longer
  // than its 5 s progress bar, so it had moved once by itself before it was focused (fresh-clone CI).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const testimonials = page.getByRole('region', { name: 'Testimonials' });
  await testimonials.scrollIntoViewIfNeeded();
  await testimonials.focus();
  await expect(testimonials.getByRole('group', { name: '1 of 8' })).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(testimonials.getByRole('group', { name: '2 of 8' })).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(testimonials.getByRole('group', { name: '8 of 8' })).toHaveAttribute('data-selected', 'true');

  const gallery = page.getByRole('region', { name: 'Gallery highlights' });
  await gallery.scrollIntoViewIfNeeded();
  await gallery.focus();
  await expect(gallery).toHaveAttribute('data-selected-index', '0');
  await page.keyboard.press('ArrowLeft');
  await expect(gallery).toHaveAttribute('data-selected-index', '6');
});

test('an arrow pressed just as a carousel starts is not lost', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The press lands in the moment after Embla has started on the testimonials (it has moved the
  // track) and before React has rendered with it: the page's copy of Embla presses ArrowRight from
  // a MutationObserver, which runs in that same task. A busy phone can take that long to render.
  await page.route(/embla-carousel/, async (route) => {
    const response = await route.fetch();
    const pressOnStart = `
;(() => {
  const region = document.querySelector('[aria-label="Testimonials"]');
  const track = region.querySelector('.carousel-track');
  new MutationObserver((records, observer) => {
    if (!track.style.transform) return;
    observer.disconnect();
    region.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    region.dataset.pressedOnStart = 'true';
  }).observe(track, { attributes: true, attributeFilter: ['style'] });
})();`;
    await route.fulfill({ response, body: (await response.text()) + pressOnStart });
  });
  await page.goto('/');
  const testimonials = page.getByRole('region', { name: 'Testimonials' });
  await testimonials.scrollIntoViewIfNeeded();
  await expect(testimonials).toHaveAttribute('data-pressed-on-start', 'true');
  await expect(testimonials.getByRole('group', { name: '2 of 8' })).toHaveAttribute('data-selected', 'true');
});

test('the gallery carousel advances by itself after its progress bar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const gallery = page.getByRole('region', { name: 'Gallery highlights' });
  await gallery.scrollIntoViewIfNeeded();
  await page.mouse.move(5, 5);
  // The clock starts once Embla has loaded (it loads when the carousel nears the viewport) and the
  // progress bar is drawn; how long that takes depends on the machine, not on the carousel.
  await expect(gallery.locator('[data-gallery-progress]')).toBeAttached({ timeout: 15_000 });
  await expect(gallery).toHaveAttribute('data-selected-index', '0');
  await expect(gallery).toHaveAttribute('data-selected-index', '1', { timeout: 5000 + 3000 });
});

test('sections fade in once reached; a section already in view at load is never hidden', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1600 });
  // Every section hidden while its top was above the 80 % line (app/components/ui/section-reveal.tsx).
  await page.addInitScript(() => {
    const w = window as unknown as { __hiddenInView: string[] };
    w.__hiddenInView = [];
    new MutationObserver((records) => {
      for (const record of records) {
        const element = record.target as HTMLElement;
        if (element.dataset.reveal === 'pending' && element.getBoundingClientRect().top < window.innerHeight * 0.8) {
          w.__hiddenInView.push(element.getAttribute('aria-labelledby') ?? element.className);
        }
      }
    }).observe(document, { attributes: true, attributeFilter: ['data-reveal'], subtree: true });
  });
  await page.goto('/');
  const pending = page.locator('section[data-reveal="pending"]');
  await expect(pending.first()).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { __hiddenInView: string[] }).__hiddenInView)).toEqual([]);
  await pending.first().evaluate((element) => element.setAttribute('data-test-target', ''));
  const target = page.locator('[data-test-target]');
  await expect(target).toHaveCSS('opacity', '0');
  await target.scrollIntoViewIfNeeded();
  await expect(target).toHaveAttribute('data-reveal', 'shown');
  await expect(target).toHaveCSS('opacity', '1');
});

test('header turns white with a shadow after scrolling 50px', async ({ page }) => {
  await page.goto('/');
  const header = page.locator('header').first();
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await expect(header).toHaveAttribute('data-transparent', 'true');
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect(header).toHaveClass(/bg-white/);
  await expect(header).toHaveClass(/shadow-md/);
});

test('mobile menu at 390px opens, has call and booking links and closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.locator('summary[aria-label="Open menu"]').click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link', { name: 'Book Your Tour Now' })).toBeVisible();
  await expect(menu.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
  await menu.getByRole('link', { name: 'Gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(menu).toBeHidden();
});

test('Find Us shows a map preview and loads the OpenStreetMap embed on request', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('iframe[src*="openstreetmap.org"]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Show map' }).click();
  await expect(page.locator('iframe[src*="openstreetmap.org/export/embed.html"]')).toHaveAttribute('src', /marker=27\.31870,88\.59630/);
});
