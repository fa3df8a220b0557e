/**
 * The audit log (docs/decisions/017-audit-log.md): every staff change and sign-in event, with who,
 * when, what and the before/after of the fields that changed. `recordAudit` takes the executor of
 * the change, so the entry is written in the same transaction and exists exactly when the change
 * does. Secrets (passwords, hashes, tokens, TOTP secrets, recovery codes) never enter an entry:
 * `diffChanges` drops those keys at any depth, and `recordAudit` checks again.
 */
import { and, asc, desc, eq, gte, inArray, lt, ne, type SQL } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { auditLog, bikes, bookings, cars, drivers, inquiries, tourPackages, users } from '~/db/schema';
import { isUuid } from '~/lib/ids';
import { containsAny, selectPage, type Page, type Paging } from './query.server';

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
  'quote',
  'payment_request',
  'payment',
  'reversal',
  'refund',
  'booking_link',
  'document',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What was changed; the other filter of /admin/audit. */
export const AUDIT_ENTITIES = ['package', 'bike', 'car', 'driver', 'booking', 'inquiry', 'settings', 'location', 'user', 'session', 'email'] as const;
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
  [
    'password',
    'passwordHash',
    'currentPassword',
    'newPassword',
    'confirmPassword',
    'token',
    'tokenHash',
    'totpSecret',
    'secret',
    'code',
    'codeHash',
    'recoveryCodes',
  ].map((k) => k.toLowerCase()),
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
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !isSecretKey(k))
        .map(([k, v]) => [k, withoutSecrets(v)]),
    );
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
export function diffChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null, only?: readonly string[]): AuditChanges | null {
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

// ---------------------------------------------------------------------------------------------
// Writes with their entry, the catalogue's entries, and reading the log (/admin/audit).
// ---------------------------------------------------------------------------------------------

/**
 * Run a write and, when `actor` is given, its audit entry in ONE transaction: `write` gets the
 * executor to use and returns its result and the entry to record (null: nothing to record, e.g. an
 * unknown id). If the write or the entry fails, neither is kept. Without an actor (the seed, tests)
 * the write runs on its own and nothing is recorded.
 */
export async function withAudit<T>(actor: AuditActor | undefined, write: (executor: Executor) => Promise<{ result: T; entry: AuditInput | null }>): Promise<T> {
  if (!actor) return (await write(db())).result;
  return db().transaction(async (tx) => {
    const { result, entry } = await write(tx);
    if (entry) await recordAudit(tx, actor, entry);
    return result;
  });
}

/** A value worth listing in a create entry: not null, '', an empty list or an object of such values. */
function isSet(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && !(value instanceof Date)) return Object.values(value).some(isSet);
  return true;
}

/** The changes of a create: each field given a value, from null (secrets and timestamps left out). */
export function createdChanges(after: Record<string, unknown>, fields: readonly string[] = Object.keys(after)): AuditChanges | null {
  return diffChanges(
    null,
    after,
    fields.filter((field) => isSet(after[field])),
  );
}

export type CatalogEntity = Extract<AuditEntity, 'package' | 'bike' | 'car' | 'driver'>;

/**
 * The entry of a catalogue write (docs/decisions/017-audit-log.md#catalogue): summary
 * 'Created bike Royal Enfield Himalayan 450' / 'Updated …' / 'Deleted …' with the record's title or model.
 */
export function catalogAuditEntry(
  action: 'create' | 'update' | 'delete',
  entityType: CatalogEntity,
  entityId: string,
  name: string,
  changes: AuditChanges | null,
): AuditInput {
  const verb = action === 'create' ? 'Created' : action === 'update' ? 'Updated' : 'Deleted';
  return { action, entityType, entityId, summary: `${verb} ${entityType} ${name}`, changes };
}

/** Entries on one page of /admin/audit. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * The filters of /admin/audit; all optional and combined with AND. `from` / `to` are calendar days
 * ('YYYY-MM-DD') in Asia/Kolkata, both included; `actor` is a username as recorded; `q` is a
 * case-insensitive substring of the summary or the entity id.
 */
export type AuditQuery = Paging & {
  action?: AuditAction;
  entityType?: AuditEntity;
  actor?: string;
  from?: string;
  to?: string;
  q?: string;
};

/** One entry as /admin/audit shows it. */
export type AuditEntry = {
  id: string;
  createdAt: Date;
  actorName: string;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  changes: AuditChanges | null;
  ip: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of calendar day `day` ('YYYY-MM-DD') in India (UTC+05:30, no daylight saving). */
export function indiaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`);
}

function auditConditions(query: AuditQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [containsAny(query.q, [auditLog.summary, auditLog.entityId])];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
  if (query.actor) conditions.push(eq(auditLog.actorName, query.actor));
  if (query.from) conditions.push(gte(auditLog.createdAt, indiaDayStart(query.from)));
  if (query.to) conditions.push(lt(auditLog.createdAt, new Date(indiaDayStart(query.to).getTime() + DAY_MS)));
  return and(...conditions);
}

/** One page of audit entries matching `query`, newest first, and how many match in all. */
export async function listAuditEntries(query: AuditQuery = {}): Promise<Page<AuditEntry>> {
  const where = auditConditions(query);
  const rows = db()
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorName: auditLog.actorName,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      summary: auditLog.summary,
      changes: auditLog.changes,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .$dynamic();
  return selectPage(rows, { table: auditLog, where }, query);
}

/**
 * The usernames that appear in the log (at most 200, A–Z) and name a staff account, for the 'User'
 * filter: a failed sign-in's made-up username stays in its entry but never reaches the filter
 * (docs/decisions/045-security-round-two.md section 5).
 */
export async function listAuditActors(): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ name: auditLog.actorName })
    .from(auditLog)
    .where(and(ne(auditLog.actorName, ''), inArray(auditLog.actorName, db().select({ username: users.username }).from(users))))
    .orderBy(asc(auditLog.actorName))
    .limit(200);
  return rows.map((row) => row.name);
}

/** The tables of the entities that have an admin page per record. */
const RECORD_TABLES = { package: tourPackages, bike: bikes, car: cars, driver: drivers, booking: bookings, inquiry: inquiries } as const;

/**
 * Which of the entries' records still exist, as 'type:id' keys (packages, bikes, cars, bookings
 * and inquiries; one query per kind present). /admin/audit links only to those.
 */
export async function existingAuditRecords(entries: Pick<AuditEntry, 'entityType' | 'entityId'>[]): Promise<Set<string>> {
  const wanted = new Map<keyof typeof RECORD_TABLES, Set<string>>();
  for (const { entityType, entityId } of entries) {
    if (!entityId || !isUuid(entityId) || !(entityType in RECORD_TABLES)) continue;
    const kind = entityType as keyof typeof RECORD_TABLES;
    if (!wanted.has(kind)) wanted.set(kind, new Set());
    wanted.get(kind)!.add(entityId);
  }
  const found = await Promise.all(
    [...wanted].map(async ([kind, ids]) => {
      const table = RECORD_TABLES[kind];
      const rows = await db()
        .select({ id: table.id })
        .from(table)
        .where(inArray(table.id, [...ids]));
      return rows.map((row) => `${kind}:${row.id}`);
    }),
  );
  return new Set(found.flat());
}
