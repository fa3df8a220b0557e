/**
 * /api/settings (docs/decisions/009-rest-api.md, docs/decisions/005-site-settings.md), admin role
 * only (docs/decisions/045-security-round-two.md, section 9; 403 for a staff user):
 * - GET: every setting as one camelCase object by key `{ company: {...}, map: {...}, ... }`.
 * - PATCH (PUT behaves the same): a JSON object of some keys, each holding some of that key's fields
 *   (camelCase or snake_case, also for the keys: `recent_booking_toast`, `company.whatsapp_number`).
 *   The given fields replace the stored ones, lists replaced whole; every resulting value is checked
 *   by its schema and nothing is saved unless all are valid (400 naming `key.field`). The save is
 *   audited ('settings' / 'location'). Answers 200 with every setting, as GET does.
 * 401 without a session, 403 for a cookie-authenticated cross-site change, 413 / 415 for the body.
 */
import { methodNotAllowed, readJsonBody } from '~/lib/api.server';
import { auditActor, requirePermission } from '~/services/admin-guard.server';
import { adminHeaders, orAdminRefusal } from '~/services/catalog-api.server';
import { DomainError, domainErrorResponse } from '~/lib/errors.server';
import { getAllSettings, saveSettings } from '~/models/settings.server';
import { normalizeInputNames } from '~/schemas/input-names';
import type { Route } from './+types/settings';

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'settings');
  return adminHeaders(Response.json(await getAllSettings()));
}

export async function action({ request }: Route.ActionArgs) {
  const auth = await requirePermission(request, 'settings');
  const method = request.method.toUpperCase();
  if (method !== 'PATCH' && method !== 'PUT') return adminHeaders(methodNotAllowed('GET, PATCH, PUT'));
  const body = await orAdminRefusal(() => readJsonBody(request));
  if (body instanceof Response) return body;
  try {
    await saveSettings(normalizeInputNames(body, { nested: true }), auditActor(auth, request), { merge: true });
  } catch (error) {
    if (error instanceof DomainError) return adminHeaders(domainErrorResponse(error));
    throw error;
  }
  return adminHeaders(Response.json(await getAllSettings()));
}
