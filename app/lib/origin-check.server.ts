/**
 * Refuse cross-site form posts (docs/decisions/037-cross-site-posts-are-refused.md). A browser sends
 * `Origin` (or at least `Referer`) with every POST; its host must be the request's own host or
 * PUBLIC_URL's host. A request with neither header is accepted only with a JSON content type: such
 * a request cannot come from a cross-site HTML form, and a cross-site script would need a CORS
 * preflight that this server never grants.
 *
 * `refuseCrossSiteWrites` applies the check once, before routing, to every change (any method but
 * GET, HEAD, OPTIONS) that carries the staff session or sign-in cookie, whatever its path's
 * spelling (docs/decisions/045-security-round-two.md, section 1).
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { env } from './env.server';

export type OriginVerdict = { ok: true } | { ok: false; reason: string };

function hostOf(value: string): string | null {
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/** The hosts a same-site submission may come from. */
function allowedHosts(url: string, get: (name: string) => string | null): Set<string> {
  const hosts = new Set<string>();
  const own = hostOf(url);
  if (own) hosts.add(own);
  const headerHost = get('host');
  if (headerHost) hosts.add(headerHost.toLowerCase());
  const publicHost = hostOf(env().PUBLIC_URL);
  if (publicHost) hosts.add(publicHost);
  return hosts;
}

/** The verdict for a request at `url` whose headers `get` reads (names in lower case). */
function verdict(url: string, get: (name: string) => string | null): OriginVerdict {
  const source = get('origin') || get('referer');
  if (source === null || source === '') {
    const contentType = get('content-type') ?? '';
    if (/^application\/json\b/i.test(contentType)) return { ok: true };
    return { ok: false, reason: 'Origin header required for form submissions' };
  }
  const host = hostOf(source);
  if (host && allowedHosts(url, get).has(host)) return { ok: true };
  return { ok: false, reason: 'Cross-site submissions are not accepted' };
}

/** Whether a (Fetch API) request comes from this site; see the module comment. */
export function checkOrigin(request: Request): OriginVerdict {
  return verdict(request.url, (name) => request.headers.get(name));
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The staff session cookie and the two-factor step's cookie (app/lib/cookies.server.ts), with or without `__Host-`. */
const STAFF_COOKIE = /(?:^|;\s*)(?:__Host-)?hx_(?:session|login)=/;

/**
 * The token of a well-formed `Authorization: Bearer <token>` header, or null. A request that has one
 * is authenticated by it alone, never by its cookie (app/services/admin-guard.server.ts), and no
 * page on another site can send it: the header is not one a cross-site request may carry without a
 * CORS preflight, which this site never grants.
 */
export function bearerTokenOf(header: string | null | undefined): string | null {
  const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/.exec(header) : null;
  return match ? match[1]! : null;
}

/** True for a change (not GET, HEAD or OPTIONS) sent with the staff session or sign-in cookie. */
export function isCookieAuthenticatedChange(method: string, cookieHeader: string | null | undefined): boolean {
  return !SAFE_METHODS.has(method.toUpperCase()) && STAFF_COOKIE.test(cookieHeader ?? '');
}

/**
 * Express middleware, before routing: a cookie-authenticated change from another origin (or with
 * neither Origin nor Referer and no JSON content type) answers 403 `{error, issues}` and reaches no
 * route. Requests without the cookie (visitors' forms) and Bearer-token API calls (which a client
 * may send with the cookie of an earlier sign-in) pass on unchanged;
 * the routes that take them check them as before.
 */
export function refuseCrossSiteWrites(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  // A Bearer-token call is authenticated by its token, whatever cookies the client also keeps.
  // (Razorpay's webhook never gets here: server/razorpay-webhook.ts answers it first.)
  if (!isCookieAuthenticatedChange(req.method, req.headers.cookie) || bearerTokenOf(req.headers.authorization)) {
    next();
    return;
  }
  const url = `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`;
  const result = verdict(url, (name) => req.get(name) ?? null);
  if (result.ok) {
    next();
    return;
  }
  res.status(403).setHeader('Cache-Control', 'no-store');
  res.json({ error: result.reason, issues: [] });
}
