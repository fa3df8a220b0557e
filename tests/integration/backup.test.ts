/**
 * npm run db:backup / db:restore (docs/decisions/020-backups.md): a backup restored into an empty
 * database holds every row of every table and every upload, and the site starts on it; a
 * non-empty target, an unknown, damaged or newer file is refused and changes nothing; the
 * DATA_DIR lock and the running server's snapshot endpoint (PGlite). Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import express from 'express';
import pg from 'pg';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseHandle, db, openDatabase, type DatabaseHandle } from '~/db/client.server';
import { migrateDatabase } from '~/db/migrate.server';
import {
  auditLog,
  bookingAccessTokens,
  bookingQuotes,
  bookingTravellers,
  bookings,
  emailOutbox,
  idempotencyKeys,
  loginChallenges,
  notes,
  paymentRequests,
  payments,
  rateLimits,
  razorpayEvents,
  recoveryCodes,
  refunds,
  sessions,
  tripAssignments,
  users,
  whatsappLeads,
} from '~/db/schema';
import { seedDatabase } from '~/db/seed';
import { createBackup, pgliteSource, snapshotFromServer, type BackupSource } from '~/infrastructure/backup/create.server';
import { readManifest } from '~/infrastructure/backup/manifest.server';
import { restoreBackup, type RestoreTarget } from '~/infrastructure/backup/restore.server';
import { countUserTables } from '~/infrastructure/backup/postgres.server';
import {
  LOCK_FILE,
  acquireDataDirLock,
  backupRouter,
  readDatabaseInfo,
  readDataDirLock,
  releaseDataDirLock,
  removeServerLock,
  snapshotPglite,
  writeServerLock,
  type RowQuery,
} from '~/infrastructure/backup/backup.server';
import { issueReceipt } from '~/models/tax-documents.server';
import { createBike, createCar, createDriver, createPackage } from '../factories';
import { withDatabaseName } from '../setup/database-names';

const run = promisify(execFile);
const POSTGRES = Boolean(process.env.DATABASE_URL);
const ROOT = path.resolve(import.meta.dirname, '../..');

let handle: DatabaseHandle;
let work: string;
let uploadsDir: string;
let sourceUrl = '';
/** PostgreSQL databases made here, dropped after. */
const createdDatabases: string[] = [];
/** The backup every test reads. */
let backupFile: string;

const UPLOADS = {
  'AAAAAAAAAAAAAAAAAAAAAA-480.webp': Buffer.from('RIFF-first-upload-480'),
  'AAAAAAAAAAAAAAAAAAAAAA-960.webp': Buffer.alloc(300_000, 7),
  'BBBBBBBBBBBBBBBBBBBBBB-1600.webp': Buffer.from('RIFF-second-upload'),
};

function queryOf(h: DatabaseHandle): RowQuery {
  return async <T>(text: string) => ((await h.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/** A row of every kind in every table, with nulls, JSON, arrays, unicode and timestamps. */
async function fillEveryTable() {
  await seedDatabase(db());
  await createPackage({ title: 'Backup Trek — Goecha La ✓', inclusions: ['Permits', 'Meals'] });
  await createBike({ model: 'Backup Bike' });
  const car = await createCar({ model: 'Backup Car', registrationNumber: 'SK 01 P 0001' });
  const driver = await createDriver({ name: 'Backup Driver — ठुलो' });
  const [user] = await db()
    .insert(users)
    .values({
      username: 'backup.admin',
      name: 'Backup Admin',
      passwordHash: 'scrypt$x',
      totpSecret: 'JBSWY3DPEHPK3PXP',
      totpEnabledAt: new Date(),
      totpLastStep: 42,
    })
    .returning();
  const [booking] = await db().select({ id: bookings.id }).from(bookings).limit(1);
  await db().insert(tripAssignments).values({
    bookingId: booking!.id,
    driverId: driver.id,
    carId: car.id,
    startsOn: '2026-12-01',
    endsOn: '2026-12-03',
    pickupTime: '07:30',
    pickupPlace: 'Hotel Mayfair',
  });
  // A traveller's row is backed up; their identity documents are not (docs/decisions/050-permits-and-manifests.md#retention).
  await db().insert(bookingTravellers).values({
    bookingId: booking!.id,
    position: 1,
    fullName: 'Asha Rai',
    gender: 'female',
    dateOfBirth: '1990-04-12',
    idType: 'voter-id',
    idNumber: 'ABC1234567',
  });
  const expires = new Date(Date.now() + 3_600_000);
  await db()
    .insert(sessions)
    .values({ tokenHash: 'a'.repeat(64), userId: user!.id, expiresAt: expires, userAgent: 'vitest', ip: '127.0.0.1' });
  await db()
    .insert(loginChallenges)
    .values({ tokenHash: 'b'.repeat(64), userId: user!.id, expiresAt: expires });
  await db()
    .insert(recoveryCodes)
    .values([
      { userId: user!.id, codeHash: 'c'.repeat(64) },
      { userId: user!.id, codeHash: 'd'.repeat(64), usedAt: new Date() },
    ]);
  await db().insert(emailOutbox).values({ to: 'office@example.com', subject: 'New booking', text: 'Hello', html: '<p>Hello</p>' });
  await db().insert(rateLimits).values({ key: 'login-ip:203.0.113.9', points: 2, expire: expires });
  // Money (docs/decisions/046-payments.md): a quote, a request, a refund, and a ledger whose rows
  // point at each other (a refund's row names its refund, a reversal the payment it reverses).
  await db()
    .insert(bookingQuotes)
    .values({
      bookingId: booking!.id,
      revision: 1,
      lines: [{ description: 'Tour ✓', quantity: 2, unitPaise: 525_000 }],
      totalPaise: 1_050_000,
      advancePaise: 525_000,
      balanceDueOn: '2027-01-01',
    });
  const [request] = await db()
    .insert(paymentRequests)
    .values({ bookingId: booking!.id, kind: 'advance', amountPaise: 525_000, dueOn: '2026-12-01', razorpayLinkId: 'plink_backup' })
    .returning();
  const [paid] = await db()
    .insert(payments)
    .values({
      bookingId: booking!.id,
      entryType: 'payment',
      amountPaise: 525_000,
      method: 'razorpay',
      receivedOn: '2026-12-01',
      paymentRequestId: request!.id,
      razorpayPaymentId: 'pay_backup',
    })
    .returning();
  const [cash] = await db()
    .insert(payments)
    .values({ bookingId: booking!.id, entryType: 'payment', amountPaise: 1_000, method: 'cash', receivedOn: '2026-12-02' })
    .returning();
  await db()
    .insert(payments)
    .values({ bookingId: booking!.id, entryType: 'reversal', amountPaise: -1_000, method: 'cash', receivedOn: '2026-12-02', reversesId: cash!.id });
  const [refund] = await db()
    .insert(refunds)
    .values({
      bookingId: booking!.id,
      amountPaise: 100_000,
      computedPaise: 131_250,
      reason: 'Goodwill',
      method: 'razorpay',
      status: 'processed',
      razorpayPaymentId: 'pay_backup',
      razorpayRefundId: 'rfnd_backup',
    })
    .returning();
  await db().insert(payments).values({
    bookingId: booking!.id,
    entryType: 'refund',
    amountPaise: -100_000,
    method: 'razorpay',
    receivedOn: '2026-12-03',
    refundId: refund!.id,
    razorpayPaymentId: paid!.razorpayPaymentId,
  });
  // GST documents (docs/decisions/047-invoices-gst.md#numbered-documents): the payment's receipt and its series' counter.
  await db().transaction((tx) => issueReceipt(tx, paid!));
  await db()
    .insert(razorpayEvents)
    .values({ eventId: 'evt_backup', event: 'payment_link.paid', outcome: 'credited', bookingId: booking!.id, payload: { ok: true } });
  // A WhatsApp click and the booking staff linked to it (docs/decisions/049-whatsapp-leads.md).
  const [lead] = await db().insert(whatsappLeads).values({ code: 'WA-7K3MQ', pagePath: '/packages', utmSource: 'instagram' }).returning();
  await db().update(bookings).set({ whatsappLeadId: lead!.id }).where(eq(bookings.id, booking!.id));
  await db()
    .insert(bookingAccessTokens)
    .values({ bookingId: booking!.id, tokenHash: 'e'.repeat(64) });
  await db().insert(notes).values({ bookingId: booking!.id, authorId: user!.id, authorName: 'Backup Admin', body: 'Called back, all good.' });
  await db()
    .insert(auditLog)
    .values({
      actorId: user!.id,
      actorName: 'backup.admin',
      action: 'update',
      entityType: 'booking',
      entityId: booking!.id,
      summary: 'Confirmed',
      changes: { status: { from: 'pending', to: 'confirmed' } },
    });
  await db()
    .insert(idempotencyKeys)
    .values({ scope: 'booking', key: 'k-1', requestHash: 'e'.repeat(64), responseStatus: 201, responseBody: { id: booking!.id } });
}

/** Every row of every table (ordered by primary key, as JSON) and every sequence's position. */
async function contents(query: RowQuery) {
  const tables: Record<string, unknown[]> = {};
  const list = await query<{ schema: string; name: string; key: string[] | null }>(
    `select n.nspname as schema, c.relname as name,
            (select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
               from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
              where i.indrelid = c.oid and i.indisprimary) as key
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1, 2`,
  );
  for (const { schema, name, key } of list) {
    const order = key ? key.map((k) => `"${k}"`).join(', ') : 'to_jsonb(t)::text';
    const rows = await query<{ row: string }>(`select to_jsonb(t)::text as row from "${schema}"."${name}" t order by ${order}`);
    tables[`${schema}.${name}`] = rows.map((r) => JSON.parse(r.row));
  }
  const sequences = await query<{ name: string; last_value: string | null }>(
    "select schemaname || '.' || sequencename as name, last_value::text from pg_sequences order by 1",
  );
  return { tables, sequences };
}

async function folderFiles(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of (await readdir(dir).catch(() => [])).sort()) files[name] = (await readFile(path.join(dir, name))).toString('base64');
  return files;
}

/** A new empty PostgreSQL database (dropped after the file), as a URL. */
async function emptyPostgres(suffix: string): Promise<string> {
  const name = `${new URL(sourceUrl).pathname.slice(1)}_${suffix}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0`);
  } finally {
    await admin.end();
  }
  createdDatabases.push(name);
  return withDatabaseName(process.env.DATABASE_URL!, name);
}

/** Where a restore of this run goes: a new PGlite folder or a new empty PostgreSQL database. */
async function newTarget(suffix: string): Promise<{ target: RestoreTarget; dataDir: string; open: () => Promise<DatabaseHandle> }> {
  const dataDir = path.join(work, `restore-${suffix}`);
  if (POSTGRES) {
    const url = await emptyPostgres(suffix);
    return { target: { kind: 'postgres', url }, dataDir, open: () => openDatabase({ url }) };
  }
  return { target: { kind: 'pglite', dataDir }, dataDir, open: () => openDatabase({ dataDir }) };
}

function source(): BackupSource {
  return POSTGRES ? { kind: 'postgres', url: sourceUrl } : { kind: 'pglite', snapshot: () => snapshotPglite(handle.pglite!) };
}

beforeAll(async () => {
  handle = databaseHandle();
  work = await mkdtemp(path.join(tmpdir(), 'backup-test-'));
  uploadsDir = path.join(work, 'uploads');
  await mkdir(uploadsDir);
  for (const [name, bytes] of Object.entries(UPLOADS)) await writeFile(path.join(uploadsDir, name), bytes);
  // A half-written upload (app/lib/storage.server.ts names them so): never part of a backup.
  await writeFile(path.join(uploadsDir, '.tmp-XXXX-AAAAAAAAAAAAAAAAAAAAAA-480.webp'), 'partial');
  if (POSTGRES) {
    const [row] = await queryOf(handle)<{ name: string }>('select current_database() as name');
    sourceUrl = withDatabaseName(process.env.DATABASE_URL!, row!.name);
  }
  await fillEveryTable();
  const result = await createBackup({ source: source(), outDir: path.join(work, 'backups'), uploadsDir });
  backupFile = result.file;
});

afterAll(async () => {
  removeServerLock();
  await rm(work, { recursive: true, force: true });
  if (createdDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    for (const name of createdDatabases) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
});

describe('a backup', () => {
  test('is one timestamped, private file whose manifest counts every table and upload', async () => {
    expect(path.basename(backupFile)).toMatch(/^himalayan-\d{8}T\d{6}Z\.tar\.gz$/);
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    const manifest = await readManifest(backupFile);
    const info = await readDatabaseInfo(queryOf(handle));
    expect(manifest.database.kind).toBe(POSTGRES ? 'postgres' : 'pglite');
    expect(manifest.tables).toEqual(info.tables);
    // Every table that matters has rows, so the round trip below compares real data.
    const empty = Object.entries(manifest.tables).filter(([, n]) => n === 0);
    expect(empty).toEqual([]);
    expect(manifest.migration?.tag).toMatch(/^\d{4}_/);
    expect(manifest.uploads).toEqual({ files: 3, bytes: Object.values(UPLOADS).reduce((sum, b) => sum + b.length, 0) });
    // No temporary file is left next to it.
    expect(await readdir(path.dirname(backupFile))).toEqual([path.basename(backupFile)]);
  });

  test('restores into an empty database with every row, column and sequence, and every upload; the site starts on it', async () => {
    const { target, dataDir, open } = await newTarget('r1');
    const restoredUploads = path.join(dataDir, 'uploads');
    const result = await restoreBackup({ file: backupFile, target, uploadsDir: restoredUploads });
    expect(result.uploads).toBe(3);

    const restored = await open();
    try {
      expect(await contents(queryOf(restored))).toEqual(await contents(queryOf(handle)));
      // What the server does at start: nothing to migrate, nothing to seed, writes work.
      const before = await readDatabaseInfo(queryOf(restored));
      await migrateDatabase(restored);
      expect(await seedDatabase(restored.db)).toBe(false);
      expect((await readDatabaseInfo(queryOf(restored))).tables).toEqual(before.tables);
      await restored.db.insert(emailOutbox).values({ to: 'after@example.com', subject: 'After restore', text: 'ok' });
    } finally {
      await restored.close();
    }
    expect(await folderFiles(restoredUploads)).toEqual(Object.fromEntries(Object.entries(UPLOADS).map(([n, b]) => [n, b.toString('base64')])));
  }, 120_000);

  test('npm run db:backup and npm run db:restore do the same from the command line', async () => {
    // PGlite: back up a folder no server has open (the script opens it itself, under the lock).
    let fromEnv: NodeJS.ProcessEnv;
    let sourceData: string;
    if (POSTGRES) {
      fromEnv = { DATABASE_URL: sourceUrl };
      sourceData = work; // only its uploads folder is read
    } else {
      sourceData = path.join(work, 'cli-source');
      const restoredSource = await restoreBackup({
        file: backupFile,
        target: { kind: 'pglite', dataDir: sourceData },
        uploadsDir: path.join(sourceData, 'uploads'),
      });
      expect(restoredSource.uploads).toBe(3);
      fromEnv = {};
    }
    const baseEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent' };
    delete baseEnv.DATABASE_URL;
    // The test suite's cheaper password hashing is refused outside NODE_ENV=test (app/lib/env.server.ts).
    delete baseEnv.PASSWORD_SCRYPT_LOG_N_FOR_TESTS;
    const out = path.join(work, 'cli-backups');
    const backup = await run(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/db-backup.ts', '--out', out, '--keep', '2', '--data-dir', sourceData], {
      cwd: ROOT,
      env: { ...baseEnv, ...fromEnv },
    });
    expect(backup.stdout).toMatch(/^Backup written: .*himalayan-\d{8}T\d{6}Z\.tar\.gz$/m);
    expect(backup.stdout).toContain(POSTGRES ? 'PostgreSQL (pg_dump)' : 'no server running');
    const [file] = await readdir(out);
    expect(readDataDirLock(sourceData)).toBeNull();

    const { target, dataDir, open } = await newTarget('r2');
    const restore = await run(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/db-restore.ts', path.join(out, file!), '--data-dir', dataDir], {
      cwd: ROOT,
      env: { ...baseEnv, ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}) },
    });
    expect(restore.stdout).toContain('as counted in the backup');
    const restored = await open();
    try {
      expect(await contents(queryOf(restored))).toEqual(await contents(queryOf(handle)));
    } finally {
      await restored.close();
    }
    expect(Object.keys(await folderFiles(path.join(dataDir, 'uploads')))).toEqual(Object.keys(UPLOADS).sort());
  }, 180_000);

  test('--keep n deletes the older backups of the folder beyond the newest n, and nothing else', async () => {
    const out = path.join(work, 'keep');
    await mkdir(out);
    await writeFile(path.join(out, 'notes.txt'), 'mine');
    await writeFile(path.join(out, 'himalayan-20200101T000000Z.tar.gz'), 'old');
    await writeFile(path.join(out, 'himalayan-20200102T000000Z.tar.gz'), 'old');
    const result = await createBackup({ source: source(), outDir: out, uploadsDir, keep: 2, now: () => new Date('2030-01-01T00:00:00Z') });
    expect(path.basename(result.file)).toBe('himalayan-20300101T000000Z.tar.gz');
    expect(result.pruned.map((f) => path.basename(f))).toEqual(['himalayan-20200101T000000Z.tar.gz']);
    expect((await readdir(out)).sort()).toEqual(['himalayan-20200102T000000Z.tar.gz', 'himalayan-20300101T000000Z.tar.gz', 'notes.txt']);
    // Same second again: a new name, never an overwrite.
    const again = await createBackup({ source: source(), outDir: out, uploadsDir, now: () => new Date('2030-01-01T00:00:00Z') });
    expect(path.basename(again.file)).toBe('himalayan-20300101T000000Z-2.tar.gz');
  }, 60_000);
});

/** Entries of a backup file, to build damaged copies. */
async function entriesOf(file: string): Promise<{ name: string; body: Buffer }[]> {
  const extract = tar.extract();
  createReadStream(file)
    .pipe(createGunzip())
    .pipe(extract as unknown as NodeJS.WritableStream);
  const entries = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
  }
  return entries;
}

async function writeArchive(file: string, entries: { name: string; body: string | Buffer }[]) {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(file));
  for (const entry of entries) pack.entry({ name: entry.name }, entry.body);
  pack.finalize();
  await written;
}

describe('a restore is refused, changing nothing', () => {
  /** Restore `file` into a fresh target; expect `message`; the target stays empty. */
  async function expectRefused(file: string, message: RegExp | string, suffix: string) {
    const { target, dataDir } = await newTarget(suffix);
    await expect(restoreBackup({ file, target, uploadsDir: path.join(dataDir, 'uploads') })).rejects.toThrow(message);
    if (target.kind === 'pglite') expect(await readdir(dataDir).catch(() => [])).toEqual([]);
    else expect(await countUserTables(target.url)).toBe(0);
  }

  test('into a database that is not empty', async () => {
    const before = await readDatabaseInfo(queryOf(handle));
    if (POSTGRES) {
      await expect(
        restoreBackup({ file: backupFile, target: { kind: 'postgres', url: sourceUrl }, uploadsDir: path.join(work, 'none', 'uploads') }),
      ).rejects.toThrow(/^The database at postgres:\/\/.* is not empty \(\d+ tables\): restore only into a new, empty database/);
    } else {
      const dataDir = path.join(work, 'occupied');
      await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
      await writeFile(path.join(dataDir, 'pglite', 'PG_VERSION'), '17');
      await expect(restoreBackup({ file: backupFile, target: { kind: 'pglite', dataDir }, uploadsDir: path.join(dataDir, 'uploads') })).rejects.toThrow(
        `The database folder ${path.join(dataDir, 'pglite')} is not empty: restore only into an empty one`,
      );
      expect(await readdir(dataDir)).toEqual(['pglite']);
    }
    expect((await readDatabaseInfo(queryOf(handle))).tables).toEqual(before.tables);
  });

  test('with uploads already in the uploads folder', async () => {
    const { target, dataDir } = await newTarget('r3');
    await mkdir(path.join(dataDir, 'uploads'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', 'CCCCCCCCCCCCCCCCCCCCCC-480.webp'), 'x');
    await expect(restoreBackup({ file: backupFile, target, uploadsDir: path.join(dataDir, 'uploads') })).rejects.toThrow(/^The uploads folder .* is not empty/);
    expect(await readdir(dataDir)).toEqual(['uploads']);
  });

  test('when the file is not a backup, is damaged, incomplete or from a newer version', async () => {
    const entries = await entriesOf(backupFile);
    expect(entries.map((e) => e.name).slice(0, 2)).toEqual(['manifest.json', POSTGRES ? 'database/postgres.dump' : 'database/pglite.tar']);
    const manifest = JSON.parse(entries[0]!.body.toString('utf8'));
    const withManifest = (change: (m: typeof manifest) => void) => {
      const copy = structuredClone(manifest);
      change(copy);
      return [{ name: 'manifest.json', body: JSON.stringify(copy) }, ...entries.slice(1)];
    };
    const cases: [string, () => Promise<void>, RegExp][] = [
      [
        'junk.tar.gz',
        (f = path.join(work, 'junk.tar.gz')) => writeFile(f, 'not a backup at all'),
        /is not a backup made by npm run db:backup \(not a gzip'd tar/,
      ],
      ['gzip.tar.gz', (f = path.join(work, 'gzip.tar.gz')) => writeFile(f, gzipSync('hello, not a tar')), /is not a backup made by npm run db:backup/],
      [
        'other.tar.gz',
        (f = path.join(work, 'other.tar.gz')) => writeArchive(f, [{ name: 'README', body: 'hi' }]),
        /is not a backup made by npm run db:backup \(it does not start with manifest.json\)/,
      ],
      [
        'foreign.tar.gz',
        (f = path.join(work, 'foreign.tar.gz')) => writeArchive(f, [{ name: 'manifest.json', body: '{"format":"other"}' }]),
        /is not a backup made by npm run db:backup \(unknown manifest format\)/,
      ],
      [
        'newer-format.tar.gz',
        (f = path.join(work, 'newer-format.tar.gz')) =>
          writeArchive(
            f,
            withManifest((m) => (m.formatVersion = 99)),
          ),
        /was made by a newer version of the site \(backup format 99/,
      ],
      [
        'newer-schema.tar.gz',
        (f = path.join(work, 'newer-schema.tar.gz')) =>
          writeArchive(
            f,
            withManifest((m) => (m.migration = { tag: '9999_future', hash: 'f'.repeat(64), createdAt: 9_999_999_999_999 })),
          ),
        /was made by a newer version of the site \(its last migration, 9999_future, is not in this copy's drizzle\/ folder\)/,
      ],
      [
        'other-engine.tar.gz',
        (f = path.join(work, 'other-engine.tar.gz')) =>
          writeArchive(
            f,
            withManifest(
              (m) => ((m.database.kind = POSTGRES ? 'pglite' : 'postgres'), (m.database.file = POSTGRES ? 'database/pglite.tar' : 'database/postgres.dump')),
            ),
          ),
        POSTGRES
          ? /holds an embedded \(PGlite\) database: restore it with DATABASE_URL unset/
          : /holds a PostgreSQL dump: restore it with DATABASE_URL pointing at an empty PostgreSQL database/,
      ],
      [
        'checksum.tar.gz',
        (f = path.join(work, 'checksum.tar.gz')) =>
          writeArchive(f, [
            entries[0]!,
            { name: entries[1]!.name, body: Buffer.concat([entries[1]!.body.subarray(0, 1000), Buffer.from('X'), entries[1]!.body.subarray(1001)]) },
            ...entries.slice(2),
          ]),
        /is damaged: its database snapshot does not match the checksum in its manifest/,
      ],
      [
        'missing-upload.tar.gz',
        (f = path.join(work, 'missing-upload.tar.gz')) => writeArchive(f, entries.slice(0, -1)),
        /is damaged or incomplete: 2 uploads instead of 3/,
      ],
      [
        'escape.tar.gz',
        (f = path.join(work, 'escape.tar.gz')) => writeArchive(f, [...entries, { name: 'uploads/../../evil.webp', body: 'x' }]),
        /has an unexpected entry "uploads\/..\/..\/evil.webp"/,
      ],
      [
        'truncated.tar.gz',
        async (f = path.join(work, 'truncated.tar.gz')) => {
          const whole = await readFile(backupFile);
          await writeFile(f, whole.subarray(0, Math.floor(whole.length * 0.6)));
        },
        /is damaged or incomplete \(.*\): use another backup/,
      ],
    ];
    let n = 0;
    for (const [name, make, message] of cases) {
      await make();
      await expectRefused(path.join(work, name), message, `bad${n++}`);
    }
    await expect(
      restoreBackup({
        file: path.join(work, 'nope.tar.gz'),
        target: { kind: 'pglite', dataDir: path.join(work, 'nope') },
        uploadsDir: path.join(work, 'nope', 'uploads'),
      }),
    ).rejects.toThrow(/^Cannot read the backup .*nope\.tar\.gz: ENOENT/);
    // No staging folder is left behind by any refusal.
    expect((await readdir(work)).filter((n) => n.startsWith('.restore-'))).toEqual([]);
  }, 120_000);
});

describe('the DATA_DIR lock (PGlite)', () => {
  /** A pid that no longer runs. */
  const deadPid = () => spawnSync('true').pid;

  test('a second server refuses a folder another live server has open; a stale lock is taken over', async () => {
    const dataDir = await mkdtemp(path.join(work, 'lock-'));
    const lockFile = path.join(dataDir, LOCK_FILE);
    await writeFile(
      lockFile,
      JSON.stringify({
        pid: process.ppid,
        role: 'server',
        command: 'server',
        port: 3000,
        host: '0.0.0.0',
        token: 't'.repeat(43),
        startedAt: new Date().toISOString(),
      }),
    );
    await expect(writeServerLock({ dataDir, port: 3001, host: '127.0.0.1' })).rejects.toThrow(
      `${dataDir} is in use by a running server (pid ${process.ppid}, port 3000), see ${lockFile}: two processes must never open one PGlite folder`,
    );
    expect(() => acquireDataDirLock(dataDir, 'db:backup')).toThrow(`${dataDir} is in use by a running server (pid ${process.ppid}, port 3000)`);
    // db:backup goes through that server instead of opening the folder.
    const viaServer = pgliteSource(dataDir);
    expect(viaServer.kind === 'pglite' && viaServer.via).toBe(`the running server (pid ${process.ppid})`);

    // Left by a server that died (its pid is gone, or now belongs to another program): taken over.
    const other = spawn('sleep', ['30']);
    await writeFile(lockFile, JSON.stringify({ pid: other.pid, role: 'server', command: 'server', port: 3000, startedAt: new Date().toISOString() }));
    releaseDataDirLock(dataDir, acquireDataDirLock(dataDir, 'db:backup'));
    other.kill();
    await writeFile(lockFile, JSON.stringify({ pid: deadPid(), role: 'server', command: 'server', port: 3000, startedAt: new Date().toISOString() }));
    const lock = acquireDataDirLock(dataDir, 'db:backup');
    expect(readDataDirLock(dataDir)).toEqual(lock);
    expect((await stat(lockFile)).mode & 0o777).toBe(0o600);
    releaseDataDirLock(dataDir, lock);
    expect(readDataDirLock(dataDir)).toBeNull();
  });

  test('a server waits for a backup script that holds the folder, then takes it', async () => {
    const dataDir = await mkdtemp(path.join(work, 'lock-'));
    // A live "script" (our parent process) holds the folder for a moment.
    const startedAt = new Date().toISOString();
    await writeFile(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: process.ppid, role: 'script', command: 'db:backup', startedAt }));
    await expect(writeServerLock({ dataDir, port: 3001, host: '127.0.0.1', waitMs: 0 })).rejects.toThrow(
      `${dataDir} is in use by db:backup (pid ${process.ppid})`,
    );
    const waiting = writeServerLock({ dataDir, port: 3001, host: '127.0.0.1', waitMs: 30_000 });
    await rm(path.join(dataDir, LOCK_FILE));
    await waiting;
    expect(readDataDirLock(dataDir)).toMatchObject({ pid: process.pid, role: 'server', port: 3001 });
    removeServerLock();
    expect(readDataDirLock(dataDir)).toBeNull();
  });
});

describe.skipIf(POSTGRES)('the running server takes the snapshot (PGlite)', () => {
  test('POST /_internal/backup answers this machine with the token only; db:backup restores from it', async () => {
    const dataDir = await mkdtemp(path.join(work, 'server-'));
    const app = express();
    app.use(backupRouter());
    app.use((_req, res) => void res.status(404).send('Not found'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const url = `http://127.0.0.1:${port}/_internal/backup`;
      // Before the server holds the lock (no token): the path is like any unknown page.
      expect((await fetch(url, { method: 'POST' })).status).toBe(404);
      await writeServerLock({ dataDir, port, host: '127.0.0.1' });
      const lock = readDataDirLock(dataDir)!;
      expect(lock.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await fetch(url, { method: 'POST' })).status).toBe(403);
      expect((await fetch(url, { method: 'POST', headers: { authorization: 'Bearer wrong' } })).status).toBe(403);
      // Relayed by a proxy, even with the right token: not answered.
      expect((await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${lock.token}`, 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
      expect((await fetch(url, { headers: { authorization: `Bearer ${lock.token}` } })).status).toBe(404);

      const snapshot = await snapshotFromServer(lock);
      expect(snapshot.info.tables).toEqual((await readDatabaseInfo(queryOf(handle))).tables);
      const out = path.join(work, 'server-backups');
      const viaServer = await createBackup({ source: { kind: 'pglite', snapshot: () => Promise.resolve(snapshot) }, outDir: out, uploadsDir });
      const restoredDir = path.join(work, 'from-server');
      await restoreBackup({ file: viaServer.file, target: { kind: 'pglite', dataDir: restoredDir }, uploadsDir: path.join(restoredDir, 'uploads') });
      const restored = await openDatabase({ dataDir: restoredDir });
      try {
        expect(await contents(queryOf(restored))).toEqual(await contents(queryOf(handle)));
      } finally {
        await restored.close();
      }
    } finally {
      removeServerLock();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 120_000);
});
