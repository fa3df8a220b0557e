#!/usr/bin/env node
// Lighthouse budgets of the catalogue pages (docs/decisions/002-page-weight.md): performance >= 95,
// accessibility 100 and SEO 100 (plus the shared script's best-practices, CLS and JavaScript
// budgets), Lighthouse 12.8.2 mobile preset, median of 3 runs, on /packages, one /packages/{id},
// /bikes, one /bikes/{id}, /cars and one /cars/{id}. The measuring is bench/lighthouse.mjs; this
// script serves the production build on a fresh seeded database, finds one id of each kind, and
// hands it the paths.
//
//   npm run bench:catalog-lighthouse                                   # builds, serves, measures
//   BENCH_URL=http://127.0.0.1:3000 node bench/catalog-lighthouse.mjs # an already running server
//
// Environment: BUILD_DIR (default build), BENCH_PORT (default 3460), RUNS (default 3),
// CHROME_PATH (default /usr/bin/chromium), BENCH_OUT (a file to save the medians as JSON).
// Exits 1 when a median misses a budget.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstId, requireBuild, ROOT, startServer } from './catalog-server.mjs';

const PORT = Number(process.env.BENCH_PORT || 3460);
const RUNS = process.env.RUNS || '3';
const OUT = process.env.BENCH_OUT;

let base = process.env.BENCH_URL?.replace(/\/+$/, '');
let server;
let dataDir;
let code;
try {
  if (!base) {
    requireBuild();
    dataDir = mkdtempSync(path.join(tmpdir(), 'catalog-lighthouse-'));
    server = await startServer({ port: PORT, dataDir });
    base = server.url;
  }
  const paths = [
    '/packages',
    `/packages/${await firstId(base, 'packages')}`,
    '/bikes',
    `/bikes/${await firstId(base, 'bikes')}`,
    '/cars',
    `/cars/${await firstId(base, 'cars')}`,
  ];
  for (const p of paths) await fetch(base + p); // warm up
  code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'bench', 'lighthouse.mjs'), '--url', base, '--runs', RUNS, ...(OUT ? ['--json', OUT] : []), ...paths],
      {
        stdio: 'inherit',
      },
    );
    child.on('exit', (status) => resolve(status ?? 1));
  });
} finally {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
