/**
 * The action of /admin/cars/new and /admin/cars/edit/:id (docs/product.md, "Admin editing"):
 * guarded, validated with `carWriteSchema`, then `createCar` or `updateCar` and back to /admin/cars
 * with 'Car added successfully' / 'Car updated successfully'. Failures keep what was typed ('An
 * error occurred. Please try again.'); an unknown id is a 404 ('Car not found').
 * See app/routes/admin/+shared/editor-action.server.ts.
 * The save and its audit entry are one transaction (docs/decisions/017-audit-log.md).
 */
import { handleEditorSubmission } from '~/routes/admin/+shared/editor-action.server';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { createCar, updateCar } from '~/models/car.server';
import { carWriteSchema } from '~/schemas/car';
import { CAR_REQUIRED } from './car-form';

export async function carEditorAction({ request, params }: { request: Request; params: { id?: string } }) {
  const actor = auditActor(await requireAdmin(request), request);
  const id = params.id;
  return handleEditorSubmission(request, {
    entity: 'car',
    schema: carWriteSchema,
    required: CAR_REQUIRED,
    save: (value) => (id === undefined ? createCar(value, actor) : updateCar(id, value, actor)),
    success: { to: '/admin/cars', title: id === undefined ? 'Car added successfully' : 'Car updated successfully' },
    failure: 'An error occurred. Please try again.',
    notFound: 'Car not found',
  });
}
