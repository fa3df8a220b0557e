/**
 * The admin frame, dashboard and catalogue lists on the production build: sidebar links and titles,
 * the phone menu by keyboard, the dashboard figures and Refresh, list search and empty states, delete
 * with its confirmation (with and without JavaScript) and the public pages afterwards, and axe.
 *
 * Other spec files may add or remove rows at the same time, so figures are compared with what the API
 * reports at that moment (retrying until both agree) or with the seed as a lower bound.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { randomUUID } from 'node:crypto';
import { signIn } from './admin-helpers';

const NAV = [
  { label: 'Dashboard', path: '/admin', title: 'Dashboard | Admin' },
  { label: 'Packages', path: '/admin/packages', title: 'Packages | Admin' },
  { label: 'Bikes', path: '/admin/bikes', title: 'Bikes | Admin' },
  { label: 'Cars', path: '/admin/cars', title: 'Cars | Admin' },
  { label: 'Bookings', path: '/admin/bookings', title: 'Bookings | Admin' },
  { label: 'Inquiries', path: '/admin/inquiries', title: 'Inquiries | Admin' },
  { label: 'Location', path: '/admin/location', title: 'Location | Admin' },
  { label: 'Settings', path: '/admin/settings', title: 'Settings | Admin' },
  { label: 'Accounts', path: '/admin/accounts', title: 'Accounts | Admin' },
  { label: 'Outbox', path: '/admin/outbox', title: 'Outbox | Admin' },
  { label: 'Razorpay events', path: '/admin/payments/events', title: 'Razorpay events | Admin' },
  { label: 'Audit log', path: '/admin/audit', title: 'Audit log | Admin' },
  { label: 'Profile', path: '/admin/profile', title: 'Profile | Admin' },
  { label: 'Staff', path: '/admin/staff', title: 'Staff | Admin' },
];

/** A sidebar link's accessible name: its label, then '<n> new' when it shows a pending count. */
const navLinkName = (label: string) => new RegExp(`^${escapeRegExp(label)}( \\d+\\+? new)?$`);

/** A name no seeded or other test's record has, letters and digits only (safe in a RegExp). */
const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** X-Total-Count of a public list endpoint. */
async function apiTotal(request: APIRequestContext, path: string): Promise<number> {
  const response = await request.get(`${path}?limit=1`);
  expect(response.ok()).toBe(true);
  return Number(response.headers()['x-total-count']);
}

/** The number a dashboard stat card shows. */
async function statValue(page: Page, label: string): Promise<number> {
  const text = await page.locator(`[data-stat="${label}"] [data-stat-value]`).innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

test.describe('frame', () => {
  test('sidebar links go to each page, mark it current and set its title', async ({ page }) => {
    // Every page of the sidebar in turn: more page loads than one test's usual 30 s allow on a busy runner.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await expect(page).toHaveTitle('Dashboard | Admin');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const item of NAV) {
      await nav.getByRole('link', { name: navLinkName(item.label) }).click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(item.path)}$`));
      await expect(page).toHaveTitle(item.title);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(nav.getByRole('link', { name: navLinkName(item.label) })).toHaveAttribute('aria-current', 'page');
    }
    await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View site' })).toHaveAttribute('href', '/');
    await expect(nav.getByText('Signed in as')).toBeVisible();
  });

  for (const height of [720, 768]) {
    test(`at 1280 × ${height} Staff and Log Out are in view without scrolling the sidebar`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height } });
      const page = await context.newPage();
      await signIn(page);
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      for (const control of [sidebar.getByRole('link', { name: 'Staff' }), sidebar.getByRole('button', { name: 'Log Out' })]) {
        await expect(control).toBeVisible();
        const box = (await control.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(height);
      }
      // Nothing was scrolled to get there.
      expect(await sidebar.evaluate((el) => [el, ...el.querySelectorAll('*')].every((node) => node.scrollTop === 0))).toBe(true);
      await context.close();
    });
  }

  test('the skip link is the first stop and moves to the main content', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/cars');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });

  test('on a phone the menu opens and closes with the keyboard and closes after navigating', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const menu = page.locator('summary', { hasText: 'Menu' });
    await expect(nav).toBeHidden();

    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    await page.keyboard.press('Space');
    await expect(nav).toBeVisible();
    const cars = nav.getByRole('link', { name: 'Cars', exact: true });
    for (let i = 0; i < 12 && !(await cars.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(cars).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/cars$/);
    await expect(page).toHaveTitle('Cars | Admin');
    await expect(nav).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('dashboard', () => {
  test('shows the same counts as the API, at least the seed', async ({ page }) => {
    await signIn(page);
    for (const [label, path, seeded] of [
      ['Packages', '/api/packages', 2],
      ['Bikes', '/api/bikes', 5],
      ['Cars', '/api/cars', 6],
    ] as const) {
      await expect(async () => {
        await page.reload();
        const shown = await statValue(page, label);
        expect(shown).toBe(await apiTotal(page.request, path));
        expect(shown).toBeGreaterThanOrEqual(seeded);
      }).toPass({ timeout: 15_000 });
    }
    expect(await statValue(page, 'Bookings')).toBeGreaterThanOrEqual(3);
    expect(await statValue(page, 'Customers')).toBeGreaterThanOrEqual(1);
    expect(await statValue(page, 'Customers')).toBeLessThanOrEqual(await statValue(page, 'Bookings'));
    expect(await statValue(page, 'Pending bookings')).toBeLessThanOrEqual(await statValue(page, 'Bookings'));
    await expect(page.getByRole('heading', { name: 'Recent cars' })).toBeVisible();
    const recentCars = page.getByRole('region', { name: 'Recent cars' }).getByRole('listitem');
    await expect(recentCars).toHaveCount(3);
    await expect(recentCars.first().getByRole('link')).toHaveAttribute('href', /^\/admin\/cars\/edit\/[0-9a-f-]{36}$/);
  });

  test('Refresh reloads the figures and says so', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Data refreshed successfully' })).toBeVisible();
  });

  test('stat cards link to their lists', async ({ page }) => {
    await signIn(page);
    await page.locator('[data-stat="Cars"]').click();
    await expect(page).toHaveURL(/\/admin\/cars$/);
  });
});

const LISTS = [
  {
    noun: 'package',
    path: '/admin/packages',
    publicPath: '/packages',
    api: '/api/packages',
    placeholder: 'Search packages by title...',
    query: 'north',
    add: { name: 'Add New Package', href: '/admin/packages/new' },
    headers: ['Title', 'Duration', 'Location', 'Price', 'Featured', 'Actions'],
    create: (name: string) => ({
      title: name,
      description: 'A package made by an end-to-end test.',
      duration: '2 Days / 1 Night',
      location: 'Gangtok',
      imageUrl: '/images/placeholder.svg',
      price: 4500,
    }),
  },
  {
    noun: 'bike',
    path: '/admin/bikes',
    publicPath: '/bikes',
    api: '/api/bikes',
    placeholder: 'Search bikes by model...',
    query: 'royal enfield',
    add: { name: 'Add New Bike', href: '/admin/bikes/new' },
    headers: ['Model', 'Engine', 'Daily Rate', 'Available', 'Actions'],
    create: (name: string) => ({ model: name, dailyRate: 900, engineCapacity: '350cc', description: 'A test bike.' }),
  },
  {
    noun: 'car',
    path: '/admin/cars',
    publicPath: '/cars',
    api: '/api/cars',
    placeholder: 'Search cars...',
    query: 'toyota',
    add: { name: 'Add New Car', href: '/admin/cars/new' },
    headers: ['Model', 'Category', 'Daily Rate', 'Available', 'Actions'],
    create: (name: string) => ({ model: name, dailyRate: 2100, category: 'sedan', description: 'A test car.' }),
  },
] as const;

const plural = (noun: string) => `${noun}s`;
const capital = (noun: string) => noun[0]!.toUpperCase() + noun.slice(1);

for (const list of LISTS) {
  test.describe(`${plural(list.noun)} list`, () => {
    test('has its columns, the Add button, search that filters rows and the empty search state', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page);
      await page.goto(list.path);
      await expect(page).toHaveTitle(`${capital(plural(list.noun))} | Admin`);
      await expect(page.getByRole('link', { name: list.add.name })).toHaveAttribute('href', list.add.href);
      const table = page.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText([...list.headers]);
      const allRows = await table.getByRole('rowheader').count();
      expect(allRows).toBeGreaterThan(1);

      const search = page.getByPlaceholder(list.placeholder);
      await search.fill(list.query);
      await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(list.query).replace(/%20/g, '(\\+|%20)')}$`));
      // The address changes as the navigation commits; the table follows in the render after it.
      await expect
        .poll(async () => {
          const names = await table.getByRole('rowheader').allInnerTexts();
          return names.length > 0 && names.length < allRows && names.every((name) => name.toLowerCase().includes(list.query));
        })
        .toBe(true);

      await search.fill('zz-nothing-matches-zz');
      await expect(page.getByRole('heading', { name: `No ${plural(list.noun)} match your search` })).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await page.getByRole('link', { name: 'Clear search' }).first().click();
      await expect(page).toHaveURL(new RegExp(`${list.path}$`));
      await expect(page.getByRole('table').getByRole('rowheader')).not.toHaveCount(0);
    });

    test(`delete asks 'Are you sure you want to delete this ${list.noun}?', Cancel keeps it, Delete removes it`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page);
      const name = uniqueName(`E2E Delete ${capital(list.noun)}`);
      const created = await page.request.post(list.api, { data: list.create(name) });
      expect(created.status(), await created.text()).toBe(201);

      await page.goto(`${list.publicPath}?q=${encodeURIComponent(name)}`);
      await expect(page.getByRole('heading', { name })).toBeVisible();

      await page.goto(`${list.path}?q=${encodeURIComponent(name)}`);
      const row = page.getByRole('row', { name: new RegExp(escapeRegExp(name)) });
      await expect(row).toBeVisible();
      const deleteLink = row.getByRole('link', { name: `Delete ${name}` });
      const dialog = page.getByRole('alertdialog', { name: `Are you sure you want to delete this ${list.noun}?` });

      // Escape cancels, and focus goes back to the row's Delete link.
      await deleteLink.click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAttribute('aria-modal', 'true');
      await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeFocused();
      await expect(dialog).toContainText(name);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(deleteLink).toBeFocused();

      // Cancel keeps it.
      await deleteLink.click();
      await dialog.getByRole('link', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toBeVisible();

      // Delete removes it, with the status line (one message, no second copy as a toast).
      await deleteLink.click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      const message = `${capital(list.noun)} deleted successfully`;
      await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
      await expect(page.getByRole('heading', { name: `No ${plural(list.noun)} match your search` })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${list.path}\\?q=`));

      await page.goto(`${list.publicPath}?q=${encodeURIComponent(name)}`);
      await expect(page.getByRole('heading', { name })).toHaveCount(0);
    });
  });
}

test('the empty states say the exact words', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/cars?q=zz-none-zz');
  await expect(page.getByRole('heading', { name: 'No cars match your search' })).toBeVisible();
  await page.goto('/admin/bikes?q=zz-none-zz');
  await expect(page.getByRole('heading', { name: 'No bikes match your search' })).toBeVisible();
  await page.goto('/admin/packages?q=zz-none-zz');
  await expect(page.getByRole('heading', { name: 'No packages match your search' })).toBeVisible();
});

test('an unknown id in a delete is refused with the error toast', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/cars');
  // The confirmation of a row that is then deleted elsewhere: post the form for an id that is gone.
  const name = uniqueName('E2E Gone Car');
  const created = await page.request.post('/api/cars', { data: { model: name, dailyRate: 1500 } });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/admin/cars?delete=${id}`);
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this car?' });
  await expect(dialog).toBeVisible();
  const origin = new URL(page.url()).origin;
  expect((await page.request.delete(`/api/cars/${id}`, { headers: { Origin: origin } })).status()).toBeLessThan(300);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Failed to delete car' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test('the delete confirmation and the phone menu work', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page);
    const name = uniqueName('E2E NoJS Car');
    const created = await page.request.post('/api/cars', { data: { model: name, dailyRate: 1900 } });
    expect(created.status()).toBe(201);

    await page.goto(`/admin/cars?q=${encodeURIComponent(name)}`);
    await page.getByRole('link', { name: `Delete ${name}` }).click();
    await expect(page).toHaveURL(/[?&]delete=/);
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this car?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).not.toHaveURL(/delete=/);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(escapeRegExp(name)) })).toBeVisible();

    await page.getByRole('link', { name: `Delete ${name}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Car deleted successfully' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No cars match your search' })).toBeVisible();

    // Search is a plain GET form.
    await page.getByPlaceholder('Search cars...').fill('toyota');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/admin\/cars\?q=toyota$/);

    // The phone menu is a native disclosure.
    await page.setViewportSize({ width: 390, height: 844 });
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav).toBeHidden();
    await page.locator('summary', { hasText: 'Menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Bikes', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/bikes$/);
    await context.close();
  });
});

test.describe('axe', () => {
  for (const width of [390, 1280]) {
    for (const path of ['/admin', '/admin/packages', '/admin/bikes', '/admin/cars', '/admin/cars?q=zz-none-zz']) {
      test(`no serious or critical violations on ${path} at ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await signIn(page);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }

    test(`no serious or critical violations with the delete confirmation and the menu open at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page);
      const response = await page.request.get('/api/cars?limit=1');
      const [car] = (await response.json()) as { id: string }[];
      await page.goto(`/admin/cars?delete=${car!.id}`);
      await expect(page.getByRole('alertdialog')).toBeVisible();
      const withDialog = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(withDialog.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      if (width < 768) {
        await page.goto('/admin');
        await page.locator('summary', { hasText: 'Menu' }).click();
        const withMenu = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
        expect(withMenu.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      }
    });
  }
});
