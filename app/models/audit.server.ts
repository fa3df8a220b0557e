/**
 * The audit log (docs/decisions/017-audit-log.md): every staff change and sign-in event, with who,
 * when, what and the before/after of the fields that changed. `recordAudit` takes the executor of
 * the change, so the entry is written in the same transaction and exists exactly when the change
 * does. Secrets (passwords, hashes, tokens, TOTP secrets, recovery codes) never enter an entry:
 * `diffChanges` drops those keys at any depth, and `recordAudit` checks again.
 */
import { db, type Executor } from '~/db/client.server';
import { auditLog } from '~/db/schema';

/** Who made a change: the signed-in user (id null for an unknown username) and the client address. */
export type AuditActor = { id: string | null; name: string; ip?: string | null };

/** What kind of change; the filter of /admin/audit. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'convert',
  'note',
  'assign',
  'follow_up',
  'resend',
  'settings',
  'location',
  'login',
  'login_failed',
  'logout',
  'password',
  'two_factor',
  'session_revoked',
  'user',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What was changed; the other filter of /admin/audit. */
export const AUDIT_ENTITIES = ['package', 'bike', 'car', 'booking', 'inquiry', 'settings', 'location', 'user', 'session', 'email'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

export type AuditInput = {
  action: AuditAction;
  entityType: AuditEntity;
  entityId?: string | null;
  /** One readable line, e.g. 'Confirmed booking #A1B2C3'. */
  summary: string;
  changes?: AuditChanges | null;
};

/** Keys whose values never reach the audit log (compared case-insensitively, at any depth). */
const SECRET_KEYS = new Set(
  ['password', 'passwordHash', 'currentPassword', 'newPassword', 'confirmPassword', 'token', 'tokenHash', 'totpSecret', 'secret', 'code', 'codeHash', 'recoveryCodes'].map(
    (k) => k.toLowerCase(),
  ),
);
/** Bookkeeping columns that change with every write and say nothing. */
const IGNORED_KEYS = new Set(['updatedAt', 'createdAt']);

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase());
}

/** `value` with secret keys removed at every depth (arrays and plain objects). */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !isSecretKey(k)).map(([k, v]) => [k, withoutSecrets(v)]));
  }
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(withoutSecrets(a)) === JSON.stringify(withoutSecrets(b));
}

/**
 * The fields that differ between `before` and `after` as `{ field: { from, to } }` (a create has
 * `before` null, a delete `after` null), or null when nothing changed. Secret keys and
 * createdAt/updatedAt are left out; `only` limits the comparison to those fields.
 */
export function diffChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  only?: readonly string[],
): AuditChanges | null {
  const keys = new Set(only ?? [...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChanges = {};
  for (const key of keys) {
    if (isSecretKey(key) || IGNORED_KEYS.has(key)) continue;
    const from = before ? (before[key] ?? null) : null;
    const to = after ? (after[key] ?? null) : null;
    if (!same(from, to)) changes[key] = { from: withoutSecrets(from), to: withoutSecrets(to) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * Write one audit entry with `executor` (pass the change's transaction). The changes are stripped
 * of secret keys once more here, so a caller cannot log one by mistake.
 */
export async function recordAudit(executor: Executor, actor: AuditActor, entry: AuditInput): Promise<void> {
  await executor.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    summary: entry.summary.slice(0, 500),
    changes: entry.changes ? (withoutSecrets(entry.changes) as AuditChanges) : null,
    ip: actor.ip ?? null,
  });
}

/** Write one audit entry on its own (sign-in events, which change nothing else). */
export function recordAuditNow(actor: AuditActor, entry: AuditInput): Promise<void> {
  return recordAudit(db(), actor, entry);
}
