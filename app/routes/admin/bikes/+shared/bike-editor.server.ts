/**
 * The action of /admin/bikes/new and /admin/bikes/edit/:id (docs/product.md, "Admin
 * editing"): guarded, validated with `bikeWriteSchema`, then `createBike` or `updateBike` and back to
 * /admin/bikes with 'Bike added successfully' / 'Bike updated successfully'. Failures keep what was
 * typed ('An error occurred. Please try again.'); an unknown id is a 404 ('Bike not found').
 * See app/routes/admin/+shared/editor-action.server.ts.
 * The save and its audit entry are one transaction (docs/decisions/017-audit-log.md).
 */
import { handleEditorSubmission } from '~/routes/admin/+shared/editor-action.server';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { createBike, updateBike } from '~/models/bike.server';
import { bikeWriteSchema } from '~/schemas/bike';
import { BIKE_REQUIRED } from './bike-form';

export async function bikeEditorAction({ request, params }: { request: Request; params: { id?: string } }) {
  const actor = auditActor(await requireAdmin(request), request);
  const id = params.id;
  return handleEditorSubmission(request, {
    entity: 'bike',
    schema: bikeWriteSchema,
    required: BIKE_REQUIRED,
    save: (value) => (id === undefined ? createBike(value, actor) : updateBike(id, value, actor)),
    success: { to: '/admin/bikes', title: id === undefined ? 'Bike added successfully' : 'Bike updated successfully' },
    failure: 'An error occurred. Please try again.',
    notFound: 'Bike not found',
  });
}
