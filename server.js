// Entry point: `npm start` (production build) and `npm run dev` (Vite middleware).
// Static files and compression here; everything else lives in server/app.ts (TypeScript, bundled).
import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';

const DEVELOPMENT = process.env.NODE_ENV !== 'production';
const PORT = Number.parseInt(process.env.PORT || '3000', 10);
const BUILD_DIR = process.env.BUILD_DIR || 'build';

/**
 * Express 'trust proxy' from TRUST_PROXY: true/false, a hop count, or addresses
 * (docs/decisions/014-cross-cutting-rules.md).
 */
function trustProxy(value = 'false') {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', trustProxy(process.env.TRUST_PROXY));
// Server-Sent Events (/admin/events) are never compressed: compression holds back small writes, so
// live updates would arrive late or not at all (docs/decisions/018-live-updates.md).
app.use(
  compression({
    filter: (req, res) => !/^text\/event-stream/i.test(String(res.getHeader('Content-Type') ?? '')) && compression.filter(req, res),
  }),
);

let serverModule;
try {
  if (DEVELOPMENT) {
    const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }));
    serverModule = await vite.ssrLoadModule('./server/app.ts');
    await serverModule.start();
    app.use(serverModule.front);
    app.use(vite.middlewares);
    app.use(async (req, res, next) => {
      try {
        const source = await vite.ssrLoadModule('./server/app.ts');
        return await source.app(req, res, next);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    serverModule = await import(new URL(`./${BUILD_DIR}/server/index.js`, import.meta.url).href);
    await serverModule.start();
    // Request id, access log, security headers and /healthz, /readyz come first, so static files
    // get them too (server/app.ts).
    app.use(serverModule.front);
    // The build writes .br and .gz copies next to each script, style and SVG (vite.config.ts);
    // they are sent to browsers that accept them, brotli first.
    const precompressed = (dir, serveStatic) => expressStaticGzip(dir, { enableBrotli: true, orderPreference: ['br', 'gz'], index: false, serveStatic });
    // Hashed file names never change content: cached for a year, no revalidation headers needed.
    app.use('/assets', precompressed(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: '1y', etag: false, lastModified: false, acceptRanges: false }));
    app.use('/images', precompressed(`${BUILD_DIR}/client/images`, { maxAge: '30d' }));
    // Other files of the build's root (favicon.svg, …) all have an extension: pages do not, and skip
    // the file-system lookup.
    const rootFiles = precompressed(`${BUILD_DIR}/client`, { maxAge: '1h', index: false, redirect: false });
    app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? rootFiles(req, res, next) : next()));
    app.use(serverModule.app);
  }
  // Nothing reaches Express's bare default error page: the site's own 500 answer (server/app.ts).
  app.use(serverModule.errorHandler);
} catch (error) {
  console.error(`Cannot start the server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// HOST from the parsed environment (app/lib/env.server.ts): 127.0.0.1 unless NODE_ENV=production
// or HOST says otherwise (docs/decisions/045-security-round-two.md, section 10).
const server = app.listen(PORT, serverModule.listenHost(), () => {
  console.log(`Server listening on http://localhost:${PORT}`);
});
// An idle keep-alive connection stays open 65 s, longer than the proxies in front of it keep theirs
// (60 s is the usual default): with Node's 5 s, a proxy or client could send its next request on a
// connection the server was closing at that moment, and get a reset instead of an answer. The
// headers timeout has to be longer still. Shutdown closes idle connections at once (below).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing requests in flight, then closing the database`);
  serverModule?.beginShutdown?.();
  const force = setTimeout(() => {
    console.error('Shutdown took longer than 10 s: exiting with requests still open');
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close(async () => {
    try {
      await serverModule?.stop();
    } finally {
      process.exit(0);
    }
  });
  server.closeIdleConnections?.();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
