/**
 * Site settings (docs/decisions/005-site-settings.md): key/value rows, each value checked by its own
 * zod schema when read and when written. A missing or unreadable row falls back to its default.
 *
 * Staff changes go through `saveSettings`: every value is validated first, then the rows and the
 * audit entry are written in one transaction (docs/decisions/017-audit-log.md), so a save is all or
 * nothing and is logged exactly when it happens. Nothing caches the values: every page reads them
 * at its request, so a saved change shows at the next one.
 */
import { inArray, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { siteSettings } from '~/db/schema';
import { DomainError, zodIssues, type Issue } from '~/lib/errors.server';
import { logger } from '~/lib/logger.server';
import { publicContentChanged, sharedContent, signalPublicWrite } from '~/lib/public-content.server';
import { diffChanges, recordAudit, type AuditActor, type AuditChanges } from '~/models/audit.server';
import {
  defaultSettings,
  isSettingsKey,
  SETTINGS_KEYS,
  SETTINGS_LABELS,
  settingsSchemas,
  type Settings,
  type SettingsKey,
  type TravelPolicies,
} from '~/schemas/settings';

/** The company fields a stored value may hold in an older, looser form (free-text phone numbers). */
const PHONE_FIELDS = ['phone', 'whatsappNumber'] as const;

function parseValue<K extends SettingsKey>(key: K, value: unknown): Settings[K] {
  const result = settingsSchemas[key].safeParse(value);
  if (result.success) return result.data as Settings[K];
  // A number stored before numbers were validated (docs/decisions/005-site-settings.md, "Phone
  // numbers") that is not a valid number: only that field falls back to its default, not the name,
  // address and hours beside it.
  if (key === 'company' && isPlainObject(value) && result.error.issues.every((i) => PHONE_FIELDS.some((f) => i.path[0] === f))) {
    const patched: Record<string, unknown> = { ...value };
    for (const issue of result.error.issues) {
      const field = issue.path[0] as (typeof PHONE_FIELDS)[number];
      patched[field] = defaultSettings.company[field];
    }
    const retry = settingsSchemas.company.safeParse(patched);
    if (retry.success) {
      logger.warn({ key, issues: result.error.issues }, 'stored phone number is invalid; using its default');
      return retry.data as Settings[K];
    }
  }
  logger.warn({ key, issues: result.error.issues }, 'stored setting is invalid; using its default');
  return defaultSettings[key];
}

/** One setting's value, or its default when absent or invalid. */
export async function getSetting<K extends SettingsKey>(key: K): Promise<Settings[K]> {
  const [row] = await db()
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [key]));
  return row ? parseValue(key, row.value) : defaultSettings[key];
}

/** Several settings in one query: `{ company, map, ... }`. */
export async function getSettings<K extends SettingsKey>(keys: readonly K[], executor: Executor = db()): Promise<Pick<Settings, K>> {
  const rows = await executor
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const out = {} as Pick<Settings, K>;
  for (const key of keys) {
    out[key] = stored.has(key) ? parseValue(key, stored.get(key)) : defaultSettings[key];
  }
  return out;
}

/**
 * Settings for public pages: the same values as `getSettings`, read from the shared content cache
 * (app/lib/public-content.server.ts), which every settings save empties. The objects are shared
 * between requests: read them, never change them.
 */
export async function getPublicSettings<K extends SettingsKey>(keys: readonly K[]): Promise<Pick<Settings, K>> {
  const all = await sharedContent('settings', getAllSettings);
  const out = {} as Pick<Settings, K>;
  for (const key of keys) out[key] = all[key];
  return out;
}

/** Every setting, by key (the admin settings page and GET /api/settings). */
export function getAllSettings(): Promise<Settings> {
  return getSettings(SETTINGS_KEYS) as Promise<Settings>;
}

/**
 * Validate and store one setting, without an audit entry (seed and tests; staff changes use
 * `saveSettings`). Throws the zod error (with field paths) on invalid input; nothing is written then.
 */
export async function updateSetting<K extends SettingsKey>(key: K, value: unknown): Promise<Settings[K]> {
  const parsed = settingsSchemas[key].parse(value) as Settings[K];
  await signalPublicWrite(
    'setting updated',
    db()
      .insert(siteSettings)
      .values({ key, value: parsed })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: parsed, updatedAt: sql`now()` } }),
  );
  return parsed;
}

/** Insert the default of every setting that has no row yet (start-up; never overwrites). */
export async function ensureDefaultSettings(executor: Executor = db()): Promise<void> {
  const rows = (Object.keys(defaultSettings) as SettingsKey[]).map((key) => ({ key, value: defaultSettings[key] }));
  await executor.insert(siteSettings).values(rows).onConflictDoNothing({ target: siteSettings.key });
}

/** Settings refused by their schemas: `issues` name each field as `key.field` (400 in the API). */
export class InvalidSettings extends DomainError {}

/** What `saveSettings` is given: some keys, each with its whole value (or, with `merge`, some fields). */
export type SettingsInput = Partial<Record<SettingsKey, unknown>>;

export type SaveSettingsResult = {
  /** The stored values of the keys that were given (as the schemas output them). */
  values: Partial<Settings>;
  /** The keys whose value changed; only they were written and audited. */
  changed: SettingsKey[];
};

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The field names a key's object schema knows. */
function fieldsOf(key: SettingsKey): string[] {
  return Object.keys(settingsSchemas[key].shape);
}

/** Each changed field of a settings value as `key.field` (the audit changes of a 'settings' entry). */
function prefixed(key: SettingsKey, changes: AuditChanges | null): AuditChanges {
  return Object.fromEntries(Object.entries(changes ?? {}).map(([field, change]) => [`${key}.${field}`, change]));
}

/**
 * Validate and store several settings at once, with their audit entries, in one transaction
 * (docs/decisions/005-site-settings.md, docs/decisions/017-audit-log.md).
 *
 * - `values` maps keys to values. An unknown key, a value that is not an object, or (with `merge`)
 *   an unknown field is refused; so is any value its schema refuses. Every issue is named
 *   `key.field` (`company.email`, `company.officeHours.0.days`). Then InvalidSettings is thrown and
 *   nothing is written.
 * - With `merge` (PATCH) each value may hold some fields only: they replace the stored ones, the
 *   others are kept (lists are replaced whole). Without it each value is complete.
 * - Only keys whose value changed are written. The map is audited as action 'location' on entity
 *   'location' (changes by field: `latitude`, ...), the other keys as one 'settings' entry on entity
 *   'settings' (changes as `key.field`); each holds the before and after of the changed fields.
 *   A save that changes nothing writes nothing.
 */
export async function saveSettings(values: SettingsInput, actor: AuditActor, { merge = false }: { merge?: boolean } = {}): Promise<SaveSettingsResult> {
  const issues: Issue[] = [];
  const keys: SettingsKey[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (!isSettingsKey(key)) {
      issues.push({ path: key, message: `Unknown setting; use one of ${SETTINGS_KEYS.join(', ')}` });
      continue;
    }
    if (!isPlainObject(value)) {
      issues.push({ path: key, message: 'Expected an object of fields' });
      continue;
    }
    if (merge) {
      const known = new Set(fieldsOf(key));
      for (const field of Object.keys(value)) if (!known.has(field)) issues.push({ path: `${key}.${field}`, message: 'Unknown field' });
    }
    keys.push(key);
  }
  if (issues.length > 0) throw new InvalidSettings('Invalid settings', issues);
  if (keys.length === 0) throw new InvalidSettings('No settings given', [{ path: '', message: 'Send at least one setting' }]);

  const saved = await db().transaction(async (tx) => {
    // Lock the rows so two saves of the same key cannot interleave their before/after.
    await tx.select({ key: siteSettings.key }).from(siteSettings).where(inArray(siteSettings.key, keys)).for('update');
    const before = await getSettings(keys, tx);

    const after: Partial<Settings> = {};
    for (const key of keys) {
      const given = values[key] as Record<string, unknown>;
      const result = settingsSchemas[key].safeParse(merge ? { ...before[key], ...given } : given);
      if (!result.success) {
        issues.push(...zodIssues(result.error).map((i) => ({ path: i.path ? `${key}.${i.path}` : key, message: i.message })));
        continue;
      }
      (after as Record<SettingsKey, unknown>)[key] = result.data;
    }
    if (issues.length > 0) throw new InvalidSettings('Invalid settings', issues);

    const changed: SettingsKey[] = [];
    const settingsChanges: AuditChanges = {};
    for (const key of keys) {
      const changes = diffChanges(before[key] as Record<string, unknown>, after[key] as Record<string, unknown>, fieldsOf(key));
      if (!changes) continue;
      changed.push(key);
      const value = after[key];
      await tx
        .insert(siteSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()` } });
      if (key === 'map') {
        await recordAudit(tx, actor, { action: 'location', entityType: 'location', entityId: 'map', summary: 'Updated the map location', changes });
      } else {
        Object.assign(settingsChanges, prefixed(key, changes));
      }
    }
    const settingsKeys = changed.filter((k) => k !== 'map');
    if (settingsKeys.length > 0) {
      await recordAudit(tx, actor, {
        action: 'settings',
        entityType: 'settings',
        entityId: settingsKeys.join(','),
        summary: `Updated settings: ${settingsKeys.map((k) => SETTINGS_LABELS[k]).join(', ')}`,
        changes: settingsChanges,
      });
    }
    return { values: after, changed };
  });
  if (saved.changed.length > 0) await publicContentChanged('settings saved');
  return saved;
}

/** `policies` without the bike and car rental terms, for pages that show only the travel policies. */
export function travelPolicies({ payment, cancellation, requirements }: Settings['policies']): TravelPolicies {
  return { payment, cancellation, requirements };
}
