#!/usr/bin/env node
/**
 * What JavaScript each public page downloads, read from a production build's React Router manifest
 * (no browser needed): the scripts of its first load (entry, root, site layout and the page's own
 * module with their static imports) in bytes raw, gzip and brotli (the build's precompressed .br
 * files), and every script it can ever load (following dynamic imports too).
 *
 *   node bench/public-js.mjs [buildDir]      prints the table
 *
 * `publicBundles()` is also used by tests/e2e/public-bundle.spec.ts to check that no admin code is
 * reachable from a public page (docs/decisions/002-page-weight.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The manifest object of a build's client (window.__reactRouterManifest). */
export function readManifest(buildDir = process.env.BUILD_DIR || 'build') {
  const assets = path.join(buildDir, 'client', 'assets');
  const file = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`No React Router manifest in ${assets}: run npm run build first`);
  const text = readFileSync(path.join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
}

function chain(manifest, id) {
  const out = [];
  for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) out.unshift(route);
  return out;
}

/** Every script reachable from `start` through static `import ... from` and dynamic `import()`. */
function reachable(buildDir, start) {
  const seen = new Set();
  const queue = [...start];
  while (queue.length) {
    const url = queue.pop();
    if (seen.has(url)) continue;
    seen.add(url);
    const file = path.join(buildDir, 'client', url);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/["'`](\.\.?\/[\w.-]+\.js)["'`]/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), m[1]));
    }
  }
  return [...seen];
}

const size = (buildDir, url, ext = '') => {
  const file = path.join(buildDir, 'client', url + ext);
  return existsSync(file) ? readFileSync(file).length : null;
};

/**
 * Public pages sent without any script (their route's `handle` says `scripts: false`,
 * app/lib/route-handle.ts): they load nothing, whatever their route module would import. Each has
 * an end-to-end test that its HTML has no `<script>` (tests/e2e/traveller-booking.spec.ts).
 */
export const PAGES_WITHOUT_SCRIPTS = new Set(['routes/site/traveller-booking']);

/**
 * For each public page route (ids under routes/site/, except the layout): its first-load scripts
 * with their sizes, and every script reachable from it (none for PAGES_WITHOUT_SCRIPTS).
 */
export function publicBundles(buildDir = process.env.BUILD_DIR || 'build') {
  const manifest = readManifest(buildDir);
  const pages = Object.keys(manifest.routes).filter((id) => id.startsWith('routes/site/') && id !== 'routes/site/layout');
  return pages.map((id) => {
    if (PAGES_WITHOUT_SCRIPTS.has(id)) return { id, initial: [], raw: 0, gzip: 0, brotli: 0, reachable: [] };
    const scripts = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const route of chain(manifest, id)) {
      if (route.module) scripts.add(route.module);
      for (const i of route.imports ?? []) scripts.add(i);
    }
    const initial = [...scripts];
    let raw = 0;
    let gzip = 0;
    let brotli = 0;
    for (const url of initial) {
      const file = path.join(buildDir, 'client', url);
      const bytes = readFileSync(file);
      raw += bytes.length;
      gzip += size(buildDir, url, '.gz') ?? gzipSync(bytes, { level: 9 }).length;
      brotli += size(buildDir, url, '.br') ?? bytes.length;
    }
    return { id, initial, raw, gzip, brotli, reachable: reachable(buildDir, initial) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const buildDir = process.argv[2] || process.env.BUILD_DIR || 'build';
  const rows = publicBundles(buildDir);
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(`First-load JavaScript of each public page (${buildDir})\n`);
  console.log('| page route | scripts | raw KB | gzip KB | brotli KB | reachable scripts |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.id.replace('routes/site/', '')} | ${r.initial.length} | ${kb(r.raw)} | ${kb(r.gzip)} | ${kb(r.brotli)} | ${r.reachable.length} |`);
}
