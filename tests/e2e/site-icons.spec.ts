/**
 * The public pages draw their icons from one SVG sprite file (docs/decisions/002-page-weight.md#icons):
 * no icon's paths in the HTML, no lucide-react in their scripts, and a sprite that is served as a
 * cacheable SVG, has every symbol the pages use and is actually drawn under the site's
 * Content-Security-Policy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { publicBundles } from '../../bench/public-js.mjs';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

/** Public pages with icons of every kind: header and footer, cards, filters, forms, accordions. */
const PAGES = ['/', '/about', '/packages', '/bikes', '/cars', '/contact', '/booking', '/rural-tourism', '/testimonials', '/no-such-page'];

/** The `href` of every `<use>` of a page's HTML. */
function spriteReferences(html: string): string[] {
  return [...html.matchAll(/<use\b[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!);
}

test('the public pages reference their icons in the sprite, which has every symbol they use', async ({ request }) => {
  const used = new Map<string, string>();
  for (const page of PAGES) {
    const html = await (await request.get(page)).text();
    expect(html, `${page} has an inline lucide icon`).not.toMatch(/class="lucide/);
    const hrefs = spriteReferences(html);
    expect(hrefs.length, `${page} has no icons`).toBeGreaterThan(0);
    for (const href of hrefs) used.set(href, page);
  }
  const files = new Set([...used.keys()].map((href) => href.split('#')[0]));
  expect([...files]).toHaveLength(1);
  const [file] = files;
  expect(file).toMatch(/^\/assets\/icons-[\w-]{8}\.svg$/);

  const sprite = await request.get(file!, { headers: { 'Accept-Encoding': 'br' } });
  expect(sprite.status()).toBe(200);
  expect(sprite.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(sprite.headers()['content-encoding']).toBe('br');
  expect(sprite.headers()['cache-control']).toContain('immutable');
  const svg = await sprite.text();
  for (const [href, page] of used) {
    const id = href.split('#')[1];
    expect(svg, `${page} uses #${id}, which the sprite lacks`).toContain(`<symbol id="${id}"`);
  }
});

test("icons are drawn at their size with lucide's stroke width, and stay hidden from assistive technology", async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto('/contact');
  // The first icon sized by a size-* class (others take their size from a component class).
  const icon = page.locator('main svg[class*="size-"]:has(use)').first();
  await expect(icon).toHaveAttribute('aria-hidden', 'true');
  // The symbol is drawn once the sprite arrives: its shapes give the <use> a bounding box.
  await expect.poll(() => icon.locator('use').evaluate((use: SVGUseElement) => use.getBBox().width)).toBeGreaterThan(0);
  const drawn = await icon.evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    const style = getComputedStyle(svg);
    return { width: box.width, height: box.height, size: svg.getAttribute('class')?.match(/\bsize-(\d+)\b/)?.[1], stroke: style.strokeWidth };
  });
  expect(drawn.size, 'the first icon is sized with a size-* class').toBeDefined();
  expect(drawn.width).toBe(Number(drawn.size) * 4);
  expect(drawn.height).toBe(Number(drawn.size) * 4);
  expect(drawn.stroke).toBe('2px');
  expect(blocked).toEqual([]);
});

test('an icon without a size class is 24 px, and a stroke-3 class thickens it (the stylesheet holds the defaults)', async ({ page }) => {
  await page.goto('/packages');
  const check = page.locator('svg.icon.stroke-3').first();
  await expect(check).toBeVisible();
  expect(await check.evaluate((svg) => getComputedStyle(svg).strokeWidth)).toBe('3px');
  const bare = await page.evaluate(() => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('class', 'icon');
    document.body.append(svg);
    const style = getComputedStyle(svg);
    return { width: svg.getBoundingClientRect().width, fill: style.fill, stroke: style.strokeWidth };
  });
  expect(bare).toEqual({ width: 24, fill: 'none', stroke: '2px' });
});

test('no public page can load a script that contains lucide-react', () => {
  for (const page of publicBundles(BUILD_DIR)) {
    for (const url of page.reachable) {
      const text = readFileSync(path.join(BUILD_DIR, 'client', url), 'utf8');
      expect(text.includes('[lucide]') || text.includes('`lucide-${'), `${page.id} can load ${url}, which contains lucide-react`).toBe(false);
    }
  }
});
