/**
 * Throttle of failed sign-ins (docs/decisions/004-staff-authentication.md#sign-in,
 * docs/decisions/045-security-round-two.md section 5). Three counts of failures within a window
 * (15 minutes on the site):
 *
 * - per (username, client address) pair: `failures` (RATE_LIMIT_LOGIN_FAILURES, default 10);
 * - per client address, whatever the username: `ipFailures` (5 × `failures` by default);
 * - per username, from every address together: `usernameFailures` (10 × `failures` by default).
 *
 * A pair or an address that reaches its count is locked out, and each lockout of the same key
 * within 24 hours lasts twice the one before (one window, then two, four...; at most 24 hours): a
 * delay that grows with the failures. While locked out, an attempt is refused before its password
 * is hashed, and is not counted, so the refusal costs the server next to nothing.
 *
 * The username-wide count (a guessing campaign spread over many addresses) locks the username out
 * until its window has passed, without growing; it cannot be used to lock staff out: an address
 * that has not failed within the window may still pass with the right password AND a right second
 * factor (`secondFactorMayPass`); sign-in (app/services/sign-in.server.ts) enforces that. An
 * attacker hammering a known username from a few addresses only ever locks out those addresses.
 *
 * Successful sign-ins are not counted. The counts live where the rate limits' do
 * (app/infrastructure/rate-limit.server.ts): in PostgreSQL, shared by every instance of the site,
 * or in memory with the embedded PGlite, where a restart forgets them, which only ever lets someone
 * in sooner.
 */
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { env } from '~/lib/env.server';
import { createRateLimiter, ipRateLimitKey } from './rate-limit.server';

/** Window in which failures are counted (seconds). */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** How long a lockout is remembered for the next one to grow (seconds), and the longest lockout. */
export const LOCKOUT_MEMORY_SECONDS = 24 * 60 * 60;
/** Default multipliers of `failures` for the per-address and the per-username counts. */
export const IP_FAILURES_FACTOR = 5;
export const USERNAME_FAILURES_FACTOR = 10;

/** What the throttle says of an attempt before its password is checked. */
export type LoginGate = {
  /** Seconds until an attempt for this username from this address may be tried; 0 when it may now. */
  retryAfterSeconds: number;
  /**
   * True when only the username-wide lockout holds and this address has no failure counted: a
   * right password together with a right second factor may still sign in.
   */
  secondFactorMayPass: boolean;
};

export type LoginThrottle = {
  /** The gate of an attempt for `username` from `ip` (see LoginGate). */
  check(username: string, ip: string): Promise<LoginGate>;
  /**
   * Seconds until an attempt for this username from this address may be tried, or 0 when it may
   * now: a username-wide lockout that a second factor may pass counts as 0 here.
   */
  blockedFor(username: string, ip: string): Promise<number>;
  /** Count one failed sign-in against the pair, the address and the username. */
  recordFailure(username: string, ip: string): Promise<void>;
};

/**
 * A throttle allowing `failures` per `windowSeconds` per (username, IP) pair, `ipFailures` per IP
 * and `usernameFailures` per username (defaults: 5 and 10 times `failures`); tests make small,
 * short ones. Throttles with the same `keyPrefix` share their counts on PostgreSQL; the site's one
 * is 'login'.
 */
export function createLoginThrottle({
  failures,
  windowSeconds,
  ipFailures = failures * IP_FAILURES_FACTOR,
  usernameFailures = failures * USERNAME_FAILURES_FACTOR,
  keyPrefix = 'login',
}: {
  failures: number;
  windowSeconds: number;
  ipFailures?: number;
  usernameFailures?: number;
  keyPrefix?: string;
}): LoginThrottle {
  const byPair = createRateLimiter({ keyPrefix: `${keyPrefix}-pair`, points: failures, duration: windowSeconds });
  const byIp = createRateLimiter({ keyPrefix: `${keyPrefix}-ip`, points: ipFailures, duration: windowSeconds });
  const byUser = createRateLimiter({ keyPrefix: `${keyPrefix}-user`, points: usernameFailures, duration: windowSeconds });
  // How many lockouts each pair and address had in the last 24 hours (the points are never spent).
  const lockouts = createRateLimiter({ keyPrefix: `${keyPrefix}-lockouts`, points: 1_000_000, duration: LOCKOUT_MEMORY_SECONDS });
  const userKey = (username: string) => username.trim().toLowerCase().slice(0, 100);
  // An address counts as its IPv4 address or IPv6 /64 (ipRateLimitKey): one subscriber's /64 is one address.
  const pairKey = (username: string, ip: string) => `${userKey(username)}\n${ipRateLimitKey(ip)}`;

  /** Seconds a key whose count is `res` (of `limit` points) stays refused, or 0. */
  function waitOf(res: RateLimiterRes | null, limit: number): number {
    if (!res || res.consumedPoints < limit) return 0;
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  }
  /** Count a failure of `key`; the one that reaches `limit` starts a lockout twice the previous one. */
  async function fail(limiter: RateLimiterAbstract, limit: number, key: string, kind: string): Promise<void> {
    const res = await limiter.penalty(key);
    if (res.consumedPoints !== limit) return;
    const nth = (await lockouts.penalty(`${kind}\n${key}`)).consumedPoints;
    const seconds = Math.min(windowSeconds * 2 ** Math.min(nth - 1, 30), LOCKOUT_MEMORY_SECONDS);
    await limiter.block(key, seconds);
  }

  async function check(username: string, ip: string): Promise<LoginGate> {
    const [pairRes, ipRes, userRes] = await Promise.all([byPair.get(pairKey(username, ip)), byIp.get(ipRateLimitKey(ip)), byUser.get(userKey(username))]);
    const hard = Math.max(waitOf(pairRes, failures), waitOf(ipRes, ipFailures));
    const name = waitOf(userRes, usernameFailures);
    if (hard > 0) return { retryAfterSeconds: Math.max(hard, name), secondFactorMayPass: false };
    if (name === 0) return { retryAfterSeconds: 0, secondFactorMayPass: false };
    return { retryAfterSeconds: name, secondFactorMayPass: !ipRes || ipRes.consumedPoints === 0 };
  }

  return {
    check,
    async blockedFor(username, ip) {
      const gate = await check(username, ip);
      return gate.secondFactorMayPass ? 0 : gate.retryAfterSeconds;
    },
    async recordFailure(username, ip) {
      // penalty() counts without refusing: the caller already decided the answer.
      await Promise.all([
        fail(byPair, failures, pairKey(username, ip), 'pair'),
        fail(byIp, ipFailures, ipRateLimitKey(ip), 'ip'),
        byUser.penalty(userKey(username)),
      ]);
    },
  };
}

let throttle: LoginThrottle | undefined;

/** The process's login throttle, sized from the environment (RATE_LIMIT_LOGIN_FAILURES) on first use. */
export function loginThrottle(): LoginThrottle {
  throttle ??= createLoginThrottle({ failures: env().RATE_LIMIT_LOGIN_FAILURES, windowSeconds: LOGIN_WINDOW_SECONDS });
  return throttle;
}
