/**
 * POST /api/uploads (docs/decisions/010-maps-video-images.md, "Uploads"): real multipart bodies
 * (FormData) through the route's action. Accepted JPEG/PNG/WebP become three WebP variants with no
 * metadata; everything else is refused with a clear message and nothing stored.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, storeUploadedImage } from '~/lib/image-upload.server';
import { localFolderStore, setUploadsRoot, type FileStore } from '~/lib/storage.server';
import { action, loader } from '~/routes/api/uploads';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { routeArgs, settle } from '../route-args';

type Staff = Awaited<ReturnType<typeof createStaffSession>>;
type Uploaded = { url: string; variants: { src: string; width: number }[] };
type Refused = { error: string; issues: { path: string; message: string }[] };

let root: string;
let staff: Staff;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'uploads-test-'));
  setUploadsRoot(root);
  staff = await createStaffSession();
});

afterAll(async () => {
  setUploadsRoot(undefined);
  await rm(root, { recursive: true, force: true });
});

afterEach(async () => {
  // Each test starts from an empty folder, so "nothing stored" is a plain listing.
  for (const name of await readdir(root)) await rm(path.join(root, name), { force: true });
});

const stored = () => readdir(root);

/** POST `parts` (default: one `file` part) as multipart through the action. */
function postForm(form: FormData, headers: Record<string, string> = browserHeaders(staff.cookie)) {
  return settle(() => action(routeArgs('/api/uploads', {}, { method: 'POST', body: form, headers })));
}

function upload(bytes: Uint8Array | string, name = 'photo.jpg', type = 'image/jpeg', headers?: Record<string, string>) {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart], { type }), name);
  return postForm(form, headers);
}

/** A noisy photo-like image (so the encoder has real work and the file has a realistic size). */
function photo(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 70 }, noise: { type: 'gaussian', mean: 120, sigma: 40 } } });
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } });

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await photo(2000, 1500).jpeg({ quality: 80 }).toBuffer();
});

async function expectRefused(res: { status: number; body: unknown }, status: number, message?: string) {
  expect(res.status).toBe(status);
  const body = res.body as Refused;
  expect(body.error).toEqual(expect.any(String));
  expect(body.issues).toEqual([{ path: 'file', message: body.error }]);
  if (message) expect(body.error).toBe(message);
  expect(await stored()).toEqual([]);
}

describe('accepted images', () => {
  test('a 2000x1500 JPEG becomes three WebP variants at 480, 960 and 1600 px', async () => {
    const res = await upload(jpeg);
    expect(res.status).toBe(201);
    const body = res.body as Uploaded;
    expect(body.variants.map((v) => v.width)).toEqual([480, 960, 1600]);
    expect(body.url).toBe(body.variants[2]!.src);
    const id = /^\/uploads\/([A-Za-z0-9_-]{22})-1600\.webp$/.exec(body.url)?.[1];
    expect(id).toBeDefined();
    expect(body.variants.map((v) => v.src)).toEqual([480, 960, 1600].map((w) => `/uploads/${id}-${w}.webp`));
    expect((await stored()).sort()).toEqual([`${id}-1600.webp`, `${id}-480.webp`, `${id}-960.webp`]);
    for (const [i, width] of [480, 960, 1600].entries()) {
      const meta = await sharp(path.join(root, `${id}-${width}.webp`)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: (width * 3) / 4 });
      expect(body.variants[i]!.width).toBe(width);
    }
  });

  test('a PNG and a WebP are accepted too; names differ between uploads', async () => {
    const png = await upload(await photo(1200, 800).png().toBuffer(), 'x.png', 'image/png');
    const webp = await upload(await photo(1000, 700).webp().toBuffer(), 'x.webp', 'image/webp');
    expect(png.status).toBe(201);
    expect(webp.status).toBe(201);
    expect((png.body as Uploaded).url).not.toBe((webp.body as Uploaded).url);
    expect(await stored()).toHaveLength(6);
    expect((png.body as Uploaded).variants.map((v) => v.width)).toEqual([480, 960, 1200]);
  });

  test('the declared name and type do not matter: a PNG named photo.gif as text/plain is a PNG', async () => {
    const res = await upload(await solid(300, 200).png().toBuffer(), 'photo.gif', 'text/plain');
    expect(res.status).toBe(201);
  });

  test('a small image is never enlarged', async () => {
    const res = await upload(await photo(300, 200).jpeg().toBuffer());
    expect(res.status).toBe(201);
    const body = res.body as Uploaded;
    expect(body.variants.map((v) => v.width)).toEqual([300, 300, 300]);
    for (const v of body.variants) {
      const meta = await sharp(path.join(root, path.basename(v.src))).metadata();
      expect(meta.width).toBe(300);
    }
  });

  test('metadata is stripped and the EXIF orientation applied', async () => {
    // 400x200 stored pixels with "rotate 90° clockwise to view" (orientation 6): shown as 200x400.
    const withExif = await photo(400, 200)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Camera Owner', Artist: 'Someone' } } })
      .toBuffer();
    const before = await sharp(withExif).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const res = await upload(withExif);
    expect(res.status).toBe(201);
    for (const v of (res.body as Uploaded).variants) {
      const file = path.join(root, path.basename(v.src));
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 200, height: 400 });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      const bytes = await import('node:fs/promises').then((fs) => fs.readFile(file));
      expect(bytes.includes('Secret Camera Owner')).toBe(false);
    }
  });
});

describe('refused uploads store nothing', () => {
  test('an SVG', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await expectRefused(await upload(svg, 'logo.svg', 'image/svg+xml'), 400, UPLOAD_MESSAGES.wrongType);
  });

  test('an HTML file named photo.jpg', async () => {
    await expectRefused(
      await upload('<!doctype html><html><body><script>alert(1)</script></body></html>', 'photo.jpg', 'image/jpeg'),
      400,
      UPLOAD_MESSAGES.wrongType,
    );
  });

  test('a GIF', async () => {
    await expectRefused(await upload(await solid(20, 20).gif().toBuffer(), 'a.gif', 'image/gif'), 400, UPLOAD_MESSAGES.wrongType);
  });

  test('a PDF and a text file', async () => {
    await expectRefused(await upload('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF', 'a.pdf', 'application/pdf'), 400, UPLOAD_MESSAGES.wrongType);
    await expectRefused(await upload('just some words, not a picture', 'notes.txt', 'text/plain'), 400, UPLOAD_MESSAGES.wrongType);
  });

  test('an empty file', async () => {
    await expectRefused(await upload(new Uint8Array(0)), 400, UPLOAD_MESSAGES.empty);
  });

  test('a truncated JPEG', async () => {
    await expectRefused(await upload(jpeg.subarray(0, Math.floor(jpeg.length * 0.6))), 400, UPLOAD_MESSAGES.damaged);
  });

  test('a JPEG whose scan data is corrupt', async () => {
    const broken = Buffer.from(jpeg);
    // Overwrite the middle of the entropy-coded data with an invalid marker sequence.
    broken.fill(0xff, Math.floor(broken.length / 2), Math.floor(broken.length / 2) + 16);
    broken[Math.floor(broken.length / 2) + 16] = 0xc4;
    await expectRefused(await upload(broken), 400);
  });

  test('a JPEG with a ZIP appended (polyglot)', async () => {
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(26, 1), Buffer.from('evil.html'), Buffer.from('PK\u0005\u0006'), Buffer.alloc(18)]);
    await expectRefused(await upload(Buffer.concat([jpeg, zip])), 400, UPLOAD_MESSAGES.polyglot);
  });

  test('a JPEG with HTML appended (polyglot)', async () => {
    await expectRefused(
      await upload(Buffer.concat([jpeg, Buffer.from('<html><script>alert(document.cookie)</script></html>')])),
      400,
      UPLOAD_MESSAGES.polyglot,
    );
  });

  test('a JPEG carrying a script inside a comment segment', async () => {
    const comment = Buffer.from('<script>alert(1)</script>');
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]);
    expect((await sharp(polyglot).metadata()).format).toBe('jpeg');
    await expectRefused(await upload(polyglot), 400, UPLOAD_MESSAGES.polyglot);
  });

  test('a PNG with data after IEND', async () => {
    const png = await solid(50, 50).png().toBuffer();
    await expectRefused(await upload(Buffer.concat([png, Buffer.from('hidden payload')]), 'a.png', 'image/png'), 400, UPLOAD_MESSAGES.polyglot);
  });

  test('a PNG carrying <?php in a text chunk', async () => {
    const png = await solid(50, 50).png().withMetadata().toBuffer();
    const text = Buffer.from('Comment\0<?php system($_GET["c"]); ?>');
    const chunk = Buffer.alloc(12 + text.length);
    chunk.writeUInt32BE(text.length, 0);
    chunk.write('tEXt', 4, 'latin1');
    text.copy(chunk, 8);
    const withChunk = Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]); // after IHDR
    await expectRefused(await upload(withChunk, 'a.png', 'image/png'), 400, UPLOAD_MESSAGES.polyglot);
  });

  test('a WebP with data beyond its RIFF size', async () => {
    const webp = await solid(50, 50).webp().toBuffer();
    await expectRefused(await upload(Buffer.concat([webp, Buffer.from('<svg onload=alert(1)>')]), 'a.webp', 'image/webp'), 400, UPLOAD_MESSAGES.polyglot);
  });

  test('an image over 40 megapixels (8000x6000 solid PNG)', async () => {
    const big = await solid(8000, 6000).png({ compressionLevel: 9 }).toBuffer();
    expect(big.length).toBeLessThan(MAX_UPLOAD_BYTES);
    await expectRefused(await upload(big, 'big.png', 'image/png'), 400, UPLOAD_MESSAGES.tooManyPixels);
  });

  test('a file over 10 MB answers 413', async () => {
    const huge = Buffer.concat([jpeg, Buffer.alloc(MAX_UPLOAD_BYTES - jpeg.length + 1)]);
    await expectRefused(await upload(huge), 413, UPLOAD_MESSAGES.tooLarge);
  });

  test('a declared body over the limit answers 413 before reading', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)]), 'a.jpg');
    const res = await postForm(form, browserHeaders(staff.cookie, { 'Content-Length': String(20 * 1024 * 1024) }));
    await expectRefused(res, 413);
  });

  test('no file part, another field name, or two files', async () => {
    const none = new FormData();
    none.append('title', 'hello');
    await expectRefused(await postForm(none), 400);

    const other = new FormData();
    other.append('image', new Blob([new Uint8Array(jpeg)]), 'a.jpg');
    await expectRefused(await postForm(other), 400);

    const two = new FormData();
    two.append('file', new Blob([new Uint8Array(jpeg)]), 'a.jpg');
    two.append('file', new Blob([new Uint8Array(jpeg)]), 'b.jpg');
    await expectRefused(await postForm(two), 400);
  });

  test('a malformed multipart body', async () => {
    const res = await settle(() =>
      action(
        routeArgs(
          '/api/uploads',
          {},
          {
            method: 'POST',
            body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nnot finished',
            headers: browserHeaders(staff.cookie, { 'Content-Type': 'multipart/form-data; boundary=xyz' }),
          },
        ),
      ),
    );
    expect(res.status).toBe(400);
    expect(await stored()).toEqual([]);
  });
});

describe('the request', () => {
  test('401 without a session', async () => {
    const res = await upload(jpeg, 'a.jpg', 'image/jpeg', { Origin: 'http://localhost' });
    expect(res.status).toBe(401);
    expect(await stored()).toEqual([]);
  });

  test('403 for a cookie-authenticated request from another origin', async () => {
    const res = await upload(jpeg, 'a.jpg', 'image/jpeg', { Cookie: staff.cookie, Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await stored()).toEqual([]);
  });

  test('a Bearer token needs no Origin', async () => {
    const res = await upload(await solid(100, 100).jpeg().toBuffer(), 'a.jpg', 'image/jpeg', { Authorization: staff.authorization });
    expect(res.status).toBe(201);
  });

  test('415 for a JSON body', async () => {
    const res = await settle(() =>
      action(
        routeArgs(
          '/api/uploads',
          {},
          { method: 'POST', body: JSON.stringify({ file: 'x' }), headers: browserHeaders(staff.cookie, { 'Content-Type': 'application/json' }) },
        ),
      ),
    );
    await expectRefused(res, 415);
  });

  test('405 for other methods, with Allow', async () => {
    const put = await settle(() =>
      action(routeArgs('/api/uploads', {}, { method: 'PUT', body: '{}', headers: browserHeaders(staff.cookie, { 'Content-Type': 'application/json' }) })),
    );
    expect(put.status).toBe(405);
    expect(put.headers.get('Allow')).toBe('POST');
    const get = await settle(() => loader(routeArgs('/api/uploads', {}, { headers: { Cookie: staff.cookie } })));
    expect(get.status).toBe(405);
  });
});

describe('storing', () => {
  test('when writing a variant fails, the ones written are removed', async () => {
    const local = localFolderStore(root);
    let puts = 0;
    const failing: FileStore = {
      ...local,
      async put(key, bytes, type) {
        if (++puts === 3) throw new Error('disk full');
        await local.put(key, bytes, type);
      },
    };
    await expect(storeUploadedImage(jpeg, failing)).rejects.toThrow('disk full');
    expect(await stored()).toEqual([]);
  });

  test('the local store refuses keys that are not plain file names', async () => {
    const local = localFolderStore(root);
    for (const key of ['../escape.webp', 'a/b.webp', '.hidden', '', 'x.webp/..']) {
      await expect(local.put(key, new Uint8Array([1]), 'image/webp')).rejects.toThrow('Invalid storage key');
    }
    expect(await stored()).toEqual([]);
  });
});
