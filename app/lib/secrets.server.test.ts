/**
 * Encryption of two-factor secrets (docs/decisions/045-security-round-two.md#3-two-factor-secrets):
 * AES-256-GCM as `v1:<iv>:<tag>:<ct>`, the previous key still opens, tampering is refused, a
 * development key is made once in the data folder outside production, and production has no key
 * without SECRETS_KEY.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import {
  decryptSecret,
  encryptSecret,
  keysOf,
  needsReencryption,
  newSecretsKey,
  parseSecretsKey,
  setSecretsKeysForTests,
  SECRETS_KEY_MISSING,
} from './secrets.server';

const SEED = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

afterEach(() => setSecretsKeysForTests());

describe('two-factor secret encryption', () => {
  test('a seed is stored as v1:<iv>:<tag>:<ct>, never in the clear, with a new IV each time, and decrypts', () => {
    const stored = encryptSecret(SEED);
    expect(stored).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(stored).not.toContain(SEED);
    expect(encryptSecret(SEED)).not.toBe(stored);
    expect(decryptSecret(stored)).toBe(SEED);
    expect(needsReencryption(stored)).toBe(false);
  });

  test('a changed ciphertext or another key does not open; the previous key (OLD_SECRETS_KEY) does', () => {
    const oldKey = parseSecretsKey(newSecretsKey());
    const newKey = parseSecretsKey(newSecretsKey());
    const underOld = encryptSecret(SEED, oldKey);
    const tampered = underOld.slice(0, -2) + (underOld.endsWith('A') ? 'BB' : 'AA');
    setSecretsKeysForTests({ current: newKey, old: null });
    expect(() => decryptSecret(underOld)).toThrow(/cannot be decrypted/);
    setSecretsKeysForTests({ current: newKey, old: oldKey });
    expect(decryptSecret(underOld)).toBe(SEED);
    expect(needsReencryption(underOld)).toBe(true);
    expect(() => decryptSecret(tampered)).toThrow(/cannot be decrypted/);
  });

  test('a plaintext seed from before encryption is read as it is and marked for encryption', () => {
    expect(decryptSecret(SEED)).toBe(SEED);
    expect(needsReencryption(SEED)).toBe(true);
  });

  test('outside production without SECRETS_KEY a development key is made once in DATA_DIR/secrets.key (0600)', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'secrets-key-'));
    try {
      const first = keysOf({ NODE_ENV: 'development', DATA_DIR: dataDir, SECRETS_KEY: undefined, OLD_SECRETS_KEY: undefined });
      const file = path.join(dataDir, 'secrets.key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(parseSecretsKey(readFileSync(file, 'utf8'))).toEqual(first.current);
      const again = keysOf({ NODE_ENV: 'development', DATA_DIR: dataDir, SECRETS_KEY: undefined, OLD_SECRETS_KEY: undefined });
      expect(again.current).toEqual(first.current);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('production without SECRETS_KEY has no key and refuses to encrypt; a malformed key is refused by name', () => {
    const none = keysOf({ NODE_ENV: 'production', DATA_DIR: '/nonexistent', SECRETS_KEY: undefined, OLD_SECRETS_KEY: undefined });
    expect(none.current).toBeNull();
    expect(() => encryptSecret(SEED, none.current)).toThrow(SECRETS_KEY_MISSING);
    expect(() =>
      keysOf({ NODE_ENV: 'production', DATA_DIR: '/x', SECRETS_KEY: 'too-short-but-forty-characters-long-xxxxx', OLD_SECRETS_KEY: undefined }),
    ).toThrow(/SECRETS_KEY must be 32 random bytes/);
  });
});
