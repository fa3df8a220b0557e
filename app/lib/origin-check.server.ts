/**
 * Refuse cross-site form posts (docs/decisions/037-cross-site-posts-are-refused.md). A browser sends
 * `Origin` (or at least `Referer`) with every POST; its host must be the request's own host or
 * PUBLIC_URL's host. A request with neither header is accepted only with a JSON content type: such
 * a request cannot come from a cross-site HTML form, and a cross-site script would need a CORS
 * preflight that this server never grants.
 */
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
function allowedHosts(request: Request): Set<string> {
  const hosts = new Set<string>();
  const own = hostOf(request.url);
  if (own) hosts.add(own);
  const headerHost = request.headers.get('host');
  if (headerHost) hosts.add(headerHost.toLowerCase());
  const publicHost = hostOf(env().PUBLIC_URL);
  if (publicHost) hosts.add(publicHost);
  return hosts;
}

export function checkOrigin(request: Request): OriginVerdict {
  const origin = request.headers.get('origin');
  const referer = request.headers.get('referer');
  const source = origin || referer;
  if (source === null || source === '') {
    const contentType = request.headers.get('content-type') ?? '';
    if (/^application\/json\b/i.test(contentType)) return { ok: true };
    return { ok: false, reason: 'Origin header required for form submissions' };
  }
  const host = hostOf(source);
  if (host && allowedHosts(request).has(host)) return { ok: true };
  return { ok: false, reason: 'Cross-site submissions are not accepted' };
}
