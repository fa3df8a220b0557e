import { expect, test } from './fixtures';

test('/about tells the story, reasons and credentials with the registration number', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reasons to choose us' })).toBeVisible();
  for (const reason of [
    'Local expertise',
    'Registered with the Tourism Department',
    'Customized experiences',
    'Our own hotels',
    'Experienced, safe drivers',
    '24/7 support on the trip',
  ]) {
    await expect(page.getByRole('heading', { name: reason })).toBeAttached();
  }
  await expect(page.getByText('SKM/TD/TA/0000 (placeholder)').first()).toBeAttached();
  await page.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('/rural-tourism shows the offerings, the four destinations and WhatsApp links', async ({ page }) => {
  await page.goto('/rural-tourism');
  for (const offering of ['Homestay Living', 'Cultural Immersion', 'Nature Exploration', 'Sustainable Tourism']) {
    await expect(page.getByRole('heading', { name: offering })).toBeAttached();
  }
  for (const place of ['Uttarey', 'Kaluk', 'Dzongu', 'Lingdem']) {
    await expect(page.getByRole('heading', { name: place, exact: true })).toBeAttached();
    // Through the redirect that counts the click, naming the place (docs/decisions/049-whatsapp-leads.md).
    await expect(page.getByRole('link', { name: `Ask about ${place}` })).toHaveAttribute(
      'href',
      `/go/whatsapp?topic=homestay%3A${place}&from=%2Frural-tourism`,
    );
  }
  await expect(page.getByRole('heading', { name: 'Good for you, good for the village' })).toBeAttached();
});

test('/testimonials lists 8 rated testimonials with their trip and a share link', async ({ page }) => {
  await page.goto('/testimonials');
  const cards = page
    .getByRole('list')
    .filter({ has: page.locator('figure') })
    .locator('figure');
  await expect(cards).toHaveCount(8);
  await expect(cards.first()).toContainText('Rated 5 out of 5');
  await expect(cards.first()).toContainText('North Sikkim & Gangtok Explorer');
  await expect(page.getByRole('link', { name: 'Share Your Story' })).toHaveAttribute('href', '/contact');
});

test('/gallery filters by category', async ({ page }) => {
  await page.goto('/gallery');
  const photos = page.getByRole('link', { name: /^Open photo:/ });
  await expect(photos).toHaveCount(16);
  await page.getByRole('link', { name: 'Landscapes', exact: true }).click();
  await expect(photos).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Landscapes', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(/\/gallery\?category=landscapes$/);
  await page.getByRole('link', { name: 'All', exact: true }).click();
  await expect(photos).toHaveCount(16);
  await expect(page.getByRole('link', { name: 'Explore Tour Packages' })).toHaveAttribute('href', '/packages');
});

test('gallery lightbox: counter, arrow keys wrap around, scroll locked, Escape closes', async ({ page }) => {
  await page.goto('/gallery');
  await page
    .getByRole('link', { name: /^Open photo:/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-lightbox-counter]')).toHaveText('1 of 16');
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.locator('[data-lightbox-counter]')).toHaveText('16 of 16');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.locator('[data-lightbox-counter]')).toHaveText('1 of 16');
  await dialog.getByRole('button', { name: 'Next image' }).click();
  await expect(dialog.locator('[data-lightbox-counter]')).toHaveText('2 of 16');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
});

test('an unknown path renders the 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-trail');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  // Not indexed, but with a description (Lighthouse's SEO audit asks every page for one).
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect((await page.locator('meta[name="description"]').getAttribute('content'))?.length).toBeGreaterThan(50);
});

test('footer shows address, phone and the category links to /packages', async ({ page }) => {
  await page.goto('/about');
  const footer = page.locator('footer');
  await expect(footer).toContainText('Gangtok');
  await expect(footer.getByRole('link', { name: '+91 00000 00000' })).toHaveAttribute('href', /^tel:/);
  for (const category of ['Adventure', 'Cultural', 'Honeymoon', 'Trekking']) {
    await expect(footer.getByRole('link', { name: `${category} Tours` })).toHaveAttribute('href', '/packages');
  }
});

test("/booking is headed with the spec's page name, 'Book Your Tour'", async ({ page }) => {
  await page.goto('/booking');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book Your Tour');
  await expect(page).toHaveTitle(/^Book Your Tour/);
});
