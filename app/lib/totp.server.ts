/**
 * The arithmetic of two-factor sign-in (docs/decisions/004-staff-authentication.md#two-factor-sign-in):
 * TOTP secrets and codes (RFC 6238: SHA-1, 6 digits, 30-second steps, one step either side accepted)
 * with `otpauth`, the enrolment QR code as an inline SVG string with `qrcode`, and one-time recovery
 * codes of about 119 bits, of which only the SHA-256 is stored (OWASP ASVS 5.0 6.5.2 allows an
 * unsalted SHA-2 for lookup secrets of at least 112 bits; docs/decisions/045-security-round-two.md).
 *
 * Nothing here touches the database or a log: the caller stores the secret and the step that was
 * used (so a code cannot be used twice), and never logs a secret or a code.
 */
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** Length of a TOTP code (digits). */
export const TOTP_DIGITS = 6;
/** Length of a TOTP time step (seconds). */
export const TOTP_PERIOD = 30;
/** Steps accepted either side of the current one, for clocks a little off. */
export const TOTP_WINDOW = 1;
/** How many recovery codes a user gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

/** A new random TOTP secret: 20 bytes (160 bits, RFC 4226's recommendation), base32 without padding. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = 'staff', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, secret: Secret.fromBase32(secret) });
}

/** The `otpauth://totp/...` address an authenticator app reads from the QR code. */
export function totpUri(secret: string, { username, issuer }: { username: string; issuer: string }): string {
  return totp(secret, username, issuer).toString();
}

/**
 * The QR code of `uri` as an SVG document string (black on white, a quiet zone of 2 modules, no
 * fixed size: CSS sizes it). Server-rendered, so the secret never passes through a third party.
 */
export function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
}

/** The secret in groups of four characters, easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The time step (30-second counter since 1970) of `now`. */
export function totpStep(now: Date = new Date()): number {
  return TOTP.counter({ period: TOTP_PERIOD, timestamp: now.getTime() });
}

/** The code of `secret` at `now` (tests and the e2e helper compute the same with otpauth). */
export function totpCode(secret: string, now: Date = new Date()): string {
  return totp(secret).generate({ timestamp: now.getTime() });
}

/** A code as typed, without spaces or dashes (apps show '123 456'). */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** True when `code` has the shape of a TOTP code (6 digits, spaces allowed). */
export function looksLikeTotp(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeCode(code));
}

/**
 * The time step at which `code` is right for `secret` (the current step or one either side), or
 * null when it is not. The caller refuses a step at or below the last one used (replay).
 */
export function matchTotp(secret: string, code: string, now: Date = new Date()): number | null {
  const token = normalizeCode(code);
  if (!looksLikeTotp(token)) return null;
  let delta: number | null;
  try {
    delta = totp(secret).validate({ token, timestamp: now.getTime(), window: TOTP_WINDOW });
  } catch {
    return null;
  }
  return delta === null ? null : totpStep(now) + delta;
}

/** Recovery codes use letters and digits that cannot be mistaken for each other (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Characters of a recovery code: 24 of 31 symbols are 24 * log2(31), about 118.9 bits (ASVS 6.5.2 asks at least 112). */
export const RECOVERY_CODE_LENGTH = 24;

/** One recovery code: RECOVERY_CODE_LENGTH random characters shown in groups of four, `xxxx-xxxx-xxxx-xxxx-xxxx-xxxx`. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

/** RECOVERY_CODE_COUNT new, distinct recovery codes, to show once. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/**
 * SHA-256 (hex) of a recovery code as typed, ignoring case, spaces and dashes: what the
 * `recovery_codes` table stores. The codes are random and long enough (about 119 bits) that a fast
 * hash suffices. Codes of 10 characters made before still match until they are used or replaced.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(`recovery:${normalizeCode(code)}`)
    .digest('hex');
}
