/**
 * /api/inquiries (docs/decisions/009-rest-api.md):
 * - POST (public): an inquiry (dialog tabs `packages`, `cabs`, `rentals`) or a contact message
 *   (`contact`), JSON in camelCase or snake_case (docs/decisions/009-rest-api.md#input). 201 with the
 *   stored inquiry; 400/403/413/415/429 `{error, issues}` otherwise. The inquiry dialog posts here.
 * - GET (staff: session cookie or Bearer token) ?q=&type=&status=&due=today&assigned=me&limit=&offset= : the
 *   inquiries matching the filters (app/schemas/inquiry-admin.ts), newest first, as a bare JSON array
 *   with the total in X-Total-Count; 400 naming a bad parameter, 401 without a session.
 */
import { pagingSchema, parseQuery, withReference } from '~/lib/api.server';
import { requireAdmin } from '~/services/admin-guard.server';
import { adminHeaders, orAdminRefusal } from '~/services/catalog-api.server';
import { handleApiSubmission } from '~/infrastructure/submissions.server';
import { createInquiry, listInquiries } from '~/models/inquiry.server';
import { inquiryInputSchema, normalizeInquiryInput } from '~/schemas/inquiry';
import { inquiryFilterSchema } from '~/schemas/inquiry-admin';
import type { Route } from './+types/inquiries';

export function action({ request }: Route.ActionArgs) {
  return handleApiSubmission(request, {
    normalize: normalizeInquiryInput,
    schema: inquiryInputSchema,
    create: createInquiry,
    entity: 'inquiry',
  });
}

/** Staff list of inquiries; every item carries its short `reference` too. */
/** The list's filters with `limit` and `offset`. */
const listQuerySchema = inquiryFilterSchema.extend(pagingSchema.shape);

export async function loader({ request }: Route.LoaderArgs) {
  const auth = await requireAdmin(request);
  const query = await orAdminRefusal(() => parseQuery(request, listQuerySchema));
  if (query instanceof Response) return query;
  const { assigned, ...filters } = query;
  const { items, total } = await listInquiries({ ...filters, assignedTo: assigned === 'me' ? auth.user.id : assigned });
  return adminHeaders(Response.json(items.map(withReference), { headers: { 'X-Total-Count': String(total) } }));
}
