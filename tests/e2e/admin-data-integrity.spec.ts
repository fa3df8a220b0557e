/**
 * Staff input that used to be lost or bent without a word (docs/decisions/008-money-dates-ids.md):
 * a rupee amount pasted the way Indians write it is read, not stored as 0.
 *
 * Every test makes its own records with unique names, so the tests run in parallel on one server.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './admin-helpers';

function uid(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

function field(page: Page, name: string) {
  return page.locator(`form [name="${name}"]`);
}

/** Paste `text` into the focused `name` field through the real clipboard (Control+V). */
async function paste(page: Page, name: string, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await field(page, name).click();
  await field(page, name).press('ControlOrMeta+a');
  await field(page, name).press('ControlOrMeta+v');
}

test.describe('rupee amounts in the editors', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('a price pasted as 24,999 is saved as ₹24,999, not Contact for Price', async ({ page }) => {
    await signIn(page);
    const title = `E2E Paste ${uid()}`;
    const created = await page.request.post('/api/packages', { data: { title, description: 'Pasted price.', price: 1000 } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`/admin/packages/edit/${id}`);
    await expect(page.locator('[data-image-field] button').first()).toBeEnabled();
    await expect(field(page, 'price')).toHaveAttribute('inputmode', 'decimal');
    await expect(field(page, 'price')).not.toHaveAttribute('type', 'number');
    await paste(page, 'price', '24,999');
    await expect(field(page, 'price')).toHaveValue('24999');
    await page.getByRole('button', { name: 'Update Package' }).click();
    await expect(page).toHaveURL(/\/admin\/packages$/);

    await page.goto(`/packages/${id}`);
    await expect(page.getByText('₹24,999').first()).toBeVisible();
    await expect(page.getByText('Contact for Pricing')).toHaveCount(0);
  });

  test('a daily rate pasted as text that is not an amount is refused with a field message', async ({ page }) => {
    await signIn(page);
    const model = `E2E Paste Car ${uid()}`;
    const created = await page.request.post('/api/cars', { data: { model, dailyRate: 2100 } });
    const { id } = (await created.json()) as { id: string };

    await page.goto(`/admin/cars/edit/${id}`);
    await expect(page.locator('[data-image-field] button').first()).toBeEnabled();
    await paste(page, 'dailyRate', 'Rs. 1,25,000');
    await expect(field(page, 'dailyRate')).toHaveValue('125000');
    await paste(page, 'dailyRate', 'about 2k');
    await page.getByRole('button', { name: 'Update Car' }).click();
    await expect(field(page, 'dailyRate')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(new RegExp(`/admin/cars/edit/${id}$`));
  });
});

test('the office address is set once, in the company settings, and every public place shows it (docs/decisions/005-site-settings.md)', async ({ page }) => {
  await signIn(page);
  const address = `${uid()} Tibet Road, Gangtok, Sikkim 737101, India`;
  const saved = await page.request.patch('/api/settings', { data: { company: { address } } });
  expect(saved.status()).toBe(200);
  // The location page has no address of its own to drift apart.
  await page.goto('/admin/location');
  await expect(page.locator('form [name="address"]')).toHaveCount(0);
  await expect(page.getByText(address)).toBeVisible();

  const bikes = (await (await page.request.get('/api/bikes?limit=1')).json()) as { id: string }[];
  const packages = (await (await page.request.get('/api/packages?limit=1')).json()) as { id: string }[];
  for (const path of ['/contact', '/', '/bikes', `/bikes/${bikes[0]!.id}`, `/packages/${packages[0]!.id}`]) {
    await page.goto(path);
    await expect(page.locator('footer').getByText(address), `${path} footer`).toBeVisible();
    await expect(page.locator('main').getByText(address).first(), `${path} main`).toBeVisible();
  }
  await page.request.patch('/api/settings', { data: { company: { address: 'Tibet Road, near MG Marg, Gangtok, Sikkim 737101, India' } } });
});
