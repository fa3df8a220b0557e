/**
 * Where uploaded images are kept (docs/decisions/010-maps-video-images.md, "Uploads").
 *
 * One small interface, `FileStore`: `put` a file under a key, `get` it back for serving, `delete`
 * it, and the `publicUrl` a browser loads it from. Two implementations:
 * - `localFolderStore`: a folder (`DATA_DIR/uploads`), the default;
 * - `s3Store`: a bucket on S3-compatible object storage (AWS S3, MinIO, Cloudflare R2...), used when
 *   `S3_BUCKET` is set (docs/deploy.md, "Uploads on S3-compatible storage").
 * `fileStore()` returns the configured one. Either way the files are served by the site itself at
 * `/uploads/<key>` (app/lib/uploads-route.server.ts), so stored URLs and the CSP never change and
 * the bucket can stay private.
 *
 * Keys are file names only (letters, digits, `-`, `_`, one extension): no folders, no dots at the
 * start, so a key can never point outside the store. `randomKey()` gives 128 random bits.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { env } from './env.server';

/** A stored file opened for serving: `body` is null when only the metadata was asked for. */
export type StoredFile = { body: Readable | null; size?: number; contentType?: string; etag?: string; lastModified?: Date };

/** A place to keep public files. Every method throws on an invalid key or an I/O failure. */
export interface FileStore {
  /**
   * Store `bytes` under `key`. The local folder refuses to overwrite an existing key; keys are
   * random (`randomKey()`) and never reused, so no store ever needs to.
   */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * The file under `key` with a readable body (the caller must consume or destroy it), or with
   * `head` its metadata only (body null); null when there is no such file.
   */
  get(key: string, options?: { head?: boolean }): Promise<StoredFile | null>;
  /** Remove the file under `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The URL path (or absolute URL) a browser loads `key` from, e.g. `/uploads/<key>`. */
  publicUrl(key: string): string;
  /** The folder the files are in, for a store on the local disk (served with express.static). */
  readonly root?: string;
}

/** A safe key: a file name without folders, e.g. `Xq3…-960.webp`. */
const KEY = /^[A-Za-z0-9_-]{1,100}(\.[a-z0-9]{1,10})?$/;

/** Throws when `key` is not a plain file name (see the module comment). */
export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** 128 random bits, base64url (22 characters): the unguessable part of an upload's file names. */
export function randomKey(): string {
  return randomBytes(16).toString('base64url');
}

/** URL path under which uploads are served (server/app.ts mounts app/lib/uploads-route.server.ts there). */
export const UPLOADS_URL_PREFIX = '/uploads';

/**
 * A store in a local folder, created on first write. Files are written to a temporary name and
 * renamed, so a half-written file is never visible under its key.
 */
export function localFolderStore(root: string, urlPrefix = UPLOADS_URL_PREFIX): FileStore {
  return {
    root,
    async put(key, bytes) {
      assertKey(key);
      await mkdir(root, { recursive: true });
      const target = path.join(root, key);
      const temporary = path.join(root, `.tmp-${randomKey()}-${key}`);
      try {
        // 'wx': never follow or overwrite an existing file.
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key, options) {
      assertKey(key);
      let handle;
      try {
        handle = await open(path.join(root, key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        if (options?.head) await handle.close();
        return { body: options?.head ? null : handle.createReadStream(), size: info.size, lastModified: info.mtime };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      await rm(path.join(root, key), { force: true });
    },
    publicUrl(key) {
      assertKey(key);
      return `${urlPrefix}/${key}`;
    },
  };
}

/** Cache-Control stored with every object: names are random and never reused (see `FileStore.put`). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Settings of the S3 client (the `S3_*` variables of app/lib/env.server.ts). */
export type S3Settings = {
  region: string;
  /** For MinIO, R2, s3rver...: their URL; unset for AWS S3. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Both or neither; without them the SDK's default credential chain applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
};

/** The AWS SDK, loaded on first use only: it adds about 200 ms to every start without S3. */
const s3Sdk = () => import('@aws-sdk/client-s3');

/**
 * An S3 client for `settings`. With a custom endpoint (a store other than AWS S3), checksums are
 * only sent and checked where the API requires them: several S3-compatible stores refuse or
 * mishandle the SDK's newer default checksum headers; TLS protects the transfer anyway.
 */
export async function createS3Client(settings: S3Settings): Promise<S3Client> {
  const { region, endpoint, forcePathStyle, accessKeyId, secretAccessKey } = settings;
  const { S3Client } = await s3Sdk();
  return new S3Client({
    region,
    endpoint,
    forcePathStyle,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    ...(endpoint ? ({ requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const) : {}),
  });
}

/** True for the S3 SDK's "no such object" errors (NoSuchKey on GET, NotFound on HEAD, any 404). */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * A store in an S3-compatible bucket: `key` is the object `<prefix><key>` (`prefix` e.g.
 * 'uploads/'). Objects are written with their Content-Type and an immutable Cache-Control; the
 * bucket needs no public access, since the site serves the files itself (`publicUrl` is
 * `/uploads/<key>`, see the module comment). `client` may be a promise (see `createS3Client`).
 */
export function s3Store(options: { client: S3Client | Promise<S3Client>; bucket: string; prefix?: string; urlPrefix?: string }): FileStore {
  const { bucket, prefix = '', urlPrefix = UPLOADS_URL_PREFIX } = options;
  const objectKey = (key: string) => {
    assertKey(key);
    return `${prefix}${key}`;
  };
  const s3 = async () => ({ client: await options.client, sdk: await s3Sdk() });
  return {
    async put(key, bytes, contentType) {
      const Key = objectKey(key);
      const { client, sdk } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key, Body: bytes, ContentType: contentType, CacheControl: IMMUTABLE_CACHE_CONTROL }));
    },
    async get(key, options) {
      const Key = objectKey(key);
      const { client, sdk } = await s3();
      try {
        if (options?.head) {
          const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key }));
          return { body: null, size: head.ContentLength, contentType: head.ContentType, etag: head.ETag, lastModified: head.LastModified };
        }
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key }));
        // In Node the body is an http.IncomingMessage (a Readable).
        const body = object.Body as Readable;
        return { body, size: object.ContentLength, contentType: object.ContentType, etag: object.ETag, lastModified: object.LastModified };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      const { client, sdk } = await s3();
      try {
        // S3 answers 204 for a missing object too; some compatible stores answer 404.
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    publicUrl(key) {
      assertKey(key);
      return `${urlPrefix}/${key}`;
    },
  };
}

let rootOverride: string | undefined;

/**
 * TEST ONLY: point the local store at another folder (e.g. a temp dir), or back to
 * `DATA_DIR/uploads` with `undefined`. `env()` is parsed once per process, so integration tests
 * cannot change DATA_DIR after start; they call this instead.
 */
export function setUploadsRoot(dir: string | undefined): void {
  rootOverride = dir === undefined ? undefined : path.resolve(dir);
}

/** Absolute path of the local uploads folder: `DATA_DIR/uploads` (or the test override). */
export function uploadsRoot(): string {
  return rootOverride ?? path.join(env().DATA_DIR, 'uploads');
}

/** One client per process for the configured bucket, made on first use (with the SDK loaded then). */
let bucketClient: Promise<S3Client> | undefined;

/**
 * A store in the configured bucket (`S3_BUCKET`) under `<S3_PREFIX><subPrefix>`, sharing one S3
 * client per process; `urlPrefix` is what its `publicUrl` answers. Only call it when `S3_BUCKET` is set.
 */
export function configuredBucketStore(subPrefix: string, urlPrefix: string): FileStore {
  const config = env();
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is not set');
  if (!bucketClient) {
    bucketClient = createS3Client({
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
    // A failure (the SDK cannot be loaded) is thrown by each store call, not as an unhandled rejection.
    bucketClient.catch(() => undefined);
  }
  return s3Store({ client: bucketClient, bucket: config.S3_BUCKET, prefix: `${config.S3_PREFIX ?? ''}${subPrefix}`, urlPrefix });
}

let bucketStore: FileStore | undefined;

/**
 * The store uploads go to: the S3 bucket when `S3_BUCKET` is set, else the local folder
 * `uploadsRoot()`.
 */
export function fileStore(): FileStore {
  if (!env().S3_BUCKET) return localFolderStore(uploadsRoot());
  bucketStore ??= configuredBucketStore('', UPLOADS_URL_PREFIX);
  return bucketStore;
}
