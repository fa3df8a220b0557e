/**
 * Throttle of failed sign-ins (docs/decisions/004-staff-authentication.md): at most
 * RATE_LIMIT_LOGIN_FAILURES failures per username and, separately, per client address within 15
 * minutes. Past that, sign-in answers 429 with Retry-After until the window has passed: the lockout
 * ends by itself. Successful sign-ins are not counted. The counts live where the rate limits' do
 * (app/infrastructure/rate-limit.server.ts): in PostgreSQL, shared by every instance of the site, or in memory
 * with the embedded PGlite, where a restart forgets them, which only ever lets someone in sooner.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { env } from '~/lib/env.server';
import { createRateLimiter } from './rate-limit.server';

/** Window in which failures are counted (seconds). */
export const LOGIN_WINDOW_SECONDS = 15 * 60;

export type LoginThrottle = {
  /** Seconds until a sign-in for this username from this address may be tried, or 0 when it may now. */
  blockedFor(username: string, ip: string): Promise<number>;
  /** Count one failed sign-in against the username and the address. */
  recordFailure(username: string, ip: string): Promise<void>;
};

/**
 * A throttle allowing `failures` per `windowSeconds` per username and per IP (tests make short
 * ones). Throttles with the same `keyPrefix` share their counts on PostgreSQL; the site's one is
 * 'login'.
 */
export function createLoginThrottle({
  failures,
  windowSeconds,
  keyPrefix = 'login',
}: {
  failures: number;
  windowSeconds: number;
  keyPrefix?: string;
}): LoginThrottle {
  const byUser = createRateLimiter({ keyPrefix: `${keyPrefix}-user`, points: failures, duration: windowSeconds });
  const byIp = createRateLimiter({ keyPrefix: `${keyPrefix}-ip`, points: failures, duration: windowSeconds });
  const userKey = (username: string) => username.trim().toLowerCase().slice(0, 100);
  async function waitOf(limiter: RateLimiterAbstract, key: string): Promise<number> {
    const res = await limiter.get(key);
    if (!res || res.consumedPoints < failures) return 0;
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  }
  return {
    async blockedFor(username, ip) {
      const [u, i] = await Promise.all([waitOf(byUser, userKey(username)), waitOf(byIp, ip)]);
      return Math.max(u, i);
    },
    async recordFailure(username, ip) {
      // penalty() counts without refusing: the caller already decided the answer.
      await Promise.all([byUser.penalty(userKey(username)), byIp.penalty(ip)]);
    },
  };
}

let throttle: LoginThrottle | undefined;

/** The process's login throttle, sized from the environment on first use. */
export function loginThrottle(): LoginThrottle {
  throttle ??= createLoginThrottle({ failures: env().RATE_LIMIT_LOGIN_FAILURES, windowSeconds: LOGIN_WINDOW_SECONDS });
  return throttle;
}
