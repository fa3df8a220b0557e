import { expect, test } from './fixtures';

test('WhatsApp bubble appears after 2 s and toggles its panel with Start Chat', async ({ page }) => {
  await page.goto('/about');
  const bubble = page.getByRole('button', { name: 'Chat with us on WhatsApp' });
  await expect(bubble).toBeHidden({ timeout: 1000 });
  await expect(bubble).toBeVisible({ timeout: 4000 });
  await bubble.click();
  const panel = page.getByRole('dialog', { name: 'Chat on WhatsApp' });
  await expect(panel).toContainText('Typically replies within an hour');
  await expect(panel.getByRole('link', { name: 'Start Chat' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+/);
  await page.getByRole('button', { name: 'Close WhatsApp chat' }).click();
  await expect(panel).toBeHidden();
});

test('no chat bubble or promo on /admin/login', async ({ page }) => {
  await page.goto('/admin/login');
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(2600);
  await expect(page.locator('[data-widget="whatsapp"]')).toHaveCount(0);
  await expect(page.locator('[data-widget="promo"]')).toHaveCount(0);
});

test('promo banner appears after 300 px of scroll and stays dismissed after a reload', async ({ page }) => {
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
  await page.waitForTimeout(500);
  await expect(promo).toHaveCount(0);
});

test('recent-booking toast shows a confirmed booking (first name and item) after 10 s, not on home', async ({ page }) => {
  test.setTimeout(45_000);
  await page.goto('/gallery');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'just booked' });
  await page.waitForTimeout(8000);
  await expect(toast).toHaveCount(0);
  await expect(toast).toBeVisible({ timeout: 6000 });
  const text = (await toast.innerText()).trim();
  expect(text).toMatch(/^[A-Z][\w'-]* just booked/);
  expect(text).not.toMatch(/@|\+91/);

  await page.goto('/');
  await page.waitForTimeout(11_000);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'just booked' })).toHaveCount(0);
});
