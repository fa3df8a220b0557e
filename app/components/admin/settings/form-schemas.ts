/**
 * How the admin settings forms post each settings key (docs/decisions/005-site-settings.md), shared by
 * the browser (Conform's validation as the admin types) and the route actions: the key's own schema
 * from app/schemas/settings.ts, read from form data. Checkboxes post 'on' or nothing, and a policy
 * list is a textarea with one entry per line. Client-safe.
 */
import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { settingsSchemas, type Settings, type SettingsKey } from '~/schemas/settings';

/** An on/off field as a checkbox posts it: 'on' (or true) when ticked, absent otherwise. */
const checkbox = z.preprocess((value) => value === 'on' || value === true || value === 'true', z.boolean());

/** `schema` reading its `enabled` field from a checkbox. */
function withCheckbox<S extends z.ZodObject>(schema: S) {
  return schema.extend({ enabled: checkbox });
}

/** Lines of a textarea: trimmed, blank ones left out. */
export function textLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * A one-entry-per-line textarea read as the list `list` checks. Its errors are put on the textarea
 * itself ('Line 3: At most 300 characters'), since the lines have no fields of their own.
 */
function linesOf(list: z.ZodType<string[]>) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      const result = list.safeParse(textLines(text ?? ''));
      if (result.success) return result.data;
      for (const issue of result.error.issues) {
        const line = typeof issue.path[0] === 'number' ? `Line ${issue.path[0] + 1}: ` : '';
        ctx.addIssue({ code: 'custom', message: `${line}${issue.message}` });
      }
      return z.NEVER;
    });
}

const policies = settingsSchemas.policies.shape;

/** A form value that may be one string, several, or absent, as a list. */
function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

const isOn = (value: unknown) => value === 'on' || value === true || value === 'true';

/** Whether a row of the form has nothing typed in its text fields (a trailing blank row is left out). */
function blankRow(row: unknown, keys: readonly string[]): boolean {
  if (!row || typeof row !== 'object') return true;
  return keys.every((key) => {
    const v = (row as Record<string, unknown>)[key];
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  });
}

/** Rows of a list field without the blank rows at its end (so every other row keeps its index, and its errors their place). */
function rowsOf(value: unknown, keys: readonly string[]): Record<string, unknown>[] {
  const rows = listOf(value).map((row) => (row && typeof row === 'object' ? (row as Record<string, unknown>) : {}));
  while (rows.length > 0 && blankRow(rows.at(-1), keys)) rows.pop();
  return rows;
}

/**
 * The permits form (docs/decisions/050-permits-and-manifests.md#permits-in-settings-and-on-packages)
 * as the `permits` schema reads it: each permit type's closed weekdays from its 7 checkboxes
 * ('0'..'6'), 'foreigners only' and an ID type's 'enabled' from checkboxes, the accepted formats
 * from theirs; blank rows at the end of a list are left out. A JSON value passes unchanged.
 */
function permitsFromForm(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const form = value as Record<string, unknown>;
  return {
    ...form,
    types: rowsOf(form.types, ['id', 'name']).map((row) => ({
      ...row,
      closedWeekdays: listOf(row.closedWeekdays).map((d) => (typeof d === 'string' && /^\d$/.test(d) ? Number(d) : d)),
      foreignersOnly: isOn(row.foreignersOnly),
    })),
    idTypes: rowsOf(form.idTypes, ['id', 'label']).map((row) => ({ ...row, enabled: isOn(row.enabled) })),
    documentFormats: listOf(form.documentFormats),
  };
}

/** The form schema of each key: what its form posts, checked by the key's schema. */
export const settingsFormSchemas = {
  company: settingsSchemas.company,
  ratings: settingsSchemas.ratings,
  video: settingsSchemas.video,
  announcement: withCheckbox(settingsSchemas.announcement),
  promo: withCheckbox(settingsSchemas.promo),
  policies: z.object({
    payment: linesOf(policies.payment),
    cancellation: linesOf(policies.cancellation),
    requirements: linesOf(policies.requirements),
    bikeTerms: linesOf(policies.bikeTerms),
    carTerms: linesOf(policies.carTerms),
  }),
  map: settingsSchemas.map,
  recentBookingToast: withCheckbox(settingsSchemas.recentBookingToast),
  notifications: settingsSchemas.notifications,
  // Bank details are a textarea, one line each; the cancellation tiers are rows of two numbers.
  payments: settingsSchemas.payments.extend({ bankDetails: linesOf(settingsSchemas.payments.shape.bankDetails) }),
  // Every field is text or a select, posted as the key's schema reads it.
  tax: settingsSchemas.tax,
  // Permit types and ID types are rows; weekdays, formats and on/off fields are checkboxes.
  permits: z.preprocess(permitsFromForm, settingsSchemas.permits),
} satisfies Record<SettingsKey, z.ZodType>;

/** The keys edited on /admin/settings (the map has its own page, /admin/location), in page order. */
export const SETTINGS_SECTIONS = [
  'company',
  'ratings',
  'video',
  'announcement',
  'promo',
  'recentBookingToast',
  'policies',
  'notifications',
  'payments',
  'tax',
  'permits',
] as const satisfies readonly Exclude<SettingsKey, 'map'>[];
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export function isSettingsSection(value: unknown): value is SettingsSection {
  return typeof value === 'string' && (SETTINGS_SECTIONS as readonly string[]).includes(value);
}

/** A stored value as its form starts: policy lists as one line per entry, the rest as they are. */
export function formDefaults<K extends SettingsKey>(key: K, value: Settings[K]): Record<string, unknown> {
  if (key === 'policies') {
    return Object.fromEntries(Object.entries(value as Settings['policies']).map(([field, lines]) => [field, lines.join('\n')]));
  }
  if (key === 'payments') {
    const payments = value as Settings['payments'];
    return { ...payments, bankDetails: payments.bankDetails.join('\n') };
  }
  if (key === 'permits') {
    // Checkboxes start as the form posts them: weekdays as '0'..'6', on/off as 'on' or nothing.
    const permits = value as Settings['permits'];
    return {
      ...permits,
      types: permits.types.map((t) => ({ ...t, closedWeekdays: t.closedWeekdays.map(String), foreignersOnly: t.foreignersOnly ? 'on' : '' })),
      idTypes: permits.idTypes.map((t) => ({ ...t, enabled: t.enabled ? 'on' : '' })),
    };
  }
  return value as Record<string, unknown>;
}

/** The toast after saving /admin/location, word for word (docs/product.md#map-settings-form). */
export const MAP_SAVED_MESSAGE = 'Map settings saved successfully!';

/** The hidden field that tells the action which key a form saves. */
export const SECTION_FIELD = 'section';

/** What a settings action answers when it does not redirect: which form it is for, and Conform's reply. */
export type SettingsActionData = { section: SettingsKey; result: SubmissionResult<string[]> };
