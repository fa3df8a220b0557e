/**
 * POST /api/bookings/:id/credit-notes (staff and admin, like the rest of a booking's money:
 * docs/decisions/009-rest-api.md, docs/decisions/047-invoices-gst.md): issue a credit note against
 * the booking's current tax invoice, `{ amountPaise, reason }` (integer paise, tax included;
 * `amount_paise` accepted), numbered in the credit note series and audited. 201 with the document
 * (snapshot included); 400 `{error, issues}` naming the field (an amount that is not a whole number
 * of paise above zero, or above what is left of the invoice; a missing reason; an unknown field),
 * nothing written; 404 for an unknown booking; 409 when the booking has no invoice to credit.
 */
import { apiError, methodNotAllowed, notFound, readJsonBody } from '~/lib/api.server';
import { DomainError, domainErrorResponse } from '~/lib/errors.server';
import { isUuid } from '~/lib/ids';
import { issueCreditNote } from '~/models/invoices.server';
import { normalizeInputNames } from '~/schemas/input-names';
import { creditNoteApiSchema } from '~/schemas/invoice';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { adminHeaders, orAdminRefusal } from '~/services/catalog-api.server';
import { moneyIssues } from './+shared/money-issues';
import { documentView } from './+shared/tax-document-view';
import type { Route } from './+types/booking.credit-notes';

const creditNoteBody = creditNoteApiSchema.strict();

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  if (request.method.toUpperCase() !== 'POST') return adminHeaders(methodNotAllowed('POST'));
  if (!isUuid(params.id)) return adminHeaders(notFound('Booking'));
  const body = await orAdminRefusal(() => readJsonBody(request));
  if (body instanceof Response) return body;
  const parsed = creditNoteBody.safeParse(normalizeInputNames(body));
  if (!parsed.success) return adminHeaders(apiError(400, 'Invalid credit note', moneyIssues(parsed.error)));
  try {
    const document = await issueCreditNote(params.id, parsed.data, auditActor(auth, request));
    return adminHeaders(Response.json(documentView(document), { status: 201 }));
  } catch (error) {
    if (error instanceof DomainError) return adminHeaders(domainErrorResponse(error));
    throw error;
  }
}

/** GET and other loader methods: staff only, and nothing to read here (405); credit notes are listed by GET /api/documents. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return adminHeaders(methodNotAllowed('POST'));
}
