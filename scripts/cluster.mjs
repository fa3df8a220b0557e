// A local cluster for tests and benchmarks (docs/decisions/022-several-instances.md#the-local-cluster):
// N instances of the production build on one PostgreSQL database, behind a small round-robin proxy
// (http-proxy-3), all on loopback.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/tours npm run cluster -- 3
//
// The proxy listens on PORT (3000) and the instances on PORT+1 … PORT+N. Each instance is
// `node server.js` with NODE_ENV=production, HOST=127.0.0.1 and TRUST_PROXY=loopback (so the
// visitor's address comes from the proxy's X-Forwarded-For). Other variables pass through.
// Ctrl-C stops the proxy and then every instance gracefully.
//
// `startCluster()` is the same for tests/cluster and bench/cluster.mjs; it returns the proxy's URL
// and, per instance, its URL, pid and kill(). The proxy checks each instance's /readyz every 500 ms
// and sends visitors only to the ready ones; a request whose instance fails mid-way gets a 502
// (never retried by the proxy: a POST may already have been taken).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createProxyServer } from 'http-proxy-3';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** How often the proxy asks each instance's /readyz (ms). */
const HEALTH_EVERY_MS = 500;

/**
 * Start one `node server.js` on 127.0.0.1:port (through `launcher`, a command prefix, when given).
 * Resolves once /readyz answers 200; rejects with the instance's output when it exits first or
 * takes longer than `timeoutMs`.
 * Returns { name, url, port, pid, output(), kill(signal), stop(), exited }.
 */
export async function startInstance({ name, port, env, buildDir = 'build', timeoutMs = 120_000, onOutput, launcher = [] }) {
  const url = `http://127.0.0.1:${port}`;
  // `launcher` runs node through another command, e.g. ['taskset', '-c', '0'] (bench/cluster.mjs).
  const [command, ...args] = [...launcher, process.execPath, 'server.js'];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', TRUST_PROXY: 'loopback', BUILD_DIR: buildDir, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-50_000);
    onOutput?.(name, String(chunk));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  // 'close' comes after the child's output has been read to its end ('exit' can come before it).
  const closed = new Promise((resolve) => child.once('close', resolve));
  const instance = {
    name,
    url,
    port,
    pid: child.pid,
    exited,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    kill: (signal = 'SIGKILL') => child.kill(signal),
    /** SIGTERM (graceful), SIGKILL after 15 s. */
    async stop() {
      if (!instance.running()) return;
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!instance.running()) {
      // Read what it printed before saying why it stopped (a CI run once showed an empty message).
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2000))]);
      const { code, signal } = await exited;
      throw new Error(`${name} (port ${port}) exited (code ${code}, signal ${signal}) before it was ready:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return instance;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await instance.stop();
      throw new Error(`${name} (port ${port}) was not ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A round-robin HTTP proxy on 127.0.0.1:port in front of `instances` ({url}), sending requests only
 * to those whose /readyz answered 200 last time. Returns { url, close() }.
 */
export async function startProxy({ port, instances }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const proxy = createProxyServer({ xfwd: true, agent, proxyTimeout: 120_000 });
  const ready = new Map(instances.map((i) => [i.url, true]));
  let next = 0;
  const pick = () => {
    for (let tries = 0; tries < instances.length; tries++) {
      const instance = instances[next++ % instances.length];
      if (ready.get(instance.url)) return instance;
    }
    return undefined;
  };
  const server = http.createServer((req, res) => {
    const instance = pick();
    if (!instance) {
      res.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '1' }).end('No instance is ready');
      return;
    }
    proxy.web(req, res, { target: instance.url }, (error) => {
      console.error(`proxy: ${req.method} ${req.url} to ${instance.url} failed: ${error?.code ?? error?.message ?? error}`);
      // Nobody listens there (killed, restarting): no more visitors until /readyz says so. A reset
      // alone may be a kept-alive connection the instance closed just as it was reused.
      if (error?.code === 'ECONNREFUSED') ready.set(instance.url, false);
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('Bad gateway');
    });
  });
  server.keepAliveTimeout = 65_000;
  const health = setInterval(() => {
    for (const instance of instances) {
      fetch(`${instance.url}/readyz`, { signal: AbortSignal.timeout(2_000) })
        .then((res) => ready.set(instance.url, res.ok))
        .catch(() => ready.set(instance.url, false));
    }
  }, HEALTH_EVERY_MS);
  health.unref();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      clearInterval(health);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}

/**
 * Start `count` instances one after another on ports port+1 … port+count (so the first start
 * migrates and seeds while the next ones find it done; the start-up lock makes a parallel start just
 * as safe) and the proxy on `port`. `env` is every instance's environment (DATABASE_URL required).
 * Returns { url, instances, stop() }.
 */
export async function startCluster({ count, port = 3000, env = {}, buildDir = 'build', parallel = false, onOutput }) {
  if (!env.DATABASE_URL) throw new Error('The cluster needs DATABASE_URL=postgres://…: its instances share one PostgreSQL database');
  if (!existsSync(path.join(ROOT, buildDir, 'server', 'index.js'))) {
    throw new Error(`No production build in ${buildDir}/: run \`npm run build\` first`);
  }
  const instanceEnv = { PUBLIC_URL: `http://127.0.0.1:${port}`, ...env };
  const specs = Array.from({ length: count }, (_, i) => ({ name: `instance ${i + 1}`, port: port + i + 1, env: instanceEnv, buildDir, onOutput }));
  const instances = [];
  try {
    if (parallel) instances.push(...(await Promise.all(specs.map((spec) => startInstance(spec)))));
    else for (const spec of specs) instances.push(await startInstance(spec));
  } catch (error) {
    await Promise.all(instances.map((i) => i.stop()));
    throw error;
  }
  const proxy = await startProxy({ port, instances });
  return {
    url: proxy.url,
    instances,
    async stop() {
      await proxy.close();
      await Promise.all(instances.map((i) => i.stop()));
    },
  };
}

async function main() {
  const count = Number.parseInt(process.argv[2] ?? '2', 10);
  if (!Number.isInteger(count) || count < 1 || count > 16) {
    console.error('Usage: npm run cluster -- <instances, 1 to 16>');
    process.exit(2);
  }
  const port = Number.parseInt(process.env.PORT || '3000', 10);
  const cluster = await startCluster({
    count,
    port,
    env: { DATABASE_URL: process.env.DATABASE_URL },
    buildDir: process.env.BUILD_DIR || 'build',
    parallel: true,
    onOutput: (name, text) => {
      for (const line of text.split('\n')) if (line.trim()) process.stdout.write(`[${name}] ${line}\n`);
    },
  });
  console.log(`\n${count} instances behind ${cluster.url}:`);
  for (const i of cluster.instances) console.log(`  ${i.name}: ${i.url} (pid ${i.pid})`);
  const stop = async () => {
    console.log('stopping the cluster…');
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
