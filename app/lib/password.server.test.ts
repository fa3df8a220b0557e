/**
 * Password hashing (docs/decisions/045-security-round-two.md#2-password-hashing): new hashes use
 * scrypt N=2^17, r=8, p=1 and say so; older N=2^14 hashes still verify and are marked for a rehash;
 * at most one hash runs at a time; the test-only lower cost is refused outside tests.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, test, vi } from 'vitest';
import { parseEnv } from './env.server';
import { currentHashParams, hashPassword, hashQueue, needsRehash, PASSWORD_HASH_CONCURRENCY, verifyPassword } from './password.server';

/** A hash as the app stored it before: scrypt N=2^14, r=8, p=1. */
function oldHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N: 2 ** 14, r: 8, p: 1 });
  return ['scrypt', 2 ** 14, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('password hashes', () => {
  test('production hashes with N=2^17, r=8, p=1, written into the hash, and verifies it', async () => {
    const production = currentHashParams(parseEnv({ NODE_ENV: 'production' }));
    expect(production).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const hash = await hashPassword('momo with chilli', production);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('momo with chilli', hash)).toBe(true);
    expect(await verifyPassword('momo without chilli', hash)).toBe(false);
  });

  test('an old N=2^14 hash still verifies and is marked for a rehash; a current one is not', async () => {
    const old = oldHash('prayer wheel');
    expect(await verifyPassword('prayer wheel', old)).toBe(true);
    const production = currentHashParams(parseEnv({ NODE_ENV: 'production' }));
    expect(needsRehash(old, production)).toBe(true);
    expect(needsRehash(old, { N: 2 ** 14, r: 8, p: 1 })).toBe(false);
    expect(needsRehash(await hashPassword('prayer wheel'))).toBe(false);
  });

  test('a malformed or oversized hash never verifies', async () => {
    const old = oldHash('prayer wheel');
    expect(await verifyPassword('prayer wheel', old.replace('$16384$', '$16383$'))).toBe(false);
    expect(await verifyPassword('prayer wheel', old.replace('$16384$', `$${2 ** 24}$`))).toBe(false);
    expect(await verifyPassword('prayer wheel', `${old}$extra`)).toBe(false);
    expect(await verifyPassword('prayer wheel', 'bcrypt$whatever')).toBe(false);
  });

  test('at most one hash runs at a time; the others wait their turn', async () => {
    expect(PASSWORD_HASH_CONCURRENCY).toBe(1);
    const all = Promise.all(['a', 'b', 'c', 'd'].map((p) => hashPassword(`${p} long enough`)));
    await vi.waitFor(() => expect(hashQueue()).toEqual({ active: 1, waiting: 3 }));
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, hashQueue().active)), 1);
    await all;
    clearInterval(watch);
    expect(most).toBeLessThanOrEqual(1);
    expect(hashQueue()).toEqual({ active: 0, waiting: 0 });
  });

  test('the test-only lower cost is refused outside NODE_ENV=test', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', PASSWORD_SCRYPT_LOG_N_FOR_TESTS: '12' })).toThrow(
      /PASSWORD_SCRYPT_LOG_N_FOR_TESTS: only allowed when NODE_ENV=test/,
    );
    expect(currentHashParams(parseEnv({ NODE_ENV: 'test', PASSWORD_SCRYPT_LOG_N_FOR_TESTS: '12' })).N).toBe(2 ** 12);
  });
});
