/**
 * npm run db:restore -- <file> [--data-dir <dir>]
 *
 * Restores a file of `npm run db:backup` into an EMPTY database: with DATABASE_URL set, that
 * PostgreSQL database (pg_restore); otherwise the PGlite folder DATA_DIR/pglite (or `--data-dir`),
 * which must be missing or empty, with no server running on it. The uploads go into
 * DATA_DIR/uploads, which must be missing or empty too. The whole file is checked first; an unknown,
 * damaged or newer file, or a non-empty target, is refused with a message and nothing is changed.
 * Afterwards the site starts on the restored data as usual. See docs/decisions/020-backups.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup, type RestoreTarget } from '~/infrastructure/backup/restore.server';
import { redactUrl } from '~/infrastructure/backup/postgres.server';
import { env } from '~/lib/env.server';
import { runScript } from './open-database';

await runScript(async () => {
  const { values, positionals } = parseArgs({ options: { 'data-dir': { type: 'string' } }, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new Error('Usage: npm run db:restore -- <backup file> [--data-dir <dir>]');
  const file = path.resolve(positionals[0]!);
  const config = env();
  const dataDir = path.resolve(values['data-dir'] ?? config.DATA_DIR);
  const target: RestoreTarget = config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir };
  const uploadsDir = path.join(dataDir, 'uploads');
  const result = await restoreBackup({ file, target, uploadsDir });
  const rows = Object.values(result.info.tables).reduce((sum, n) => sum + n, 0);
  const where = target.kind === 'pglite' ? `PGlite at ${path.join(dataDir, 'pglite')}` : `PostgreSQL at ${redactUrl(target.url)}`;
  console.log(`Restored ${file} (taken ${result.manifest.createdAt}) into ${where}:`);
  console.log(
    `  ${Object.keys(result.info.tables).length} tables, ${rows} rows, as counted in the backup; migration ${result.manifest.migration?.tag ?? 'none'}`,
  );
  console.log(`  ${result.uploads} uploads into ${uploadsDir}`);
  console.log(`  ${(result.ms / 1000).toFixed(1)} s. Start the site as usual (npm run serve).`);
});
