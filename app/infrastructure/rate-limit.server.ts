/**
 * Per-IP rate limits (docs/decisions/033-rate-limits.md) on rate-limiter-flexible. Where the
 * counts live depends on the database (docs/decisions/022-several-instances.md#shared-counters):
 * - on a PostgreSQL server, in its `rate_limits` table (the library's Drizzle store, one atomic
 *   upsert per hit), so every instance of the site counts the same hits;
 * - with the embedded PGlite (one process by nature), in memory: a restart forgets the counts,
 *   which only ever lets a visitor through sooner. Expired keys are removed by the library in both.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import ipaddr from 'ipaddr.js';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { databaseHandle } from '~/db/client.server';
import { rateLimits } from '~/db/schema';
import { env } from '~/lib/env.server';

export type RateLimitResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

/**
 * A limiter of `points` hits per `duration` seconds per key, its keys stored under `keyPrefix`: in
 * the `rate_limits` table on PostgreSQL, in memory on PGlite (see the module comment). The
 * database must be open.
 */
export function createRateLimiter(options: { keyPrefix: string; points: number; duration: number }): RateLimiterAbstract {
  const handle = databaseHandle();
  if (handle.kind === 'postgres') return new RateLimiterDrizzle({ ...options, storeClient: handle.db, schema: rateLimits });
  return new RateLimiterMemory(options);
}

/** Count one hit for `key` on `limiter`: refused with the seconds to wait once its points are spent. */
export async function consumePoint(limiter: RateLimiterAbstract, key: string): Promise<RateLimitResult> {
  try {
    const res = await limiter.consume(key);
    return { ok: true, remaining: res.remainingPoints };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
    throw rejection;
  }
}

/**
 * The key an address is counted under (docs/decisions/045-security-round-two.md#4-the-acknowledgement-e-mail-is-no-relay):
 * an IPv4 address as it is; an IPv6 address by its /64 network (`2001:db8:1:2::/64`), since one
 * subscriber usually gets a whole /64 and could otherwise change address on every request; an
 * IPv4-mapped IPv6 address (`::ffff:203.0.113.9`) as its IPv4 address. Anything that is not an IP
 * address ('unknown' outside the server) is returned unchanged.
 */
export function ipRateLimitKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}

let submissions: RateLimiterAbstract | undefined;

/**
 * One public submission (inquiry, booking, contact message) from `ip`: at most
 * RATE_LIMIT_SUBMISSIONS_PER_MINUTE per minute (read when first used), counted per IPv4 address
 * or IPv6 /64 (`ipRateLimitKey`).
 */
export function consumeSubmission(ip: string): Promise<RateLimitResult> {
  submissions ??= createRateLimiter({ keyPrefix: 'submission', points: env().RATE_LIMIT_SUBMISSIONS_PER_MINUTE, duration: 60 });
  return consumePoint(submissions, ipRateLimitKey(ip));
}

/**
 * Header through which server/app.ts hands the client address (Express `req.ip`, which honours
 * TRUST_PROXY) to route actions. It is always overwritten there, so a client cannot set it.
 */
export const CLIENT_IP_HEADER = 'x-himalayan-client-ip';

/** Express middleware for server/app.ts: put `req.ip` into CLIENT_IP_HEADER. */
export function clientIpHeader(req: ExpressRequest, _res: ExpressResponse, next: NextFunction) {
  const ip = req.ip ?? req.socket.remoteAddress;
  if (ip) req.headers[CLIENT_IP_HEADER] = ip;
  else delete req.headers[CLIENT_IP_HEADER];
  next();
}

/** The client address of a request (or 'unknown' outside the Express server, e.g. in tests). */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER)?.trim() || 'unknown';
}
