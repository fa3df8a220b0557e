/**
 * /api/cars/:id (docs/decisions/009-rest-api.md):
 * - GET: the car, or 404 `{error}` (public).
 * - PUT (signed in): replace the car's fields from a JSON body in camelCase or snake_case → 200 with the
 *   saved car; 400 naming the wrong fields, 401, 403, 404, 413, 415.
 * - DELETE (admin role; 403 for staff, docs/decisions/045-security-round-two.md section 9): → 204, or 404. Bookings and inquiries that pointed to it keep its name.
 */
import { methodNotAllowed, notFound } from '~/lib/api.server';
import { auditActor, refuseUnless, requireAdmin } from '~/services/admin-guard.server';
import { deleteFromRequest, updateFromRequest } from '~/services/catalog-api.server';
import { carWriter } from '~/services/catalog-writers.server';
import { getCar } from '~/models/car.server';
import type { Route } from './+types/car';

export async function loader({ params }: Route.LoaderArgs) {
  const car = await getCar(params.id);
  if (!car) throw notFound('Car');
  return car;
}

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  const actor = auditActor(auth, request);
  switch (request.method) {
    case 'PUT':
      return updateFromRequest(request, params.id, carWriter, actor);
    case 'DELETE':
      refuseUnless(auth, request, 'delete');
      return deleteFromRequest(params.id, carWriter, actor);
    default:
      return methodNotAllowed('GET, PUT, DELETE');
  }
}
