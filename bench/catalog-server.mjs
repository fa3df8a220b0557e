// Start and stop the production server for the benchmarks (bench/catalog-lighthouse.mjs,
// bench/packages-scale.mjs, bench/load.mjs): `node server.js` from an existing build, on loopback,
// with its own DATA_DIR so a benchmark never touches ./data.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUILD_DIR = process.env.BUILD_DIR || 'build';

/** Fail early with a readable message when the production build is missing. */
export function requireBuild() {
  if (!existsSync(path.join(ROOT, BUILD_DIR, 'server', 'index.js'))) {
    console.error(`No production build in ${BUILD_DIR}/: run \`BUILD_DIR=${BUILD_DIR} npm run build\` first.`);
    process.exit(2);
  }
}

/**
 * Run `node server.js` on 127.0.0.1:port; resolves once `/` answers 200. Its DATA_DIR is `dataDir`,
 * or a fresh folder in the system temp folder that stop() removes. `env` overrides the defaults
 * (a key set to undefined is left out of the server's environment). Returns
 * { url, pid, stop, output }: output() is the last 20,000 characters the server printed.
 */
export async function startServer({ port, dataDir, env = {}, timeoutMs = 120_000 }) {
  const ownDataDir = dataDir === undefined;
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'bench-server-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      BUILD_DIR,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      ADMIN_PASSWORD: 'bench-admin-password',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    }
    if (ownDataDir) rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server on port ${port} exited (${child.exitCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server on port ${port} did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: child.pid, stop, output: () => output };
}

/** The id of the first record of a list API (`/api/packages`, `/api/bikes`, `/api/cars`). */
export async function firstId(baseUrl, list) {
  const res = await fetch(`${baseUrl}/api/${list}?limit=1`);
  if (!res.ok) throw new Error(`GET /api/${list} answered ${res.status}`);
  const [first] = await res.json();
  if (!first) throw new Error(`/api/${list} is empty`);
  return first.id;
}
