// Start and stop the production server for the catalogue benchmarks (bench/catalog-lighthouse.mjs,
// bench/packages-scale.mjs): `node server.js` from an existing build, on loopback, with its own
// DATA_DIR so a benchmark never touches ./data.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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
 * Run `node server.js` on 127.0.0.1:port with DATA_DIR=dataDir; resolves once `/` answers.
 * Returns { url, stop }. Extra environment variables override the defaults.
 */
export async function startServer({ port, dataDir, env = {}, timeoutMs = 120_000 }) {
  const child = spawn(process.execPath, ['server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BUILD_DIR,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_PASSWORD: 'bench-admin-password',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on port ${port} exited (${child.exitCode}):\n${output.slice(-2000)}`);
    try {
      const res = await fetch(`${url}/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server on port ${port} did not answer within ${timeoutMs} ms:\n${output.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { url, stop };
}

/** The id of the first record of a list API (`/api/packages`, `/api/bikes`, `/api/cars`). */
export async function firstId(baseUrl, list) {
  const res = await fetch(`${baseUrl}/api/${list}?limit=1`);
  if (!res.ok) throw new Error(`GET /api/${list} answered ${res.status}`);
  const [first] = await res.json();
  if (!first) throw new Error(`/api/${list} is empty`);
  return first.id;
}
