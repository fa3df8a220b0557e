/**
 * A small in-memory sliding-window rate limiter (D12: public submissions per IP per minute, from
 * RATE_LIMIT_SUBMISSIONS_PER_MINUTE). One process serves the site, so memory is the right store;
 * a restart forgets the windows, which only ever lets a visitor through sooner.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { env } from './env.server';

export type RateLimitResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private calls = 0;

  constructor(
    private readonly options: { limit: () => number; windowMs: number; now?: () => number; maxKeys?: number },
  ) {}

  /** Count one hit for `key`; refuses once `limit` hits fall inside the window. */
  hit(key: string): RateLimitResult {
    const now = this.options.now?.() ?? Date.now();
    const since = now - this.options.windowMs;
    const limit = this.options.limit();
    const recent = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (++this.calls % 1000 === 0) this.sweep(since);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      const oldest = recent[0] ?? now;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.options.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    // A flood of distinct keys must not grow memory without bound: forget the oldest keys.
    const maxKeys = this.options.maxKeys ?? 50_000;
    if (this.hits.size > maxKeys) {
      const first = this.hits.keys().next().value;
      if (first !== undefined) this.hits.delete(first);
    }
    return { ok: true, remaining: limit - recent.length };
  }

  /** Drop keys whose hits all left the window. */
  private sweep(since: number) {
    for (const [key, times] of this.hits) {
      if (times.every((t) => t <= since)) this.hits.delete(key);
    }
  }

  reset() {
    this.hits.clear();
  }

  get size() {
    return this.hits.size;
  }
}

/** Public submissions (inquiries, bookings, contact messages) per client IP per minute. */
export const submissionLimiter = new SlidingWindowLimiter({
  limit: () => env().RATE_LIMIT_SUBMISSIONS_PER_MINUTE,
  windowMs: 60_000,
});

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
