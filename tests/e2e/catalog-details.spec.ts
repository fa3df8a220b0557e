/**
 * /packages/{id}, /bikes/{id}, /cars/{id} (docs/product.md#catalogue): texts, accordion, actions,
 * JSON-LD, not-found views.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { holdRequests } from './held-requests';

async function idOf(request: APIRequestContext, list: 'packages' | 'bikes' | 'cars', name: string): Promise<string> {
  const items = (await (await request.get(`/api/${list}?limit=100`)).json()) as { id: string; title?: string; model?: string }[];
  const item = items.find((i) => (i.title ?? i.model) === name);
  if (!item) throw new Error(`${name} is not in /api/${list}`);
  return item.id;
}

async function jsonLd(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? '{}');
}

test.describe('/packages/{id}', () => {
  test('shows the whole package, its notes, help contacts and related packages', async ({ page, request }) => {
    const id = await idOf(request, 'packages', 'Sikkim Explorer');
    await page.goto(`/packages/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sikkim Explorer' })).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect(summary.getByText('Contact for Pricing')).toBeVisible();
    await expect(summary.getByText('20% Off')).toBeVisible();
    for (const heading of [
      'Overview',
      'Highlights',
      'Day-by-Day Itinerary',
      "What's Included",
      'Not Included',
      'Payment, Cancellation & Requirements',
      'You May Also Like',
    ]) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByText('Tsomgo Lake at 12,310 ft and Baba Mandir')).toBeVisible();
    await expect(page.getByText('Protected Area Permit for Tsomgo Lake and Baba Mandir')).toBeVisible();
    await expect(page.getByText('GST at 5%')).toBeVisible();
    await expect(page.getByText('50% advance to confirm the booking.')).toBeVisible();
    await expect(page.getByText('Cancelled within 15 days of travel: non-refundable.')).toBeVisible();
    await expect(summary.getByText('+91 00000 00000').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'You May Also Like' }).getByRole('link', { name: 'North Sikkim & Gangtok Explorer' })).toBeVisible();

    // Through the redirect that counts the click (docs/decisions/049-whatsapp-leads.md), still a plain link.
    const whatsapp = summary.getByRole('link', { name: 'Ask on WhatsApp' });
    await expect(whatsapp).toHaveAttribute('rel', 'noopener');
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    const href = new URL((await whatsapp.getAttribute('href')) ?? '', page.url());
    expect(href.pathname).toBe('/go/whatsapp');
    expect(href.searchParams.get('item')).toBe(`package:${id}`);
    expect(href.searchParams.get('from')).toBe(`/packages/${id}`);
    // The redirect answers with wa.me and the item's text plus the lead's code, never cached.
    const redirect = await request.get(href.toString(), { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers()['cache-control']).toBe('no-store');
    expect(redirect.headers()['referrer-policy']).toBe('no-referrer');
    const target = new URL(redirect.headers()['location']!);
    expect(target.hostname).toBe('wa.me');
    expect(target.searchParams.get('text')).toContain('"Sikkim Explorer" tour package');
    await expect(summary.getByRole('link', { name: 'Book Now' })).toBeVisible();

    const data = await jsonLd(page);
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'TouristTrip', name: 'Sikkim Explorer' });
    expect((data.itinerary as { itemListElement: unknown[] }).itemListElement).toHaveLength(5);
  });

  test('the itinerary accordion opens one day at a time, collapses, and works from the keyboard', async ({ page, request }) => {
    const id = await idOf(request, 'packages', 'Sikkim Explorer');
    await page.goto(`/packages/${id}`);
    // Native disclosures (<details name>): a <summary> per day, its heading inside.
    const days = page.getByRole('region', { name: 'Day-by-Day Itinerary' }).locator('details');
    const day1 = days.nth(0).locator('summary');
    const day2 = days.nth(1).locator('summary');
    await expect(day1.getByRole('heading', { name: /^Day 1 Arrival/ })).toBeVisible();
    await expect(day2.getByRole('heading', { name: /^Day 2 Tsomgo Lake/ })).toBeVisible();
    const day1Text = page.getByText('Our driver meets you at Bagdogra Airport');
    const day2Text = page.getByText('Start at 8 am on the Jawaharlal Nehru Road');
    await expect(days.nth(0)).toHaveAttribute('open', '');
    await expect(day1Text).toBeVisible();
    await expect(day2Text).toBeHidden();

    await day2.click();
    await expect(day2Text).toBeVisible();
    await expect(day1Text).toBeHidden();
    await expect(days.nth(0)).not.toHaveAttribute('open');

    await day2.click();
    await expect(day2Text).toBeHidden();
    await expect(page.locator('details[name="itinerary"][open]')).toHaveCount(0);

    // Native summaries: Tab moves between days (Radix's arrow keys between headers are gone).
    await day1.focus();
    await page.keyboard.press('Tab');
    await expect(day2).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(day2Text).toBeVisible();
    await page.keyboard.press('Space');
    await expect(day2Text).toBeHidden();
  });

  test('the itinerary text is in the server HTML for every day', async ({ request }) => {
    const id = await idOf(request, 'packages', 'Sikkim Explorer');
    const html = await (await request.get(`/packages/${id}`)).text();
    expect(html).toContain('Leave Gangtok after breakfast for Ravangla');
    expect(html).toContain('application/ld+json');
  });
});

test.describe('/bikes/{id}', () => {
  test('rate, specifications, features, terms, stored rating and discount', async ({ page, request }) => {
    await page.goto(`/bikes/${await idOf(request, 'bikes', 'Royal Enfield Himalayan 450')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Royal Enfield Himalayan 450' })).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect(summary.getByText('Contact for price')).toBeVisible();
    await expect(summary.getByText('15% Off')).toBeVisible();
    await expect(page.getByText('Rated 4.8 out of 5 from 67 reviews')).toBeAttached();
    const specs = page.getByRole('region', { name: 'Specifications' });
    for (const text of ['450cc', '150 km/h', '196 kg', '17 L', '825 mm', '230 mm']) await expect(specs.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByText('Switchable rear ABS')).toBeVisible();
    await expect(page.getByText('Helmet is complimentary.')).toBeVisible();
    await expect(page.getByText('Delivery to your hotel is possible and may cost extra.')).toBeVisible();
    await expect(summary.getByRole('link', { name: 'Book Now' })).toBeVisible();
    // Through the redirect that counts the click (docs/decisions/049-whatsapp-leads.md): its wa.me text names the bike.
    const ask = new URL((await summary.getByRole('link', { name: 'Ask on WhatsApp' }).getAttribute('href')) ?? '', page.url());
    expect(ask.pathname).toBe('/go/whatsapp');
    const location = (await request.get(ask.toString(), { maxRedirects: 0 })).headers()['location']!;
    expect(new URL(location).searchParams.get('text')).toContain('Royal Enfield Himalayan 450');
    expect(await jsonLd(page)).toMatchObject({ '@type': 'Product', name: 'Royal Enfield Himalayan 450' });
  });

  test('an unavailable bike: Book Now disabled as Currently Unavailable, with an overlay', async ({ page, request }) => {
    await page.goto(`/bikes/${await idOf(request, 'bikes', 'Royal Enfield Meteor 350')}`);
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect(summary.getByRole('button', { name: 'Currently Unavailable' })).toBeDisabled();
    await expect(page.getByRole('main').getByRole('button', { name: 'Book Now' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Book Now' })).toHaveCount(0);
    await expect(page.getByText('Currently Unavailable').first()).toBeVisible();
  });
});

test.describe('/cars/{id}', () => {
  test('the Fortuner shows Currently Unavailable, a disabled Book Now and the overlay', async ({ page, request }) => {
    await page.goto(`/cars/${await idOf(request, 'cars', 'Toyota Fortuner')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Toyota Fortuner' })).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect(summary.getByRole('button', { name: 'Currently Unavailable' })).toBeDisabled();
    await expect(page.getByRole('main').getByRole('button', { name: 'Book Now' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Book Now' })).toHaveCount(0);
    await expect(page.locator('article').getByText('Currently Unavailable', { exact: true }).first()).toBeVisible();
    await expect(summary.getByText('₹4,500 / day')).toBeVisible();
    await expect(summary.getByText('10% Off')).toHaveCount(0);
  });

  test('texts, badges, trust points, features, location, help, terms and the thumbnail gallery', async ({ page, request }) => {
    await page.goto(`/cars/${await idOf(request, 'cars', 'Toyota Innova Crysta')}`);
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect(summary.getByText('₹3,500 / day')).toBeVisible();
    await expect(summary.getByText('10% Off')).toBeVisible();
    await expect(page.getByText('7 Seater')).toBeVisible();
    await expect(page.getByText('suv', { exact: true })).toBeVisible();
    await expect(page.getByText('Rated 4.9 out of 5 from 83 reviews')).toBeAttached();
    for (const point of ['Best Price Guarantee', 'Free Cancellation 24h before', 'Full Tank Policy']) await expect(summary.getByText(point)).toBeVisible();
    for (const feature of ['Experienced hill driver', 'Captain seats', 'First-aid kit'])
      await expect(page.getByRole('region', { name: 'Features' }).getByText(feature)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Location: Gangtok' })).toBeVisible();
    await expect(page.getByText('Need Help?').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Rental Terms' })).toBeVisible();
    await expect(page.getByText('A driver is available and carries additional charges.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to Drive?' })).toBeVisible();
    await expect(summary.getByRole('link', { name: 'Book Now' })).toBeVisible();

    const main = page.getByRole('img', { name: /Toyota Innova Crysta, photo 1 of 3/ });
    await expect(main).toBeVisible();
    // A thumbnail is the label of a radio button (the swap works before and without JavaScript).
    await page.locator('.image-gallery-thumb').nth(2).click();
    await expect(page.getByRole('img', { name: /Toyota Innova Crysta, photo 3 of 3/ })).toHaveAttribute('src', '/images/places/tsomgo-lake.svg');
    await expect(page.getByRole('radio', { name: 'Show photo 3 of 3' })).toBeChecked();
  });

  test('a client-side navigation shows the loading skeleton first', async ({ page }) => {
    await page.goto('/cars');
    const data = await holdRequests(page, (url) => /^\/cars\/[0-9a-f-]{36}\.data$/.test(url.pathname));
    await page.getByRole('link', { name: 'Mahindra Scorpio', exact: true }).click();
    await expect(page.getByTestId('car-detail-skeleton')).toBeVisible();
    data.release();
    await expect(page.getByRole('heading', { level: 1, name: 'Mahindra Scorpio' })).toBeVisible();
    await expect(page.getByTestId('car-detail-skeleton')).toHaveCount(0);
    await expect(page).toHaveTitle(/^Mahindra Scorpio with Driver in Gangtok \|/);
  });

  test('a client-side navigation to a removed car ends on Car Not Found', async ({ page }) => {
    await page.goto('/cars');
    await page.route(
      (url) => /^\/cars\/[0-9a-f-]{36}\.data$/.test(url.pathname),
      (route) =>
        route.continue({
          url: route
            .request()
            .url()
            .replace(/[0-9a-f-]{36}\.data/, '00000000-0000-4000-8000-000000000000.data'),
        }),
    );
    await page.getByRole('link', { name: 'Hyundai i20', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Car Not Found' })).toBeVisible();
  });
});

test('the three not-found views answer 404 with their texts and links', async ({ page }) => {
  for (const [path, title, message, link, target] of [
    [
      '/packages/00000000-0000-4000-8000-000000000000',
      'Package Not Found',
      "The tour package you're looking for doesn't exist or has been removed.",
      'Browse All Packages',
      '/packages',
    ],
    ['/bikes/not-a-bike', 'Bike Not Found', "The bike you're looking for doesn't exist or has been removed.", 'Browse All Bikes', '/bikes'],
    ['/cars/123', 'Car Not Found', "The car you're looking for doesn't exist or has been removed.", 'Browse All Cars', '/cars'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText(message)).toBeVisible();
    await page.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
  }
});
