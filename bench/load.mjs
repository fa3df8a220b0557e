#!/usr/bin/env node
// Load figures of the production server (docs/performance.md): requests per second and latency of
// the public pages, the JSON API and the inquiry POST, each beside a baseline measured in the same
// run by the same server answering a small static file (/favicon.svg, served by
// express-static-gzip in server.js). Servers run on loopback from an existing build, each with a
// fresh seeded DATA_DIR (or a throwaway PostgreSQL database), LOG_LEVEL=warn and the submission rate
// limit raised out of the way.
//
//   npm run bench:load                               # builds first, then the table below
//   BUILD_DIR=../../tmp/build-x node bench/load.mjs  # an existing build
//   node bench/load.mjs --soak [--minutes 10]        # the soak run (npm run bench:soak)
//
// Every case is paired with a baseline run right before it, on the same server: GET /favicon.svg
// (static) for --baseline-duration seconds, so a busy machine slows both alike.
// Options: --duration s per case (10), --connections (10), --warmup s before each case (3),
// --baseline-duration s (half of --duration, at least 2), --port first port (3440; +1..+3 used),
// --postgres admin URL of a PostgreSQL server (postgres://postgres@127.0.0.1:5432/postgres; a fresh
// database is created there and dropped), --skip-postgres, --json <file> (figures as JSON),
// --no-fail (report only, exit 0).
// Soak: --minutes (10), --soak-connections (50), --post-rate POST/s beside the page load (10).
// Exit codes: 0 all targets met (or --no-fail), 1 a target missed or a request failed, 2 no build.
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT, requireBuild, startServer as startBenchServer } from './catalog-server.mjs';
import { cpuMs } from './stats.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    'baseline-duration': { type: 'string' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3440' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'skip-postgres': { type: 'boolean', default: false },
    json: { type: 'string' },
    'no-fail': { type: 'boolean', default: false },
    soak: { type: 'boolean', default: false },
    minutes: { type: 'string', default: '10' },
    'soak-connections': { type: 'string', default: '50' },
    'post-rate': { type: 'string', default: '10' },
  },
});

const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const WARMUP = Number(args.warmup);
const BASELINE_DURATION = Number(args['baseline-duration'] ?? Math.max(2, Math.round(DURATION / 2)));
const PORT = Number(args.port);
for (const name of ['duration', 'connections', 'warmup', 'port', 'minutes', 'soak-connections', 'post-rate', 'baseline-duration']) {
  const value = args[name];
  if (value !== undefined && !(Number(value) >= 0)) {
    console.error(`--${name} must be a number, not ${JSON.stringify(value)}`);
    process.exit(2);
  }
}
/** What a browser sends; every GET of the bench carries it (HTML is compressed on the fly or cached compressed). */
const BROWSER_ENCODING = 'br, gzip';
/** The static file every figure is compared with: a 300-byte SVG served by express-static-gzip. */
const BASELINE_PATH = '/favicon.svg';
const AUTOCANNON_VERSION = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/autocannon/package.json'), 'utf8')).version;

// ---------------------------------------------------------------------------------------------
// Servers

/**
 * Start the production server (bench/catalog-server.mjs) on 127.0.0.1:port with a fresh DATA_DIR,
 * seeded, without e-mail and without the submission rate limit; `env` overrides (PAGE_CACHE=off,
 * DATABASE_URL=...). Returns { url, pid, stop, output }; stop() also removes the DATA_DIR.
 */
function startServer({ port, env = {} }) {
  return startBenchServer({
    port,
    timeoutMs: 180_000,
    env: {
      SEED_ON_START: 'true',
      SMTP_URL: '',
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '10000000',
      PAGE_CACHE: undefined, // the default (on) unless a case asks for 'off'
      ...env,
    },
  });
}

/** Resident memory of a process in bytes (VmRSS of /proc/<pid>/status; Linux only). */
function rssBytes(pid) {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** A throwaway PostgreSQL database on the server of `adminUrl`: { url, drop }. */
async function createDatabase(adminUrl) {
  const name = `load_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Requests

/** A date `days` from today in India (YYYY-MM-DD), as the inquiry form's date fields expect. */
function inDays(days) {
  const now = new Date(Date.now() + 5.5 * 3600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

/**
 * The n-th inquiry body (app/schemas/inquiry.ts): contact messages and packages-tab inquiries in
 * turn, each with its own name, email and text, so no two requests are the same.
 */
function inquiryBody(n, packageId) {
  const person = { name: `Load Bench ${n}`, email: `load-bench-${n}@example.com`, phone: '+91 98320 12345' };
  return n % 2 === 0
    ? { type: 'contact', ...person, subject: `Question ${n}`, message: `Load bench message number ${n}: do you arrange permits for Nathula?` }
    : { type: 'packages', ...person, destination: packageId, date: inDays(20 + (n % 30)), guests: String(1 + (n % 5)), message: `Trip ${n}` };
}

/** The autocannon request of a POST /api/inquiries, its body made anew for every request. */
function inquiryRequest(server, packageId) {
  let n = 0;
  return {
    method: 'POST',
    path: '/api/inquiries',
    headers: { 'content-type': 'application/json', origin: server.url, 'accept-encoding': BROWSER_ENCODING },
    setupRequest: (request) => ({ ...request, body: JSON.stringify(inquiryBody(n++, packageId)) }),
  };
}

/** A GET as a browser sends it (Accept-Encoding: br, gzip). */
function getRequest(requestPath) {
  return { method: 'GET', path: requestPath, headers: { 'accept-encoding': BROWSER_ENCODING, accept: 'text/html,application/json;q=0.9,*/*;q=0.8' } };
}

/** One raw request (no decompression): status, Content-Encoding, body bytes on the wire, X-Page-Cache. */
function probe(server, request, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${request.path}`, { method: request.method, headers: request.headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          encoding: res.headers['content-encoding'] ?? 'identity',
          bodyBytes: bytes,
          pageCache: res.headers['x-page-cache'],
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The id of the first seeded package (the packages-tab inquiries name it). */
async function firstPackageId(server) {
  const res = await fetch(`${server.url}/api/packages?limit=1`);
  if (!res.ok) throw new Error(`GET /api/packages answered ${res.status}`);
  const [first] = await res.json();
  if (!first) throw new Error('/api/packages is empty');
  return first.id;
}

/** Run autocannon with `requests` (a sequence each connection repeats) and return its result. */
function cannon(server, requests, { connections, duration, overallRate }) {
  return autocannon({ url: server.url, connections, duration, requests, overallRate, timeout: 10 });
}

/** The figures of an autocannon result. */
function figures(result) {
  const requests = result.requests.total;
  return {
    requests,
    rps: requests / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    bytesPerResponse: requests ? result.throughput.total / requests : 0,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

// ---------------------------------------------------------------------------------------------
// The load run

/**
 * `duration` seconds of load after `warmup` seconds thrown away; a probe request first (must be
 * 2xx) records the Content-Encoding, body size and X-Page-Cache header of one answer.
 */
async function run(server, request, { duration, warmup }) {
  const probeBody = request.setupRequest ? request.setupRequest({ ...request }).body : undefined;
  const first = await probe(server, request, probeBody);
  if (first.status < 200 || first.status > 299) throw new Error(`${request.method} ${request.path}: the probe request answered ${first.status}`);
  if (warmup > 0) await cannon(server, [request], { connections: CONNECTIONS, duration: warmup });
  const cpuBefore = cpuMs(server.pid);
  const result = figures(await cannon(server, [request], { connections: CONNECTIONS, duration }));
  const cpuPerRequest = result.requests ? (cpuMs(server.pid) - cpuBefore) / result.requests : undefined;
  return { ...first, ...result, cpuPerRequest };
}

/**
 * One case, paired with its baseline: the same server answers GET /favicon.svg (static) for
 * BASELINE_DURATION seconds right before the case, so both see the same machine load. Returns the
 * row: figures, ratio, targets (minRatio of the baseline's req/s, maxP99 ms) and pass/fail; a
 * case without targets must still answer every request with a 2xx.
 */
async function measureCase(server, label, request, { minRatio, maxP99 } = {}) {
  const baseline = await run(server, getRequest(BASELINE_PATH), { duration: BASELINE_DURATION, warmup: 1 });
  const result = await run(server, request, { duration: DURATION, warmup: WARMUP });
  const ratio = result.rps / baseline.rps;
  const clean = result.errors === 0 && result.non2xx === 0 && result.requests > 0 && baseline.errors === 0 && baseline.non2xx === 0;
  const pass = clean && (minRatio === undefined || ratio >= minRatio) && (maxP99 === undefined || result.p99 <= maxP99);
  process.stderr.write(
    `  ${label}: ${result.rps.toFixed(1)} req/s (baseline ${baseline.rps.toFixed(1)}, x${ratio.toFixed(3)}), p50 ${result.p50} ms, p99 ${result.p99} ms\n`,
  );
  return { label, ...result, baseline, ratio, minRatio, maxP99, pass };
}

function machine() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    nproc: os.availableParallelism?.() ?? cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: loadAverage(),
    node: process.version,
    autocannon: AUTOCANNON_VERSION,
  };
}

/** The 1, 5 and 15 minute load averages: figures from a busy machine are not comparable. */
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const fmt = (n, digits = 1) => (n === undefined ? '—' : Number(n).toFixed(digits));

function printLoadTable(rows, info) {
  console.log(
    `\n## Load figures, ${info.date.slice(0, 16).replace('T', ' ')} UTC\n\n` +
      `${info.nproc} CPUs (${info.cpu}), ${info.memoryGiB} GiB, Node ${info.node}, autocannon ${info.autocannon}; ` +
      `load average ${info.loadAverage} at the start, ${info.loadAverageEnd} at the end.\n` +
      `${CONNECTIONS} connections, loopback; each case ${WARMUP} s warm-up + ${DURATION} s, right after its baseline ` +
      `(GET ${BASELINE_PATH}, a static file, ${BASELINE_DURATION} s) on the same server. ` +
      `Every GET sends \`Accept-Encoding: ${BROWSER_ENCODING}\`; POSTs send JSON with \`Origin\` = PUBLIC_URL. ` +
      'Bytes/resp: headers and body as received; cache: X-Page-Cache of a probe request; ' +
      "CPU ms/req: user + system CPU time of the server process per answer (PostgreSQL's own work not included).\n",
  );
  const head = [
    'case',
    'req/s',
    'baseline req/s',
    'x baseline',
    'target',
    'p50 ms',
    'p99 ms',
    'p99 target',
    'baseline p99 ms',
    'CPU ms/req',
    'bytes/resp',
    'encoding',
    'cache',
    'errors',
    'non-2xx',
    'result',
  ];
  const left = new Set(['case', 'encoding', 'cache', 'result']);
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map((h) => (left.has(h) ? '---' : '---:')).join('|')}|`);
  for (const r of rows) {
    console.log(
      `| ${[
        r.label,
        fmt(r.rps),
        fmt(r.baseline.rps),
        fmt(r.ratio, 3),
        r.minRatio === undefined ? '—' : `>= ${r.minRatio}`,
        r.p50,
        r.p99,
        r.maxP99 === undefined ? '—' : `<= ${r.maxP99}`,
        r.baseline.p99,
        fmt(r.cpuPerRequest, 2),
        Math.round(r.bytesPerResponse),
        r.encoding,
        r.pageCache ?? '—',
        r.errors + r.baseline.errors,
        r.non2xx + r.baseline.non2xx,
        r.pass ? 'pass' : '**FAIL**',
      ].join(' | ')} |`,
    );
  }
}

async function loadRun() {
  const info = machine();
  const rows = [];
  const port = { cached: PORT, uncached: PORT + 1, postgres: PORT + 2 };

  // 1. Page cache on (the default), embedded PGlite.
  process.stderr.write(`server 1: page cache on, PGlite (port ${port.cached})\n`);
  let server = await startServer({ port: port.cached });
  try {
    const packageId = await firstPackageId(server);
    // Warm: a few requests fill the page cache before the warm-up load.
    for (const p of ['/', '/packages']) for (let i = 0; i < 5; i++) await fetch(server.url + p, { headers: { 'accept-encoding': BROWSER_ENCODING } });
    rows.push(await measureCase(server, 'GET / (page cache on, warm)', getRequest('/'), { minRatio: 0.4, maxP99: 20 }));
    rows.push(await measureCase(server, 'GET /packages (page cache on, warm)', getRequest('/packages'), { minRatio: 0.4, maxP99: 20 }));
    rows.push(await measureCase(server, 'GET /api/packages', getRequest('/api/packages'), { minRatio: 0.2 }));
    rows.push(await measureCase(server, 'POST /api/inquiries (PGlite)', inquiryRequest(server, packageId)));
  } finally {
    await server.stop();
  }

  // 2. Page cache off: every page is rendered.
  process.stderr.write(`server 2: PAGE_CACHE=off, PGlite (port ${port.uncached})\n`);
  server = await startServer({ port: port.uncached, env: { PAGE_CACHE: 'off' } });
  try {
    rows.push(await measureCase(server, 'GET /packages (PAGE_CACHE=off)', getRequest('/packages'), { minRatio: 0.05, maxP99: 100 }));
    rows.push(await measureCase(server, 'GET / (PAGE_CACHE=off), for information', getRequest('/')));
  } finally {
    await server.stop();
  }

  // 3. PostgreSQL: a fresh database, dropped after.
  if (!args['skip-postgres']) {
    process.stderr.write(`server 3: PAGE_CACHE=off, PostgreSQL (port ${port.postgres})\n`);
    const database = await createDatabase(args.postgres);
    try {
      server = await startServer({ port: port.postgres, env: { DATABASE_URL: database.url, PAGE_CACHE: 'off' } });
      try {
        const packageId = await firstPackageId(server);
        rows.push(await measureCase(server, 'POST /api/inquiries (PostgreSQL)', inquiryRequest(server, packageId)));
        rows.push(await measureCase(server, 'GET /packages (PAGE_CACHE=off, PostgreSQL), for information', getRequest('/packages')));
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  }

  info.loadAverageEnd = loadAverage();
  printLoadTable(rows, info);
  return {
    mode: 'load',
    machine: info,
    connections: CONNECTIONS,
    duration: DURATION,
    warmup: WARMUP,
    baselineDuration: BASELINE_DURATION,
    rows,
    pass: rows.every((r) => r.pass),
  };
}

// ---------------------------------------------------------------------------------------------
// The soak run

/**
 * `minutes` one-minute rounds at `soak-connections` connections alternating GET / and GET
 * /packages (page cache on), with POST /api/inquiries beside them at `post-rate` per second on 2
 * connections. The server's RSS is read every 10 s. Pass: every minute's page p99 <= 5 x its p50,
 * RSS at the end at most 10 % above RSS after minute 1 (after the first 10 s with --minutes 1),
 * and no error or non-2xx answer.
 */
async function soakRun() {
  const minutes = Math.floor(Number(args.minutes));
  if (minutes < 1) throw new Error('--minutes must be at least 1');
  const connections = Number(args['soak-connections']);
  const postRate = Number(args['post-rate']);
  const info = machine();
  process.stderr.write(`soak: ${minutes} min, ${connections} connections on / and /packages, ${postRate} POST/s (port ${PORT + 3})\n`);
  const server = await startServer({ port: PORT + 3 });
  const samples = [];
  const sample = () => {
    try {
      samples.push({ at: Date.now(), rss: rssBytes(server.pid) });
    } catch {
      // the server has exited; the run reports its errors
    }
  };
  const rows = [];
  let sampler;
  try {
    const packageId = await firstPackageId(server);
    // X-Page-Cache of every page answer, counted per minute (a burst of misses is a cache stampede).
    const cache = { HIT: 0, MISS: 0 };
    const countCache = (_status, _body, _context, headers) => {
      const value = headers?.['X-Page-Cache'] ?? headers?.['x-page-cache'];
      if (value === 'HIT' || value === 'MISS') cache[value] += 1;
    };
    const pages = [getRequest('/'), getRequest('/packages')].map((request) => ({ ...request, onResponse: countCache }));
    for (const p of ['/', '/packages']) for (let i = 0; i < 5; i++) await fetch(server.url + p, { headers: { 'accept-encoding': BROWSER_ENCODING } });
    await cannon(server, pages, { connections, duration: 5 }); // warm-up, not counted
    const start = Date.now();
    sample();
    sampler = setInterval(sample, 10_000);
    for (let minute = 1; minute <= minutes; minute++) {
      const cpuBefore = cpuMs(server.pid);
      const startedAt = Date.now();
      cache.HIT = 0;
      cache.MISS = 0;
      const [page, post] = await Promise.all([
        cannon(server, pages, { connections, duration: 60 }),
        postRate > 0 ? cannon(server, [inquiryRequest(server, packageId)], { connections: 2, duration: 60, overallRate: postRate }) : null,
      ]);
      sample();
      const cpuPercent = ((cpuMs(server.pid) - cpuBefore) / (Date.now() - startedAt)) * 100;
      const p = figures(page);
      const q = post ? figures(post) : undefined;
      const inMinute = samples.filter((s) => s.at > start + (minute - 1) * 60_000 - 1000);
      const r = {
        minute,
        rps: p.rps,
        p50: p.p50,
        p99: p.p99,
        max: p.max,
        postRps: q?.rps ?? 0,
        postP99: q?.p99,
        errors: p.errors + (q?.errors ?? 0),
        non2xx: p.non2xx + (q?.non2xx ?? 0),
        pageErrors: `${p.errors} / ${p.non2xx}`,
        postErrors: q ? `${q.errors} / ${q.non2xx}` : '—',
        rss: samples.at(-1).rss,
        rssMax: Math.max(...inMinute.map((s) => s.rss)),
        cpuPercent,
        cacheHits: cache.HIT,
        cacheMisses: cache.MISS,
      };
      r.tailOk = r.p99 <= 5 * Math.max(r.p50, 1);
      rows.push(r);
      process.stderr.write(`  minute ${minute}: ${r.rps.toFixed(1)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, RSS ${(r.rss / 2 ** 20).toFixed(1)} MiB\n`);
    }
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
  // Growth from the end of minute 1 (or, for a 1-minute run, from the first sample 10 s in).
  const from = minutes > 1 ? rows[0].rss : (samples.find((s) => s.at - samples[0].at >= 10_000) ?? samples[0]).rss;
  const to = rows.at(-1).rss;
  const growth = (to - from) / from;
  const checks = {
    tail: rows.every((r) => r.tailOk),
    rss: growth <= 0.1,
    clean: rows.every((r) => r.errors === 0 && r.non2xx === 0),
  };
  const pass = checks.tail && checks.rss && checks.clean;

  console.log(
    `\n## Soak, ${info.date.slice(0, 16).replace('T', ' ')} UTC\n\n` +
      `${info.nproc} CPUs (${info.cpu}), ${info.memoryGiB} GiB, Node ${info.node}, autocannon ${info.autocannon}; ` +
      `load average ${info.loadAverage} at the start, ${loadAverage()} at the end.\n` +
      `${minutes} x 60 s, ${connections} connections alternating GET / and GET /packages (page cache on, \`Accept-Encoding: ${BROWSER_ENCODING}\`), ` +
      `plus POST /api/inquiries at ${postRate}/s on 2 connections; PGlite. ` +
      'Errors: connection errors and timeouts (10 s). RSS: VmRSS of the server process, sampled every 10 s.\n',
  );
  const head = [
    'minute',
    'pages req/s',
    'p50 ms',
    'p99 ms',
    'p99 <= 5 x p50',
    'max ms',
    'POST/s',
    'POST p99 ms',
    'pages errors / non-2xx',
    'POST errors / non-2xx',
    'page cache hit / miss',
    'server CPU %',
    'RSS MiB (end)',
    'RSS MiB (max)',
  ];
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---:').join('|')}|`);
  for (const r of rows) {
    console.log(
      `| ${[r.minute, fmt(r.rps), r.p50, r.p99, r.tailOk ? 'yes' : '**no**', r.max, fmt(r.postRps), r.postP99 ?? '—', r.pageErrors, r.postErrors, `${r.cacheHits} / ${r.cacheMisses}`, fmt(r.cpuPercent, 0), fmt(r.rss / 2 ** 20), fmt(r.rssMax / 2 ** 20)].join(' | ')} |`,
    );
  }
  console.log(
    `\nRSS growth ${minutes > 1 ? 'minute 1 -> minute ' + minutes : '10 s -> 60 s'}: ${fmt(from / 2 ** 20)} -> ${fmt(to / 2 ** 20)} MiB (${(growth * 100).toFixed(1)} %, target <= 10 %): ${checks.rss ? 'pass' : '**FAIL**'}\n` +
      `p99 <= 5 x p50 every minute: ${checks.tail ? 'pass' : '**FAIL**'}; no errors or non-2xx: ${checks.clean ? 'pass' : '**FAIL**'}\n` +
      `Soak: ${pass ? 'pass' : '**FAIL**'}`,
  );
  return {
    mode: 'soak',
    machine: info,
    minutes,
    connections,
    postRate,
    rows,
    samples: samples.map((s) => ({ at: new Date(s.at).toISOString(), rss: s.rss })),
    rssGrowth: growth,
    checks,
    pass,
  };
}

// ---------------------------------------------------------------------------------------------

requireBuild();
const report = args.soak ? await soakRun() : await loadRun();
if (args.json) writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
if (!report.pass) {
  console.log(args['no-fail'] ? '\nSome targets were missed (--no-fail: exit 0).' : '\nSome targets were missed.');
  if (!args['no-fail']) process.exitCode = 1;
} else {
  console.log('\nAll targets met.');
}
