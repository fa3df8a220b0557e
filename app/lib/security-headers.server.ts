/**
 * Security headers of every response (docs/decisions/038-security-headers.md):
 * helmet for the headers it knows, a Content-Security-Policy without 'unsafe-inline' or
 * 'unsafe-eval' for scripts, a restrictive Permissions-Policy, and HSTS over https only.
 *
 * Scripts are allowed by a fresh nonce per response (`res.locals.cspNonce`, handed to React Router
 * by app/entry.server.tsx) or, for pages served from the page cache, by the SHA-256 hashes of the
 * inline scripts the framework wrote in them (`frameworkScriptHashes`; app/lib/page-cache.server.ts):
 * a cached page is the same bytes for every visitor, so it cannot carry a per-response nonce.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { ALLOWED_MAP_HOSTS } from '~/lib/admin/map-embed';

/** Where the home video may come from when it is a YouTube link (app/components/site/home/helpers.ts). */
const VIDEO_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];

/** Hosts the site may frame: the allowed map services and the video player. */
export const FRAME_SOURCES: readonly string[] = [...ALLOWED_MAP_HOSTS.map((host) => `https://${host}`), ...VIDEO_FRAME_HOSTS];

/**
 * Browser features the site never uses, switched off for the page and everything it frames.
 * Autoplay, fullscreen, encrypted media and picture-in-picture stay on for the home video.
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'display-capture=()',
  'idle-detection=()',
  'browsing-topics=()',
].join(', ');

/** HSTS lifetime: one year (seconds), sent only on https responses. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** A fresh CSP nonce: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The CSP source of a script: `'sha256-…'` of its exact text. */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** `<script>` elements: their attributes and their text (what a CSP hash must match). */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * A shared page's document and the hash sources of the scripts the framework wrote in it
 * (docs/decisions/045-security-round-two.md, section 7).
 *
 * `html` was rendered with `nonce` (a fresh secret of `createNonce`, never sent as a nonce) on
 * every script React, React Router and app/root.tsx write. Only inline scripts carrying exactly
 * that nonce are hashed (deduplicated, in order); a `<script>` that reached the HTML any other way
 * (text from the database, a broken escape) carries no nonce, gets no hash, and the browser
 * blocks it. The nonce attributes are then removed: the page is the same bytes for everyone.
 */
export function frameworkScriptHashes(html: string, nonce: string): { html: string; hashes: string[] } {
  const mark = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (attributes.includes(mark) && !/\ssrc=/i.test(attributes)) hashes.add(scriptHashSource(text));
  }
  return { html: html.replaceAll(mark, ''), hashes: [...hashes] };
}

export type CspOptions = {
  /** What allows scripts: a nonce (base64) or the hash sources of the page's inline scripts. */
  scripts: { nonce: string } | { hashes: readonly string[] };
  /** Origins the home video file may be played from (besides the site itself), e.g. 'https://cdn.example.com'. */
  mediaOrigins?: readonly string[];
  /** Upgrade http subresources to https (only when the site is served over https). */
  upgradeInsecureRequests?: boolean;
};

/**
 * The Content-Security-Policy value. Styles keep 'unsafe-inline': React writes `style` attributes
 * (carousels, progress bars), which a nonce cannot cover, and styles cannot run code.
 */
export function contentSecurityPolicy({ scripts, mediaOrigins = [], upgradeInsecureRequests = false }: CspOptions): string {
  const scriptSources = 'nonce' in scripts ? [`'nonce-${scripts.nonce}'`] : [...scripts.hashes];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptSources],
    ['script-src-attr', "'none'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    // Admins may paste image URLs from any https host (docs/decisions/010-maps-video-images.md#images).
    ['img-src', "'self'", 'data:', 'blob:', 'https:'],
    ['font-src', "'self'"],
    // In development Vite's live reload talks over its own websocket port.
    ['connect-src', "'self'", ...(process.env.NODE_ENV === 'development' ? ['ws:'] : [])],
    ['media-src', "'self'", ...mediaOrigins],
    ['frame-src', ...FRAME_SOURCES],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  if (upgradeInsecureRequests) directives.push(['upgrade-insecure-requests']);
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** The origin of the home video when it is a file on another host ('' for none or YouTube). */
export function videoMediaOrigin(videoUrl: string): string {
  const value = videoUrl.trim();
  if (!value) return '';
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
    if (/(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be)$/.test(url.hostname)) return '';
    return url.origin;
  } catch {
    return '';
  }
}

let mediaOrigins: readonly string[] = [];

/** The nonce policy around its nonce, built once per media origins and scheme (it is sent with every response). */
const nonceTemplates = new Map<string, readonly [string, string]>();
const NONCE_SLOT = '\u0000nonce\u0000';

/** `contentSecurityPolicy` with this nonce and the current media origins, from a kept template. */
function noncePolicy(nonce: string, https: boolean): string {
  const key = `${https ? 's' : ''} ${mediaOrigins.join(' ')}`;
  let template = nonceTemplates.get(key);
  if (!template) {
    const [before = '', after = ''] = contentSecurityPolicy({ scripts: { nonce: NONCE_SLOT }, mediaOrigins, upgradeInsecureRequests: https }).split(NONCE_SLOT);
    template = [before, after];
    nonceTemplates.set(key, template);
  }
  return template[0] + nonce + template[1];
}

/** The origins the home video may currently be played from (kept by `refreshVideoMediaOrigins`). */
export function videoMediaOriginsNow(): readonly string[] {
  return mediaOrigins;
}

/**
 * Re-read the video URL (`readVideoUrl`, from the settings) into the media-src list. Called at start
 * and after every settings change (the page-cache invalidation); a failed read keeps the old list.
 */
export async function refreshVideoMediaOrigins(readVideoUrl: () => Promise<string>): Promise<void> {
  try {
    const origin = videoMediaOrigin(await readVideoUrl());
    mediaOrigins = origin ? [origin] : [];
    nonceTemplates.clear();
  } catch {
    // Keep the previous list: the database may be closing or briefly unavailable.
  }
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** This response's CSP nonce (server/app.ts → app/entry.server.tsx). */
    cspNonce?: string;
  }
}

/**
 * Express middleware setting the security headers; media-src follows the settings' video URL. A
 * later `res.setHeader('Content-Security-Policy', …)` replaces the nonce policy, as the page cache
 * does with its hash policy.
 */
export function securityHeaders(): RequestHandler[] {
  const headers = helmet({
    contentSecurityPolicy: false,
    // Same-origin popups only: the WhatsApp and e-mail links open with noopener anyway.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Images and fonts are only used by the site itself; og-image fetchers are servers, not pages.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS is sent below, only when the request came over https (directly or through the proxy).
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  const extra = (req: Request, res: Response, next: NextFunction) => {
    if (SCRIPT_OR_STYLE_ASSET.test(req.path)) {
      assetHeaders(req, res);
      next();
      return;
    }
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    res.setHeader('Content-Security-Policy', noncePolicy(nonce, req.secure));
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (req.secure) res.setHeader('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
    next();
  };
  return [(req, res, next) => (SCRIPT_OR_STYLE_ASSET.test(req.path) ? next() : headers(req, res, next)), extra];
}

/**
 * Hashed scripts, styles and fonts of the build. They are never rendered as documents, so the
 * document headers (CSP, Permissions-Policy, framing, referrer, …) do nothing on them, yet they
 * cost about 1.1 KB per file on HTTP/1.1: over a dozen scripts, more than the JavaScript a page
 * may carry grows by (docs/decisions/038-security-headers.md).
 */
const SCRIPT_OR_STYLE_ASSET = /^\/assets\/[^/]+\.(?:js|css|woff2?)$/;

/** What a script, style or font does need: no type sniffing, no cross-origin reads, HSTS. */
function assetHeaders(req: Request, res: Response): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  if (req.secure) res.setHeader('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
}
