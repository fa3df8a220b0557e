/**
 * Uploads on S3-compatible storage (docs/deploy.md, "Uploads on S3-compatible storage";
 * docs/decisions/010-maps-video-images.md, "Uploads"): `s3Store` against a local S3 server (s3rver,
 * on a random port, files in a temp folder), and GET/HEAD /uploads/<key> (app/lib/uploads-route.server.ts)
 * served from the bucket and, for comparison, from the local folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import express from 'express';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { storeUploadedImage } from '~/lib/image-upload.server';
import { createS3Client, IMMUTABLE_CACHE_CONTROL, localFolderStore, s3Store, type FileStore } from '~/lib/storage.server';
import { serveUploads } from '~/lib/uploads-route.server';

const BUCKET = 'uploads-test';
const PREFIX = 'uploads/';

let directory: string;
let s3rver: S3rver;
let endpoint: string;
let client: S3Client;
let store: FileStore;
/** The store the web server's /uploads reads from (switched by the local-folder test). */
let served: FileStore;
let web: Server;
let base: string;
let jpeg: Buffer;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'uploads-s3-test-'));
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(directory, 's3'), configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts any key pair (it checks the signature against S3RVER/S3RVER).
  client = await createS3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
  store = s3Store({ client, bucket: BUCKET, prefix: PREFIX });
  served = store;
  const app = express();
  app.use(
    '/uploads',
    serveUploads(() => served),
  );
  web = await new Promise<Server>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
  base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  jpeg = await sharp({
    create: { width: 1800, height: 1200, channels: 3, background: { r: 40, g: 110, b: 70 }, noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
});

afterAll(async () => {
  if (web) {
    web.closeAllConnections();
    await new Promise((resolve) => web.close(resolve));
  }
  client?.destroy();
  await s3rver?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

/** The object keys in the bucket under PREFIX, sorted. */
async function objects(): Promise<string[]> {
  const list = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: PREFIX }));
  return (list.Contents ?? []).map((o) => o.Key!).sort();
}

async function objectBytes(key: string): Promise<Buffer> {
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${key}` }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** The 22-character id of a stored image's URL. */
function idOf(url: string): string {
  const id = /^\/uploads\/([A-Za-z0-9_-]{22})-\d+\.webp$/.exec(url)?.[1];
  expect(id).toBeDefined();
  return id!;
}

describe('s3Store', () => {
  test('storeUploadedImage puts three WebP objects with their content type and an immutable Cache-Control', async () => {
    const before = await objects();
    const image = await storeUploadedImage(jpeg, store);
    const id = idOf(image.url);
    expect(image.variants.map((v) => v.src)).toEqual([480, 960, 1600].map((w) => `/uploads/${id}-${w}.webp`));
    const keys = [480, 960, 1600].map((w) => `${id}-${w}.webp`);
    expect((await objects()).filter((k) => !before.includes(k))).toEqual(keys.map((k) => `${PREFIX}${k}`).sort());
    for (const [i, key] of keys.entries()) {
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${key}` }));
      expect(head.ContentType).toBe('image/webp');
      expect(head.CacheControl).toBe(IMMUTABLE_CACHE_CONTROL);
      const meta = await sharp(await objectBytes(key)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: image.variants[i]!.width });
    }
  });

  test('get gives the bytes, size and ETag; a missing key is null; a bad key throws', async () => {
    await store.put('AAAAAAAAAAAAAAAAAAAAAA-480.webp', Buffer.from('not really webp'), 'image/webp');
    const file = await store.get('AAAAAAAAAAAAAAAAAAAAAA-480.webp');
    expect(file).toMatchObject({ size: 15, contentType: 'image/webp', etag: expect.stringMatching(/^"[0-9a-f]{32}"$/) });
    const chunks: Buffer[] = [];
    for await (const chunk of file!.body!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('not really webp');
    expect(await store.get('AAAAAAAAAAAAAAAAAAAAAA-480.webp', { head: true })).toMatchObject({ body: null, size: 15 });
    expect(await store.get('BBBBBBBBBBBBBBBBBBBBBB-480.webp')).toBeNull();
    expect(await store.get('BBBBBBBBBBBBBBBBBBBBBB-480.webp', { head: true })).toBeNull();
    await expect(store.get('../escape.webp')).rejects.toThrow(/Invalid storage key/);
    await store.delete('AAAAAAAAAAAAAAAAAAAAAA-480.webp');
  });

  test('delete removes the object; deleting it again is fine', async () => {
    const image = await storeUploadedImage(jpeg, store);
    const key = `${idOf(image.url)}-960.webp`;
    expect(await objects()).toContain(`${PREFIX}${key}`);
    await store.delete(key);
    expect(await objects()).not.toContain(`${PREFIX}${key}`);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
    expect((await fetch(`${base}${image.variants[1]!.src}`)).status).toBe(404);
  });

  test('publicUrl stays /uploads/<key>, whatever the bucket and prefix', () => {
    expect(store.publicUrl('AAAAAAAAAAAAAAAAAAAAAA-480.webp')).toBe('/uploads/AAAAAAAAAAAAAAAAAAAAAA-480.webp');
    expect(store.root).toBeUndefined();
  });
});

describe('GET /uploads/<key> from the bucket', () => {
  let image: Awaited<ReturnType<typeof storeUploadedImage>>;
  beforeAll(async () => {
    image = await storeUploadedImage(jpeg, store);
  });

  test('answers the bytes as image/webp, cached for a year as immutable, nosniff, with ETag and length', async () => {
    const src = image.variants[1]!.src;
    const res = await fetch(`${base}${src}`);
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(await objectBytes(src.slice('/uploads/'.length)))).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get('last-modified')).toEqual(expect.any(String));
    expect((await sharp(body).metadata()).width).toBe(960);
  });

  test('HEAD answers the headers without a body; a matching If-None-Match gets 304', async () => {
    const url = `${base}${image.variants[0]!.src}`;
    const full = await fetch(url);
    const length = (await full.arrayBuffer()).byteLength;
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(length));
    expect(head.headers.get('content-type')).toBe('image/webp');
    expect(head.headers.get('etag')).toBe(full.headers.get('etag'));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    // node:http, not fetch: fetch adds `Cache-Control: no-cache` to a conditional request, which
    // (rightly) makes Express answer in full.
    const again = await new Promise<{ status?: number; cacheControl?: string; bytes: number }>((resolve, reject) => {
      httpGet(url, { headers: { 'If-None-Match': full.headers.get('etag')! } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode, cacheControl: res.headers['cache-control'], bytes }));
      }).on('error', reject);
    });
    expect(again).toEqual({ status: 304, cacheControl: IMMUTABLE_CACHE_CONTROL, bytes: 0 });
  });

  test('a missing key, a bad name and other methods are a plain-text 404', async () => {
    const id = idOf(image.url);
    for (const [url, method] of [
      ['/uploads/ZZZZZZZZZZZZZZZZZZZZZZ-960.webp', 'GET'],
      ['/uploads/ZZZZZZZZZZZZZZZZZZZZZZ-960.webp', 'HEAD'],
      [`/uploads/${id}-960.png`, 'GET'],
      [`/uploads/${id}.webp`, 'GET'],
      [`/uploads/${PREFIX}${id}-960.webp`, 'GET'],
      ['/uploads/%2e%2e%2fs3%2fx-960.webp', 'GET'],
      ['/uploads/', 'GET'],
      [`/uploads/${id}-960.webp`, 'POST'],
    ] as const) {
      const res = await fetch(`${base}${url}`, { method });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      if (method === 'GET') expect(await res.text()).toBe('Not found');
    }
  });
});

test('GET /uploads/<key> from the local folder keeps express.static (same headers, ranges)', async () => {
  const root = path.join(directory, 'local');
  const local = localFolderStore(root);
  served = local;
  try {
    const image = await storeUploadedImage(jpeg, local);
    const res = await fetch(`${base}${image.variants[0]!.src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = Buffer.from(await res.arrayBuffer());
    const range = await fetch(`${base}${image.variants[0]!.src}`, { headers: { Range: 'bytes=0-3' } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe(body.subarray(0, 4).toString());
    const file = await local.get(`${idOf(image.url)}-480.webp`, { head: true });
    expect(file).toMatchObject({ body: null, size: body.length });
    expect(await local.get('ZZZZZZZZZZZZZZZZZZZZZZ-480.webp')).toBeNull();
    expect((await fetch(`${base}/uploads/ZZZZZZZZZZZZZZZZZZZZZZ-480.webp`)).status).toBe(404);
  } finally {
    served = store;
  }
});

test('fileStore() is the bucket when S3_BUCKET is set (fresh modules: env() is parsed once per process)', async () => {
  const variables = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: 'configured/',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  vi.resetModules();
  try {
    const fresh = await import('~/lib/storage.server');
    const configured = fresh.fileStore();
    expect(fresh.fileStore()).toBe(configured); // one client per process
    await configured.put('CCCCCCCCCCCCCCCCCCCCCC-480.webp', Buffer.from('x'), 'image/webp');
    const list = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'configured/' }));
    expect(list.Contents?.map((o) => o.Key)).toEqual(['configured/CCCCCCCCCCCCCCCCCCCCCC-480.webp']);
    await configured.delete('CCCCCCCCCCCCCCCCCCCCCC-480.webp');
  } finally {
    vi.unstubAllEnvs();
    vi.resetModules();
  }
});
