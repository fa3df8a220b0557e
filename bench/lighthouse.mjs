#!/usr/bin/env node
// Lighthouse budgets of the public site (docs/decisions/002-page-weight.md), Lighthouse 12.8.2 with
// its default mobile preset (simulated slow 4G, 4x CPU), median of RUNS runs per page, against a
// production build.
//
//   npm run bench:lighthouse -- --url http://127.0.0.1:3000               # the five site pages
//   npm run bench:lighthouse -- --url http://127.0.0.1:3000 / /packages   # any list of paths
//
// Options (or environment): --url / BENCH_URL (default http://127.0.0.1:3000), --runs / RUNS
// (default 3), CHROME_PATH (default /usr/bin/chromium), --json FILE to save all medians.
// Budgets: performance >= 95, accessibility / best practices / SEO = 100, CLS <= 0.02,
// JavaScript <= 130 KB transferred, total transfer of / <= 500 KB. It is a benchmark, not a test:
// it prints a table and exits 1 when a median misses a budget.
//
// 'JS KB' is what Lighthouse saw transferred (brotli, as Chrome gets it, headers included); 'JS gz'
// is the same scripts' bodies fetched again with Accept-Encoding: gzip only, for comparison.
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const DEFAULT_PATHS = ['/', '/about', '/rural-tourism', '/gallery', '/testimonials'];
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, cls: 0.02, jsKB: 130, homeKB: 500 };

function parseArgs(argv) {
  const options = { url: process.env.BENCH_URL || 'http://127.0.0.1:3000', runs: Number(process.env.RUNS || 3), json: null, paths: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--url') options.url = argv[++i];
    else if (arg === '--runs') options.runs = Number(argv[++i]);
    else if (arg === '--json') options.json = argv[++i];
    else options.paths.push(arg);
  }
  if (options.paths.length === 0) options.paths = DEFAULT_PATHS;
  options.url = options.url.replace(/\/+$/, '');
  return options;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The figures of one Lighthouse result. */
function figures(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const jsBytes = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failing = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]))
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
    .map((a) => a.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    jsKB: jsBytes / 1024,
    scriptUrls: scripts.map((r) => r.url),
    totalKB: (lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024,
    failing,
  };
}

/** Sum of the gzip-encoded body sizes of `urls` (Content-Length of a gzip-only request), in KB. */
async function gzipKB(urls) {
  let total = 0;
  for (const url of new Set(urls)) {
    const response = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' }, decompress: false });
    const length = Number(response.headers.get('content-length'));
    total += Number.isFinite(length) && length > 0 ? length : (await response.arrayBuffer()).byteLength;
    await response.body?.cancel().catch(() => {});
  }
  return total / 1024;
}

async function run(options) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const rows = [];
  try {
    for (const path of options.paths) {
      const runs = [];
      // Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP): that run is measured
      // again, at most twice per page; every other error ends the benchmark.
      for (let i = 0, retries = 0; i < options.runs; i++) {
        const result = await lighthouse(`${options.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const error = result?.lhr?.runtimeError;
        if (error && /^NO_(NAVSTART|FCP|TRACING_STARTED)/.test(error.code ?? '') && retries < 2) {
          retries += 1;
          i -= 1;
          console.error(`${path}: ${error.code}, measuring that run again`);
          continue;
        }
        if (!result?.lhr || error) throw new Error(`${path}: ${error?.message ?? 'no result'}`);
        runs.push(figures(result.lhr));
      }
      const m = (key) => median(runs.map((r) => r[key]));
      rows.push({
        path,
        performance: m('performance'),
        accessibility: m('accessibility'),
        'best-practices': m('best-practices'),
        seo: m('seo'),
        cls: m('cls'),
        lcpMs: m('lcpMs'),
        tbtMs: m('tbtMs'),
        jsKB: m('jsKB'),
        jsGzipKB: await gzipKB(runs[0].scriptUrls),
        totalKB: m('totalKB'),
        failing: [...new Set(runs.flatMap((r) => r.failing))],
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

function misses(row) {
  const out = [];
  for (const key of ['performance', 'accessibility', 'best-practices', 'seo']) if (row[key] < BUDGET[key]) out.push(`${key} ${row[key]} < ${BUDGET[key]}`);
  if (row.cls > BUDGET.cls) out.push(`CLS ${row.cls.toFixed(3)} > ${BUDGET.cls}`);
  if (row.jsKB > BUDGET.jsKB) out.push(`JS ${row.jsKB.toFixed(1)} KB > ${BUDGET.jsKB} KB`);
  if (row.path === '/' && row.totalKB > BUDGET.homeKB) out.push(`transfer ${row.totalKB.toFixed(0)} KB > ${BUDGET.homeKB} KB`);
  return out;
}

const options = parseArgs(process.argv.slice(2));
console.log(`Lighthouse ${options.runs} run(s) per page, mobile preset, median, against ${options.url}`);
const rows = await run(options);
const header = ['path', 'perf', 'a11y', 'best', 'seo', 'CLS', 'LCP ms', 'TBT ms', 'JS KB', 'JS gz', 'total KB'];
const table = rows.map((r) => [
  r.path,
  String(r.performance),
  String(r.accessibility),
  String(r['best-practices']),
  String(r.seo),
  r.cls.toFixed(3),
  r.lcpMs.toFixed(0),
  r.tbtMs.toFixed(0),
  r.jsKB.toFixed(1),
  r.jsGzipKB.toFixed(1),
  r.totalKB.toFixed(1),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const t of table) console.log(line(t));

let failed = false;
for (const row of rows) {
  const missed = misses(row);
  if (missed.length) {
    failed = true;
    console.log(`\n${row.path} misses: ${missed.join('; ')}`);
  }
  if (row.failing.length) console.log(`${row.path} audits below 1: ${row.failing.join(', ')}`);
}
if (options.json) writeFileSync(options.json, JSON.stringify(rows, null, 2));
console.log(failed ? '\nSome budgets were missed.' : '\nAll budgets met.');
process.exit(failed ? 1 : 0);
