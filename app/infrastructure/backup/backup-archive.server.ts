/**
 * Backup files: write one, restore one, prune old ones (docs/decisions/020-backups.md). Used by
 * `npm run db:backup` and `npm run db:restore` (scripts/db-backup.ts, scripts/db-restore.ts).
 *
 * A backup is ONE gzip'd tar named `himalayan-<UTC time, e.g. 20260101T043000Z>.tar.gz`, mode 0600
 * (it holds personal data and password hashes), holding in this order:
 * - `manifest.json`: format and version, when, which database engine and version, the last
 *   migration, the rows of every table, the number and bytes of uploads, the SHA-256 of the
 *   database entry (`BackupManifest`);
 * - `database/pglite.tar` (PGlite's data folder, consistent, see app/infrastructure/backup/backup.server.ts) or
 *   `database/postgres.dump` (pg_dump custom format, see app/infrastructure/backup/postgres.server.ts);
 * - `uploads/<name>`: every file of DATA_DIR/uploads, copied after the database snapshot. Uploads
 *   are written before any record names them and never changed or deleted
 *   (docs/decisions/010-maps-video-images.md), so every image the snapshot refers to is included.
 *   When uploads live in an S3 bucket (`S3_BUCKET`), none are included: the manifest names the
 *   bucket instead (`uploads.bucket`), whose own versioning keeps them (docs/deploy.md).
 *
 * A backup is written under a temporary name in the output folder and renamed when complete: a
 * file named `himalayan-*.tar.gz` is always whole. A restore reads and checks the whole archive
 * (manifest, checksum, names, counts) before it touches the target, goes only into an empty
 * database and an empty uploads folder, and compares the restored row counts with the manifest.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob, readFileSync } from 'node:fs';
import { link, mkdir, mkdtemp, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar-stream';
import { z } from 'zod';
import { pgliteExtensions } from '~/db/client.server';
import { migrationsFolder } from '~/db/migrate.server';
import {
  acquireDataDirLock,
  databaseInfoSchema,
  INFO_HEADER,
  BACKUP_ENDPOINT,
  liveDataDirLock,
  readDatabaseInfo,
  releaseDataDirLock,
  snapshotPglite,
  type DataDirLock,
  type DatabaseInfo,
} from './backup.server';
import { countUserTables, dumpPostgres, redactUrl, restorePostgres } from './postgres.server';
import { assertKey } from '~/lib/storage.server';

export const BACKUP_FORMAT = 'himalayan-tours-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** Names `db:backup` gives its files, e.g. himalayan-20260101T043000Z.tar.gz (or ...Z-2.tar.gz). */
export const BACKUP_FILE_NAME = /^himalayan-\d{8}T\d{6}Z(-\d+)?\.tar\.gz$/;

const DATABASE_ENTRY = { pglite: 'database/pglite.tar', postgres: 'database/postgres.dump' } as const;

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  /** When the database snapshot was taken (ISO 8601, UTC). */
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    file: z.enum([DATABASE_ENTRY.pglite, DATABASE_ENTRY.postgres]),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    serverVersion: z.string(),
  }),
  /** The last migration applied (its drizzle/ tag when this copy knows it), null before any. */
  migration: z.object({ tag: z.string().nullable(), hash: z.string(), createdAt: z.number().int() }).nullable(),
  /** Rows per table ('schema.table'), from the same snapshot as the database entry. */
  tables: z.record(z.string(), z.number().int().min(0)),
  /** `bucket` (e.g. 's3://name/prefix/'): the uploads are in that bucket, not in the archive. */
  uploads: z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0), bucket: z.string().optional() }),
});

/** The `manifest.json` of a backup. */
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Where the database of a backup comes from. */
export type BackupSource =
  /** `snapshot` gives the consistent data-folder tar (see `pgliteSource`); `via` is for messages. */
  | { kind: 'pglite'; snapshot: () => Promise<{ tar: Blob; info: DatabaseInfo }>; via?: string }
  | { kind: 'postgres'; url: string };

/** What `createBackup` wrote. */
export type BackupResult = { file: string; manifest: BackupManifest; bytes: number; ms: number; pruned: string[] };

/** Where a restore goes: an empty PGlite folder (DATA_DIR) or an empty PostgreSQL database. */
export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** What `restoreBackup` did. */
export type RestoreResult = { manifest: BackupManifest; info: DatabaseInfo; uploads: number; ms: number };

/** The migrations of this copy of the site (drizzle/meta/_journal.json), oldest first. */
export function knownMigrations(folder = migrationsFolder): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when })).sort((a, b) => a.when - b.when);
}

/** 2026-01-01T04:30:00.123Z → 20260101T043000Z */
function stamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll(/[-:]/g, '');
}

/** A file name of the uploads folder that may go into (or come out of) a backup. */
function isUploadName(name: string): boolean {
  try {
    assertKey(name);
    return true;
  } catch {
    return false;
  }
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

const NOT_A_BACKUP = 'is not a backup made by npm run db:backup';

/**
 * Calls `onEntry` for each entry of the gzip'd tar `file`, in order; an entry's stream is drained
 * after the callback if it did not read it. A read, gzip or tar failure becomes an Error naming the
 * file as unreadable, not a backup, or damaged; an Error of `onEntry` is passed on as it is.
 */
async function readArchive(file: string, onEntry: (header: tar.Header, stream: AsyncIterable<Buffer>) => Promise<void>): Promise<void> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  const extract = tar.extract();
  let failure: (Error & { code?: string }) | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    extract.destroy(error);
  };
  source.on('error', fail);
  gunzip.on('error', fail);
  extract.on('error', (error: Error) => {
    failure ??= error;
  });
  source.pipe(gunzip).pipe(extract as unknown as NodeJS.WritableStream);
  let entries = 0;
  try {
    for await (const entry of extract) {
      entries++;
      await onEntry(entry.header, entry as AsyncIterable<Buffer>);
      entry.resume();
    }
  } catch (error) {
    if (!failure) throw error;
    const reason = failure.message;
    if (failure.code === 'ENOENT' || failure.code === 'EISDIR' || failure.code === 'EACCES') {
      throw new Error(`Cannot read the backup ${file}: ${reason}`, { cause: error });
    }
    // Not gzip, or gzip of something that is not a tar; a gzip cut short is an incomplete file.
    if (failure.code === 'Z_DATA_ERROR' || (failure.code !== 'Z_BUF_ERROR' && entries === 0)) {
      throw new Error(`${file} ${NOT_A_BACKUP} (not a gzip'd tar archive: ${reason})`, { cause: error });
    }
    throw new Error(`${file} is damaged or incomplete (${reason}): use another backup`, { cause: error });
  } finally {
    source.destroy();
    gunzip.destroy();
    extract.destroy();
  }
}

/** Parse a manifest, with a clear reason when it is from another program or a newer version. */
function parseManifest(file: string, text: string): BackupManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(`${file} ${NOT_A_BACKUP} (its manifest.json is not JSON)`);
  }
  const head = z.object({ format: z.literal(BACKUP_FORMAT), formatVersion: z.number() }).safeParse(raw);
  if (!head.success) throw new Error(`${file} ${NOT_A_BACKUP} (unknown manifest format)`);
  if (head.data.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new Error(`${file} was made by a newer version of the site (backup format ${head.data.formatVersion}, this one reads ${BACKUP_FORMAT_VERSION}): update the site first`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file} has an invalid manifest: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** Throws unless this copy of the site can restore `manifest` into `target`. */
function checkRestorable(file: string, manifest: BackupManifest, target: RestoreTarget) {
  if (manifest.database.kind !== target.kind) {
    throw new Error(
      manifest.database.kind === 'pglite'
        ? `${file} holds an embedded (PGlite) database: restore it with DATABASE_URL unset, into an empty DATA_DIR`
        : `${file} holds a PostgreSQL dump: restore it with DATABASE_URL pointing at an empty PostgreSQL database`,
    );
  }
  const latest = knownMigrations().at(-1);
  if (manifest.migration && (!latest || manifest.migration.createdAt > latest.when)) {
    throw new Error(
      `${file} was made by a newer version of the site (its last migration, ${manifest.migration.tag ?? manifest.migration.hash.slice(0, 12)}, is not in this copy's drizzle/ folder): update the site first`,
    );
  }
}

/** Throws unless `dir` is missing or an empty folder. */
async function assertEmptyFolder(dir: string, what: string) {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) throw new Error(`${what} ${dir} is not empty: restore only into an empty one (move it aside first)`);
}

/** Throws unless the restore target holds no database. */
async function assertEmptyTarget(target: RestoreTarget) {
  if (target.kind === 'postgres') {
    const tables = await countUserTables(target.url);
    if (tables > 0) {
      throw new Error(
        `The database at ${redactUrl(target.url)} is not empty (${tables} tables): restore only into a new, empty database (e.g. createdb tours_restored), then point DATABASE_URL at it`,
      );
    }
    return;
  }
  const holder = liveDataDirLock(target.dataDir);
  if (holder) throw new Error(`${target.dataDir} is in use by ${holder.role === 'server' ? 'a running server' : holder.command} (pid ${holder.pid}): stop it first`);
  await assertEmptyFolder(path.join(target.dataDir, 'pglite'), 'The database folder');
}

/** A Transform that hashes and counts what passes through. */
function hashing() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ bytes, sha256: hash.digest('hex') }) };
}

/** Load a PGlite data-folder tar into the empty `dataDir/pglite`, under the lock; its info after. */
async function restorePglite(dataDir: string, databaseFile: string): Promise<DatabaseInfo> {
  const folder = path.join(dataDir, 'pglite');
  await mkdir(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir, 'db:restore');
  try {
    await assertEmptyFolder(folder, 'The database folder');
    try {
      const pglite = await PGlite.create(folder, { extensions: pgliteExtensions, loadDataDir: await openAsBlob(databaseFile) });
      try {
        await pglite.exec('analyze; checkpoint');
        return await readDatabaseInfo(async <T>(sql: string) => (await pglite.query<T>(sql)).rows);
      } finally {
        await pglite.close();
      }
    } catch (error) {
      await rm(folder, { recursive: true, force: true });
      throw error;
    }
  } finally {
    releaseDataDirLock(dataDir, lock);
  }
}

/** Which tables' row counts differ between two `tables` records, as readable text ('' when none). */
function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((n) => expected[n] !== actual[n])
    .map((n) => `${n}: ${expected[n] ?? 'absent'} in the backup, ${actual[n] ?? 'absent'} restored`)
    .join('; ');
}

/**
 * Restore the backup `file` into `target` (which must hold no database) and its uploads into
 * `uploadsDir` (which must be missing or empty). The whole archive is read and checked first;
 * nothing is written to the target when the file is unknown, damaged, from a newer version or for
 * the other database engine, or when the target is not empty (each an Error saying so). Returns the
 * manifest, the restored database's info (its counts equal the manifest's), uploads restored and ms.
 */
export async function restoreBackup(options: { file: string; target: RestoreTarget; uploadsDir: string }): Promise<RestoreResult> {
  const started = Date.now();
  const { file, target, uploadsDir } = options;
  // The manifest and the target are checked before reading anything big: refused at once.
  checkRestorable(file, await readManifest(file), target);
  await assertEmptyTarget(target);
  await assertEmptyFolder(uploadsDir, 'The uploads folder');

  // Staged next to the uploads folder, so moving them in is a rename on the same file system.
  await mkdir(path.dirname(uploadsDir), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(uploadsDir), `.restore-${randomBytes(3).toString('hex')}-`));
  try {
    let manifest: BackupManifest | undefined;
    let database: { file: string; bytes: number; sha256: string } | undefined;
    const uploadsStaging = path.join(staging, 'uploads');
    await mkdir(uploadsStaging);
    let uploads = 0;
    await readArchive(file, async (header, stream) => {
      if (!manifest) {
        if (header.name !== 'manifest.json' || header.type !== 'file' || header.size > 1024 * 1024) {
          throw new Error(`${file} ${NOT_A_BACKUP} (it does not start with manifest.json)`);
        }
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk);
        manifest = parseManifest(file, Buffer.concat(chunks).toString('utf8'));
        checkRestorable(file, manifest, target);
        return;
      }
      if (header.type === 'file' && header.name === manifest.database.file && !database) {
        const stagedFile = path.join(staging, path.basename(header.name));
        const digest = hashing();
        await pipeline(Readable.from(stream), digest.stream, createWriteStream(stagedFile, { mode: 0o600 }));
        database = { file: stagedFile, ...digest.result() };
        return;
      }
      const name = header.name.startsWith('uploads/') ? header.name.slice('uploads/'.length) : '';
      if (header.type === 'file' && isUploadName(name)) {
        await pipeline(Readable.from(stream), createWriteStream(path.join(uploadsStaging, name), { flags: 'wx', mode: 0o644 }));
        uploads++;
        return;
      }
      throw new Error(`${file} has an unexpected entry ${JSON.stringify(header.name)}: it ${NOT_A_BACKUP}, or was changed`);
    });
    if (!manifest) throw new Error(`${file} ${NOT_A_BACKUP} (it is empty)`);
    if (!database) throw new Error(`${file} is damaged or incomplete: it has no ${manifest.database.file}`);
    if (database.bytes !== manifest.database.bytes || database.sha256 !== manifest.database.sha256) {
      throw new Error(`${file} is damaged: its database snapshot does not match the checksum in its manifest`);
    }
    if (uploads !== manifest.uploads.files) {
      throw new Error(`${file} is damaged or incomplete: ${uploads} uploads instead of ${manifest.uploads.files}`);
    }

    const info = target.kind === 'pglite' ? await restorePglite(target.dataDir, database.file) : await restorePostgres(target.url, database.file);
    const differences = countDifferences(manifest.tables, info.tables);
    if (differences) {
      if (target.kind === 'pglite') await rm(path.join(target.dataDir, 'pglite'), { recursive: true, force: true });
      throw new Error(`The restored database does not match the backup's manifest (${differences})${target.kind === 'postgres' ? ': drop that database' : ''}`);
    }

    await rmdir(uploadsDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(uploadsStaging, uploadsDir);
    return { manifest, info, uploads, ms: Date.now() - started };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Read only the manifest of a backup file (for `db:restore` messages and tests). */
export async function readManifest(file: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  const stop = new Error('stop');
  await readArchive(file, async (header, stream) => {
    if (header.name !== 'manifest.json') throw new Error(`${file} ${NOT_A_BACKUP} (it does not start with manifest.json)`);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    manifest = parseManifest(file, Buffer.concat(chunks).toString('utf8'));
    throw stop;
  }).catch((error: unknown) => {
    if (error !== stop) throw error;
  });
  if (!manifest) throw new Error(`${file} ${NOT_A_BACKUP} (it is empty)`);
  return manifest;
}
