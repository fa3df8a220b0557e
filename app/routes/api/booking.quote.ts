/**
 * /api/bookings/:id/quote (staff; docs/decisions/046-payments.md#quotes, docs/decisions/009-rest-api.md).
 *
 * - GET: `{ quote, suggested, summary }`: the current quote revision (lines `{description, quantity,
 *   unitPaise}`, totalPaise, advancePaise, balanceDueOn) or null, the quote the catalogue suggests,
 *   and where the money stands (paid, refunded, due). 404 for an unknown booking.
 * - PUT: a new revision from `{ lines, advancePaise, balanceDueOn }` (integer paise): 200 with
 *   `{ quote, summary }`; 400 `{error, issues}` naming the field (a line's negative, zero or
 *   fractional `unitPaise`, an amount above ₹1 crore, an advance above the total, a total below what
 *   was paid, an unknown field), nothing written; 404; 409 for a rejected or cancelled booking.
 */
import { db } from '~/db/client.server';
import { apiError, methodNotAllowed, notFound, readJsonBody } from '~/lib/api.server';
import { DomainError, domainErrorResponse } from '~/lib/errors.server';
import { isUuid } from '~/lib/ids';
import { quoteSuggestionFor, quoteView, summaryView } from '~/models/booking-money.server';
import { getBooking } from '~/models/booking.server';
import { moneySummary, saveQuote } from '~/models/payments.server';
import { quoteApiSchema } from '~/schemas/money';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { adminHeaders, orAdminRefusal } from '~/services/catalog-api.server';
import { moneyIssues } from './+shared/money-issues';
import type { Route } from './+types/booking.quote';

const ALLOW = 'GET, PUT';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const booking = await getBooking(params.id);
  if (!booking) return adminHeaders(notFound('Booking'));
  const [summary, suggested] = await Promise.all([moneySummary(db(), booking), quoteSuggestionFor(booking)]);
  return adminHeaders(Response.json({ quote: summary.quote ? quoteView(summary.quote) : null, suggested, summary: summaryView(summary) }));
}

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  if (request.method.toUpperCase() !== 'PUT') return adminHeaders(methodNotAllowed(ALLOW));
  if (!isUuid(params.id)) return adminHeaders(notFound('Booking'));
  const body = await orAdminRefusal(() => readJsonBody(request));
  if (body instanceof Response) return body;
  const parsed = quoteApiSchema.safeParse(body);
  if (!parsed.success) return adminHeaders(apiError(400, 'Invalid quote', moneyIssues(parsed.error)));
  try {
    await saveQuote(params.id, parsed.data, auditActor(auth, request));
    const booking = await getBooking(params.id);
    if (!booking) return adminHeaders(notFound('Booking'));
    const summary = await moneySummary(db(), booking);
    return adminHeaders(Response.json({ quote: summary.quote ? quoteView(summary.quote) : null, summary: summaryView(summary) }));
  } catch (error) {
    if (error instanceof DomainError) return adminHeaders(domainErrorResponse(error));
    throw error;
  }
}
