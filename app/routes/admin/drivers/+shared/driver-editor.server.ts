/**
 * The action of /admin/drivers/new and /admin/drivers/edit/:id: guarded, validated with
 * `driverWriteSchema`, then `createDriver` or `updateDriver` (with its audit entry, one transaction)
 * and back to /admin/drivers with 'Driver added successfully' / 'Driver updated successfully'.
 * Failures keep what was typed; an unknown id is a 404 ('Driver not found').
 */
import { handleEditorSubmission } from '~/routes/admin/+shared/editor-action.server';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { createDriver, updateDriver } from '~/models/driver.server';
import { driverWriteSchema } from '~/schemas/driver';
import { DRIVER_REQUIRED } from './driver-form';

export async function driverEditorAction({ request, params }: { request: Request; params: { id?: string } }) {
  const actor = auditActor(await requireAdmin(request), request);
  const id = params.id;
  return handleEditorSubmission(request, {
    entity: 'driver',
    schema: driverWriteSchema,
    required: DRIVER_REQUIRED,
    save: (value) => (id === undefined ? createDriver(value, actor) : updateDriver(id, value, actor)),
    success: { to: '/admin/drivers', title: id === undefined ? 'Driver added successfully' : 'Driver updated successfully' },
    failure: 'An error occurred. Please try again.',
    notFound: 'Driver not found',
  });
}
