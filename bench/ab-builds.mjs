#!/usr/bin/env node
// Two builds of the site side by side, in alternating rounds on one machine (docs/performance.md#comparing-two-builds):
// requests per second and CPU per request of one case, each build on its own production server
// (embedded PGlite, a fresh seeded DATA_DIR each). A busy machine slows both alike, since every
// round runs both builds back to back and the order flips each round; a figure from one run of
// `bench:load` after another's, minutes apart, does not have that property.
//
//   git worktree add /tmp/before <commit>; ln -s "$PWD/node_modules" /tmp/before/; (cd /tmp/before && npx react-router build)
//   npm run build
//   node bench/ab-builds.mjs --a /tmp/before --b . [--case post|/path] [--rounds 6] [--duration 6] [--warmup 10]
//
// --a, --b: checkouts that each hold a production build in build/ (each runs its own server.js);
// --case: `post` (POST /api/inquiries, a new visitor and text every request, as bench/load.mjs
// sends them; page cache on) or a path to GET with the page cache off (`/packages`, `/`);
// --rounds: rounds of both builds; --duration: seconds of load per build per round (10
// connections), after 2 s thrown away; --warmup: seconds of load on each server before the first
// round (the JIT and the database's caches); --port: first port (3801; +1 used).
// Prints each round and the medians. A benchmark, not a test: exit 0 unless a server fails or a
// request does not answer 2xx.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuMs, median } from './stats.mjs';

const { values: args } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    case: { type: 'string', default: 'post' },
    rounds: { type: 'string', default: '6' },
    duration: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '10' },
    port: { type: 'string', default: '3801' },
  },
});
if (!args.a || !args.b) {
  console.error('Usage: node bench/ab-builds.mjs --a <checkout with build/> --b <checkout with build/> [--case post|/path]');
  process.exit(2);
}
const ROUNDS = Number(args.rounds);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const POST = args.case === 'post';

/** A production server of the checkout `dir` on `port`, on a fresh data folder; resolves once /readyz answers. */
async function start(dir, port) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ab-builds-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server.js'], {
    cwd: path.resolve(dir),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BUILD_DIR: 'build',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      ADMIN_PASSWORD: 'bench-admin-password',
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '100000000',
      PAGE_CACHE: POST ? 'on' : 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server of ${dir} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 240) throw new Error(`the server of ${dir} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const [first] = await (await fetch(`${url}/api/packages?limit=1`)).json();
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { name: dir, url, pid: child.pid, packageId: first.id, stop };
}

let n = 0;
/** The autocannon request of the case: for `post`, a new inquiry every time (bench/load.mjs's shape). */
function requestOf(server) {
  if (!POST) return { method: 'GET', path: args.case, headers: { 'accept-encoding': 'br, gzip', accept: 'text/html' } };
  return {
    method: 'POST',
    path: '/api/inquiries',
    headers: { 'content-type': 'application/json', origin: server.url, 'accept-encoding': 'br, gzip' },
    setupRequest: (request) => {
      n++;
      const person = { name: `Load Bench ${n}`, email: `load-bench-${n}@example.com`, phone: '+91 98320 12345' };
      const body =
        n % 2 === 0
          ? { type: 'contact', ...person, subject: `Question ${n}`, message: `Load bench message number ${n}: do you arrange permits for Nathula?` }
          : { type: 'packages', ...person, destination: server.packageId, date: '2027-03-01', guests: String(1 + (n % 5)), message: `Trip ${n}` };
      return { ...request, body: JSON.stringify(body) };
    },
  };
}

const load = (server, duration) => autocannon({ url: server.url, connections: 10, duration, requests: [requestOf(server)], timeout: 10 });

const servers = [await start(args.a, Number(args.port)), await start(args.b, Number(args.port) + 1)];
let failed = false;
try {
  for (const server of servers) await load(server, WARMUP);
  const rows = servers.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const server = servers[i];
      await load(server, 2);
      const before = cpuMs(server.pid);
      const result = await load(server, DURATION);
      const cpu = (cpuMs(server.pid) - before) / result.requests.total;
      const rps = result.requests.total / result.duration;
      if (result.non2xx > 0 || result.errors > 0) failed = true;
      rows[i].push({ rps, cpu });
      console.log(
        `round ${round + 1} ${server.name}: ${rps.toFixed(1)} req/s, CPU ${cpu.toFixed(2)} ms/req, p99 ${result.latency.p99} ms, ` +
          `non-2xx ${result.non2xx}, errors ${result.errors}, load ${os.loadavg()[0].toFixed(2)}`,
      );
    }
  }
  console.log(`\n${POST ? 'POST /api/inquiries (page cache on)' : `GET ${args.case} (page cache off)`}, ${ROUNDS} rounds of ${DURATION} s, 10 connections:`);
  for (const [i, server] of servers.entries()) {
    console.log(
      `  ${server.name}: median ${median(rows[i].map((r) => r.rps)).toFixed(1)} req/s, median CPU ${median(rows[i].map((r) => r.cpu)).toFixed(2)} ms/req`,
    );
  }
} finally {
  for (const server of servers) await server.stop();
}
process.exit(failed ? 1 : 0);
