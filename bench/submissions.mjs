#!/usr/bin/env node
// Submissions per second on loopback (docs/architecture.md#the-path-of-a-visitor-submission):
// POST /api/inquiries and /api/bookings against the production build, once on embedded PGlite and
// once on PostgreSQL (a throwaway database, dropped after).
// Usage: npm run build (or BUILD_DIR=...), then
//   node bench/submissions.mjs [--duration 10] [--connections 20] [--postgres postgres://postgres@127.0.0.1:5432/postgres]
// The rate limit is raised for these runs only (RATE_LIMIT_SUBMISSIONS_PER_MINUTE).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3460' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;

function startServer(extraEnv) {
  const child = spawn(process.execPath, ['server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      PUBLIC_URL: BASE,
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '1000000000',
      SMTP_URL: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitUp() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/packages?limit=1`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

function today(days) {
  const now = new Date(Date.now() + 5.5 * 3600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

async function run(title, url, body) {
  const result = await autocannon({
    url: `${BASE}${url}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify(body),
    connections: Number(args.connections),
    duration: Number(args.duration),
  });
  const ok = result['2xx'];
  return {
    title,
    'submissions/s': Math.round(ok / Number(args.duration)),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    '2xx': ok,
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}

async function bench(label, extraEnv) {
  const server = startServer(extraEnv);
  try {
    await waitUp();
    const [pkg] = await (await fetch(`${BASE}/api/packages?limit=1`)).json();
    const traveller = { name: 'Bench Traveller', email: 'bench@example.com', phone: '+91 98000 00000' };
    const rows = [
      await run(`${label}: POST /api/inquiries (contact)`, '/api/inquiries', {
        type: 'contact',
        ...traveller,
        subject: 'Bench',
        message: 'Hello from the benchmark',
      }),
      await run(`${label}: POST /api/bookings (package)`, '/api/bookings', { type: 'package', itemId: pkg.id, ...traveller, startDate: today(20), adults: 2 }),
    ];
    return rows;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const results = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-submissions-'));
try {
  results.push(...(await bench('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' })));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (!args['skip-postgres']) {
  const name = `bench_submissions_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: args.postgres });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  try {
    const url = new URL(args.postgres);
    url.pathname = `/${name}`;
    results.push(...(await bench('PostgreSQL', { DATABASE_URL: url.href })));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

console.table(results);
