/**
 * /packages, /bikes and /cars (docs/product.md#catalogue): texts, search and filters with and
 * without JavaScript, empty states.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { holdRequests } from './held-requests';

/** Hold back client-side data requests of `path` until `release()`, so the pending state stays visible. */
function holdDataRequests(page: Page, path: string) {
  return holdRequests(page, (url) => url.pathname === `${path}.data`);
}

const results = (page: Page, label: string) => page.getByRole('region', { name: label }).getByRole('article');

test.describe('/packages', () => {
  test('shows the seeded packages with badge, price, duration, location and people, linked to their pages', async ({ page }) => {
    await page.goto('/packages');
    await expect(page.getByRole('heading', { level: 1, name: 'Sikkim & Darjeeling Tour Packages' })).toBeVisible();
    const cards = results(page, 'Packages');
    await expect(cards).toHaveCount(2);
    const explorer = cards.filter({ hasText: 'Sikkim Explorer' }).first();
    await expect(explorer.getByText('Best Seller')).toBeVisible();
    await expect(explorer.getByText('Contact for Price')).toBeVisible();
    await expect(explorer.getByText('5 Days / 4 Nights')).toBeVisible();
    await expect(explorer.getByText('Gangtok, Tsomgo Lake, Pelling')).toBeVisible();
    await expect(explorer.getByText('2-12 People')).toBeVisible();
    await explorer.getByRole('link', { name: 'Sikkim Explorer' }).click();
    await expect(page).toHaveURL(/\/packages\/[0-9a-f-]{36}$/);
  });

  test('search and category filter from the UI update the URL and the list without a full reload', async ({ page }) => {
    await page.goto('/packages');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same-document'));
    await page.getByRole('searchbox', { name: 'Search packages by title or location' }).fill('LACHUNG');
    await expect(page).toHaveURL(/\?q=LACHUNG$/);
    await expect(results(page, 'Packages')).toHaveCount(1);
    await expect(results(page, 'Packages').first()).toContainText('North Sikkim & Gangtok Explorer');

    await page.getByRole('searchbox').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/packages$/);
    await expect(results(page, 'Packages')).toHaveCount(2);
    await page.getByRole('navigation', { name: 'Package categories' }).getByRole('link', { name: 'Cultural' }).click();
    await expect(page).toHaveURL(/\/packages\?category=cultural$/);
    await expect(results(page, 'Packages')).toHaveCount(1);
    await expect(results(page, 'Packages').first()).toContainText('Sikkim Explorer');
    await expect(page.getByRole('link', { name: 'Cultural', exact: true })).toHaveAttribute('aria-current', 'true');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same-document');
  });

  test('empty result and Reset Filters', async ({ page }) => {
    await page.goto('/packages?q=atlantis&category=weekend');
    await expect(page.getByRole('heading', { name: 'No packages found' })).toBeVisible();
    await expect(page.getByText("We couldn't find any packages matching your search criteria.")).toBeVisible();
    await page.getByRole('link', { name: 'Reset Filters' }).click();
    await expect(page).toHaveURL(/\/packages$/);
    await expect(results(page, 'Packages')).toHaveCount(2);
    await expect(page.getByRole('searchbox')).toHaveValue('');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/packages search form, filter links and URL queries are server-rendered', async ({ page }) => {
    await page.goto('/packages');
    await page.getByRole('searchbox').fill('pelling');
    await page.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/packages\?q=pelling$/);
    await expect(results(page, 'Packages')).toHaveCount(1);

    await page.getByRole('link', { name: 'Adventure', exact: true }).click();
    await expect(page).toHaveURL(/\/packages\?q=pelling&category=adventure$/);
    await expect(page.getByRole('heading', { name: 'No packages found' })).toBeVisible();
    await page.getByRole('link', { name: 'Reset Filters' }).click();
    await expect(results(page, 'Packages')).toHaveCount(2);

    await page.goto('/packages?category=popular');
    await expect(results(page, 'Packages')).toHaveCount(2);
  });

  test('/bikes and /cars filters work from the URL and the links', async ({ page }) => {
    await page.goto('/bikes?filter=450cc');
    await expect(results(page, 'Bikes')).toHaveCount(1);
    await expect(results(page, 'Bikes').first()).toContainText('Royal Enfield Himalayan 450');
    await page.getByRole('link', { name: '350cc' }).click();
    await expect(page).toHaveURL(/\/bikes\?filter=350cc$/);
    await expect(results(page, 'Bikes')).toHaveCount(2);

    await page.goto('/cars');
    await page.getByRole('searchbox').fill('nexon');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/cars\?q=nexon$/);
    await expect(results(page, 'Cars')).toHaveCount(1);
    await expect(results(page, 'Cars').first()).toContainText('Tata Nexon');
  });
});

test.describe('/bikes', () => {
  test('texts, stored tags, filters, and the unavailable bike', async ({ page }) => {
    await page.goto('/bikes');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cards = results(page, 'Bikes');
    await expect(cards).toHaveCount(5);
    await expect(cards.filter({ hasText: 'Himalayan 450' }).getByText('Most Popular')).toBeVisible();
    await expect(cards.filter({ hasText: 'Himalayan 450' }).getByText('15% Off')).toBeVisible();
    await expect(cards.filter({ hasText: 'Himalayan 450' }).getByText('Contact for price')).toBeVisible();

    const meteor = cards.filter({ hasText: 'Royal Enfield Meteor 350' });
    await expect(meteor.getByText('Currently Unavailable').first()).toBeVisible();
    await expect(meteor.getByRole('button', { name: 'Currently Unavailable' })).toBeDisabled();

    const filters = page.getByRole('navigation', { name: 'Bike filters' });
    await filters.getByRole('link', { name: 'Unavailable' }).click();
    await expect(cards).toHaveCount(1);
    await filters.getByRole('link', { name: 'Available Only' }).click();
    await expect(cards).toHaveCount(4);
    await filters.getByRole('link', { name: '450cc' }).click();
    await expect(cards).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search bikes by model or description' }).fill('gravel');
    await expect(page).toHaveURL(/\/bikes\?q=gravel&filter=450cc$/);
    await expect(page.getByRole('heading', { name: 'No bikes found' })).toBeVisible();
    await expect(page.getByText("We couldn't find any bikes matching your search criteria.")).toBeVisible();
    await page.getByRole('link', { name: 'Reset Filters' }).click();
    await expect(cards).toHaveCount(5);
  });

  test("says 'Loading bikes...' while a client-side refresh is pending", async ({ page }) => {
    await page.goto('/bikes');
    const data = await holdDataRequests(page, '/bikes');
    await page.getByRole('link', { name: 'Unavailable' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading bikes...' })).toBeVisible();
    data.release();
    await expect(results(page, 'Bikes')).toHaveCount(1);
    await expect(page.getByText('Loading bikes...')).toHaveCount(0);
  });

  test('has the pickup map and a call to action', async ({ page }) => {
    await page.goto('/bikes');
    await expect(page.getByRole('link', { name: 'Show map' })).toBeVisible();
    // Through the redirect that counts the click, with the bike-rental text (docs/decisions/049-whatsapp-leads.md).
    await expect(page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute('href', '/go/whatsapp?topic=bike-rental&from=%2Fbikes');
  });
});

test.describe('/cars', () => {
  test('texts, first two features, seats, categories, locations and the special-vehicle link', async ({ page }) => {
    await page.goto('/cars');
    const cards = results(page, 'Cars');
    await expect(cards).toHaveCount(6);
    const innova = cards.filter({ hasText: 'Toyota Innova Crysta' });
    await expect(innova.getByText('₹3,500')).toBeVisible();
    await expect(innova.getByText('7 Seats')).toBeVisible();
    await expect(innova.getByText('Experienced hill driver')).toBeVisible();
    await expect(innova.getByText('Roof carrier for luggage')).toBeVisible();
    await expect(innova.getByText('Captain seats')).toHaveCount(0);
    await expect(innova.getByText('10% Off')).toBeVisible();
    const fortuner = cards.filter({ hasText: 'Toyota Fortuner' });
    await expect(fortuner.getByRole('button', { name: 'Currently Unavailable' })).toBeDisabled();

    await page.getByRole('navigation', { name: 'Car categories' }).getByRole('link', { name: 'Luxury' }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Toyota Fortuner');
    await page.getByRole('link', { name: 'All Cars' }).click();
    await expect(cards).toHaveCount(6);
    // 'Pelling' is the i20's location and appears in the Innova's description.
    await page.getByRole('searchbox', { name: 'Search cars by model, location or description' }).fill('PELLING');
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Hyundai i20' })).toHaveCount(1);
    await expect(cards.filter({ hasText: 'Toyota Innova Crysta' })).toHaveCount(1);

    await expect(page.getByRole('heading', { name: 'Our Locations' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Need a special vehicle?' })).toBeVisible();
    await page.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("empty state and 'Loading cars...' during a client-side refresh", async ({ page }) => {
    await page.goto('/cars?q=helicopter');
    await expect(page.getByRole('heading', { name: 'No cars found' })).toBeVisible();
    await expect(page.getByText("We couldn't find any cars matching your search criteria.")).toBeVisible();
    const data = await holdDataRequests(page, '/cars');
    await page.getByRole('link', { name: 'Reset Filters' }).click();
    await expect(page.getByText('Loading cars...')).toBeVisible();
    data.release();
    await expect(results(page, 'Cars')).toHaveCount(6);
  });
});
