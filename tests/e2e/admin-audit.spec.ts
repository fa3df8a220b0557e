/**
 * The audit log page (docs/decisions/017-audit-log.md): an edit made here through the car editor
 * shows on /admin/audit with who did it, a link to the car and the before/after of the changed
 * fields (a <details> that opens without JavaScript too); the filters narrow the list through the
 * URL; axe finds nothing serious or critical at phone and desktop widths.
 *
 * Other admin tests run at the same time on the same server, so every record here has a unique name
 * and the checks search for it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN_USERNAME, signIn } from './admin-helpers';

function uid(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Create a car through the admin API from the signed-in page (same origin, session cookie). */
async function createCar(page: Page, model: string): Promise<string> {
  const id = await page.evaluate(async (carModel) => {
    const response = await fetch('/api/cars', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: carModel, dailyRate: 2100, available: true }),
    });
    if (response.status !== 201) throw new Error(`create failed: ${response.status}`);
    return ((await response.json()) as { id: string }).id;
  }, model);
  return id;
}

/** Change the car's daily rate in the editor and save. */
async function editDailyRate(page: Page, id: string, rate: string) {
  await page.goto(`/admin/cars/edit/${id}`);
  await expect(page.locator('[data-image-field] button').first()).toBeEnabled();
  await page.locator('form [name="dailyRate"]').fill(rate);
  await page.getByRole('button', { name: 'Update Car' }).click();
  await expect(page.locator('[data-flash="success"]')).toContainText('Car updated successfully');
}

test('an edit made in the editor shows in the audit log with its before and after', async ({ page }) => {
  await signIn(page);
  const model = `Audit Car ${uid()}`;
  const id = await createCar(page, model);
  await editDailyRate(page, id, '2450');

  await page.goto(`/admin/audit?q=${encodeURIComponent(model)}`);
  const main = page.getByRole('main');
  await expect(main.getByText('2 entries match the filters')).toBeVisible();
  const table = main.getByRole('table', { name: 'Audit log entries' });
  const updated = table.getByRole('row').filter({ hasText: `Updated car ${model}` });
  await expect(updated).toHaveCount(1);
  await expect(updated).toContainText(ADMIN_USERNAME);
  await expect(updated).toContainText('Updated');
  await expect(updated.getByRole('link', { name: `Updated car ${model}` })).toHaveAttribute('href', `/admin/cars/edit/${id}`);
  await expect(table.getByRole('row').filter({ hasText: `Created car ${model}` })).toHaveCount(1);

  // The changed field, before and after, as text.
  await updated.getByText('Show the changed field').click();
  const changes = updated.getByRole('table', { name: `Changed fields of: Updated car ${model}` });
  await expect(changes.getByRole('columnheader')).toHaveText(['Field', 'Before', 'After']);
  await expect(changes.getByRole('row', { name: /Daily rate/ }).getByRole('cell')).toHaveText(['2100', '2450']);

  // Filters live in the address.
  await page.getByLabel('Action').selectOption({ label: 'Updated' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]action=update(&|$)/);
  await expect(main.getByText('1 entry matches the filters')).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByLabel('Action')).toHaveValue('');
});

test('without JavaScript the filters and the before/after still work', async ({ page, browser }) => {
  await signIn(page);
  const model = `No-JS Car ${uid()}`;
  await createCar(page, model);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await signIn(plain);
  await plain.goto(`/admin/audit?action=create&q=${encodeURIComponent(model)}`);
  await expect(plain.getByLabel('Action')).toHaveValue('create');
  const row = plain
    .getByRole('table', { name: 'Audit log entries' })
    .getByRole('row')
    .filter({ hasText: `Created car ${model}` });
  await expect(row).toHaveCount(1);
  await row.locator('summary').click();
  const changes = row.getByRole('table', { name: `Changed fields of: Created car ${model}` });
  await expect(changes.getByRole('columnheader')).toHaveText(['Field', 'Value']);
  await expect(changes.getByRole('row', { name: /Model/ }).getByRole('cell')).toHaveText([model]);
  await plain.goto('/admin/audit?q=zz-no-such-entry-zz');
  await expect(plain.getByRole('heading', { name: 'No entries match these filters' })).toBeVisible();
  await context.close();
});

test.describe('/admin/audit passes axe', () => {
  for (const width of [390, 1280]) {
    test(`axe: no serious or critical violations at ${width}px`, async ({ page }) => {
      await signIn(page);
      const model = `Axe Car ${uid()}`;
      const id = await createCar(page, model);
      await editDailyRate(page, id, '2300');
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/audit');
      // One entry's before/after open, so its contents are checked too.
      await page.getByText('Show the changed field').filter({ visible: true }).first().click();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
