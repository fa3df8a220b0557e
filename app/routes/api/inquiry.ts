/**
 * /api/inquiries/:id (staff only: session cookie or Bearer token; docs/decisions/009-rest-api.md):
 * - GET: the inquiry (camelCase, with its short `reference`), or 404 `{error}`.
 * - PUT or PATCH: a partial update `{status?, followUpOn?, assignedTo?}` (snake_case accepted;
 *   app/schemas/inquiry-admin.ts) → 200 with the saved inquiry. A status change must follow the state
 *   machine (docs/product.md#inquiry-status): an illegal one, the same status included, is 409. 400
 *   names a bad field (an unknown staff member too), 404 for an unknown id, 401/403/413/415 as usual.
 * - DELETE (admin role; 403 for staff, docs/decisions/045-security-round-two.md section 9): → 204 (its notes go with it; a booking made from it stays), or 404.
 * Every change is audited in its own transaction and published to open admin pages after the commit.
 */
import { methodNotAllowed, notFound, readJsonBody, withReference } from '~/lib/api.server';
import { auditActor, refuseUnless, requireAdmin } from '~/services/admin-guard.server';
import { adminHeaders } from '~/services/catalog-api.server';
import { apiError, DomainError, domainErrorResponse, zodIssues } from '~/lib/errors.server';
import { isUuid } from '~/lib/ids';
import { deleteInquiry, getInquiry, updateInquiry } from '~/models/inquiry.server';
import { inquiryUpdateSchema, normalizeInquiryUpdate } from '~/schemas/inquiry-admin';
import type { Route } from './+types/inquiry';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const inquiry = isUuid(params.id) ? await getInquiry(params.id) : null;
  return adminHeaders(inquiry ? Response.json(withReference(inquiry)) : notFound('Inquiry'));
}

async function update(request: Request, id: string, actor: ReturnType<typeof auditActor>): Promise<Response> {
  if (!isUuid(id)) return notFound('Inquiry');
  let body: Record<string, unknown>;
  try {
    body = await readJsonBody(request);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  const parsed = inquiryUpdateSchema.safeParse(normalizeInquiryUpdate(body));
  if (!parsed.success) return apiError(400, 'Invalid inquiry update', zodIssues(parsed.error));
  try {
    return Response.json(withReference(await updateInquiry(id, parsed.data, actor)));
  } catch (error) {
    if (error instanceof DomainError) return domainErrorResponse(error);
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  const actor = auditActor(auth, request);
  switch (request.method) {
    case 'PUT':
    case 'PATCH':
      return adminHeaders(await update(request, params.id, actor));
    case 'DELETE':
      refuseUnless(auth, request, 'delete');
      return adminHeaders((await deleteInquiry(params.id, actor)) ? new Response(null, { status: 204 }) : notFound('Inquiry'));
    default:
      return adminHeaders(methodNotAllowed('GET, PUT, PATCH, DELETE'));
  }
}
