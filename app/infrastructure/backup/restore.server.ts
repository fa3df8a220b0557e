/**
 * Restoring a backup file (docs/decisions/020-backups.md), for `npm run db:restore`
 * (scripts/db-restore.ts). The file's format and manifest are app/infrastructure/backup/manifest.server.ts.
 *
 * A restore reads and checks the whole archive (manifest, checksum, names, counts) before it
 * touches the target, goes only into an empty database and an empty uploads folder, and compares
 * the restored row counts with the manifest.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '~/db/client.server';
import { acquireDataDirLock, liveDataDirLock, readDatabaseInfo, releaseDataDirLock, type DatabaseInfo } from './backup.server';
import { countUserTables, redactUrl, restorePostgres } from './postgres.server';
import { isUploadName, knownMigrations, NOT_A_BACKUP, parseManifest, readArchive, readManifest, type BackupManifest } from './manifest.server';

/** Where a restore goes: an empty PGlite folder (DATA_DIR) or an empty PostgreSQL database. */
export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** What `restoreBackup` did. */
export type RestoreResult = { manifest: BackupManifest; info: DatabaseInfo; uploads: number; ms: number };

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
  if (holder)
    throw new Error(`${target.dataDir} is in use by ${holder.role === 'server' ? 'a running server' : holder.command} (pid ${holder.pid}): stop it first`);
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
