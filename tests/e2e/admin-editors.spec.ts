/**
 * The package, bike and car editors (docs/product.md, "Admin editing", "Admin package form", "Admin bike and car forms"; issue
 * "Back office part 1"): create and edit through the forms and see the change on the public pages at
 * the next request, the required-field messages with JavaScript on and off, the Himalayan 450
 * prefill, itinerary and gallery rows, image uploads (WebP variants on the public page, SVG refused),
 * unknown ids, and axe on every editor page at phone and desktop widths.
 *
 * Every test makes its own records with unique names, so the tests run in parallel on one server.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import sharp from 'sharp';
import { expectFlash, signIn } from './admin-helpers';
import { holdRequests } from './held-requests';

const REQUIRED = 'Please fill all required fields';

/** A short name part no other test (or run) uses. */
function uid(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** Wait until the editor has hydrated (the upload buttons are enabled only then). */
async function hydrated(page: Page) {
  await expect(page.locator('[data-image-field] button').first()).toBeEnabled();
}

/** A field of the editor form by its form name. */
function field(page: Page, name: string) {
  return page.locator(`form [name="${name}"]`);
}

/** The id of the record named `name` in an admin list, from its Edit link. */
async function idFromList(page: Page, list: 'packages' | 'bikes' | 'cars', name: string): Promise<string> {
  await page.goto(`/admin/${list}?q=${encodeURIComponent(name)}`);
  const href = await page.getByRole('link', { name: `Edit ${name}` }).getAttribute('href');
  const id = href?.split('/').pop();
  if (!id) throw new Error(`no edit link for ${name}`);
  return id;
}

/** The first record's id from the public API (for pages that need any existing record). */
async function anyId(request: APIRequestContext, list: 'packages' | 'bikes' | 'cars'): Promise<string> {
  const items = (await (await request.get(`/api/${list}?limit=1`)).json()) as { id: string }[];
  return items[0]!.id;
}

/** A signed-in page in a browser context without JavaScript. */
async function pageWithoutJs(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page);
  return page;
}

async function jpeg(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 100 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function uploadInto(page: Page, name: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.locator(`[data-image-field="${name}"] input[type=file]`).setInputFiles(file);
}

test.describe('package editor', () => {
  test('creates a package that shows on the site, then updates it', async ({ page }) => {
    await signIn(page);
    const title = `E2E Package ${uid()}`;
    await page.goto('/admin/packages/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Add New Package' })).toBeVisible();
    await hydrated(page);
    // New packages start with the default inclusions and exclusions.
    await expect(field(page, 'inclusions[0]')).not.toHaveValue('');
    await expect(field(page, 'exclusions[0]')).not.toHaveValue('');
    await field(page, 'title').fill(title);
    await field(page, 'description').fill('Three days around Gangtok with a local guide.');
    await field(page, 'duration').fill('3 Days / 2 Nights');
    await field(page, 'location').fill('Gangtok');
    await field(page, 'price').fill('12345');
    await field(page, 'highlights[0]').fill('Sunrise at Tashi View Point');
    await field(page, 'itinerary[0].title').fill('Arrival in Gangtok');
    await field(page, 'itinerary[0].activities').fill('Check in\nEvening walk on MG Marg');
    await page.getByRole('button', { name: 'Add Package' }).click();

    await expect(page).toHaveURL(/\/admin\/packages$/);
    await expectFlash(page, 'Package added successfully');
    const id = await idFromList(page, 'packages', title);

    await page.goto(`/packages/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('₹12,345').first()).toBeVisible();
    await expect(page.getByText('Sunrise at Tashi View Point')).toBeVisible();

    await page.goto(`/admin/packages/edit/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Package' })).toBeVisible();
    await expect(field(page, 'title')).toHaveValue(title);
    await expect(field(page, 'itinerary[0].activities')).toHaveValue('Check in\nEvening walk on MG Marg');
    await hydrated(page);
    await field(page, 'title').fill(`${title} Updated`);
    await field(page, 'price').fill('23456');
    await page.getByRole('button', { name: 'Update Package' }).click();
    await expect(page).toHaveURL(/\/admin\/packages$/);
    await expectFlash(page, 'Package updated successfully');

    await page.goto(`/packages/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `${title} Updated` })).toBeVisible();
    await expect(page.getByText('₹23,456').first()).toBeVisible();
  });

  test('an empty package form says which fields are required (JavaScript on)', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/packages/new');
    await hydrated(page);
    await page.getByRole('button', { name: 'Add Package' }).click();
    await expect(page.locator('form').getByText(REQUIRED)).toBeVisible();
    await expect(field(page, 'title')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'description')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/admin\/packages\/new$/);
  });

  test('an empty package form says which fields are required (JavaScript off)', async ({ browser }) => {
    const page = await pageWithoutJs(browser);
    await page.goto('/admin/packages/new');
    await field(page, 'duration').fill('2 Days');
    await page.getByRole('button', { name: 'Add Package' }).click();
    await expect(page.locator('form').getByText(REQUIRED)).toBeVisible();
    await expect(field(page, 'title')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'description')).toHaveAttribute('aria-invalid', 'true');
    // What was typed is kept.
    await expect(field(page, 'duration')).toHaveValue('2 Days');
    await page.context().close();
  });

  test('itinerary days: add a day, remove the first, the days are numbered again', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/packages/new');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Remove day 1' })).toBeDisabled();
    await field(page, 'itinerary[0].title').fill('First day');
    await page.getByRole('button', { name: 'Add day' }).click();
    await expect(field(page, 'itinerary[1].day')).toHaveValue('2');
    await field(page, 'itinerary[1].title').fill('Second day');
    await page.getByRole('button', { name: 'Add day' }).click();
    await field(page, 'itinerary[2].title').fill('Third day');
    await page.getByRole('button', { name: 'Remove day 1' }).click();
    await expect(field(page, 'itinerary[0].title')).toHaveValue('Second day');
    await expect(field(page, 'itinerary[0].day')).toHaveValue('1');
    await expect(field(page, 'itinerary[1].title')).toHaveValue('Third day');
    await expect(field(page, 'itinerary[1].day')).toHaveValue('2');
    await expect(field(page, 'itinerary[2].title')).toHaveCount(0);
  });

  test('itinerary days move up and down, and keep their numbers in order (with and without JavaScript)', async ({ page, browser }) => {
    await signIn(page);
    await page.goto('/admin/packages/new');
    await hydrated(page);
    await field(page, 'itinerary[0].title').fill('Arrival');
    await page.getByRole('button', { name: 'Add day' }).click();
    await field(page, 'itinerary[1].title').fill('Tsomgo Lake');
    await expect(page.getByRole('button', { name: 'Move day 1 up' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Move day 2 down' })).toBeDisabled();
    await page.getByRole('button', { name: 'Move day 2 up' }).click();
    await expect(field(page, 'itinerary[0].title')).toHaveValue('Tsomgo Lake');
    await expect(field(page, 'itinerary[0].day')).toHaveValue('1');
    await expect(field(page, 'itinerary[1].title')).toHaveValue('Arrival');
    await expect(field(page, 'itinerary[1].day')).toHaveValue('2');
    await page.getByRole('button', { name: 'Move day 1 down' }).click();
    await expect(field(page, 'itinerary[0].title')).toHaveValue('Arrival');
    await expect(field(page, 'itinerary[1].title')).toHaveValue('Tsomgo Lake');

    const noJs = await pageWithoutJs(browser);
    await noJs.goto('/admin/packages/new');
    await field(noJs, 'itinerary[0].title').fill('Arrival');
    await noJs.getByRole('button', { name: 'Add day' }).click();
    await field(noJs, 'itinerary[1].title').fill('Tsomgo Lake');
    await noJs.getByRole('button', { name: 'Move day 2 up' }).click();
    await expect(field(noJs, 'itinerary[0].title')).toHaveValue('Tsomgo Lake');
    await expect(field(noJs, 'itinerary[0].day')).toHaveValue('1');
    await expect(field(noJs, 'itinerary[1].title')).toHaveValue('Arrival');
    await expect(field(noJs, 'itinerary[1].day')).toHaveValue('2');
    await noJs.context().close();
  });

  test('itinerary days without JavaScript: add and remove post the form and keep what was typed', async ({ browser }) => {
    const page = await pageWithoutJs(browser);
    await page.goto('/admin/packages/new');
    await field(page, 'title').fill('Kept title');
    await field(page, 'itinerary[0].title').fill('First day');
    await page.getByRole('button', { name: 'Add day' }).click();
    await expect(field(page, 'itinerary[1].day')).toHaveValue('2');
    await expect(field(page, 'title')).toHaveValue('Kept title');
    await field(page, 'itinerary[1].title').fill('Second day');
    await page.getByRole('button', { name: 'Remove day 1' }).click();
    await expect(field(page, 'itinerary[0].title')).toHaveValue('Second day');
    await expect(field(page, 'itinerary[0].day')).toHaveValue('1');
    await expect(field(page, 'itinerary[1].title')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove day 1' })).toBeDisabled();
    await page.context().close();
  });

  test('an uploaded JPEG becomes the package image, shown in WebP widths on the site', async ({ page }) => {
    await signIn(page);
    const title = `E2E Photo Package ${uid()}`;
    await page.goto('/admin/packages/new');
    await hydrated(page);
    await field(page, 'title').fill(title);
    await field(page, 'description').fill('A package with an uploaded photo.');
    await uploadInto(page, 'imageUrl', { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
    await expect(field(page, 'imageUrl')).toHaveValue(/^\/uploads\/[\w-]+\.webp$/);
    const preview = page.locator('[data-image-field="imageUrl"] img');
    await expect(preview).toHaveAttribute('src', /^\/uploads\//);
    await page.getByRole('button', { name: 'Add Package' }).click();
    await expectFlash(page, 'Package added successfully');
    const id = await idFromList(page, 'packages', title);

    await page.goto(`/packages/${id}`);
    const image = page.locator('img[srcset*="/uploads/"]').first();
    await expect(image).toHaveAttribute('srcset', /\/uploads\/[\w-]+-480\.webp 480w/);
    await expect(image).toHaveAttribute('src', /\/uploads\/[\w-]+\.webp$/);
  });

  test('an SVG upload is refused with a message', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/packages/new');
    await hydrated(page);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await uploadInto(page, 'imageUrl', { name: 'evil.jpg', mimeType: 'image/jpeg', buffer: svg });
    await expect(page.locator('[data-image-field="imageUrl"]').getByText('Only JPEG, PNG or WebP images can be uploaded.')).toBeVisible();
    await expect(field(page, 'imageUrl')).toHaveValue('');
  });

  test('an unknown package id shows Package not found', async ({ page }) => {
    await signIn(page);
    const response = await page.goto('/admin/packages/edit/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Package not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to packages' }).click();
    await expect(page).toHaveURL(/\/admin\/packages$/);
  });
});

test.describe('bike editor', () => {
  test('the Himalayan 450 prefill fills the form, and the saved bike shows on the site', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/bikes/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Add New Bike' })).toBeVisible();
    await hydrated(page);
    await page.getByRole('button', { name: 'Himalayan 450' }).click();
    await expect(field(page, 'model')).toHaveValue('Royal Enfield Himalayan 450');
    await expect(field(page, 'engineCapacity')).toHaveValue('452cc');
    await expect(field(page, 'specifications.fuelCapacity')).toHaveValue('17 L');

    const model = `E2E Himalayan ${uid()}`;
    await field(page, 'model').fill(model);
    await field(page, 'dailyRate').fill('2750');
    await page.getByRole('button', { name: 'Add Bike' }).click();
    await expect(page).toHaveURL(/\/admin\/bikes$/);
    await expectFlash(page, 'Bike added successfully');
    const id = await idFromList(page, 'bikes', model);

    await page.goto(`/bikes/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: model })).toBeVisible();
    await expect(page.getByText('₹2,750').first()).toBeVisible();

    await page.goto(`/admin/bikes/edit/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Bike' })).toBeVisible();
    await hydrated(page);
    await field(page, 'model').fill(`${model} Updated`);
    await field(page, 'dailyRate').fill('3100');
    await page.getByRole('button', { name: 'Update Bike' }).click();
    await expectFlash(page, 'Bike updated successfully');
    await page.goto(`/bikes/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `${model} Updated` })).toBeVisible();
    await expect(page.getByText('₹3,100').first()).toBeVisible();
  });

  test('the Himalayan 450 prefill works without JavaScript', async ({ browser }) => {
    const page = await pageWithoutJs(browser);
    await page.goto('/admin/bikes/new');
    await page.getByRole('link', { name: 'Himalayan 450' }).click();
    await expect(page).toHaveURL(/prefill=himalayan-450/);
    await expect(field(page, 'model')).toHaveValue('Royal Enfield Himalayan 450');
    // Every tab's fields are in the form without JavaScript.
    await expect(field(page, 'specifications.weight')).toBeVisible();
    await expect(field(page, 'gallery[0]')).toBeVisible();
    await page.context().close();
  });

  test('an uploaded JPEG becomes the bike image, shown in WebP widths on the site', async ({ page }) => {
    await signIn(page);
    const model = `E2E Photo Bike ${uid()}`;
    await page.goto('/admin/bikes/new');
    await hydrated(page);
    await field(page, 'model').fill(model);
    await field(page, 'dailyRate').fill('1500');
    await uploadInto(page, 'imageUrl', { name: 'bike.jpg', mimeType: 'image/jpeg', buffer: await jpeg(1000, 750) });
    await expect(field(page, 'imageUrl')).toHaveValue(/^\/uploads\/[\w-]+\.webp$/);
    await page.getByRole('button', { name: 'Add Bike' }).click();
    await expectFlash(page, 'Bike added successfully');
    const id = await idFromList(page, 'bikes', model);
    await page.goto(`/bikes/${id}`);
    const image = page.locator('img[srcset*="/uploads/"]').first();
    await expect(image).toHaveAttribute('srcset', /\/uploads\/[\w-]+-960\.webp 960w/);
  });

  test('an unknown bike id shows Bike not found', async ({ page }) => {
    await signIn(page);
    const response = await page.goto('/admin/bikes/edit/not-a-bike');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Bike not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to bikes' })).toHaveAttribute('href', '/admin/bikes');
  });
});

test.describe('car editor', () => {
  test('creates a car that shows on the site, then updates it; the button says Adding... while saving', async ({ page }) => {
    await signIn(page);
    const model = `E2E Car ${uid()}`;
    await page.goto('/admin/cars/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Add New Car' })).toBeVisible();
    await hydrated(page);
    await expect(page.getByRole('tab', { name: 'Basic Info' })).toHaveAttribute('aria-selected', 'true');
    await field(page, 'model').fill(model);
    // The daily rate takes only numeric text.
    await field(page, 'dailyRate').pressSequentially('2a9b0,0');
    await expect(field(page, 'dailyRate')).toHaveValue('2900');
    await page.getByRole('tab', { name: 'Specifications' }).click();
    await field(page, 'specifications.mileage').fill('14 km/l');

    // Hold the save until the saving state has been seen.
    const save = await holdRequests(page, '**/admin/cars/new*', { method: 'POST' });
    await page.getByRole('button', { name: 'Add Car' }).click();
    await expect(page.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    save.release();
    await expect(page).toHaveURL(/\/admin\/cars$/);
    await expectFlash(page, 'Car added successfully');
    const id = await idFromList(page, 'cars', model);

    await page.goto(`/cars/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: model })).toBeVisible();
    await expect(page.getByText('₹2,900').first()).toBeVisible();
    await expect(page.getByText('14 km/l').first()).toBeVisible();

    await page.goto(`/admin/cars/edit/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Car' })).toBeVisible();
    await hydrated(page);
    await field(page, 'model').fill(`${model} Updated`);
    await field(page, 'dailyRate').fill('3300');
    await page.getByRole('button', { name: 'Update Car' }).click();
    await expectFlash(page, 'Car updated successfully');
    await page.goto(`/cars/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `${model} Updated` })).toBeVisible();
    await expect(page.getByText('₹3,300').first()).toBeVisible();
  });

  test('an empty car form says which fields are required and shows their tab (JavaScript on)', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/cars/new');
    await hydrated(page);
    await page.getByRole('tab', { name: 'Gallery' }).click();
    await page.getByRole('button', { name: 'Add Car' }).click();
    await expect(page.locator('form').getByText(REQUIRED)).toBeVisible();
    await expect(page.getByRole('tab', { name: /Basic Info/ })).toHaveAttribute('aria-selected', 'true');
    await expect(field(page, 'model')).toBeVisible();
    await expect(field(page, 'model')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'dailyRate')).toHaveAttribute('aria-invalid', 'true');
  });

  test('an empty car form says which fields are required (JavaScript off)', async ({ browser }) => {
    const page = await pageWithoutJs(browser);
    await page.goto('/admin/cars/new');
    await field(page, 'specifications.engineSize').fill('1197 cc');
    await page.getByRole('button', { name: 'Add Car' }).click();
    await expect(page.locator('form').getByText(REQUIRED)).toBeVisible();
    await expect(field(page, 'model')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'dailyRate')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'specifications.engineSize')).toHaveValue('1197 cc');
    await page.context().close();
  });

  test('the gallery keeps one input: its remove button is disabled on the last one', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/cars/new');
    await hydrated(page);
    await page.getByRole('tab', { name: 'Gallery' }).click();
    await expect(page.getByRole('button', { name: 'Remove gallery image 1' })).toBeDisabled();
    await page.getByRole('button', { name: 'Add image' }).click();
    await expect(page.getByRole('button', { name: 'Remove gallery image 1' })).toBeEnabled();
    await field(page, 'gallery[1]').fill('/images/no-such-image.jpg');
    // A broken image shows the placeholder.
    await expect(page.locator('[data-image-field="gallery[1]"] img')).toHaveAttribute('src', '/images/placeholder.svg');
    await page.getByRole('button', { name: 'Remove gallery image 2' }).click();
    await expect(page.getByRole('button', { name: 'Remove gallery image 1' })).toBeDisabled();
  });

  test('an unknown car id shows Car not found with the way back', async ({ page }) => {
    await signIn(page);
    const response = await page.goto('/admin/cars/edit/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Car not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to cars' }).click();
    await expect(page).toHaveURL(/\/admin\/cars$/);
  });
});

test.describe('editor pages pass axe', () => {
  for (const width of [390, 1280]) {
    for (const list of ['packages', 'bikes', 'cars'] as const) {
      for (const mode of ['new', 'edit'] as const) {
        test(`axe: no serious or critical violations on /admin/${list}/${mode} at ${width}px`, async ({ page, request }) => {
          await signIn(page);
          await page.setViewportSize({ width, height: 900 });
          const path = mode === 'new' ? `/admin/${list}/new` : `/admin/${list}/edit/${await anyId(request, list)}`;
          await page.goto(path);
          await hydrated(page);
          const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
          const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        });
      }
    }
  }
});
