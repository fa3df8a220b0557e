/**
 * The backup file's format (docs/decisions/020-backups.md): its name, its manifest and reading its
 * entries. Writing a backup is app/infrastructure/backup/create.server.ts, restoring one
 * app/infrastructure/backup/restore.server.ts; both are used by `npm run db:backup` and
 * `npm run db:restore` (scripts/db-backup.ts, scripts/db-restore.ts).
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
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { z } from 'zod';
import { migrationsFolder } from '~/db/migrate.server';
import { assertKey } from '~/lib/storage.server';

export const BACKUP_FORMAT = 'himalayan-tours-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** Names `db:backup` gives its files, e.g. himalayan-20260101T043000Z.tar.gz (or ...Z-2.tar.gz). */
export const BACKUP_FILE_NAME = /^himalayan-\d{8}T\d{6}Z(-\d+)?\.tar\.gz$/;

export const DATABASE_ENTRY = { pglite: 'database/pglite.tar', postgres: 'database/postgres.dump' } as const;

/** The shape of `manifest.json`. */
export const manifestSchema = z.object({
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

/** The migrations of this copy of the site (drizzle/meta/_journal.json), oldest first. */
export function knownMigrations(folder = migrationsFolder): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when })).sort((a, b) => a.when - b.when);
}

/** A file name of the uploads folder that may go into (or come out of) a backup. */
export function isUploadName(name: string): boolean {
  try {
    assertKey(name);
    return true;
  } catch {
    return false;
  }
}

export const NOT_A_BACKUP = 'is not a backup made by npm run db:backup';

/**
 * Calls `onEntry` for each entry of the gzip'd tar `file`, in order; an entry's stream is drained
 * after the callback if it did not read it. A read, gzip or tar failure becomes an Error naming the
 * file as unreadable, not a backup, or damaged; an Error of `onEntry` is passed on as it is.
 */
export async function readArchive(file: string, onEntry: (header: tar.Header, stream: AsyncIterable<Buffer>) => Promise<void>): Promise<void> {
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
export function parseManifest(file: string, text: string): BackupManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(`${file} ${NOT_A_BACKUP} (its manifest.json is not JSON)`);
  }
  const head = z.object({ format: z.literal(BACKUP_FORMAT), formatVersion: z.number() }).safeParse(raw);
  if (!head.success) throw new Error(`${file} ${NOT_A_BACKUP} (unknown manifest format)`);
  if (head.data.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new Error(
      `${file} was made by a newer version of the site (backup format ${head.data.formatVersion}, this one reads ${BACKUP_FORMAT_VERSION}): update the site first`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file} has an invalid manifest: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
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
