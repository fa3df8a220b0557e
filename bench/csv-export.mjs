#!/usr/bin/env node
// The bookings CSV export at scale (docs/decisions/019-csv-exports.md): a fresh in-memory PGlite
// database, migrated, filled with 50,000 bookings (long messages, quotes, commas, line breaks and
// formula-looking names among them), then GET /api/bookings/export is called through its real route
// loader (staff Bearer session, the same code the server runs) and the streamed body is read to the
// end. Prints the rows and bytes, the time to the first byte and to the end, and the process's memory:
// RSS and V8 heap before the export and at their peak during it (sampled every 10 ms), so a flat heap
// shows the export holds a batch, not the table. PGlite runs in this process, as in production.
//
//   node --expose-gc bench/csv-export.mjs     # 50,000 bookings (--expose-gc: heap measured after a GC too)
//   ROWS=200000 node bench/csv-export.mjs     # more
//   BENCH_OUT=/tmp/csv.json node bench/csv-export.mjs
//
// Exits 1 when the export is not complete (row count, BOM, header) or answers other than 200.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.ROWS || 50_000);
const OUT = process.env.BENCH_OUT;
process.env.NODE_ENV ??= 'production';
process.env.LOG_LEVEL ??= 'silent';

// The app's TypeScript modules, with the `~/` paths of tsconfig.json.
register({ tsconfig: path.join(ROOT, 'tsconfig.json') });
const app = (p) => import(path.join(ROOT, 'app', p));
const { PGlite } = await import('@electric-sql/pglite');
const { openDatabase, pgliteExtensions, setDatabase } = await app('db/client.server.ts');
const { migrateDatabase } = await app('db/migrate.server.ts');
const { upsertUser } = await app('models/user.server.ts');
const { createSession } = await app('models/session.server.ts');
const { loader } = await app('routes/api/bookings.export.ts');

const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const pglite = await PGlite.create({ extensions: pgliteExtensions });
const handle = await openDatabase({ pglite });
setDatabase(handle);
try {
  await migrateDatabase(handle);
  const fill = Date.now();
  // One INSERT ... SELECT: realistic variety (three types, statuses, dates over two years, some
  // messages with quotes, commas and line breaks, some names a spreadsheet would run as formulas).
  await pglite.exec(`
    INSERT INTO bookings (type, item_name, name, email, phone, start_date, end_date, adults, children, need_helmet, need_driver,
      message, status, confirmed_at, follow_up_on, created_at)
    SELECT
      (ARRAY['package','bike','car'])[1 + n % 3],
      (ARRAY['Sikkim Explorer','Royal Enfield Himalayan 450','Toyota Innova Crysta','North Sikkim & Gangtok','Hero XPulse 200 4V'])[1 + n % 5],
      CASE WHEN n % 97 = 0 THEN '=HYPERLINK("http://x.example","' || n || '")' ELSE
        (ARRAY['Asha','Karma','Pema','Rohit','Ananya','Tenzing','Deepa','Nima'])[1 + n % 8] || ' ' ||
        (ARRAY['Rai','Bhutia','Lepcha','Sharma','Gurung','Tamang','Chettri','Mukherjee'])[1 + (n / 8) % 8] END,
      'guest' || n || '@example.com',
      '+91 9' || lpad((n % 1000000000)::text, 9, '0'),
      date '2025-01-01' + (n % 730),
      CASE WHEN n % 3 = 0 THEN NULL ELSE date '2025-01-01' + (n % 730) + 2 END,
      CASE WHEN n % 3 = 0 THEN 2 ELSE NULL END,
      CASE WHEN n % 3 = 0 THEN n % 3 ELSE NULL END,
      CASE WHEN n % 3 = 1 THEN true ELSE NULL END,
      CASE WHEN n % 3 = 2 THEN false ELSE NULL END,
      CASE WHEN n % 4 = 0 THEN 'Arriving at Bagdogra, "flight 6E-123", around 11 am.' || chr(10) || 'Need a pick-up, please; two bags each.'
           WHEN n % 4 = 1 THEN repeat('We would like a quiet room with a view of Kanchenjunga. ', 6)
           ELSE '' END,
      'pending',
      NULL,
      CASE WHEN n % 10 = 0 THEN date '2026-11-01' + (n % 60) ELSE NULL END,
      timestamptz '2024-01-01 00:00:00+05:30' + (n || ' minutes')::interval
    FROM generate_series(1, ${ROWS}) AS n`);
  const fillMs = Date.now() - fill;

  const user = await upsertUser({ username: 'bench-staff', name: 'Bench Staff', password: 'bench-staff-password' });
  const { token } = await createSession(user.id, { kind: 'bearer' });

  globalThis.gc?.();
  const before = process.memoryUsage();
  const peak = { rss: before.rss, heapUsed: before.heapUsed, external: before.external + before.arrayBuffers };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.external = Math.max(peak.external, m.external + m.arrayBuffers);
  }, 10);

  const started = performance.now();
  const request = new Request('http://localhost/api/bookings/export', { headers: { Authorization: `Bearer ${token}` } });
  const response = await loader({ request, params: {}, context: {} });
  let firstByteMs = null;
  let bytes = 0;
  let lines = 0;
  let head = new Uint8Array(0);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByteMs ??= performance.now() - started;
    if (head.length < 64) head = new Uint8Array([...head, ...value.slice(0, 64)]);
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines++;
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  // What the export left behind once garbage is collected (needs --expose-gc; else the live heap).
  globalThis.gc?.();
  const after = process.memoryUsage();

  // Records = line feeds minus the header minus line breaks inside quoted messages (one per 4th row).
  const expectedLines = 1 + ROWS + Math.floor(ROWS / 4);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(head);
  const result = {
    rows: ROWS,
    status: response.status,
    bytes,
    megabytes: mb(bytes),
    fillMs,
    firstByteMs: Math.round(firstByteMs ?? 0),
    totalMs: Math.round(totalMs),
    rowsPerSecond: Math.round(ROWS / (totalMs / 1000)),
    memoryMB: {
      rssBefore: mb(before.rss),
      rssPeak: mb(peak.rss),
      rssGrowth: mb(peak.rss - before.rss),
      heapUsedBefore: mb(before.heapUsed),
      heapUsedPeak: mb(peak.heapUsed),
      heapGrowth: mb(peak.heapUsed - before.heapUsed),
      heapAfterGc: mb(after.heapUsed),
      externalPeak: mb(peak.external),
    },
  };
  console.log(`CSV export of ${ROWS.toLocaleString('en-IN')} bookings (filled in ${fillMs} ms)`);
  console.log(
    `  ${result.megabytes} MB in ${result.totalMs} ms (first byte after ${result.firstByteMs} ms), ${result.rowsPerSecond.toLocaleString('en-IN')} rows/s`,
  );
  console.log(`  RSS  ${result.memoryMB.rssBefore} MB before, ${result.memoryMB.rssPeak} MB peak (+${result.memoryMB.rssGrowth} MB)`);
  console.log(
    `  heap ${result.memoryMB.heapUsedBefore} MB before, ${result.memoryMB.heapUsedPeak} MB peak (+${result.memoryMB.heapGrowth} MB), ${result.memoryMB.heapAfterGc} MB after${globalThis.gc ? ' a GC' : ''}; the file is ${result.megabytes} MB`,
  );
  if (OUT) writeFileSync(OUT, JSON.stringify(result, null, 2));

  const problems = [];
  if (response.status !== 200) problems.push(`status ${response.status}`);
  if (!text.startsWith('\uFEFFReference,')) problems.push('no BOM and header');
  if (lines !== expectedLines) problems.push(`${lines} lines, expected ${expectedLines}`);
  if (problems.length > 0) {
    console.error(`FAILED: ${problems.join('; ')}`);
    process.exitCode = 1;
  }
} finally {
  await handle.close();
}
