/**
 * Unsaved edits are never dropped silently (docs/product.md#admin-editing,
 * docs/decisions/024-unsaved-changes.md): on /admin/settings, saving one section while another has
 * edits asks first, naming the section left out; leaving any admin editor with edits asks first
 * (in-app navigation, through React Router's blocker) or makes the browser ask (closing or
 * reloading the tab, `beforeunload`). Nothing is asked when nothing was changed.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createRecord, signIn, uniqueTag } from './admin-helpers';

/** Press the sidebar's Dashboard link (the desktop column). */
async function goToDashboard(page: Page) {
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Dashboard' }).click();
}

test.use({ viewport: { width: 1280, height: 900 } });

test('settings: saving another section while the WhatsApp number is edited asks first, and the number is not lost', async ({ page }) => {
  await signIn(page, { redirectTo: '/admin/settings' });
  const whatsapp = page.getByLabel('WhatsApp number');
  const original = await whatsapp.inputValue();
  await whatsapp.click();
  await whatsapp.press('End');
  await whatsapp.pressSequentially('9');
  const edited = await whatsapp.inputValue();

  // Another section's Save: the warning names the edited section, and nothing is posted yet.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  await page.getByRole('button', { name: 'Save promo banner' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Save Promo banner only?' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Your changes to Company details are not saved.');
  expect(posts).toEqual([]);
  await warning.getByRole('button', { name: 'Keep editing' }).click();
  await expect(warning).toBeHidden();
  await expect(whatsapp).toHaveValue(edited);

  // Saving the promo banner only, on purpose: it saves, and the number is still an edit to save.
  await page.getByRole('button', { name: 'Save promo banner' }).click();
  await warning.getByRole('button', { name: 'Save Promo banner only' }).click();
  await expect(page.locator('[data-flash="success"]')).toContainText('Settings saved');
  await expect(whatsapp).toHaveValue(edited);

  // Leaving in the app asks; 'Keep editing' stays.
  await goToDashboard(page);
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(leave).toContainText('Company details');
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/settings$/);

  // Closing the tab makes the browser ask.
  const dialog = page.waitForEvent('dialog');
  void page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
  await expect(whatsapp).toHaveValue(edited);
  expect(edited).not.toBe(original);
});

const editors: { name: string; path: (request: APIRequestContext) => Promise<string>; field: (page: Page) => ReturnType<Page['getByLabel']> }[] = [
  { name: 'new package', path: async () => '/admin/packages/new', field: (page) => page.getByLabel('Title', { exact: true }).first() },
  {
    name: 'bike edit',
    path: async (request) => `/admin/bikes/edit/${await createRecord(request, 'bikes', `Unsaved bike ${uniqueTag()}`)}`,
    field: (page) => page.getByLabel('Model'),
  },
  { name: 'new car', path: async () => '/admin/cars/new', field: (page) => page.getByLabel('Model') },
  { name: 'location', path: async () => '/admin/location', field: (page) => page.getByLabel('Title', { exact: true }) },
  { name: 'profile', path: async () => '/admin/profile', field: (page) => page.getByLabel('Display name') },
];

for (const editor of editors) {
  test(`${editor.name}: leaving with edits asks first, leaving without edits does not`, async ({ page, request }) => {
    const path = await editor.path(request);
    await signIn(page, { redirectTo: path });

    // Nothing changed: the link just goes.
    await goToDashboard(page);
    await expect(page).toHaveURL(/\/admin$/);

    await page.goto(path);
    const field = editor.field(page);
    await field.click();
    await field.press('End');
    await field.pressSequentially(' edited');
    await goToDashboard(page);
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(field).toHaveValue(/ edited$/);

    // The tab's reload asks too (the browser's own question).
    const dialog = page.waitForEvent('dialog');
    void page.close({ runBeforeUnload: true });
    const asked = await dialog;
    expect(asked.type()).toBe('beforeunload');
    await asked.dismiss();

    await goToDashboard(page);
    await leave.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
}
