/**
 * /api/bookings/:id/payments (staff; docs/decisions/046-payments.md#the-ledger,
 * #payments-recorded-by-hand, docs/decisions/009-rest-api.md).
 *
 * - GET: `{ ledger, summary, paymentRequests }`: every ledger entry oldest first (signed
 *   amountPaise, entryType payment | refund | reversal, method, reference, receivedOn, who recorded
 *   it), where the money stands, and the payment requests newest first. 404 for an unknown booking.
 * - POST: a payment received by hand `{ amountPaise, method: upi | bank_transfer | cash, receivedOn?,
 *   reference?, note? }`, credited like an online one (audited, receipt mailed, the advance confirms
 *   a pending booking or flags `paidButClashing`): 201 with `{ payment, booking: {id, status,
 *   paidButClashing}, confirmed, clash, summary }`; 400 naming the field (negative, zero or fractional
 *   paise, above ₹1 crore, a day in the future, an unknown field), nothing written; 404; 409 for a
 *   rejected or cancelled booking.
 */
import { db } from '~/db/client.server';
import { apiError, methodNotAllowed, notFound, readJsonBody } from '~/lib/api.server';
import { DomainError, domainErrorResponse } from '~/lib/errors.server';
import { todayInIndia } from '~/lib/format';
import { isUuid } from '~/lib/ids';
import { ledgerView, ledgerWithNames, paymentRequestsOf, paymentRequestView, summaryView } from '~/models/booking-money.server';
import { getBooking } from '~/models/booking.server';
import { moneySummary, recordManualPayment } from '~/models/payments.server';
import { manualPaymentApiSchema } from '~/schemas/money';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { adminHeaders, orAdminRefusal } from '~/services/catalog-api.server';
import { moneyIssues } from './+shared/money-issues';
import type { Route } from './+types/booking.payments';

const ALLOW = 'GET, POST';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const booking = await getBooking(params.id);
  if (!booking) return adminHeaders(notFound('Booking'));
  const [ledger, summary, requests] = await Promise.all([ledgerWithNames(db(), booking.id), moneySummary(db(), booking), paymentRequestsOf(db(), booking.id)]);
  return adminHeaders(Response.json({ ledger: ledger.map(ledgerView), summary: summaryView(summary), paymentRequests: requests.map(paymentRequestView) }));
}

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  if (request.method.toUpperCase() !== 'POST') return adminHeaders(methodNotAllowed(ALLOW));
  if (!isUuid(params.id)) return adminHeaders(notFound('Booking'));
  const body = await orAdminRefusal(() => readJsonBody(request));
  if (body instanceof Response) return body;
  const parsed = manualPaymentApiSchema.safeParse(body);
  if (!parsed.success) return adminHeaders(apiError(400, 'Invalid payment', moneyIssues(parsed.error)));
  const input = parsed.data;
  try {
    const outcome = await recordManualPayment(
      params.id,
      {
        amountPaise: input.amountPaise,
        method: input.method,
        receivedOn: input.receivedOn ?? todayInIndia(),
        reference: input.reference ?? '',
        note: input.note ?? '',
      },
      auditActor(auth, request),
    );
    const booking = (await getBooking(params.id)) ?? outcome.booking;
    const summary = await moneySummary(db(), booking);
    const [payment] = (await ledgerWithNames(db(), params.id)).filter((e) => e.id === outcome.entry?.id);
    return adminHeaders(
      Response.json(
        {
          payment: payment ? ledgerView(payment) : null,
          booking: { id: booking.id, status: booking.status, paidButClashing: booking.paidButClashing },
          confirmed: outcome.confirmed,
          clash: outcome.clash,
          summary: summaryView(summary),
        },
        { status: 201 },
      ),
    );
  } catch (error) {
    if (error instanceof DomainError) return adminHeaders(domainErrorResponse(error));
    throw error;
  }
}
