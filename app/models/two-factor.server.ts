/**
 * Two-factor sign-in of staff accounts (docs/decisions/004-staff-authentication.md#two-factor-sign-in):
 * TOTP enrolment, the second-factor check at sign-in and the recovery codes. TOTP secrets never
 * leave the server except on the enrolment screen and are stored encrypted with SECRETS_KEY
 * (app/lib/secrets.server.ts, docs/decisions/045-security-round-two.md#3-two-factor-secrets); a
 * plaintext secret from before is encrypted at start (`encryptStoredSecrets`) or at its next use.
 * Recovery codes (about 119 bits) are stored only as SHA-256 hashes.
 * Every change made by a person is written to the audit log in the same transaction
 * (docs/decisions/017-audit-log.md); no entry holds a secret or a code.
 */
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { recoveryCodes, users } from '~/db/schema';
import { Conflict } from '~/lib/errors.server';
import { decryptSecret, encryptSecret, needsReencryption, secretsKeyConfigured } from '~/lib/secrets.server';
import { hashRecoveryCode, looksLikeTotp, matchTotp, newRecoveryCodes, newTotpSecret } from '~/lib/totp.server';
import { recordAudit, type AuditActor } from './audit.server';
import { lockUser } from './user.server';

/** What enrolment answers on a production server without SECRETS_KEY. */
export const NO_SECRETS_KEY = 'Two-factor sign-in needs SECRETS_KEY in the server settings (docs/deploy.md)';

/**
 * The secret being enrolled for `userId`: the pending one when there is one (so a reload shows the
 * same QR code), else a new one saved as pending. Throws Conflict when two-factor is already on.
 */
export async function beginTotpEnrolment(userId: string): Promise<string> {
  return db().transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.totpEnabledAt) throw new Conflict('Two-factor sign-in is already on');
    if (!secretsKeyConfigured()) throw new Conflict(NO_SECRETS_KEY);
    if (user.totpSecret) return decryptSecret(user.totpSecret);
    const secret = newTotpSecret();
    await tx
      .update(users)
      .set({ totpSecret: encryptSecret(secret), totpLastStep: null, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return secret;
  });
}

/** The pending (not yet confirmed) secret of `userId`, or null. */
export async function pendingTotpSecret(userId: string): Promise<string | null> {
  const [row] = await db()
    .select({ secret: users.totpSecret })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
  return row?.secret ? decryptSecret(row.secret) : null;
}

/** Drop a pending enrolment (the secret is forgotten); nothing happens when two-factor is on. */
export async function cancelTotpEnrolment(userId: string): Promise<void> {
  await db()
    .update(users)
    .set({ totpSecret: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
}

/** Replace the recovery codes of a user with new ones; returns the codes (to show once). */
async function replaceRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/**
 * Switch two-factor sign-in on: `code` must be right for the pending secret. Returns the 10 new
 * recovery codes (shown once, stored hashed), or null for a wrong code. Throws Conflict when there is
 * no pending enrolment.
 */
export async function confirmTotpEnrolment(actor: AuditActor, userId: string, code: string, now = new Date()): Promise<string[] | null> {
  return db().transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.totpEnabledAt || !user.totpSecret) throw new Conflict('Start the set-up of two-factor sign-in again');
    const secret = decryptSecret(user.totpSecret);
    const step = matchTotp(secret, code, now);
    if (step === null) return null;
    await tx
      .update(users)
      .set({
        totpSecret: needsReencryption(user.totpSecret) ? encryptSecret(secret) : user.totpSecret,
        totpEnabledAt: now,
        totpLastStep: step,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    const codes = await replaceRecoveryCodes(tx, userId);
    await recordAudit(tx, actor, {
      action: 'two_factor',
      entityType: 'user',
      entityId: userId,
      summary: `${user.username} turned on two-factor sign-in`,
      changes: { twoFactor: { from: false, to: true } },
    });
    return codes;
  });
}

/** Switch two-factor sign-in off: the secret and the recovery codes are deleted. */
export async function disableTwoFactor(actor: AuditActor, userId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user.totpEnabledAt && !user.totpSecret) return;
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await recordAudit(tx, actor, {
      action: 'two_factor',
      entityType: 'user',
      entityId: userId,
      summary: actor.id === userId ? `${user.username} turned off two-factor sign-in` : `Turned off two-factor sign-in of ${user.username}`,
      changes: { twoFactor: { from: true, to: false } },
    });
  });
}

/** New recovery codes for a user with two-factor on (the old ones stop working); returns them to show once. */
export async function regenerateRecoveryCodes(actor: AuditActor, userId: string): Promise<string[]> {
  return db().transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user.totpEnabledAt) throw new Conflict('Two-factor sign-in is off');
    const codes = await replaceRecoveryCodes(tx, userId);
    await recordAudit(tx, actor, {
      action: 'two_factor',
      entityType: 'user',
      entityId: userId,
      summary: `${user.username} made new recovery codes`,
    });
    return codes;
  });
}

/**
 * Check a second factor of a user with two-factor on, and use it up: a 6-digit TOTP code whose time
 * step is later than the last one accepted (so a code, or an older one, cannot be used again), or an
 * unused recovery code (marked used). Both are single atomic updates, so two requests racing with
 * the same code cannot both pass. Returns which kind matched, or null.
 */
export async function verifySecondFactor(userId: string, code: string, now = new Date()): Promise<'totp' | 'recovery' | null> {
  const trimmed = code.trim();
  if (!trimmed || trimmed.length > 64) return null;
  if (looksLikeTotp(trimmed)) {
    const [user] = await db()
      .select({ secret: users.totpSecret })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.totpEnabledAt)));
    if (!user?.secret) return null;
    const secret = decryptSecret(user.secret);
    const step = matchTotp(secret, trimmed, now);
    if (step === null) return null;
    if (needsReencryption(user.secret)) await reencrypt(userId, user.secret, secret);
    const used = await db()
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return used.length > 0 ? 'totp' : null;
  }
  const used = await db()
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(trimmed)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0 ? 'recovery' : null;
}

/** Store `plain` encrypted with the current key in place of `stored` (unless it changed meanwhile). */
async function reencrypt(userId: string, stored: string, plain: string): Promise<boolean> {
  const rows = await db()
    .update(users)
    .set({ totpSecret: encryptSecret(plain) })
    .where(and(eq(users.id, userId), eq(users.totpSecret, stored)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Encrypt with the current key every stored secret that is plaintext (from before encryption) or
 * encrypted with OLD_SECRETS_KEY: the migration at start and `npm run secrets:rotate`. Returns how
 * many were rewritten; throws when a secret opens with neither key. Does nothing without a key.
 */
export async function encryptStoredSecrets(): Promise<number> {
  if (!secretsKeyConfigured()) return 0;
  const rows = await db().select({ id: users.id, secret: users.totpSecret }).from(users).where(isNotNull(users.totpSecret));
  let rewritten = 0;
  for (const row of rows) {
    if (row.secret && needsReencryption(row.secret) && (await reencrypt(row.id, row.secret, decryptSecret(row.secret)))) rewritten++;
  }
  return rewritten;
}

/** How many users have a TOTP secret stored (two-factor on, or being set up). */
export async function countStoredSecrets(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(users).where(isNotNull(users.totpSecret));
  return row?.n ?? 0;
}

/**
 * At start (docs/decisions/045-security-round-two.md#3-two-factor-secrets): throw a one-line Error
 * when there is no key (production without SECRETS_KEY) but a secret is stored, else encrypt the
 * secrets stored in plaintext or under OLD_SECRETS_KEY. Returns how many were encrypted.
 */
export async function prepareStoredSecrets(): Promise<number> {
  if (!secretsKeyConfigured()) {
    const stored = await countStoredSecrets();
    if (stored > 0)
      throw new Error(`SECRETS_KEY is not set, but ${stored} user${stored === 1 ? ' has' : 's have'} two-factor sign-in: set it (docs/deploy.md)`);
    return 0;
  }
  return encryptStoredSecrets();
}
