/**
 * Where identity documents are kept: travellers' passport-size photos and ID scans, and issued
 * permits' scans (docs/decisions/050-permits-and-manifests.md, "Where the documents live").
 *
 * They are not public files. The store is a separate place from the uploads store
 * (app/lib/storage.server.ts): the folder `DATA_DIR/identity`, which no static route serves, or the
 * `identity/` prefix of the uploads bucket when `S3_BUCKET` is set. Its `publicUrl` is deliberately
 * unusable: a document is only ever streamed by a route that has checked who is asking (staff, or
 * the holder of the booking's link), with `Cache-Control: private, no-store`.
 */
import path from 'node:path';
import { env } from './env.server';
import { configuredBucketStore, localFolderStore, type FileStore } from './storage.server';

/** Not a URL any route answers: identity documents have no public address (see the module comment). */
const NO_PUBLIC_URL = '/identity-documents-are-not-public';

let rootOverride: string | undefined;

/** TEST ONLY: point the local identity store at another folder, or back to `DATA_DIR/identity` with `undefined`. */
export function setIdentityRoot(dir: string | undefined): void {
  rootOverride = dir === undefined ? undefined : path.resolve(dir);
}

/** Absolute path of the local identity folder: `DATA_DIR/identity` (or the test override). */
export function identityRoot(): string {
  return rootOverride ?? path.join(env().DATA_DIR, 'identity');
}

let bucketStore: FileStore | undefined;

/**
 * The store identity documents go to: under `<S3_PREFIX>identity/` in the bucket when `S3_BUCKET`
 * is set, else the local folder `identityRoot()`. Keys are plain file names, as in every FileStore.
 */
export function identityStore(): FileStore {
  if (!env().S3_BUCKET) {
    const store = localFolderStore(identityRoot(), NO_PUBLIC_URL);
    // `root` is what the uploads route would hand to express.static: never expose it here.
    return { ...store, root: undefined };
  }
  bucketStore ??= configuredBucketStore('identity/', NO_PUBLIC_URL);
  return bucketStore;
}
