/**
 * Where uploaded images are kept (docs/decisions/010-maps-video-images.md, "Uploads").
 *
 * One small interface, `FileStore`: `put` a file under a key, `delete` it, and the `publicUrl` a
 * browser loads it from. Today there is one implementation, a local folder (`DATA_DIR/uploads`,
 * served at `/uploads/<key>` by server/app.ts); an S3-compatible store would be one more object with
 * the same three methods, returned by `fileStore()`.
 *
 * Keys are file names only (letters, digits, `-`, `_`, one extension): no folders, no dots at the
 * start, so a key can never point outside the store. `randomKey()` gives 128 random bits.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { env } from './env.server';

/** A place to keep public files. Every method throws on an invalid key or an I/O failure. */
export interface FileStore {
  /** Store `bytes` under `key` (refuses to overwrite an existing key). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Remove the file under `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The URL path (or absolute URL) a browser loads `key` from, e.g. `/uploads/<key>`. */
  publicUrl(key: string): string;
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

/** URL path under which the local store's files are served (server/app.ts mounts it). */
export const UPLOADS_URL_PREFIX = '/uploads';

/**
 * A store in a local folder, created on first write. Files are written to a temporary name and
 * renamed, so a half-written file is never visible under its key.
 */
export function localFolderStore(root: string, urlPrefix = UPLOADS_URL_PREFIX): FileStore {
  return {
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

/** The store uploads go to: today the local folder `uploadsRoot()`. */
export function fileStore(): FileStore {
  return localFolderStore(uploadsRoot());
}
