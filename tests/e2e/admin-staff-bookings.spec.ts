/**
 * Bookings staff enter and change end to end (docs/product.md#bookings-and-inquiries): signed in,
 * staff open 'New booking' from the bookings list, enter a phone booking for a car, find it in the
 * list with its source, and move its dates on the edit page. Pressed at once, like an impatient
 * user: no waiting for hydration (the forms post without JavaScript too).
 */
import { expect, test } from './fixtures';
import { createRecord, expectFlash, freeBookingStart, inDays, signIn, uniqueTag } from './admin-helpers';

const reference = (id: string) => id.replaceAll('-', '').slice(-6).toUpperCase();

test('a phone booking for a car is entered, listed with its source and moved to other dates', async ({ page, request }) => {
  const tag = uniqueTag();
  const model = `E2E Car ${tag}`;
  await createRecord(request, 'cars', model);
  const name = `Phone Caller ${tag}`;
  const start = freeBookingStart();

  await signIn(page, { redirectTo: '/admin/bookings' });
  await page.getByRole('link', { name: 'New booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New booking' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Booking type' }).getByRole('link', { name: 'Car rental' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\/new\?type=car$/);
  await page.getByLabel('Taken by').selectOption('phone');
  await page.getByRole('combobox', { name: 'Car', exact: true }).selectOption({ label: model });
  await page.getByLabel('Start date').fill(inDays(start));
  await page.getByLabel('End date').fill(inDays(start + 1));
  await page.getByLabel('Driver needed').check();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill('phone.caller@example.com');
  await page.getByLabel('Phone').fill('+91 98320 11111');
  await page.getByLabel('Message').fill('Called at 10, pickup at the hotel');
  await page.getByRole('button', { name: 'Add booking' }).click();

  await expect(page).toHaveURL(/\/admin\/bookings\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1)!;
  await expectFlash(page, `Booking #${reference(id)} added`);
  await expect(page.getByRole('heading', { name: 'Pending Review' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Booking', exact: true });
  await expect(details).toContainText('Phone');
  await expect(details).toContainText('Driver needed');

  await page.goto(`/admin/bookings?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('table', { name: 'Bookings' }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(model);
  await expect(row).toContainText('Phone');
  await expect(row).toContainText('Pending');

  await row.getByRole('link', { name: /^View details/ }).click();
  await page.getByRole('link', { name: 'Edit booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit booking #${reference(id)}` })).toBeVisible();
  await page.getByLabel('Start date').fill(inDays(start + 3));
  await page.getByLabel('End date').fill(inDays(start + 5));
  await page.getByRole('button', { name: 'Update booking' }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${id}$`));
  await expectFlash(page, 'Booking updated');
  const moved = new Date(`${inDays(start + 3)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  await expect(page.getByRole('region', { name: 'Booking', exact: true })).toContainText(moved);
});

test('a walk-in custom tour is entered without JavaScript, and bad input comes back naming the field', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const name = `Walk In ${uniqueTag()}`;
  await signIn(page, { redirectTo: '/admin/bookings/new' });
  await page.getByLabel('Taken by').selectOption('walk-in');
  await page.getByRole('combobox', { name: 'Tour package', exact: true }).selectOption({ label: 'Custom tour' });
  await page.getByLabel('Travel date').fill(inDays(60));
  await page.getByLabel('Adults').fill('0');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill('walk.in@example.com');
  await page.getByLabel('Phone').fill('+91 98320 22222');
  await page.getByRole('button', { name: 'Add booking' }).click();
  await expect(page.getByText('At least 1 adult')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(name);

  await page.getByLabel('Adults').fill('2');
  await page.getByRole('button', { name: 'Add booking' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\/[0-9a-f-]{36}$/);
  const details = page.getByRole('region', { name: 'Booking', exact: true });
  await expect(details).toContainText('Custom tour');
  await expect(details).toContainText('Walk-in');
  await context.close();
});
