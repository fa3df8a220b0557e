import { expect, test } from './fixtures';

const pages = ['/', '/about', '/rural-tourism', '/gallery', '/testimonials'];

test('each page has its own title and description, a canonical URL and Open Graph tags', async ({ page, baseURL }) => {
  const titles = new Set<string>();
  for (const path of pages) {
    await page.goto(path);
    const title = await page.title();
    expect(title).toContain('Himalayan Tours & Travels');
    titles.add(title);
    expect((await page.locator('meta[name="description"]').getAttribute('content'))?.length).toBeGreaterThan(50);
    const canonical = `${baseURL}${path === '/' ? '/' : path}`;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical);
    await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+\.png$/);
  }
  expect(titles.size).toBe(pages.length);
});

test('home carries TravelAgency JSON-LD with address, geo and telephone', async ({ page }) => {
  await page.goto('/');
  const raw = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(raw!);
  expect(data['@type']).toBe('TravelAgency');
  expect(data.address).toMatchObject({ '@type': 'PostalAddress', addressLocality: 'Gangtok', addressCountry: 'IN' });
  expect(data.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 27.3187, longitude: 88.5963 });
  expect(data.telephone).toBe('+91 00000 00000');
});

test('sitemap.xml lists every public page and each package, bike and car', async ({ request, baseURL }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  for (const path of [...pages, '/packages', '/cars', '/bikes', '/contact', '/booking']) expect(locs).toContain(`${baseURL}${path}`);
  const [packages, bikes, cars] = await Promise.all(['/api/packages', '/api/bikes', '/api/cars'].map(async (u) => (await request.get(u)).json()));
  for (const p of packages as { id: string }[]) expect(locs).toContain(`${baseURL}/packages/${p.id}`);
  for (const b of bikes as { id: string }[]) expect(locs).toContain(`${baseURL}/bikes/${b.id}`);
  for (const c of cars as { id: string }[]) expect(locs).toContain(`${baseURL}/cars/${c.id}`);
  expect(locs.some((l) => l.includes('/admin'))).toBe(false);
});

test('robots.txt disallows the admin area and names the sitemap', async ({ request, baseURL }) => {
  const text = await (await request.get('/robots.txt')).text();
  expect(text).toMatch(/^Disallow: \/admin$/m);
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
