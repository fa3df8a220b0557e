/**
 * Run the production server (`node server.js`, the same command as `npm run serve`) as a child
 * process for tests that need a real process: crashes, restarts, signals, logs (the durability
 * suite, tests/durability/, and any test that reads the server's output).
 *
 * ```ts
 * const server = await startServer({ port: 3410, dataDir, env: { SEED_ON_START: 'false' } });
 * await fetch(`${server.url}/api/packages`);
 * const { code } = await server.stop();   // SIGTERM, waits for the exit
 * expect(server.logs()).toContain('Server listening');
 * ```
 *
 * The child gets a clean environment: PATH and HOME from this process, then the defaults below,
 * then `options.env` (a variable set to `undefined` there is left out). Nothing else is inherited,
 * so a DATABASE_URL or NODE_ENV of the test runner never leaks into the server. Children still
 * running when the test process exits are killed.
 *
 * The build must exist: `npm run build` (or BUILD_DIR pointing to another build, relative to the
 * project root, as server.js reads it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (server.js lives there). */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerOptions = {
  /** TCP port to listen on (required: each suite uses its own range). */
  port: number;
  /** Address to bind; default 127.0.0.1. */
  host?: string;
  /** Build folder relative to the project root; default process.env.BUILD_DIR, else 'build'. */
  buildDir?: string;
  /**
   * DATA_DIR of the server (PGlite database and uploads); default a new empty folder under
   * os.tmpdir(). Pass the same folder again to restart on the same data. Ignored by the server for
   * the database when `databaseUrl` is set (uploads still go there).
   */
  dataDir?: string;
  /** DATABASE_URL: use this PostgreSQL database instead of PGlite. */
  databaseUrl?: string;
  /** Further environment variables (override the defaults; `undefined` removes one). */
  env?: Record<string, string | undefined>;
  /** How long to wait for the 'listening' line (ms); default 120 000 (a first PGlite start takes ~10 s). */
  startTimeoutMs?: number;
};

/** How a process ended: exit code (null when killed by a signal) and signal name. */
export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  /** Base URL without a trailing slash, e.g. 'http://127.0.0.1:3410'. */
  url: string;
  port: number;
  /** The DATA_DIR the server runs on. */
  dataDir: string;
  /** The child process (pid, stdio). */
  child: ChildProcess;
  /** Resolves once the process has exited, with its code and signal. */
  exited: Promise<ExitStatus>;
  /**
   * Send `signal` (default SIGTERM) and wait for the exit. Rejects, after a SIGKILL, if the process
   * is still running after `timeoutMs` (default 15 000).
   */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<ExitStatus>;
  /** SIGKILL (a crash: no shutdown code runs) and wait for the exit. */
  kill(): Promise<ExitStatus>;
  /** Everything the process wrote so far, stdout and stderr interleaved in arrival order. */
  logs(): string;
  /**
   * Resolve once the output so far matches `pattern` (at once if it already does; use a pattern
   * without the `g` flag); reject after `timeoutMs` (default 10 000) or when the process exits
   * without it.
   */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
};

/** The line server.js prints once it accepts connections. */
const LISTENING = /Server listening on /;

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Start `node server.js` (NODE_ENV=production) and resolve once it prints its 'listening' line.
 * Rejects with the captured output when the process exits first or the timeout passes (the process
 * is killed then).
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host}:${options.port}`;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'server-process-'));
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: host,
    PORT: String(options.port),
    PUBLIC_URL: url,
    BUILD_DIR: options.buildDir ?? process.env.BUILD_DIR ?? 'build',
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    ...options.env,
  };
  const child = spawn(process.execPath, ['server.js'], {
    cwd: projectRoot,
    env: Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const onOutput = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const listener of onOutput) listener();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });

  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not listen within ${options.startTimeoutMs ?? 120_000} ms. Output:\n${output}`));
    }, options.startTimeoutMs ?? 120_000);
    const onData = () => {
      if (LISTENING.test(output)) {
        clearTimeout(timer);
        onOutput.delete(onData);
        resolve();
      }
    };
    onOutput.add(onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`The server exited before listening (code ${code}, signal ${signal}). Output:\n${output}`));
    });
  });
  await ready;

  async function stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15_000): Promise<ExitStatus> {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeoutMs);
    });
    const outcome = await Promise.race([exited, late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`The server did not exit within ${timeoutMs} ms of ${signal}; killed. Output:\n${output}`);
    }
    return outcome;
  }

  function waitForOutput(pattern: RegExp, timeoutMs = 10_000): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        onOutput.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (pattern.test(output)) done();
      };
      const timer = setTimeout(() => done(new Error(`No output matching ${pattern} within ${timeoutMs} ms. Output:\n${output}`)), timeoutMs);
      onOutput.add(check);
      void exited.then(() => {
        if (!pattern.test(output)) done(new Error(`The server exited without output matching ${pattern}. Output:\n${output}`));
      });
      check();
    });
  }

  return {
    url,
    port: options.port,
    dataDir,
    child,
    exited,
    stop,
    kill: () => stop('SIGKILL'),
    logs: () => output,
    waitForOutput,
  };
}

/** Same as startServer. */
export { startServer as start };
