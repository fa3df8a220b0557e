/**
 * Issue 5 end to end: the inquiry dialog (tabs, validation, WhatsApp tab, phone drawer, focus trap,
 * Escape, axe), the bike/car and global booking dialogs, /booking and /contact with and without
 * JavaScript. Every success is checked against the server's 201 answer (stored before success).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const inDays = (days: number) => {
  const now = new Date(Date.now() + 5.5 * 3600_000); // Asia/Kolkata
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
};

async function fillContact(scope: ReturnType<Page['getByRole']>, name = 'Pema Lhamu') {
  await scope.getByLabel('Full name').fill(name);
  await scope.getByLabel('Email').fill('pema@example.com');
  await scope.getByLabel('Phone').fill('+91 98320 12345');
}

test.beforeEach(async ({ context }) => {
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>ok' }));
});

test('inquiry dialog: required fields, stored, toast, reset, WhatsApp tab with the text', async ({ page }) => {
  await page.goto('/about?inquire=packages');
  const dialog = page.getByRole('dialog', { name: 'Plan your trip with us' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Inquiry' }).click();
  await expect(dialog.getByText('Please enter your name')).toBeVisible();
  await expect(dialog.getByText('Please choose your travel date')).toBeVisible();

  const panel = dialog.getByRole('tabpanel');
  await fillContact(panel);
  await panel.getByLabel('Destination').selectOption({ label: 'Sikkim Explorer' });
  await panel.getByLabel('Travel date').fill(inDays(12));
  await panel.getByLabel('Guests').selectOption('3');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/inquiries') && r.request().method() === 'POST');
  const popupPromise = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Send Inquiry' }).click();
  expect((await saved).status()).toBe(201);
  const popup = await popupPromise;
  await popup.waitForURL(/wa\.me/);
  const url = new URL(popup.url());
  expect(url.pathname).toBe('/910000000000');
  const text = url.searchParams.get('text')!;
  expect(
    text.startsWith(
      "Hello! I'd like to make a packages inquiry:\nName: Pema Lhamu\nEmail: pema@example.com\nPhone: +91 98320 12345\nDestination: Sikkim Explorer",
    ),
  ).toBe(true);
  expect(text).toContain('Guests: 3 Guests');
  expect(text).toMatch(/Inquiry Date: [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(page.getByText("Thank you! We'll get back to you soon.")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Reopened, the form is empty again.
  await page.goto('/about?inquire=packages');
  await expect(page.getByRole('dialog').getByRole('tabpanel').getByLabel('Full name')).toHaveValue('');
});

test('inquiry tabs set the type; a blocked WhatsApp tab offers Continue on WhatsApp', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/about?inquire=cabs');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Cabs' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('button', { name: 'Send Inquiry' }).click();
  await expect(dialog.getByText('Please enter the pickup location')).toBeVisible();
  const cabs = dialog.getByRole('tabpanel');
  await fillContact(cabs);
  await cabs.getByLabel('Pickup location').fill('Bagdogra Airport');
  await cabs.getByLabel('Drop-off location').fill('MG Marg, Gangtok');
  await cabs.getByLabel('Date').fill(inDays(4));
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/inquiries'));
  await dialog.getByRole('button', { name: 'Send Inquiry' }).click();
  const response = await saved;
  expect(response.status()).toBe(201);
  expect(await response.json()).toMatchObject({ type: 'cabs', pickupLocation: 'Bagdogra Airport', status: 'pending' });
  const link = dialog.getByRole('link', { name: 'Continue on WhatsApp' });
  await expect(link).toBeVisible();
  expect(decodeURIComponent((await link.getAttribute('href')) ?? '')).toContain("Hello! I'd like to make a cabs inquiry:");

  await page.goto('/about?inquire=rentals');
  await expect(page.getByRole('dialog').getByRole('tab', { name: 'Bike Rentals' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('dialog').getByRole('tabpanel').getByRole('textbox', { name: 'Full name' })).toBeFocused();
  await expect(page.getByRole('dialog').getByRole('tabpanel').getByLabel('Number of bikes')).toHaveValue('1');
});

test('dialog keeps focus inside, Escape closes it, axe finds nothing serious', async ({ page }) => {
  await page.goto('/about?inquire=packages');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Full name' })).toBeFocused();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('on a 390 px phone the dialog is an 85vh bottom drawer with the submit button in view', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/about?inquire=packages');
  const dialog = page.getByRole('dialog');
  // The form has arrived (until then the dialog's frame shows, busy, in the same place).
  await expect(dialog.getByRole('button', { name: 'Send Inquiry' })).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(Math.round(box.height)).toBe(Math.round(844 * 0.85));
  expect(Math.round(box.y + box.height)).toBe(844);
  expect(box.width).toBe(390);
  const submit = dialog.getByRole('button', { name: 'Send Inquiry' });
  const submitBox = (await submit.boundingBox())!;
  expect(submitBox.y + submitBox.height).toBeLessThanOrEqual(844);
  expect(submitBox.height).toBeGreaterThanOrEqual(44);
  await context.close();
});

test('bike booking form: hint, helmet by default, stored, toast, closed', async ({ page, request }) => {
  const bikes = (await (await request.get('/api/bikes?filter=available')).json()) as { id: string; model: string }[];
  const bike = bikes[0]!;
  await page.goto(`/about?book=bike:${bike.id}`);
  const dialog = page.getByRole('dialog', { name: `Book ${bike.model}` });
  await expect(dialog.getByText('Any special requirements or pickup preferences')).toBeVisible();
  await expect(dialog.getByLabel('I need a helmet (complimentary)')).toBeChecked();
  await dialog.getByRole('button', { name: 'Submit Booking' }).click();
  await expect(dialog.getByText('Please choose the start date')).toBeVisible();
  await fillContact(dialog);
  await dialog.getByLabel('Start date').fill(inDays(6));
  await dialog.getByLabel('End date').fill(inDays(8));
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/bookings'));
  await dialog.getByRole('button', { name: 'Submit Booking' }).click();
  const response = await saved;
  expect(response.status()).toBe(201);
  expect(await response.json()).toMatchObject({ type: 'bike', bikeId: bike.id, needHelmet: true, endDate: inDays(8), status: 'pending' });
  await expect(page.getByText('Bike booking submitted successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('car booking: an unavailable car is refused by the server and the input is kept', async ({ page, request }) => {
  const cars = (await (await request.get('/api/cars')).json()) as { id: string; model: string; available: boolean }[];
  const unavailable = cars.find((c) => !c.available)!;
  await page.goto(`/about?book=car:${unavailable.id}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('I need a driver (additional charges apply)')).not.toBeChecked();
  await fillContact(dialog);
  await dialog.getByLabel('Start date').fill(inDays(6));
  await dialog.getByRole('button', { name: 'Submit Booking' }).click();
  await expect(page.getByText('An error occurred. Please try again.')).toBeVisible();
  await expect(dialog.getByLabel('Full name')).toHaveValue('Pema Lhamu');

  const available = cars.find((c) => c.available)!;
  await page.goto(`/about?book=car:${available.id}`);
  const form = page.getByRole('dialog');
  await fillContact(form);
  await form.getByLabel('Start date').fill(inDays(6));
  await form.getByLabel('I need a driver (additional charges apply)').check();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/bookings'));
  await form.getByRole('button', { name: 'Submit Booking' }).click();
  expect(await (await saved).json()).toMatchObject({ type: 'car', needDriver: true });
  await expect(page.getByText('Car booking submitted successfully!')).toBeVisible();
});

test('global booking dialog requires an item when none is preselected', async ({ page }) => {
  await page.goto('/about?book=any');
  const dialog = page.getByRole('dialog', { name: 'Book your trip' });
  await dialog.getByRole('button', { name: 'Submit Booking' }).click();
  await expect(dialog.getByText('Please select a tour package.')).toBeVisible();
  await dialog.getByLabel('Tour package').selectOption({ label: 'Sikkim Explorer' });
  await fillContact(dialog);
  await dialog.getByLabel('Preferred date').fill(inDays(20));
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/bookings'));
  await dialog.getByRole('button', { name: 'Submit Booking' }).click();
  expect(await (await saved).json()).toMatchObject({ type: 'package', itemName: 'Sikkim Explorer', status: 'pending' });
  await expect(page.getByText('Booking submitted successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('/booking: package required, past date refused, confirmation and Make Another Inquiry', async ({ page }) => {
  await page.goto('/booking');
  await fillContact(page.getByRole('main'));
  await page.getByLabel('Travel date').fill(inDays(-2));
  await page.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(page.getByText('Package Selection Required').first()).toBeVisible();
  await expect(page.getByText('Please select a tour package.').first()).toBeVisible();
  await expect(page.getByText('Please choose today or a later date')).toBeVisible();
  await expect(page.getByLabel('Adults')).toHaveValue('1');
  await expect(page.getByLabel('Children')).toHaveValue('0');

  await page.getByLabel('Tour package').selectOption({ label: 'Custom tour' });
  await page.getByLabel('Travel date').fill(inDays(15));
  await page.getByLabel('Adults').fill('2');
  await page.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Request Sent!' })).toBeVisible();
  await expect(page.getByText("We've received your request and will contact you within 24 hours.")).toBeVisible();
  await expect(page.getByText(/Your reference: #[0-9A-F]{6}/)).toBeVisible();
  await page.getByRole('link', { name: 'Make Another Inquiry' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue('');
});

test('/contact: required fields, then Message Sent Successfully! and a reset form', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('complementary', { name: 'Contact details' }).getByText('Mon-Sat')).toBeVisible();
  await expect(page.locator('.faq details summary')).toHaveCount(4);
  await page.locator('details summary', { hasText: 'What is your cancellation policy?' }).click();
  await expect(page.getByText('Cancelled 15 or more days before travel: 25% of the amount paid is refunded.')).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please enter a subject')).toBeVisible();
  await expect(page.getByText('Please enter your message')).toBeVisible();
  await page.getByLabel('Full name').fill('Ravi Sharma');
  await page.getByLabel('Email').fill('ravi@example.com');
  await page.getByLabel('Subject').fill('Nathula permits');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Can you arrange Nathula permits for 4 people in May?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message Sent Successfully!').first()).toBeVisible();
  await expect(page.getByText("Thank you for contacting us. We'll review your message and respond within 24 hours.").first()).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('');
});

test('/contact loads its rules when the visitor reaches for the form, then checks a field as they leave it, without a request', async ({ page }) => {
  const rules: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/submission-fields-[\w-]+\.js$/.test(request.url())) rules.push(request.url());
  });
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  // A page view that never touches the form does not download its validation code
  // (app/components/site/forms/use-deferred-validation.ts).
  expect(rules).toEqual([]);
  const loaded = page.waitForResponse(/\/assets\/submission-fields-[\w-]+\.js$/);
  await page.getByLabel('Full name').focus();
  await loaded;
  await page.waitForLoadState('networkidle');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Email').press('Tab');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill('ravi@example.com');
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  expect(posts).toEqual([]);
});

test('/contact sent before its rules have loaded is checked by the server, with the same messages', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/submission-fields-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/contact');
  await page.getByLabel('Full name').fill('Ravi Sharma');
  await page.getByLabel('Email').fill('not-an-address');
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please enter a subject')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Ravi Sharma');
  release();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/booking and /contact still submit and confirm', async ({ page }) => {
    await page.goto('/booking');
    await page.getByRole('button', { name: 'Send Booking Request' }).click();
    await expect(page.getByText('Package Selection Required')).toBeVisible();
    await expect(page.getByText('Please enter your name')).toBeVisible();
    await fillContact(page.getByRole('main'));
    await page.getByLabel('Tour package').selectOption({ label: 'Sikkim Explorer' });
    await page.getByLabel('Travel date').fill(inDays(30));
    await page.getByRole('button', { name: 'Send Booking Request' }).click();
    await expect(page.getByRole('heading', { name: 'Booking Request Sent!' })).toBeVisible();

    await page.goto('/contact');
    await page.getByLabel('Full name').fill('Sonam');
    await page.getByLabel('Email').fill('sonam@example.com');
    await page.getByLabel('Subject').fill('Homestay in Dzongu');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Is July a good time?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message Sent Successfully!')).toBeVisible();
  });
});
