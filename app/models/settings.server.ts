/**
 * Site settings (docs/decisions/005-site-settings.md): key/value rows, each value checked by its own
 * zod schema when read and when written. A missing or unreadable row falls back to its default.
 */
import { inArray, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { siteSettings } from '~/db/schema';
import { logger } from '~/lib/logger.server';
import { defaultSettings, settingsSchemas, type Settings, type SettingsKey } from '~/schemas/settings';

function parseValue<K extends SettingsKey>(key: K, value: unknown): Settings[K] {
  const result = settingsSchemas[key].safeParse(value);
  if (result.success) return result.data as Settings[K];
  logger.warn({ key, issues: result.error.issues }, 'stored setting is invalid; using its default');
  return defaultSettings[key];
}

/** One setting's value, or its default when absent or invalid. */
export async function getSetting<K extends SettingsKey>(key: K): Promise<Settings[K]> {
  const [row] = await db().select({ value: siteSettings.value }).from(siteSettings).where(inArray(siteSettings.key, [key]));
  return row ? parseValue(key, row.value) : defaultSettings[key];
}

/** Several settings in one query: `{ company, map, ... }`. */
export async function getSettings<K extends SettingsKey>(keys: readonly K[]): Promise<Pick<Settings, K>> {
  const rows = await db()
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
 * Validate and store one setting. Throws the zod error (with field paths) on invalid input;
 * nothing is written then.
 */
export async function updateSetting<K extends SettingsKey>(key: K, value: unknown): Promise<Settings[K]> {
  const parsed = settingsSchemas[key].parse(value) as Settings[K];
  await db()
    .insert(siteSettings)
    .values({ key, value: parsed })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: parsed, updatedAt: sql`now()` } });
  return parsed;
}

/** Insert the default of every setting that has no row yet (start-up; never overwrites). */
export async function ensureDefaultSettings(executor: Executor = db()): Promise<void> {
  const rows = (Object.keys(defaultSettings) as SettingsKey[]).map((key) => ({ key, value: defaultSettings[key] }));
  await executor.insert(siteSettings).values(rows).onConflictDoNothing({ target: siteSettings.key });
}
