/**
 * Writing a backup file and pruning old ones (docs/decisions/020-backups.md), for
 * `npm run db:backup` (scripts/db-backup.ts). The file's format and manifest are
 * app/infrastructure/backup/manifest.server.ts; restoring is app/infrastructure/backup/restore.server.ts.
 *
 * A backup is written under a temporary name in the output folder and renamed when complete: a
 * file named `himalayan-*.tar.gz` is always whole. Uploads are copied after the database snapshot:
 * they are written before any record names them and never changed or deleted
 * (docs/decisions/010-maps-video-images.md), so every image the snapshot refers to is included.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, mkdtemp, readdir, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar-stream';
import { pgliteExtensions } from '~/db/client.server';
import {
  acquireDataDirLock,
  BACKUP_ENDPOINT,
  databaseInfoSchema,
  INFO_HEADER,
  liveDataDirLock,
  releaseDataDirLock,
  snapshotPglite,
  type DataDirLock,
  type DatabaseInfo,
} from './backup.server';
import { dumpPostgres } from './postgres.server';
import { BACKUP_FILE_NAME, BACKUP_FORMAT, BACKUP_FORMAT_VERSION, DATABASE_ENTRY, isUploadName, knownMigrations, type BackupManifest } from './manifest.server';

/** Where the database of a backup comes from. */
export type BackupSource =
  /** `snapshot` gives the consistent data-folder tar (see `pgliteSource`); `via` is for messages. */
  { kind: 'pglite'; snapshot: () => Promise<{ tar: Blob; info: DatabaseInfo }>; via?: string } | { kind: 'postgres'; url: string };

/** What `createBackup` wrote. */
export type BackupResult = { file: string; manifest: BackupManifest; bytes: number; ms: number; pruned: string[] };

/** 2026-01-01T04:30:00.123Z → 20260101T043000Z */
function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(/[-:]/g, '');
}

/** Size and SHA-256 (hex) of a file, streamed. */
async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** The files of the uploads folder (none when it does not exist), sorted, with sizes. */
async function listUploads(uploadsDir: string): Promise<{ name: string; size: number; mtime: Date }[]> {
  let entries;
  try {
    entries = await readdir(uploadsDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = [];
  for (const entry of entries) {
    // Half-written uploads are dot-files (app/lib/storage.server.ts); they are never served.
    if (!entry.isFile() || !isUploadName(entry.name)) continue;
    const info = await stat(path.join(uploadsDir, entry.name));
    files.push({ name: entry.name, size: info.size, mtime: info.mtime });
  }
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

/** Move `from` to `<dir>/<base>.tar.gz` without overwriting: `-2`, `-3`... on a name clash. */
async function publish(from: string, dir: string, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const target = path.join(dir, `${base}${n === 1 ? '' : `-${n}`}.tar.gz`);
    try {
      await link(from, target);
      await unlink(from);
      return target;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * Write a backup of `source` and of `uploadsDir` into `outDir` (created 0700 when missing) and
 * return its path, manifest, size (bytes) and duration (ms). With `uploadsBucket` (uploads on S3,
 * e.g. 's3://name/prefix/'), `uploadsDir` is not read and the manifest names the bucket instead.
 * With `keep`, older `himalayan-*` files beyond the newest `keep` are deleted afterwards. Throws on
 * any failure, leaving no partial file behind.
 */
export async function createBackup(options: {
  source: BackupSource;
  outDir: string;
  uploadsDir: string;
  uploadsBucket?: string;
  keep?: number;
  now?: () => Date;
}): Promise<BackupResult> {
  const started = Date.now();
  const { source, outDir, uploadsDir, keep } = options;
  if (keep !== undefined && (!Number.isInteger(keep) || keep < 1)) throw new Error('--keep must be a whole number of at least 1');
  await mkdir(outDir, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(path.join(outDir, '.partial-'));
  try {
    const databaseFile = path.join(staging, path.basename(DATABASE_ENTRY[source.kind]));
    let info: DatabaseInfo;
    const createdAt = (options.now ?? (() => new Date()))();
    if (source.kind === 'pglite') {
      const snapshot = await source.snapshot();
      info = snapshot.info;
      await pipeline(Readable.fromWeb(snapshot.tar.stream() as WebReadableStream), createWriteStream(databaseFile, { mode: 0o600 }));
    } else {
      info = await dumpPostgres(source.url, databaseFile);
    }
    const database = await hashFile(databaseFile);
    // After the snapshot: every upload it refers to already exists (see the module comment).
    const uploads = options.uploadsBucket ? [] : await listUploads(uploadsDir);
    const tags = new Map(knownMigrations().map((m) => [m.when, m.tag]));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      database: { kind: source.kind, file: DATABASE_ENTRY[source.kind], ...database, serverVersion: info.serverVersion },
      migration: info.migration && { tag: tags.get(info.migration.createdAt) ?? null, ...info.migration },
      tables: info.tables,
      uploads: {
        files: uploads.length,
        bytes: uploads.reduce((sum, u) => sum + u.size, 0),
        ...(options.uploadsBucket ? { bucket: options.uploadsBucket } : {}),
      },
    };

    const archive = path.join(staging, 'backup.tar.gz');
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(archive, { mode: 0o600 }));
    const addFile = async (name: string, file: string, size: number, mode: number, mtime: Date) => {
      await pipeline(createReadStream(file), pack.entry({ name, size, mode, mtime }));
    };
    try {
      pack.entry({ name: 'manifest.json', mode: 0o600, mtime: createdAt }, `${JSON.stringify(manifest, null, 2)}\n`);
      await addFile(manifest.database.file, databaseFile, database.bytes, 0o600, createdAt);
      for (const upload of uploads) await addFile(`uploads/${upload.name}`, path.join(uploadsDir, upload.name), upload.size, 0o644, upload.mtime);
      pack.finalize();
    } catch (error) {
      pack.destroy(error as Error);
      await written.catch(() => undefined);
      throw error;
    }
    await written;
    const file = await publish(archive, outDir, `himalayan-${stamp(createdAt)}`);
    const pruned = keep === undefined ? [] : await pruneBackups(outDir, keep);
    return { file, manifest, bytes: (await stat(file)).size, ms: Date.now() - started, pruned };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Delete the `himalayan-*.tar.gz` files of `outDir` beyond the newest `keep` (by the time in
 * their names); returns the deleted paths. Other files are never touched.
 */
export async function pruneBackups(outDir: string, keep: number): Promise<string[]> {
  const names = (await readdir(outDir)).filter((n) => BACKUP_FILE_NAME.test(n));
  // Newest first: by timestamp, then by clash suffix (-2 was written after the unsuffixed one).
  const order = (n: string) => {
    const [, time, suffix] = /^himalayan-(\d{8}T\d{6})Z(?:-(\d+))?/.exec(n)!;
    return `${time}-${(suffix ?? '1').padStart(6, '0')}`;
  };
  names.sort((a, b) => order(b).localeCompare(order(a)));
  const removed = [];
  for (const name of names.slice(keep)) {
    await rm(path.join(outDir, name), { force: true });
    removed.push(path.join(outDir, name));
  }
  return removed;
}

/**
 * The PGlite source for a backup of `dataDir`: the running server's snapshot when a live server
 * holds DATA_DIR/server.lock, else the folder opened by this process under the lock. Throws when
 * there is no database in the folder, or when another script holds it.
 */
export function pgliteSource(dataDir: string): BackupSource {
  const holder = liveDataDirLock(dataDir);
  if (holder?.role === 'server') {
    return { kind: 'pglite', via: `the running server (pid ${holder.pid})`, snapshot: () => snapshotFromServer(holder) };
  }
  if (holder) throw new Error(`${dataDir} is in use by ${holder.command} (pid ${holder.pid}); try again when it has finished`);
  return { kind: 'pglite', via: `the folder ${path.join(dataDir, 'pglite')} (no server running)`, snapshot: () => snapshotFromFolder(dataDir) };
}

/** Open the PGlite folder of `dataDir` under the lock, snapshot it, close it. */
export async function snapshotFromFolder(dataDir: string): Promise<{ tar: Blob; info: DatabaseInfo }> {
  const folder = path.join(dataDir, 'pglite');
  if (!(await stat(path.join(folder, 'PG_VERSION')).catch(() => null))) {
    throw new Error(`There is no database in ${folder}: nothing to back up (is DATA_DIR right?)`);
  }
  const lock = acquireDataDirLock(dataDir, 'db:backup');
  try {
    const pglite = await PGlite.create(folder, { extensions: pgliteExtensions });
    try {
      return await snapshotPglite(pglite);
    } finally {
      await pglite.close();
    }
  } finally {
    releaseDataDirLock(dataDir, lock);
  }
}

/** Host to reach a server listening on `host` from this machine. */
function connectHost(host: string | undefined): string {
  if (!host || host === '0.0.0.0' || host === '::' || host === 'localhost') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Ask the server of `lock` for its snapshot (POST /_internal/backup with the lock's token). */
export async function snapshotFromServer(lock: DataDirLock): Promise<{ tar: Blob; info: DatabaseInfo }> {
  const url = `http://${connectHost(lock.host)}:${lock.port}${BACKUP_ENDPOINT}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${lock.token}`, 'accept-encoding': 'identity' },
  }).catch((error: unknown) => {
    throw new Error(
      `The server (pid ${lock.pid}) that has DATA_DIR open does not answer at ${url} (${String((error as Error).cause ?? error)}). If no server runs on this folder, delete its server.lock and try again.`,
      { cause: error },
    );
  });
  if (response.status !== 200 || !response.headers.get(INFO_HEADER)) {
    const detail = await response.text().catch(() => '');
    throw new Error(`The server (pid ${lock.pid}) refused the backup request at ${url}: HTTP ${response.status} ${detail.slice(0, 200)}`.trim());
  }
  const info = databaseInfoSchema.parse(JSON.parse(Buffer.from(response.headers.get(INFO_HEADER)!, 'base64url').toString('utf8')));
  return { tar: await response.blob(), info };
}
