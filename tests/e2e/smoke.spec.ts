import { expect, test } from './fixtures';

test('home page renders with the site chrome', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tour Packages' })).toBeVisible();
});

test('/packages lists both seeded packages in the server HTML and links to a detail', async ({ page, request }) => {
  const html = await (await request.get('/packages')).text();
  expect(html).toContain('Sikkim Explorer');
  expect(html).toContain('North Sikkim &amp; Gangtok Explorer');

  await page.goto('/packages');
  await page.getByRole('link', { name: 'Sikkim Explorer', exact: true }).click();
  await expect(page).toHaveURL(/\/packages\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sikkim Explorer' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Summary' }).getByText('Contact for Pricing')).toBeVisible();
});

test('a bike and a car detail page show the seeded record', async ({ page }) => {
  await page.goto('/bikes');
  await page
    .getByRole('link', { name: /Himalayan 450/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Himalayan 450/ })).toBeVisible();

  await page.goto('/cars');
  await page
    .getByRole('link', { name: /Innova Crysta/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Innova Crysta/ })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Summary' }).getByText('₹3,500')).toBeVisible();
});

test('unknown ids show the not-found views with status 404', async ({ page }) => {
  for (const [path, title] of [
    ['/bikes/00000000-0000-4000-8000-000000000000', 'Bike Not Found'],
    ['/packages/not-a-real-id', 'Package Not Found'],
    ['/cars/123', 'Car Not Found'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
});

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the API answers JSON errors, never HTML, for bad input', async ({ request }) => {
  const unknown = await request.get('/api/bikes/nope');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ error: 'Bike not found' });
  const badFilter = await request.get('/api/packages?category=nope');
  expect(badFilter.status()).toBe(400);
  expect((await badFilter.json()).issues[0].path).toBe('category');
  const unknownPath = await request.get('/api/nothing-here');
  expect(unknownPath.status()).toBe(404);
  expect(await unknownPath.json()).toMatchObject({ error: 'Not found' });
  const big = await request.post('/api/packages', { data: 'x'.repeat(70_000), headers: { 'content-type': 'application/json' } });
  expect(big.status()).toBe(413);
});

test('an idle keep-alive connection is kept 65 s, longer than a proxy in front keeps its own', async ({ request }) => {
  // With Node's default of 5 s, a proxy reusing its connection just as the server closed it got a
  // reset instead of an answer (server.js).
  const response = await request.get('/robots.txt', { headers: { Connection: 'keep-alive' } });
  expect(response.headers()['keep-alive']).toBe('timeout=65');
});
