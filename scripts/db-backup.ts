/**
 * npm run db:backup -- [--out <dir>] [--keep <n>] [--data-dir <dir>]
 *
 * Writes one consistent, timestamped backup file of the configured database (PGlite in DATA_DIR,
 * or PostgreSQL at DATABASE_URL with pg_dump) and of DATA_DIR/uploads into `--out` (default
 * DATA_DIR/backups), e.g. himalayan-20260101T043000Z.tar.gz. With uploads on S3 (S3_BUCKET), the
 * bucket's objects are not included: the manifest and the output say so (docs/deploy.md). With a PGlite server running on the
 * folder, the server takes the snapshot; otherwise this script opens the folder itself.
 * `--keep n` then deletes the older backups of that folder beyond the newest n.
 * See docs/decisions/020-backups.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup, pgliteSource, type BackupSource } from '~/infrastructure/backup/create.server';
import { env } from '~/lib/env.server';
import { runScript } from './open-database';

/** 1234567 → '1.2 MB' */
function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

await runScript(async () => {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, keep: { type: 'string' }, 'data-dir': { type: 'string' } },
    strict: true,
  });
  const config = env();
  const dataDir = path.resolve(values['data-dir'] ?? config.DATA_DIR);
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  const source: BackupSource = config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : pgliteSource(dataDir);
  const result = await createBackup({
    source,
    outDir: path.resolve(values.out ?? path.join(dataDir, 'backups')),
    uploadsDir: path.join(dataDir, 'uploads'),
    uploadsBucket: config.S3_BUCKET ? `s3://${config.S3_BUCKET}/${config.S3_PREFIX ?? ''}` : undefined,
    keep,
  });
  const { manifest } = result;
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(`Backup written: ${result.file}`);
  console.log(
    `  database: ${manifest.database.kind === 'pglite' ? `PGlite, from ${source.kind === 'pglite' ? source.via : 'the folder'}` : 'PostgreSQL (pg_dump)'}; ` +
      `${Object.keys(manifest.tables).length} tables, ${rows} rows; migration ${manifest.migration?.tag ?? 'none'}`,
  );
  if (manifest.uploads.bucket) {
    console.log(`  uploads: in the bucket ${manifest.uploads.bucket}, NOT in this backup (keep them with the bucket's versioning)`);
  } else {
    console.log(`  uploads: ${manifest.uploads.files} files, ${size(manifest.uploads.bytes)}`);
  }
  console.log(`  size ${size(result.bytes)} (${result.bytes} bytes), ${(result.ms / 1000).toFixed(1)} s`);
  if (result.pruned.length > 0)
    console.log(`Removed ${result.pruned.length} older backups (--keep ${keep}): ${result.pruned.map((f) => path.basename(f)).join(', ')}`);
});
