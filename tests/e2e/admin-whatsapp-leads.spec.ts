/**
 * WhatsApp leads with the landing page's UTM tags (docs/decisions/049-whatsapp-leads.md#utm-tags):
 * a visitor arrives from an Instagram link (?utm_source=instagram), moves on to a tour package and
 * presses Ask on WhatsApp there. The package page is cached and the same for everyone, and its own
 * address has no tags, yet the lead carries utm_source instagram: the site's script kept the landing
 * page's tags for the tab and added them to the link on click. The redirect answers wa.me with the
 * lead's code (the navigation to wa.me is intercepted, so the test stays on the site), and staff
 * find that code with 'instagram' under Inquiries, WhatsApp leads.
 */
import { expect, test } from './fixtures';
import { signIn } from './admin-helpers';

test('a click after landing with ?utm_source=instagram is a lead tagged instagram that staff see', async ({ page, browser }) => {
  const visitor = await browser.newContext();
  // wa.me is another site: answer for it here.
  await visitor.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>ok' }));
  const site = await visitor.newPage();
  await site.goto('/?utm_source=instagram&utm_medium=social');
  // The layout's script keeps the landing page's tags for this tab once it runs.
  await expect.poll(() => site.evaluate(() => sessionStorage.getItem('landing-utm'))).toContain('instagram');

  await site.goto('/packages');
  await site.getByRole('main').locator('a[href^="/packages/"]').first().click();
  await expect(site).toHaveURL(/\/packages\/[0-9a-f-]{36}$/);
  const packagePath = new URL(site.url()).pathname;
  await expect(site.locator('html[data-hydrated]')).toHaveCount(1);

  const redirect = visitor.waitForEvent('response', (r) => new URL(r.url()).pathname === '/go/whatsapp');
  const chat = visitor.waitForEvent('page');
  await site.getByRole('link', { name: 'Ask on WhatsApp' }).first().click();
  const response = await redirect;
  const asked = new URL(response.url());
  expect(asked.searchParams.get('from')).toBe(packagePath);
  expect(asked.searchParams.get('utm_source')).toBe('instagram');
  expect(asked.searchParams.get('utm_medium')).toBe('social');
  expect(response.status()).toBe(302);
  const location = new URL(response.headers()['location']!);
  expect(location.hostname).toBe('wa.me');
  const code = /\nRef: (WA-[2-9A-Z]{5})$/.exec(location.searchParams.get('text') ?? '')?.[1];
  expect(code).toBeDefined();
  await (await chat).close();
  await visitor.close();

  await signIn(page, { redirectTo: '/admin/inquiries?tab=leads' });
  const row = page.getByRole('row').filter({ hasText: code! });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('instagram / social');
  await expect(row).toContainText(packagePath);
});
