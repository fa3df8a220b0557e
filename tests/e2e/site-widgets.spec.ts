import { CHAT_BUBBLE_DELAY_MS, PROMO_DELAY_MS, PROMO_SCROLL_THRESHOLD_PX, RECENT_BOOKING_FIRST_MS } from '../../app/components/site/widgets/schedule';
import { expect, test } from './fixtures';
import { nextFrames } from './frames';

// The widgets' timers run on Playwright's clock (https://playwright.dev/docs/clock): each test moves the
// page's time to just before a widget is due, checks it is not there, then moves it past.

test('WhatsApp bubble appears after 2 s and toggles its panel with Start Chat', async ({ page }) => {
  await page.clock.install();
  await page.goto('/about');
  const bubble = page.getByRole('button', { name: 'Chat with us on WhatsApp' });
  await expect(bubble).toBeHidden();
  await page.clock.runFor(CHAT_BUBBLE_DELAY_MS);
  await expect(bubble).toBeVisible();
  await bubble.click();
  const panel = page.getByRole('dialog', { name: 'Chat on WhatsApp' });
  await expect(panel).toContainText('Typically replies within an hour');
  // Through the redirect that counts the click (docs/decisions/049-whatsapp-leads.md), from this page.
  await expect(panel.getByRole('link', { name: 'Start Chat' })).toHaveAttribute('href', '/go/whatsapp?from=%2Fabout');
  await page.getByRole('button', { name: 'Close WhatsApp chat' }).click();
  await expect(panel).toBeHidden();
});

test('no chat bubble or promo on /admin/login', async ({ page }) => {
  await page.clock.install();
  await page.goto('/admin/login');
  await page.mouse.wheel(0, 600);
  // Past both widgets' delays (2 s and 15 s): neither is on the page.
  await page.clock.runFor(Math.max(CHAT_BUBBLE_DELAY_MS, PROMO_DELAY_MS) + 1);
  await nextFrames(page);
  await expect(page.locator('[data-widget="whatsapp"]')).toHaveCount(0);
  await expect(page.locator('[data-widget="promo"]')).toHaveCount(0);
});

test('promo banner appears after 300 px of scroll and stays dismissed after a reload', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const promo = page.getByRole('region', { name: 'Limited-time offer' });
  await expect(promo).toHaveCount(0);
  await page.mouse.wheel(0, 800);
  await expect(promo).toBeVisible();
  await expect(promo).toContainText('15% off');
  await expect(promo.getByRole('link', { name: 'View offer' })).toHaveAttribute('href', '/packages');
  await promo.getByRole('button', { name: 'Dismiss offer' }).click();
  await expect(promo).toHaveCount(0);
  await page.reload();
  await page.mouse.wheel(0, 800);
  // Scrolled past the threshold, and past the 15 s that would show it without a scroll: still gone.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(PROMO_SCROLL_THRESHOLD_PX);
  await page.clock.runFor(PROMO_DELAY_MS + 1);
  await nextFrames(page);
  await expect(promo).toHaveCount(0);
});

test('recent-booking toast shows a confirmed booking (first name and item) after 10 s, not on home', async ({ page }) => {
  await page.clock.install();
  await page.goto('/gallery');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'just booked' });
  // Not there 8 s after load, there by 10 s.
  await page.clock.runFor(RECENT_BOOKING_FIRST_MS - 2000);
  await nextFrames(page);
  await expect(toast).toHaveCount(0);
  await page.clock.runFor(2000);
  await expect(toast).toBeVisible();
  const text = (await toast.innerText()).trim();
  expect(text).toMatch(/^[A-Z][\w'-]* just booked/);
  expect(text).not.toMatch(/@|\+91/);

  await page.goto('/');
  await page.clock.runFor(RECENT_BOOKING_FIRST_MS + 1000);
  await nextFrames(page);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'just booked' })).toHaveCount(0);
});
