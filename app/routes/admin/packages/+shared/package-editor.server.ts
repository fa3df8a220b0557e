/**
 * The action of /admin/packages/new and /admin/packages/edit/:id (docs/product.md, "Admin
 * editing"): guarded, validated with `packageWriteSchema`, then `createPackage` or `updatePackage` and
 * back to /admin/packages with 'Package added successfully' / 'Package updated successfully'.
 * Failures keep what was typed ('Failed to add package' / 'Failed to update package'); an unknown id
 * is a 404 ('Package not found'). See app/routes/admin/+shared/editor-action.server.ts.
 * The save and its audit entry are one transaction (docs/decisions/017-audit-log.md).
 */
import { handleEditorSubmission } from '~/routes/admin/+shared/editor-action.server';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { createPackage, updatePackage } from '~/models/package.server';
import { packageWriteSchema } from '~/schemas/package';
import { PACKAGE_REQUIRED, preparePackageFormData, renumberAfterRemoval } from './package-form';

export async function packageEditorAction({ request, params }: { request: Request; params: { id?: string } }) {
  const actor = auditActor(await requireAdmin(request), request);
  const id = params.id;
  return handleEditorSubmission(request, {
    entity: 'package',
    schema: packageWriteSchema,
    required: PACKAGE_REQUIRED,
    prepare: preparePackageFormData,
    adjustReply: renumberAfterRemoval,
    save: (value) => (id === undefined ? createPackage(value, actor) : updatePackage(id, value, actor)),
    success: { to: '/admin/packages', title: id === undefined ? 'Package added successfully' : 'Package updated successfully' },
    failure: id === undefined ? 'Failed to add package' : 'Failed to update package',
    notFound: 'Package not found',
  });
}
