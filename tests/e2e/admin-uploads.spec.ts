/**
 * Image uploads on the production server (docs/decisions/010-maps-video-images.md, "Uploads"): a
 * signed-in staff member posts a JPEG to /api/uploads with the browser's session cookie; the three
 * WebP variants are served from /uploads/ with year-long immutable caching and `nosniff`. An SVG is
 * refused with the clear message; the body limit of uploads is 10 MB while other routes keep 64 KB.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import sharp from 'sharp';
import { signIn } from './admin-helpers';

const WRONG_TYPE = 'Only JPEG, PNG or WebP images can be uploaded.';

/** POST one file as multipart from the page's origin, with its cookies (what the upload button sends). */
function postUpload(page: Page, baseURL: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  return page.request.post('/api/uploads', { multipart: { file }, headers: { Origin: baseURL } });
}

test('a JPEG becomes three WebP files served with immutable caching', async ({ page, baseURL }) => {
  await signIn(page);
  const jpeg = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#2f6b4f', noise: { type: 'gaussian', mean: 110, sigma: 30 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const res = await postUpload(page, baseURL!, { name: 'himalaya.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { url: string; variants: { src: string; width: number }[] };
  expect(body.variants.map((v) => v.width)).toEqual([480, 960, 1600]);
  expect(body.url).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}-1600\.webp$/);

  for (const variant of body.variants) {
    const file = await page.request.get(variant.src);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/webp');
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers()['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(await file.body()).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: variant.width });
  }

  // A missing upload, another extension or the folder itself: a plain 404, never the site's page.
  for (const path of [body.url.replace(/-1600\.webp$/, '-9999.webp'), body.url.replace('.webp', '.html'), '/uploads/', '/uploads/x.svg']) {
    const missing = await page.request.get(path);
    expect(missing.status(), path).toBe(404);
    expect(missing.headers()['content-type'], path).toMatch(/^text\/plain/);
  }
});

test('an SVG is refused with a clear message', async ({ page, baseURL }) => {
  await signIn(page);
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
  const res = await postUpload(page, baseURL!, { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svg });
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({ error: WRONG_TYPE, issues: [{ path: 'file', message: WRONG_TYPE }] });
});

test('uploads without a session are refused, and body limits differ per route', async ({ page, baseURL, request }) => {
  const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();
  const anonymous = await request.post('/api/uploads', {
    multipart: { file: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: small } },
    headers: { Origin: baseURL! },
  });
  expect(anonymous.status()).toBe(401);

  await signIn(page);
  // 11 MB: over the upload limit, refused by the server before the body is read.
  const huge = await postUpload(page, baseURL!, { name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([small, Buffer.alloc(11 * 1024 * 1024)]) });
  expect(huge.status()).toBe(413);
  expect(await huge.json()).toMatchObject({ error: expect.any(String), issues: [] });
  // 200 KB (a JPEG with zero padding after its end, which is allowed): fine for an upload, too large for any other route.
  const padded = Buffer.concat([small, Buffer.alloc(200 * 1024)]);
  expect((await postUpload(page, baseURL!, { name: 'a.jpg', mimeType: 'image/jpeg', buffer: padded })).status()).toBe(201);
  const json = await page.request.post('/api/inquiries', { data: { message: 'x'.repeat(200 * 1024) }, headers: { Origin: baseURL! } });
  expect(json.status()).toBe(413);
});
