/**
 * The security headers (docs/decisions/038-security-headers.md): the
 * Content-Security-Policy with a nonce or with script hashes, the hashes of a page's inline scripts,
 * the home video's media origin, and the Express middleware (a fresh nonce per response, HSTS over
 * https only).
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  createNonce,
  FRAME_SOURCES,
  frameworkScriptHashes,
  refreshVideoMediaOrigins,
  scriptHashSource,
  securityHeaders,
  videoMediaOrigin,
  videoMediaOriginsNow,
} from './security-headers.server';

/** The policy's directives by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** What a browser compares a script's hash with: SHA-256 of its exact text, base64. */
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('contentSecurityPolicy', () => {
  it('allows scripts by the nonce only, never inline or eval', () => {
    const policy = directives(contentSecurityPolicy({ scripts: { nonce: 'abc123==' } }));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    for (const [name, sources] of policy) {
      expect(sources, name).not.toContain("'unsafe-eval'");
      if (name.startsWith('script-src')) expect(sources, name).not.toContain("'unsafe-inline'");
    }
  });

  it('allows scripts by the given hashes, and no nonce, for a shared page', () => {
    const hashes = [sha256('a()'), sha256('b()')];
    const policy = directives(contentSecurityPolicy({ scripts: { hashes } }));
    expect(policy.get('script-src')).toEqual(["'self'", ...hashes]);
    expect(policy.get('script-src')!.some((source) => source.startsWith("'nonce-"))).toBe(false);
    // A page without inline scripts still only runs the site's own files.
    expect(directives(contentSecurityPolicy({ scripts: { hashes: [] } })).get('script-src')).toEqual(["'self'"]);
  });

  it('locks down plugins, <base>, framing by others and form targets', () => {
    const policy = directives(contentSecurityPolicy({ scripts: { nonce: 'n' } }));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual([...FRAME_SOURCES]);
    expect(FRAME_SOURCES).toContain('https://www.youtube-nocookie.com');
    expect(FRAME_SOURCES.every((source) => source.startsWith('https://'))).toBe(true);
  });

  it('adds the video host to media-src and upgrade-insecure-requests only when asked', () => {
    const plain = directives(contentSecurityPolicy({ scripts: { nonce: 'n' } }));
    expect(plain.get('media-src')).toEqual(["'self'"]);
    expect(plain.has('upgrade-insecure-requests')).toBe(false);
    const https = directives(contentSecurityPolicy({ scripts: { nonce: 'n' }, mediaOrigins: ['https://cdn.example.com'], upgradeInsecureRequests: true }));
    expect(https.get('media-src')).toEqual(["'self'", 'https://cdn.example.com']);
    expect(https.get('upgrade-insecure-requests')).toEqual([]);
  });
});

describe('frameworkScriptHashes', () => {
  const NONCE = 'c2VjcmV0LW1hcmstMTIzNA==';

  it('hashes only the inline scripts that carry the render nonce, then removes the nonce', () => {
    const context = 'window.__ctx = {"a":1};\n';
    const module = 'import "/assets/entry.js";\nwindow.__modules = {};';
    const data = '{"@context":"https://schema.org"}';
    const html = [
      '<!doctype html><html><head>',
      `<script nonce="${NONCE}">z()</script>`,
      `<script nonce="${NONCE}" src="/assets/app.js"></script>`,
      `<script type="application/ld+json">${data}</script>`,
      '</head><body>',
      // What an injection would look like: a script without the render's nonce, or with another one.
      '<p><script>window.__injected = 1</script></p>',
      '<script nonce="guessed">window.__guessed = 1</script>',
      `<script nonce="${NONCE}">${context}</script>`,
      `<script nonce="${NONCE}" type="module" async="">${module}</script>`,
      '</body></html>',
    ].join('');
    const { html: sent, hashes } = frameworkScriptHashes(html, NONCE);
    expect(hashes).toEqual([sha256('z()'), sha256(context), sha256(module)]);
    expect(hashes).not.toContain(sha256('window.__injected = 1'));
    expect(hashes).not.toContain(sha256('window.__guessed = 1'));
    expect(hashes).not.toContain(sha256(data));
    // The shared bytes keep every element but carry no trace of the render's nonce.
    expect(sent).not.toContain(NONCE);
    expect(sent).toContain(`<script type="module" async="">${module}</script>`);
    expect(sent).toContain('<p><script>window.__injected = 1</script></p>');
    expect(sent).toContain('<script nonce="guessed">');
  });

  it('changes with a single character of whitespace and lists a repeated script once', () => {
    expect(scriptHashSource('a()')).toBe(sha256('a()'));
    expect(scriptHashSource('a() ')).not.toBe(scriptHashSource('a()'));
    const twice = `<script nonce="${NONCE}">x()</script><p></p><script nonce="${NONCE}">x()</script>`;
    expect(frameworkScriptHashes(twice, NONCE).hashes).toEqual([sha256('x()')]);
    expect(frameworkScriptHashes(`<script nonce="${NONCE}"></script>`, NONCE).hashes).toEqual([sha256('')]);
    expect(frameworkScriptHashes('<p>no scripts</p>', NONCE)).toEqual({ html: '<p>no scripts</p>', hashes: [] });
  });

  it('hashes non-ASCII text as UTF-8, as browsers do', () => {
    const text = 'window.name = "Gangtok — गंगटोक";';
    expect(frameworkScriptHashes(`<script nonce="${NONCE}">${text}</script>`, NONCE).hashes).toEqual([
      `'sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}'`,
    ]);
  });
});

describe('createNonce', () => {
  it('gives 128 random bits in base64, new each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});

describe('videoMediaOrigin', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['not a url', ''],
    ['/videos/local.mp4', ''],
    ['javascript:alert(1)', ''],
    ['ftp://files.example.com/video.mp4', ''],
    ['data:video/mp4;base64,AAAA', ''],
    ['https://www.youtube.com/watch?v=abc', ''],
    ['https://youtube.com/embed/abc', ''],
    ['https://m.youtube.com/watch?v=abc', ''],
    ['https://www.youtube-nocookie.com/embed/abc', ''],
    ['https://youtu.be/abc', ''],
    ['https://cdn.example.com/videos/sikkim.mp4', 'https://cdn.example.com'],
    ['  https://cdn.example.com/videos/sikkim.mp4  ', 'https://cdn.example.com'],
    ['http://media.example.org:8080/a.webm', 'http://media.example.org:8080'],
    ['https://notyoutube.com/video.mp4', 'https://notyoutube.com'],
    ['https://www.youtube.com.example.net/video.mp4', 'https://www.youtube.com.example.net'],
  ])('%j → %j', (url, origin) => {
    expect(videoMediaOrigin(url)).toBe(origin);
  });

  it('follows the video setting, and keeps the last list when the read fails', async () => {
    await refreshVideoMediaOrigins(async () => 'https://cdn.example.com/v.mp4');
    expect(videoMediaOriginsNow()).toEqual(['https://cdn.example.com']);
    await refreshVideoMediaOrigins(async () => {
      throw new Error('database closed');
    });
    expect(videoMediaOriginsNow()).toEqual(['https://cdn.example.com']);
    await refreshVideoMediaOrigins(async () => 'https://www.youtube.com/watch?v=abc');
    expect(videoMediaOriginsNow()).toEqual([]);
  });
});

describe('securityHeaders middleware', () => {
  let base = '';
  let close: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const app = express();
    app.set('trust proxy', true);
    app.use(securityHeaders());
    app.get('/', (_req, res) => {
      res.json({ nonce: res.locals.cspNonce });
    });
    app.get('/assets/:file', (_req, res) => {
      res.type('text/javascript').send('export {};');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });

  afterAll(() => close());

  it('sends a policy with a fresh nonce per response, the one the renderer gets', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${base}/`);
      const { nonce } = (await response.json()) as { nonce: string };
      expect(directives(response.headers.get('content-security-policy') ?? '').get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      seen.add(nonce);
    }
    expect(seen.size).toBe(3);
  });

  it('sends helmet headers and the Permissions-Policy; HSTS and upgrade-insecure-requests only over https', async () => {
    const plain = await fetch(`${base}/`);
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    expect(plain.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(plain.headers.get('x-frame-options')).toBe('DENY');
    expect(plain.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(plain.headers.get('permissions-policy')).toMatch(/(^|, )camera=\(\)/);
    expect(plain.headers.get('permissions-policy')).toMatch(/(^|, )geolocation=\(\)/);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect(plain.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');

    const https = await fetch(`${base}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(https.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('sends scripts, styles and fonts of the build only nosniff, CORP and (over https) HSTS', async () => {
    for (const file of ['entry.client-Ab12.js', 'root-Xy9.css', 'inter-latin.woff2']) {
      const asset = await fetch(`${base}/assets/${file}`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(asset.headers.get('x-content-type-options'), file).toBe('nosniff');
      expect(asset.headers.get('cross-origin-resource-policy'), file).toBe('same-origin');
      expect(asset.headers.get('strict-transport-security'), file).toBe('max-age=31536000; includeSubDomains');
      for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
        expect(asset.headers.get(name), `${file}: ${name}`).toBeNull();
      }
    }
    // An SVG could be opened as a document: it keeps the whole set.
    const svg = await fetch(`${base}/assets/icons-Ab12.svg`);
    expect(svg.headers.get('content-security-policy')).toContain("object-src 'none'");
  });
});
