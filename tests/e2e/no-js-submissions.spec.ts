/**
 * The public site with JavaScript off (project `no-js`): every control that opens a dialog with
 * scripts leads to a page that completes the same task without them, end to end
 * (docs/architecture.md, "Controls before and after hydration"): an inquiry from the hero, a bike
 * booking from its detail page, a package's Book Now, and the phone menu.
 */
import { expect, test, type Page } from '@playwright/test';

const inDays = (days: number) => {
  const now = new Date(Date.now() + 5.5 * 3600_000); // Asia/Kolkata
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
};

async function fillContact(page: Page, name: string) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill('karma@example.com');
  await page.getByLabel('Phone').fill('+91 98320 55555');
}

/** The first item of a list page whose detail does not say 'Currently Unavailable'. */
async function firstAvailable(page: Page, list: '/bikes' | '/packages'): Promise<string> {
  const html = await (await page.request.get(list)).text();
  for (const [, href] of html.matchAll(new RegExp(`href="(${list}/[0-9a-f-]{36})"`, 'g'))) {
    if (!(await (await page.request.get(href!)).text()).includes('Currently Unavailable')) return href!;
  }
  throw new Error(`no available item on ${list}`);
}

test('an inquiry from the hero is sent without JavaScript, with its tab, its errors and the WhatsApp hand-off', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Inquire Now' }).click();
  await expect(page).toHaveURL(/\/inquire$/);
  await page.getByRole('navigation', { name: 'Inquiry type' }).getByRole('link', { name: 'Cabs' }).click();
  await expect(page).toHaveURL(/\/inquire\?tab=cabs$/);

  // Sent empty: the server answers the fields' messages, on the same tab.
  await page.getByRole('button', { name: 'Send Inquiry' }).click();
  await expect(page.getByText('Please enter the pickup location')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Inquiry type' }).getByRole('link', { name: 'Cabs' })).toHaveAttribute('aria-current', 'page');

  await fillContact(page, 'Karma No-Script');
  await page.getByLabel('Pickup location').fill('Bagdogra Airport');
  await page.getByLabel('Drop-off location').fill('MG Marg, Gangtok');
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill(inDays(9));
  await page.getByRole('button', { name: 'Send Inquiry' }).click();

  const confirmation = page.getByRole('status').filter({ hasText: "Thank you! We'll get back to you soon." });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText(/Your reference: #[A-Z0-9]{6}/);
  const whatsapp = confirmation.getByRole('link', { name: 'Continue on WhatsApp' });
  const text = new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text')!;
  expect(text).toContain("Hello! I'd like to make a cabs inquiry:\nName: Karma No-Script");
  expect(text).toContain('Pickup Location: Bagdogra Airport');
});

test('a bike is booked from its page without JavaScript, the helmet choice kept', async ({ page }) => {
  const href = await firstAvailable(page, '/bikes');
  await page.goto(href);
  const model = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await page.getByRole('complementary', { name: 'Summary' }).getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(new RegExp(`${href}/book$`));
  await expect(page.getByRole('heading', { level: 1, name: `Book ${model}` })).toBeVisible();
  await expect(page.getByLabel('I need a helmet (complimentary)')).toBeChecked();

  await fillContact(page, 'Sonam No-Script');
  await page.getByLabel('Start date').fill(inDays(200));
  await page.getByLabel('End date').fill(inDays(199));
  await page.getByRole('button', { name: 'Submit Booking' }).click();
  await expect(page.getByText('The end date cannot be before the start date')).toBeVisible();
  // What was typed is still there after the round trip.
  await expect(page.getByLabel('Full name')).toHaveValue('Sonam No-Script');

  await page.getByLabel('End date').fill(inDays(202));
  await page.getByLabel('I need a helmet (complimentary)').uncheck();
  await page.getByRole('button', { name: 'Submit Booking' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'Bike booking submitted successfully!' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText(/Your reference: #[A-Z0-9]{6}/);
  await confirmation.getByRole('link', { name: `Back to ${model}` }).click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test("a package's Book Now leads to Book Your Tour with the package chosen, which sends without JavaScript", async ({ page }) => {
  const href = await firstAvailable(page, '/packages');
  await page.goto(href);
  await page.getByRole('complementary', { name: 'Summary' }).getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/booking\?package=/);
  await expect(page.getByLabel('Tour package')).toHaveValue(href.split('/').pop()!);
  await fillContact(page, 'Dolma No-Script');
  await page.getByLabel('Travel date').fill(inDays(40));
  await page.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(page.getByText('Booking Request Sent!')).toBeVisible();
});

test('the phone menu opens and leads everywhere without JavaScript', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about');
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeHidden();
  await page.locator('summary[aria-label="Open menu"]').click();
  await expect(menu.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
  await menu.getByRole('link', { name: 'Book Your Tour Now' }).click();
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.getByRole('heading', { name: 'Book Your Tour' })).toBeVisible();
});

test('a vehicle or page that does not exist answers 404 on its booking page too', async ({ page }) => {
  const response = await page.goto('/bikes/00000000-0000-4000-8000-000000000000/book');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Bike Not Found' })).toBeVisible();
});
