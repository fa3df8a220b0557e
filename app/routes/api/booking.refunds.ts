/**
 * /api/bookings/:id/refunds (staff; docs/decisions/046-payments.md#cancellation-and-refunds).
 *
 * - GET: the refund terms: what was paid (`paidPaise`), what may still be refunded
 *   (`refundablePaise`), the cancellation policy that applies and where it comes from (the booking's
 *   copy or today's settings), the refund it gives today in India (`refundPercent`,
 *   `computedPaise`), the online payments that can be refunded, and the refunds so far.
 * - POST: decide a refund (`amountPaise`, `method`, `reason`, `reference`, `razorpayPaymentId` for
 *   online, `cancel`): with `cancel: true` the booking is cancelled in the same transaction (0 paise
 *   = nothing back). 201 `{booking, refund, sendError}`; 400 `{error, issues}` naming the field
 *   (negative, zero without cancelling, fractional, above ₹1 crore, above what was paid, a missing
 *   reason or reference, an unknown online payment, unknown fields); 404; 409 for a booking that
 *   cannot be cancelled (already cancelled or rejected). Nothing is written on an error.
 */
import { apiError, methodNotAllowed, notFound, readJsonBody, withReference } from '~/lib/api.server';
import { DomainError, domainErrorResponse, zodIssues } from '~/lib/errors.server';
import { isUuid } from '~/lib/ids';
import { refundTerms } from '~/models/refunds.server';
import { REFUND_REQUEST_FIELDS, refundRequestSchema } from '~/schemas/refund';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { adminHeaders, orAdminRefusal } from '~/services/catalog-api.server';
import { decideAndSendRefund } from '~/services/refunds.server';
import type { Route } from './+types/booking.refunds';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isUuid(params.id)) return adminHeaders(notFound('Booking'));
  try {
    return adminHeaders(Response.json(await refundTerms(params.id)));
  } catch (error) {
    if (error instanceof DomainError) return adminHeaders(domainErrorResponse(error));
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  if (request.method.toUpperCase() !== 'POST') return adminHeaders(methodNotAllowed('GET, POST'));
  if (!isUuid(params.id)) return adminHeaders(notFound('Booking'));
  const body = await orAdminRefusal(() => readJsonBody(request));
  if (body instanceof Response) return body;
  const unknown = Object.keys(body).filter((key) => !(REFUND_REQUEST_FIELDS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    const message = `Not a field of a refund (${REFUND_REQUEST_FIELDS.join(', ')})`;
    return adminHeaders(
      apiError(
        400,
        'Unknown fields',
        unknown.map((path) => ({ path, message })),
      ),
    );
  }
  const parsed = refundRequestSchema.safeParse(body);
  if (!parsed.success) return adminHeaders(apiError(400, 'Invalid refund', zodIssues(parsed.error)));
  try {
    const result = await decideAndSendRefund(params.id, parsed.data, auditActor(auth, request));
    return adminHeaders(Response.json({ booking: withReference(result.booking), refund: result.refund, sendError: result.sendError }, { status: 201 }));
  } catch (error) {
    if (error instanceof DomainError) return adminHeaders(domainErrorResponse(error));
    throw error;
  }
}
