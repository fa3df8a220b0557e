/**
 * /api/packages (docs/decisions/009-rest-api.md):
 * - GET ?q=&category=&limit=&offset= : package summaries, a bare JSON array with the total in X-Total-Count (public).
 * - POST (admin: session cookie or Bearer token): create a package from a JSON body in camelCase or
 *   snake_case → 201 with the saved package; 400 `{error, issues}` naming the wrong fields, 401, 403,
 *   413, 415 (see app/services/catalog-api.server.ts).
 */
import { listResponse, methodNotAllowed, pagingSchema, parseQuery } from '~/lib/api.server';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { sharedContent } from '~/lib/public-content.server';
import { createFromRequest } from '~/services/catalog-api.server';
import { packageWriter } from '~/services/catalog-writers.server';
import { listPackages } from '~/models/package.server';
import { packageQuerySchema } from '~/schemas/catalog-query';
import type { Route } from './+types/packages';

/** The list's filters with `limit` and `offset`. */
const listQuerySchema = packageQuerySchema.extend(pagingSchema.shape);

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseQuery(request, listQuerySchema);
  // Public and the same for everyone: served from the shared content cache (app/lib/public-content.server.ts).
  const { items, total } = await sharedContent(`api packages ${JSON.stringify(query)}`, () => listPackages(query));
  return listResponse(items, total);
}

export async function action({ request }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  if (request.method !== 'POST') return methodNotAllowed('GET, POST');
  return createFromRequest(request, packageWriter, auditActor(auth, request));
}
