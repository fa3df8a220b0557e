/**
 * /api/packages/:id (docs/decisions/009-rest-api.md):
 * - GET: the package, or 404 `{error}` (public).
 * - PUT (signed in): replace the package's fields from a JSON body in camelCase or snake_case → 200 with the
 *   saved package; 400 naming the wrong fields, 401, 403, 404, 413, 415.
 * - DELETE (admin role; 403 for staff, docs/decisions/045-security-round-two.md section 9): → 204, or 404. Bookings and inquiries that pointed to it keep its name.
 */
import { methodNotAllowed, notFound } from '~/lib/api.server';
import { auditActor, refuseUnless, requireAdmin } from '~/services/admin-guard.server';
import { deleteFromRequest, updateFromRequest } from '~/services/catalog-api.server';
import { packageWriter } from '~/services/catalog-writers.server';
import { getPackage } from '~/models/package.server';
import type { Route } from './+types/package';

export async function loader({ params }: Route.LoaderArgs) {
  const tourPackage = await getPackage(params.id);
  if (!tourPackage) throw notFound('Package');
  return tourPackage;
}

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  const actor = auditActor(auth, request);
  switch (request.method) {
    case 'PUT':
      return updateFromRequest(request, params.id, packageWriter, actor);
    case 'DELETE':
      refuseUnless(auth, request, 'delete');
      return deleteFromRequest(params.id, packageWriter, actor);
    default:
      return methodNotAllowed('GET, PUT, DELETE');
  }
}
