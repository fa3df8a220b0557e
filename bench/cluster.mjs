// npm run bench:cluster: requests per second with 1 and with 3 instances on one PostgreSQL database
// (docs/decisions/022-several-instances.md#figures). Not part of CI: it takes a few minutes and its
// figures depend on the machine.
//
// Every case uses a fresh database on the server of DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), seeded, with PAGE_CACHE=off (each GET /packages is
// rendered: the "uncached" figure) and no submission rate limit. Cases:
//   1. one instance behind the local proxy (scripts/cluster.mjs);
//   2. three instances behind the proxy;
//   3. one instance without the proxy;
//   4. one instance without the proxy, pinned to one core with `taskset -c 0`.
// Each case measures GET /packages and POST /api/inquiries with autocannon (--duration seconds,
// --connections). The table compares 3 instances with 1, and estimates what 3 instances would do
// with a core each: 3 × the pinned figure, against the one-instance figure. Beside each figure, the
// cores used (CPU seconds per second, from /proc) by the instances, PostgreSQL and the bench itself.
//
//   node bench/cluster.mjs [--duration 15] [--connections 24] [--port 3460]
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startCluster, startInstance } from '../scripts/cluster.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '24' },
    warmup: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3460' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const WARMUP = Number(args.warmup);
const PORT = Number(args.port);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const ENV = { LOG_LEVEL: 'warn', PAGE_CACHE: 'off', RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '1000000', ADMIN_PASSWORD: 'bench-admin-password', SMTP_URL: undefined };

async function withAdmin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database for one case: { url, drop }. */
async function freshDatabase() {
  const name = `bench_cluster_${randomBytes(4).toString('hex')}`;
  await withAdmin(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => withAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

function inquiryRequests() {
  let n = 0;
  return [
    {
      method: 'POST',
      path: '/api/inquiries',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        n++;
        const body = {
          type: 'contact',
          name: `Cluster Bench ${n}`,
          email: `cluster-bench-${n}@example.com`,
          subject: `Question ${n}`,
          message: `Cluster bench message ${n}: is Nathula open?`,
        };
        return { ...request, body: JSON.stringify(body) };
      },
    },
  ];
}

const PAGE = [{ method: 'GET', path: '/packages', headers: { 'accept-encoding': 'br, gzip' } }];

/** CPU seconds a process has used so far (Linux /proc; 0 once it is gone). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return 0;
  }
}

/** Where the CPU goes: the app instances, PostgreSQL's processes, and this process (load generator and proxy). */
function cpuSnapshot(instancePids) {
  let postgres = [];
  try {
    postgres = execFileSync('pgrep', ['-u', 'postgres'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    // no PostgreSQL processes visible
  }
  const usage = process.cpuUsage();
  return {
    instances: new Map(instancePids.map((pid) => [pid, cpuSeconds(pid)])),
    // Backends come and go: each is counted by pid, a new one from 0.
    postgres: new Map(postgres.map((pid) => [pid, cpuSeconds(pid)])),
    bench: new Map([['self', (usage.user + usage.system) / 1e6]]),
  };
}

/** Cores used between two snapshots (CPU seconds per second), per group; processes gone by `after` are left out. */
function coresBetween(before, after, seconds) {
  const used = (group) => [...after[group]].reduce((sum, [pid, cpu]) => sum + cpu - (before[group].get(pid) ?? 0), 0);
  return { instances: used('instances') / seconds, postgres: used('postgres') / seconds, bench: used('bench') / seconds };
}

async function measure(url, requests, instancePids) {
  if (WARMUP > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, requests, timeout: 10 });
  const before = cpuSnapshot(instancePids);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests, timeout: 10 });
  const after = cpuSnapshot(instancePids);
  const cores = coresBetween(before, after, result.duration);
  const ok = result.requests.total - result.non2xx;
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${count} × ${code}`)
      .join(', ');
    process.stderr.write(
      `  ${requests[0].method} ${requests[0].path}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers (${statuses})\n`,
    );
  }
  return { rps: ok / result.duration, p50: result.latency.p50, p99: result.latency.p99, errors, cores };
}

/** Start what `start` makes on a fresh database, measure both requests, stop it. */
async function runCase(name, start) {
  process.stderr.write(`${name}…\n`);
  const database = await freshDatabase();
  const target = await start(database.url);
  const pids = target.instances ? target.instances.map((i) => i.pid) : [target.pid];
  try {
    return { name, page: await measure(target.url, PAGE, pids), inquiry: await measure(target.url, inquiryRequests(), pids) };
  } finally {
    await target.stop();
    await database.drop();
  }
}

const single = (launcher) => (url) =>
  startInstance({ name: 'bench', port: PORT + 1, env: { ...ENV, DATABASE_URL: url, PUBLIC_URL: `http://127.0.0.1:${PORT + 1}` }, launcher });
const cluster = (count) => (url) => startCluster({ count, port: PORT, env: { ...ENV, DATABASE_URL: url } });

const rows = [];
const c = (cores) => `${cores.instances.toFixed(2)} / ${cores.postgres.toFixed(2)} / ${cores.bench.toFixed(2)}`;
rows.push(await runCase('1 instance, proxy', cluster(1)));
rows.push(await runCase('3 instances, proxy', cluster(3)));
rows.push(await runCase('1 instance, no proxy', single([])));
rows.push(await runCase('1 instance, no proxy, pinned to 1 core (taskset -c 0)', single(['taskset', '-c', '0'])));

const f = (n) => n.toFixed(0);
console.log(
  `\nbench:cluster: ${availableParallelism()} cores, ${DURATION} s per case after ${WARMUP} s warm-up, ${CONNECTIONS} connections, PostgreSQL, PAGE_CACHE=off\n`,
);
console.log(
  '| case | GET /packages req/s | p50 / p99 ms | cores: app / PostgreSQL / bench | POST /api/inquiries req/s | p50 / p99 ms | cores: app / PostgreSQL / bench | errors |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${f(r.page.rps)} | ${r.page.p50} / ${r.page.p99} | ${c(r.page.cores)} | ${f(r.inquiry.rps)} | ${r.inquiry.p50} / ${r.inquiry.p99} | ${c(r.inquiry.cores)} | ${r.page.errors + r.inquiry.errors} |`,
  );
}
console.log('\n"cores": CPU seconds per second of the app instances, of PostgreSQL, and of this process (autocannon and the proxy).');
const [one, three, direct, pinned] = rows;
const ratio = (a, b) => (a / b).toFixed(2);
console.log('');
console.log(
  `3 instances / 1 instance (both behind the proxy): GET ${ratio(three.page.rps, one.page.rps)}×, POST ${ratio(three.inquiry.rps, one.inquiry.rps)}×`,
);
console.log(
  `one core per instance, estimated as 3 × pinned / 1 instance (no proxy): GET ${ratio(3 * pinned.page.rps, direct.page.rps)}×, POST ${ratio(3 * pinned.inquiry.rps, direct.inquiry.rps)}×`,
);
const failed = rows.some((r) => r.page.errors + r.inquiry.errors > 0);
if (failed) {
  console.error('Some requests failed (errors column): the figures are not comparable.');
  process.exitCode = 1;
}
