/**
 * The save step of the admin settings forms, /admin/settings (one form per key) and /admin/location
 * (the map): parse the form with the key's form schema, then `saveSettings` (rows and audit entry in
 * one transaction, docs/decisions/005-site-settings.md), then back to the page with the success
 * toast. Invalid input answers 400 with each field's error and the form's values, and saves nothing.
 * A list intent (add or remove an office-hours row without JavaScript) comes back without saving.
 * The route's action calls `requireAdmin` first and passes the actor.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { AuditActor } from '~/models/audit.server';
import { InvalidSettings, saveSettings } from '~/models/settings.server';
import { logger } from '~/lib/logger.server';
import { redirectWithToast, type FlashToast } from '~/lib/toast.server';
import type { SettingsKey } from '~/schemas/settings';
import { settingsFormSchemas, type SettingsActionData } from '~/components/admin/settings/form-schemas';

export type { SettingsActionData };

/** Shown above a refused form: nothing of it was stored. */
export const NOT_SAVED_MESSAGE = 'Nothing was saved: please correct the fields marked below.';

/** Shown when the save itself failed (database trouble). */
export const SAVE_FAILED_MESSAGE = 'An error occurred. Please try again.';

/** Parse, validate and save one settings form; throws the redirect on success. */
export async function handleSettingsSubmission(
  formData: FormData,
  { key, actor, redirectTo, success }: { key: SettingsKey; actor: AuditActor; redirectTo: string; success: FlashToast },
) {
  const submission = parseWithZod(formData, { schema: settingsFormSchemas[key], disableAutoCoercion: true });
  if (submission.status === undefined) {
    return data<SettingsActionData>({ section: key, result: submission.reply() });
  }
  if (submission.status !== 'success') {
    return data<SettingsActionData>({ section: key, result: submission.reply({ formErrors: [NOT_SAVED_MESSAGE] }) }, { status: 400 });
  }
  try {
    await saveSettings({ [key]: submission.value }, actor);
  } catch (error) {
    if (error instanceof InvalidSettings) {
      // The form schema already ran the same checks; this only happens if they ever drift apart.
      const fieldErrors = Object.fromEntries(error.issues.map((i) => [i.path.replace(new RegExp(`^${key}\\.?`), ''), [i.message]]));
      return data<SettingsActionData>({ section: key, result: submission.reply({ formErrors: [NOT_SAVED_MESSAGE], fieldErrors }) }, { status: 400 });
    }
    logger.error({ err: error, key }, 'saving settings failed');
    return data<SettingsActionData>({ section: key, result: submission.reply({ formErrors: [SAVE_FAILED_MESSAGE] }) }, { status: 500 });
  }
  throw await redirectWithToast(redirectTo, success);
}
