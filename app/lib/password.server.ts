/**
 * Passwords of staff accounts (docs/decisions/004-staff-authentication.md,
 * docs/decisions/045-security-round-two.md#2-password-hashing).
 *
 * Hashing: Node's crypto.scrypt with N=2^17, r=8, p=1 (OWASP's current minimum; about 128 MiB and
 * 0.36 s per hash on a 2-core machine), stored as `scrypt$N$r$p$salt$hash` in base64url, so a hash
 * says its own parameters: older N=2^14 hashes still verify, and `needsRehash` tells the sign-in to
 * store a new one. At most one hash runs at a time in the process (a queue), so sign-in attempts
 * cannot take both cores. Verification is constant-time. Rules (OWASP ASVS 5.0 chapter 6): 8 to 128
 * characters, no composition rules, and not one of the ~49,000 common passwords that zxcvbn-ts ships.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import pLimit from 'p-limit';
import { env, type Env } from './env.server';

/** scrypt's cost parameters: N (a power of two), block size r and parallelism p. */
export type ScryptParams = { N: number; r: number; p: number };

const KEY_LENGTH = 64;
/** Production parameters (OWASP Password Storage Cheat Sheet, scrypt). */
const PRODUCTION_LOG_N = 17;
/** The largest N a stored hash may ask for (2^20 = 1 GiB with r=8): a corrupt row cannot exhaust memory. */
const MAX_LOG_N = 20;
/** How many hashes may run at once in this process. */
export const PASSWORD_HASH_CONCURRENCY = 1;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const queue = pLimit(PASSWORD_HASH_CONCURRENCY);

/**
 * The parameters of new hashes: N=2^17, r=8, p=1, except in tests where
 * PASSWORD_SCRYPT_LOG_N_FOR_TESTS (app/lib/env.server.ts, refused outside NODE_ENV=test) lowers N.
 */
export function currentHashParams(environment: Pick<Env, 'PASSWORD_SCRYPT_LOG_N_FOR_TESTS'> = env()): ScryptParams {
  return { N: 2 ** (environment.PASSWORD_SCRYPT_LOG_N_FOR_TESTS ?? PRODUCTION_LOG_N), r: 8, p: 1 };
}

/** Hashes running now (`active`, at most PASSWORD_HASH_CONCURRENCY) and waiting for their turn (`waiting`). */
export function hashQueue(): { active: number; waiting: number } {
  return { active: queue.activeCount, waiting: queue.pendingCount };
}

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node refuses more than `maxmem` (32 MiB by default).
  const maxmem = 128 * N * r * p + 16 * 1024 * 1024;
  return queue(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

/** The scrypt hash of `password` (with the current parameters unless given), as `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string, params: ScryptParams = currentHashParams()): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** The parameters and parts of a stored hash, or null when it is malformed or asks for too much. */
function parseHash(stored: string): (ScryptParams & { salt: Buffer; hash: Buffer }) | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash || rest.length > 0) return null;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  const valid = Number.isInteger(N) && N >= 2 && N <= 2 ** MAX_LOG_N && (N & (N - 1)) === 0 && [R, P].every((x) => Number.isInteger(x) && x >= 1 && x <= 16);
  return valid ? { N, r: R, p: P, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') } : null;
}

/** True when `password` matches `stored` (whatever parameters it was made with); false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/** True when `stored` was made with other parameters than `current` (new hashes' by default): replace it at the next sign-in. */
export function needsRehash(stored: string, current: ScryptParams = currentHashParams()): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.N !== current.N || parsed.r !== current.r || parsed.p !== current.p;
}

let common: Set<string> | undefined;

/** True when the password (any case) is on the common-password list. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * Why `password` may not be used, or null when it may: too short, too long, a common password, or
 * the username itself. Length counts characters (code points), not bytes.
 */
export function passwordProblem(password: string, username?: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  if (isCommonPassword(password)) return 'This password is too common. Choose a less guessable one';
  if (username && password.toLowerCase() === username.toLowerCase()) return 'The password cannot be the username';
  return null;
}

/** A hash of a random password, verified against when the username is unknown (equal timing). */
let dummyHash: Promise<string> | undefined;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
