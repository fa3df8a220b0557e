/**
 * Encryption of the stored two-factor secrets (docs/decisions/045-security-round-two.md#3-two-factor-secrets):
 * AES-256-GCM with `node:crypto`, as the versioned text `v1:<iv>:<tag>:<ciphertext>` (base64url; a
 * random 96-bit IV per value). The key (32 bytes, base64 or base64url) comes from SECRETS_KEY; while
 * keys are rotated, OLD_SECRETS_KEY still decrypts (`npm run secrets:rotate`, docs/deploy.md).
 *
 * Without SECRETS_KEY outside production a development key is made once and kept in
 * DATA_DIR/secrets.key (mode 0600; db:backup copies only the database and uploads, never this
 * file). In production without SECRETS_KEY there is no key: `secretsKeyConfigured()` says so, and
 * the server refuses to start once a user has two-factor sign-in.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { env, type Env } from './env.server';

/** The prefix of a value encrypted by this module (and its format version). */
const VERSION = 'v1';
const KEY_BYTES = 32;

/** Why there is no key: in production SECRETS_KEY is required. */
export const SECRETS_KEY_MISSING = 'SECRETS_KEY is not set: two-factor secrets cannot be encrypted (docs/deploy.md)';

/** A SECRETS_KEY value as 32 bytes; throws naming `name` when it is not 32 bytes of base64/base64url. */
export function parseSecretsKey(value: string, name = 'SECRETS_KEY'): Buffer {
  const key = Buffer.from(value.trim(), 'base64url');
  if (key.length !== KEY_BYTES || !/^[A-Za-z0-9+/_-]+=*$/.test(value.trim())) {
    throw new Error(`${name} must be 32 random bytes in base64 (e.g. from: openssl rand -base64 32)`);
  }
  return key;
}

/** A new random key as SECRETS_KEY wants it (base64url). */
export function newSecretsKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}

/** The key to encrypt with (null: none, production without SECRETS_KEY) and the previous one, still accepted to decrypt. */
export type SecretsKeys = { current: Buffer | null; old: Buffer | null };
type Keys = SecretsKeys;
let cached: Keys | undefined;

/** The development key in `dataDir/secrets.key`, made on first use (never in production). */
function developmentKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secrets.key');
  try {
    return parseSecretsKey(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${newSecretsKey()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseSecretsKey(readFileSync(file, 'utf8'), file);
}

/** The keys of `environment`: SECRETS_KEY (or the development key outside production) and OLD_SECRETS_KEY. */
export function keysOf(environment: Pick<Env, 'NODE_ENV' | 'SECRETS_KEY' | 'OLD_SECRETS_KEY' | 'DATA_DIR'>): Keys {
  const current = environment.SECRETS_KEY
    ? parseSecretsKey(environment.SECRETS_KEY)
    : environment.NODE_ENV === 'production'
      ? null
      : developmentKey(environment.DATA_DIR);
  return { current, old: environment.OLD_SECRETS_KEY ? parseSecretsKey(environment.OLD_SECRETS_KEY, 'OLD_SECRETS_KEY') : null };
}

function keys(): Keys {
  cached ??= keysOf(env());
  return cached;
}

/**
 * The current key and OLD_SECRETS_KEY, for other secrets derived from them: the vehicles' calendar
 * feed addresses (app/lib/vehicle-feed.server.ts, docs/decisions/048-trip-operations.md#ical-feed-per-vehicle).
 */
export function secretsKeys(): SecretsKeys {
  return keys();
}

/** True when a key to encrypt with is available (always outside production). */
export function secretsKeyConfigured(): boolean {
  return keys().current !== null;
}

/** True when `stored` is in this module's encrypted format (else it is a plaintext value from before). */
export function isEncryptedSecret(stored: string): boolean {
  return stored.startsWith(`${VERSION}:`);
}

/** `plain` encrypted with `key` (the current key by default) as `v1:<iv>:<tag>:<ct>`; throws when there is no key. */
export function encryptSecret(plain: string, key: Buffer | null = keys().current): string {
  if (!key) throw new Error(SECRETS_KEY_MISSING);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join(':');
}

function decryptWith(stored: string, key: Buffer): string | null {
  const [, iv, tag, ct] = stored.split(':');
  if (!iv || !tag || ct === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * The plaintext of a stored secret: decrypted with the current key, else with OLD_SECRETS_KEY (or
 * the keys given); a value from before encryption is returned as it is. Throws when no key opens it.
 */
export function decryptSecret(stored: string, candidates: (Buffer | null)[] = [keys().current, keys().old]): string {
  if (!isEncryptedSecret(stored)) return stored;
  for (const key of candidates) {
    const plain = key ? decryptWith(stored, key) : null;
    if (plain !== null) return plain;
  }
  throw new Error('A stored two-factor secret cannot be decrypted with SECRETS_KEY or OLD_SECRETS_KEY');
}

/** True when `stored` is plaintext or was encrypted with another key than the current one: encrypt it again. */
export function needsReencryption(stored: string): boolean {
  const current = keys().current;
  return !!current && (!isEncryptedSecret(stored) || decryptWith(stored, current) === null);
}

/** Tests: use `keys` instead of the environment's, or (without an argument) read the environment again. */
export function setSecretsKeysForTests(keys?: SecretsKeys): void {
  cached = keys;
}
