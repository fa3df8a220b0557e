/**
 * GET /booking/:token, the traveller's own booking page
 * (docs/decisions/046-payments.md#the-travellers-booking-page): reference, item, dates, who travels,
 * the status in the traveller's words, the quote, the receipts, what is due and when, the
 * cancellation policy the booking was sold under and what cancelling today would refund, a Pay
 * button (a plain form to `/booking/:token/pay`) or, with online payment off, the office's UPI ID and
 * bank details, the office's phone and WhatsApp; its receipts, tax invoice and credit notes as PDFs
 * (`/booking/:token/documents/:id`), and the traveller's details for the tax invoice, a plain form
 * posted to this page (the action below; docs/decisions/047-invoices-gst.md#downloads); for a confirmed
 * booking, a link to its travel voucher (`/booking/:token/voucher`, docs/decisions/051-voucher.md).
 *
 * Plain HTML and CSS: the route's handle asks for a document without scripts (app/lib/route-handle.ts),
 * so nothing runs here, ours or anyone else's, before the traveller presses Pay. It stands outside the
 * site layout, whose widgets need scripts. The server answers every `/booking/<token>` address with
 * `Cache-Control: no-store`, `X-Robots-Tag: noindex` and `Referrer-Policy: same-origin`, and the page
 * cache never holds it (server/app.ts `privateResponses`, app/lib/page-cache.server.ts).
 *
 * A token that opens nothing (unknown, malformed, revoked by 'Rotate link') gets a 404 page that
 * says so and offers the phone and WhatsApp. `?payment=received` and `?payment=checking` are the
 * return from Razorpay (`/booking/:token/return`), `?payment=unavailable` a Pay that could not reach
 * Razorpay (`/booking/:token/pay`).
 */
import { data, Link, redirect } from 'react-router';
import { Footer } from '~/components/site/footer';
import { buttonClass } from '~/components/ui/button';
import { Field, Input, Select, Textarea } from '~/components/ui/field';
import { Icon } from '~/components/ui/icon';
import { TRAVELLER_ACTOR } from '~/infrastructure/online-payments.server';
import { clientIp } from '~/infrastructure/rate-limit.server';
import type { BookingStatus } from '~/lib/constants';
import { formatDate, formatDateRange } from '~/lib/format';
import { GST_STATES, formatStateWithCode } from '~/lib/gst/states';
import { formatPaise } from '~/lib/money';
import { checkOrigin } from '~/lib/origin-check.server';
import type { RouteHandle } from '~/lib/route-handle';
import { formatPhone, telLink, whatsappLink } from '~/lib/whatsapp';
import { bookingPagePath, findBookingByToken } from '~/models/booking-link.server';
import { saveInvoiceDetails } from '~/models/invoices.server';
import { INVOICE_ADDRESS_MAX, invoiceDetailsSchema } from '~/schemas/invoice';
import type { Settings } from '~/schemas/settings';
// The travellers and their identity documents (docs/decisions/050-permits-and-manifests.md).
import { TravellersEditor, type TravellerFormFailure } from '~/components/travellers-editor';
import { PERMIT_STATUS_LABELS } from '~/lib/permits/constants';
import { travellersView, type TravellersView } from '~/models/travellers.server';
import { handleTravellerForm, isTravellerIntent } from '~/services/traveller-forms.server';
import {
  invoiceDetailsOffer,
  officeContact,
  paymentNotice,
  travellerBooking,
  type PaymentNotice,
  type TravellerBookingView,
} from './+shared/traveller-booking.server';
import type { Route } from './+types/traveller-booking';

export const handle: RouteHandle = { scripts: false };

/** The id of the invoice details section: the form's redirect comes back to it. */
const DETAILS_ID = 'invoice-details';

export async function loader({ params, request }: Route.LoaderArgs) {
  const booking = await findBookingByToken(params.token);
  const view = await travellerBooking(params.token, { opened: booking });
  if (!booking || !view) return data({ found: false as const, company: await officeContact() }, { status: 404 });
  const query = new URL(request.url).searchParams;
  const travellers = await travellersView(booking, `${bookingPagePath(params.token)}/travellers`);
  return {
    found: true as const,
    view,
    travellers: travellers?.needsPermit ? travellers : null,
    travellersNotice: travellersNotice(query.get('travellers')),
    payment: paymentNotice(query.get('payment')),
    payAction: `${bookingPagePath(params.token)}/pay`,
    detailsSaved: query.get('details') === 'saved',
    pagePath: bookingPagePath(params.token),
  };
}

/** What a refused invoice details form gets back: the typed values and a message per field ('form': the whole form). */
export type InvoiceDetailsFailure = { values: Record<'stateCode' | 'address' | 'gstin', string>; errors: Record<string, string> };

/**
 * POST /booking/:token: the traveller's invoice details (`intent` = 'invoice-details'; `stateCode`,
 * `address`, `gstin`), a plain form since the page has no script. Saved and audited (actor
 * 'Traveller (booking page)'), then 303 back to the page (`?details=saved`), so a reload does not
 * post again. Refused: 400 with each field's message and what was typed; 409 when the form is not
 * offered any more (an invoice was issued meanwhile, the booking closed, the business has no GSTIN);
 * 404 for a token that opens nothing (the page then says so); 403 for a post from another site.
 */
export async function action({ params, request }: Route.ActionArgs) {
  const origin = checkOrigin(request);
  if (!origin.ok) throw data(origin.reason, { status: 403 });
  const booking = await findBookingByToken(params.token);
  if (!booking) return data({ invoiceDetails: null }, { status: 404 });
  const form = await request.formData().catch(() => null);
  const text = (name: string) => {
    const v = form?.get(name);
    return typeof v === 'string' ? v : '';
  };
  const intent = text('intent');
  if (form && isTravellerIntent(intent)) {
    // The travellers section (docs/decisions/050-permits-and-manifests.md): 303 back with a notice,
    // or the page again with the refused form's messages and values (4xx).
    const outcome = await handleTravellerForm(intent, form, booking.id, { actor: { ...TRAVELLER_ACTOR, ip: clientIp(request) }, by: 'traveller' });
    if (!outcome.ok) return data({ travellers: outcome.failure }, { status: outcome.status });
    const notice = Object.entries(TRAVELLER_NOTICES).find(([, text]) => text === outcome.message)?.[0] ?? 'saved';
    return redirect(`${bookingPagePath(params.token)}?travellers=${notice}#${TRAVELLERS_ID}`, { status: 303, headers: { 'Cache-Control': 'no-store' } });
  }
  const values = { stateCode: text('stateCode'), address: text('address'), gstin: text('gstin') };
  const refuse = (errors: Record<string, string>, status: number) => data({ invoiceDetails: { values, errors } satisfies InvoiceDetailsFailure }, { status });
  if (text('intent') !== 'invoice-details') return refuse({ form: 'This form could not be read. Please try again.' }, 400);
  const offer = await invoiceDetailsOffer(booking);
  if (!offer.offered) {
    return refuse(
      {
        form: offer.invoiceNumber
          ? `Your tax invoice ${offer.invoiceNumber} has been issued with the details we had. To correct it, call or message us.`
          : 'These details cannot be changed here any more. Call or message us.',
      },
      409,
    );
  }
  const parsed = invoiceDetailsSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
    return refuse(errors, 400);
  }
  await saveInvoiceDetails(booking.id, parsed.data, { ...TRAVELLER_ACTOR, ip: clientIp(request) });
  return redirect(`${bookingPagePath(params.token)}?details=saved#${DETAILS_ID}`, { status: 303, headers: { 'Cache-Control': 'no-store' } });
}

/** A refused invoice details form in the action's data, or null. */
function detailsFailure(actionData: unknown): InvoiceDetailsFailure | null {
  if (!actionData || typeof actionData !== 'object' || !('invoiceDetails' in actionData)) return null;
  return (actionData as { invoiceDetails: InvoiceDetailsFailure | null }).invoiceDetails;
}

/** The id of the travellers section: its forms come back to it. */
const TRAVELLERS_ID = 'travellers';

/** What a saved travellers' form says, by the `?travellers=` value of the redirect. */
const TRAVELLER_NOTICES: Record<string, string> = {
  added: 'Traveller added',
  saved: 'Traveller saved',
  removed: 'Traveller removed',
  photo: 'Passport-size photo uploaded',
  scan: 'ID scan uploaded',
};

function travellersNotice(value: string | null): string | null {
  return value && Object.hasOwn(TRAVELLER_NOTICES, value) ? TRAVELLER_NOTICES[value]! : null;
}

/** A refused travellers' form in the action's data, or null. */
function travellersFailure(actionData: unknown): TravellerFormFailure | null {
  if (!actionData || typeof actionData !== 'object' || !('travellers' in actionData)) return null;
  return (actionData as { travellers: TravellerFormFailure }).travellers;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const company = loaderData?.found ? loaderData.view.company.name : (loaderData?.company.name ?? '');
  const title = loaderData?.found ? `Your booking #${loaderData.view.reference}` : 'Booking link not valid';
  return [
    { title: company ? `${title} | ${company}` : title },
    // Nothing personal: a link preview (WhatsApp, mail) shows it to whoever the link is sent to.
    { name: 'description', content: 'Your booking: its status, price, payments and cancellation policy.' },
    { name: 'robots', content: 'noindex, nofollow' },
    { name: 'referrer', content: 'same-origin' },
  ];
};

/** The status in the traveller's words (docs/product.md#booking-status). */
export const TRAVELLER_STATUS: Record<BookingStatus, { title: string; text: string; look: string }> = {
  pending: {
    title: 'Request received',
    text: 'We will confirm soon: we are checking the dates and will write to you as soon as your booking is confirmed.',
    look: 'border-marigold/60 bg-status-pending-bg',
  },
  confirmed: {
    title: 'Confirmed',
    text: 'Your booking is confirmed. We look forward to welcoming you.',
    look: 'border-flag-green/40 bg-status-ok-bg',
  },
  rejected: {
    title: 'Could not be confirmed',
    text: 'We are sorry: we could not confirm this booking. Call or message us and we will gladly look for other dates.',
    look: 'border-flag-red/30 bg-status-bad-bg',
  },
  cancelled: {
    title: 'Cancelled',
    text: 'This booking is cancelled. Any refund under the cancellation policy is listed with your payments below.',
    look: 'border-stone-300 bg-mist',
  },
};

/** The WhatsApp text the traveller starts with: the reference, never the page's address. */
function whatsappText(reference?: string): string {
  return reference ? `Hello! I have a question about my booking #${reference}.` : 'Hello! My booking link does not open any more. Could you send me a new one?';
}

export default function TravellerBooking({ loaderData, actionData }: Route.ComponentProps) {
  const company = loaderData.found ? loaderData.view.company : loaderData.company;
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
        Skip to content
      </a>
      <header className="border-b border-forest-100 bg-white">
        <div className="container-page flex min-h-16 items-center justify-between gap-4 py-2">
          <Link to="/" className="flex min-w-0 items-center gap-2 font-display text-lg font-semibold text-forest-700">
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span className="truncate">{company.name}</span>
          </Link>
          <a
            href={telLink(company.phone)}
            className="flex min-h-11 shrink-0 items-center gap-1.5 font-semibold text-forest-700 underline-offset-4 hover:underline"
          >
            <Icon name="phone" className="size-4" />
            <span className="sr-only sm:not-sr-only">{formatPhone(company.phone)}</span>
            <span className="sm:hidden">Call</span>
          </a>
        </div>
      </header>
      <main id="main" className="bg-mist pb-16">
        {loaderData.found ? (
          <BookingPage
            view={loaderData.view}
            payment={loaderData.payment}
            payAction={loaderData.payAction}
            pagePath={loaderData.pagePath}
            details={{ saved: loaderData.detailsSaved, failure: detailsFailure(actionData) }}
            travellers={
              loaderData.travellers ? { view: loaderData.travellers, notice: loaderData.travellersNotice, failure: travellersFailure(actionData) } : null
            }
          />
        ) : (
          <LinkNotValid company={company} />
        )}
      </main>
      <Footer company={company} />
    </>
  );
}

/** The 404 answer: the link opens no booking (any more). */
function LinkNotValid({ company }: { company: Settings['company'] }) {
  return (
    <div className="container-page max-w-2xl py-16">
      <div className="rounded-card bg-white p-6 shadow-sm sm:p-8">
        <h1 className="font-display text-3xl font-semibold text-ink">This link does not open a booking any more</h1>
        <p className="mt-3 text-lg text-ink">Ask us for a new one: call or message us and we will send you a fresh link to your booking.</p>
        <ContactButtons company={company} />
      </div>
    </div>
  );
}

function ContactButtons({ company, reference }: { company: Settings['company']; reference?: string }) {
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <a href={telLink(company.phone)} className={buttonClass('primary', 'md')}>
        <Icon name="phone" className="size-4" /> Call {formatPhone(company.phone)}
      </a>
      <a
        href={whatsappLink(company.whatsappNumber, whatsappText(reference))}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass('whatsapp', 'md')}
      >
        <Icon name="message-circle" className="size-4" /> WhatsApp us
      </a>
    </div>
  );
}

const SECTION = 'rounded-card bg-white p-5 shadow-sm sm:p-6';
const SECTION_TITLE = 'font-display text-2xl font-semibold text-ink';

function BookingPage({
  view,
  payment,
  payAction,
  pagePath,
  details,
  travellers,
}: {
  view: TravellerBookingView;
  payment: PaymentNotice | null;
  payAction: string;
  pagePath: string;
  details: { saved: boolean; failure: InvoiceDetailsFailure | null };
  travellers: { view: TravellersView; notice: string | null; failure: TravellerFormFailure | null } | null;
}) {
  const status = TRAVELLER_STATUS[view.status];
  return (
    <div className="container-page flex max-w-3xl flex-col gap-6 pt-8 sm:pt-12">
      <div>
        <p className="text-sm font-semibold tracking-[0.08em] text-forest-700 uppercase">{view.firstName ? `Hello ${view.firstName}` : 'Your booking'}</p>
        <h1 className="mt-1 font-display text-3xl font-semibold text-ink sm:text-4xl">Booking #{view.reference}</h1>
      </div>

      {payment === 'received' ? (
        <p role="status" className="rounded-card border border-flag-green/40 bg-status-ok-bg p-4 font-semibold text-status-ok-fg">
          Payment received. Thank you! Your receipt is on its way by e-mail.
        </p>
      ) : payment === 'checking' ? (
        <p role="status" className="rounded-card border border-marigold/60 bg-status-pending-bg p-4 text-status-pending-fg">
          <strong>We are checking your payment.</strong> It appears below as soon as the bank confirms it, usually within a few minutes. There is no need to pay
          again: reload this page in a little while.
        </p>
      ) : payment === 'unavailable' ? (
        <p role="status" className="rounded-card border border-flag-red/30 bg-status-bad-bg p-4 text-status-bad-fg">
          <strong>Online payment is not available just now.</strong> Nothing was charged. Please try again in a few minutes, or call or message us.
        </p>
      ) : null}

      <section aria-labelledby="status-title" className={`rounded-card border p-5 sm:p-6 ${status.look}`}>
        <p className="text-xs font-semibold tracking-[0.08em] text-muted uppercase">Status</p>
        <h2 id="status-title" className="text-xl font-semibold text-ink">
          {status.title}
        </h2>
        <p className="mt-1 text-ink">{status.text}</p>
      </section>

      <section aria-labelledby="trip-title" className={SECTION}>
        <h2 id="trip-title" className={SECTION_TITLE}>
          Your trip
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
          <dt className="text-sm font-semibold text-muted sm:text-base">{view.type === 'package' ? 'Tour' : view.type === 'bike' ? 'Bike' : 'Car'}</dt>
          <dd className="text-ink">{view.itemName}</dd>
          <dt className="text-sm font-semibold text-muted sm:text-base">{view.type === 'package' ? 'Travel dates' : 'Dates'}</dt>
          <dd className="text-ink">{formatDateRange(view.startDate, view.endDate)}</dd>
          <dt className="text-sm font-semibold text-muted sm:text-base">{view.type === 'package' ? 'Travellers' : 'Extras'}</dt>
          <dd className="text-ink">{view.party.join(', ')}</dd>
        </dl>
        {view.status === 'confirmed' ? (
          // The voucher of a confirmed booking: travellers, itinerary, pickup, permits, payments (docs/decisions/051-voucher.md).
          <p className="mt-4">
            <a
              href={`${pagePath}/voucher`}
              className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-forest-700 underline underline-offset-4 hover:text-forest-900"
            >
              <Icon name="file-text" className="size-4" />
              Download your voucher (PDF)
            </a>
          </p>
        ) : null}
      </section>

      {travellers ? <TravellersSection {...travellers} action={`${pagePath}#${TRAVELLERS_ID}`} /> : null}

      {view.drivers.length > 0 ? <DriverSection drivers={view.drivers} /> : null}

      <MoneySection view={view} payAction={payAction} />

      <DocumentsSection documents={view.documents} documentsPath={`${pagePath}/documents`} />

      {view.invoiceDetails.offered || view.invoiceDetails.invoiceNumber || details.failure ? (
        <InvoiceDetailsSection offer={view.invoiceDetails} saved={details.saved} failure={details.failure} action={`${pagePath}#${DETAILS_ID}`} />
      ) : null}

      <section aria-labelledby="policy-title" className={SECTION}>
        <h2 id="policy-title" className={SECTION_TITLE}>
          Cancellation policy
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-ink">
          {view.policy.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {view.policy.ifCancelledToday ? (
          <p className="mt-3 text-ink">
            {view.paidPaise > 0
              ? `If you cancelled today, ${formatPaise(view.policy.ifCancelledToday.amountPaise)} of the ${formatPaise(view.paidPaise)} you paid would be refunded (${view.policy.ifCancelledToday.refundPercent}%).`
              : 'You have not paid anything yet, so cancelling today costs nothing.'}{' '}
            To cancel, call or message us.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="contact-title" className={SECTION}>
        <h2 id="contact-title" className={SECTION_TITLE}>
          Questions?
        </h2>
        <p className="mt-2 text-ink">Call or message our Gangtok office and quote your reference #{view.reference}.</p>
        <ContactButtons company={view.company} reference={view.reference} />
      </section>
    </div>
  );
}

function MoneySection({ view, payAction }: { view: TravellerBookingView; payAction: string }) {
  const { quote, due } = view;
  // With prices that exclude GST the quote's total carries it on top of the lines (docs/decisions/047-invoices-gst.md#tax-invoices).
  const gstOnTop = quote ? quote.totalPaise - quote.lines.reduce((sum, line) => sum + line.amountPaise, 0) : 0;
  return (
    <section aria-labelledby="money-title" className={SECTION}>
      <h2 id="money-title" className={SECTION_TITLE}>
        Price and payments
      </h2>
      {quote ? (
        <table className="mt-4 w-full border-collapse text-left">
          <caption className="sr-only">Your quote</caption>
          <thead>
            <tr className="border-b border-forest-100 text-sm text-muted">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Item
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line, i) => (
              <tr key={i} className="border-b border-forest-50 align-top">
                <td className="py-2 pr-3 text-ink">
                  {line.description}
                  {line.quantity !== 1 ? <span className="block text-sm text-muted">{`${line.quantity} × ${formatPaise(line.unitPaise)}`}</span> : null}
                </td>
                <td className="py-2 pl-3 text-right whitespace-nowrap text-ink tabular-nums">{formatPaise(line.amountPaise)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {gstOnTop > 0 ? (
              <tr>
                <th scope="row" className="pt-3 pr-3 font-normal text-ink">
                  GST
                </th>
                <td className="pt-3 pl-3 text-right whitespace-nowrap text-ink tabular-nums">{formatPaise(gstOnTop)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row" className="pt-3 pr-3 font-semibold text-ink">
                Total
              </th>
              <td className="pt-3 pl-3 text-right font-semibold whitespace-nowrap text-ink tabular-nums">{formatPaise(quote.totalPaise)}</td>
            </tr>
            <tr>
              <th scope="row" className="pt-1 pr-3 font-normal text-muted">
                Advance to confirm
              </th>
              <td className="pt-1 pl-3 text-right whitespace-nowrap text-muted tabular-nums">{formatPaise(quote.advancePaise)}</td>
            </tr>
            <tr>
              <th scope="row" className="pt-1 pr-3 font-normal text-muted">
                Paid so far
              </th>
              <td className="pt-1 pl-3 text-right whitespace-nowrap text-muted tabular-nums">{formatPaise(view.paidPaise)}</td>
            </tr>
          </tfoot>
        </table>
      ) : (
        <p className="mt-3 text-ink">We are preparing your price. We will e-mail you as soon as it is ready, and it will show here.</p>
      )}

      {due ? (
        <PayDue view={view} due={due} payAction={payAction} />
      ) : quote && quote.totalPaise > 0 && view.paidPaise >= quote.totalPaise ? (
        <p className="mt-5 rounded-card bg-status-ok-bg p-4 font-semibold text-status-ok-fg">Fully paid: nothing more is due. Thank you!</p>
      ) : null}

      <h3 className="mt-6 text-lg font-semibold text-ink">Payments and refunds</h3>
      {view.receipts.length === 0 ? (
        <p className="mt-1 text-muted">No payments yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-forest-50">
          {view.receipts.map((receipt) => (
            <li key={receipt.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span className="text-ink">
                <span className="font-semibold">{receipt.kind === 'refund' ? 'Refund' : 'Payment'}</span>
                {` · ${formatDate(receipt.receivedOn)} · ${receipt.method}`}
                {receipt.reference ? <span className="block text-sm break-all text-muted">Reference {receipt.reference}</span> : null}
              </span>
              <span className="font-semibold whitespace-nowrap text-ink tabular-nums">{formatPaise(receipt.amountPaise)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PayDue({ view, due, payAction }: { view: TravellerBookingView; due: NonNullable<TravellerBookingView['due']>; payAction: string }) {
  const what = due.kind === 'advance' ? 'Advance' : 'Balance';
  const when = due.kind === 'advance' ? 'due now, to confirm your booking' : `due by ${formatDate(due.dueOn)}`;
  return (
    <div className="mt-5 rounded-card border border-forest-200 bg-forest-50 p-4 sm:p-5">
      <p className="text-ink">
        <span className="font-semibold">{`${what}: ${formatPaise(due.amountPaise)}`}</span> {when}.
      </p>
      {view.payBy.online ? (
        <form method="post" action={payAction} className="mt-4">
          <button type="submit" className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
            {`Pay ${what.toLowerCase()} ${formatPaise(due.amountPaise)}`}
          </button>
          <p className="mt-2 text-sm text-muted">You pay on Razorpay&apos;s secure page: UPI, cards or netbanking.</p>
        </form>
      ) : view.payBy.upiId || view.payBy.bankDetails.length > 0 ? (
        <div className="mt-3 text-ink">
          <p>
            Pay {formatPaise(due.amountPaise)} by UPI or bank transfer and quote the reference <strong>#{view.reference}</strong>.
          </p>
          <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[9rem_1fr]">
            {view.payBy.upiId ? (
              <>
                <dt className="font-semibold text-muted">UPI ID</dt>
                <dd className="font-semibold break-all">{view.payBy.upiId}</dd>
              </>
            ) : null}
            {view.payBy.bankDetails.length > 0 ? (
              <>
                <dt className="font-semibold text-muted">Bank transfer</dt>
                <dd>
                  {view.payBy.bankDetails.map((line) => (
                    <span key={line} className="block break-words">
                      {line}
                    </span>
                  ))}
                </dd>
              </>
            ) : null}
          </dl>
          <p className="mt-3 text-sm text-muted">Once you have paid, send us the transaction reference on WhatsApp; your receipt then shows here.</p>
        </div>
      ) : (
        <p className="mt-2 text-ink">Call or message us and we will tell you how to pay.</p>
      )}
    </div>
  );
}

/** The receipts, tax invoice and credit notes, each a link to its PDF (named by its number). */
function DocumentsSection({ documents, documentsPath }: { documents: TravellerBookingView['documents']; documentsPath: string }) {
  return (
    <section aria-labelledby="documents-title" className={SECTION}>
      <h2 id="documents-title" className={SECTION_TITLE}>
        Your documents
      </h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-muted">Your receipt for each payment will be here to download.</p>
      ) : (
        <ul className="mt-2 divide-y divide-forest-50" aria-label="Your receipts, tax invoice and credit notes">
          {documents.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              <span className="text-ink">
                <span className="font-semibold">{doc.title}</span>
                {` · ${doc.date} · ${formatPaise(doc.totalPaise)}`}
                {doc.invoiceNumber ? <span className="block text-sm text-muted">{`Reduces tax invoice ${doc.invoiceNumber}`}</span> : null}
              </span>
              <a
                href={`${documentsPath}/${doc.id}`}
                className="inline-flex min-h-11 items-center font-semibold break-all text-forest-700 underline underline-offset-4 hover:text-forest-900"
              >
                {`Download ${doc.number} (PDF)`}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The traveller's details for the tax invoice: a plain form (no script on this page) that posts to
 * the page and comes back to this section; a refusal shows each field's message with what was typed.
 * Once the invoice is issued, it says so instead.
 */
function InvoiceDetailsSection({
  offer,
  saved,
  failure,
  action,
}: {
  offer: TravellerBookingView['invoiceDetails'];
  saved: boolean;
  failure: InvoiceDetailsFailure | null;
  /** The page itself, at this section: a refusal comes back showing it. */
  action: string;
}) {
  const values = failure?.values ?? offer.values;
  const errors = failure?.errors ?? {};
  return (
    <section id={DETAILS_ID} aria-labelledby="details-title" className={SECTION}>
      <h2 id="details-title" className={SECTION_TITLE}>
        Details for your tax invoice
      </h2>
      {saved && !failure ? (
        <p role="status" className="mt-3 rounded-card border border-flag-green/40 bg-status-ok-bg p-3 font-semibold text-status-ok-fg">
          Invoice details saved. Thank you!
        </p>
      ) : null}
      {errors.form ? (
        <p role="alert" className="mt-3 rounded-card border border-flag-red/30 bg-status-bad-bg p-3 text-status-bad-fg">
          {errors.form}
        </p>
      ) : null}
      {offer.offered ? (
        <form method="post" action={action} className="mt-3 flex flex-col gap-4">
          <input type="hidden" name="intent" value="invoice-details" />
          <p className="text-ink">
            Your tax invoice is issued once the trip is paid in full. Tell us the state of your address, and your GSTIN if you book for a registered business,
            so that the invoice shows the right place of supply. All optional.
          </p>
          <Field id="invoice-state" label="State" errors={errors.stateCode ? [errors.stateCode] : undefined}>
            {(a11y) => (
              <Select {...a11y} name="stateCode" defaultValue={values.stateCode} autoComplete="address-level1">
                <option value="">Not given</option>
                {GST_STATES.map((state) => (
                  <option key={state.code} value={state.code}>
                    {formatStateWithCode(state.code)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="invoice-address" label="Address" hint="As it should be printed on the invoice." errors={errors.address ? [errors.address] : undefined}>
            {(a11y) => (
              <Textarea {...a11y} name="address" rows={3} maxLength={INVOICE_ADDRESS_MAX} defaultValue={values.address} autoComplete="street-address" />
            )}
          </Field>
          <Field
            id="invoice-gstin"
            label="GSTIN"
            hint="Only if you book for a GST-registered business: its 15 letters and digits."
            errors={errors.gstin ? [errors.gstin] : undefined}
          >
            {(a11y) => (
              <Input {...a11y} name="gstin" defaultValue={values.gstin} maxLength={20} autoCapitalize="characters" spellCheck={false} autoComplete="off" />
            )}
          </Field>
          <div>
            <button type="submit" className={buttonClass('primary', 'md')}>
              Save invoice details
            </button>
          </div>
        </form>
      ) : offer.invoiceNumber ? (
        <p className="mt-2 text-ink">
          {`Your tax invoice ${offer.invoiceNumber} has been issued; it is with your documents above. To correct the details on it, call or message us.`}
        </p>
      ) : null}
    </section>
  );
}

/**
 * Who drives the traveller: shown from 18:00 IST on the evening before each assignment starts
 * (docs/decisions/048-trip-operations.md#the-travellers-page): the driver's name and phone (a tel:
 * link), the car and its number plate, and the pickup time and place.
 */
function DriverSection({ drivers }: { drivers: TravellerBookingView['drivers'] }) {
  return (
    <section aria-labelledby="driver-title" className={SECTION}>
      <h2 id="driver-title" className={SECTION_TITLE}>
        Your driver
      </h2>
      <ul className="mt-4 flex flex-col gap-5">
        {drivers.map((d) => (
          <li key={`${d.startsOn}-${d.driverPhone}`}>
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
              {drivers.length > 1 ? (
                <>
                  <dt className="text-sm font-semibold text-muted sm:text-base">Days</dt>
                  <dd className="text-ink">{formatDateRange(d.startsOn, d.startsOn === d.endsOn ? null : d.endsOn)}</dd>
                </>
              ) : null}
              <dt className="text-sm font-semibold text-muted sm:text-base">Driver</dt>
              <dd className="text-ink">
                <span className="font-semibold">{d.driverName}</span>{' '}
                <a href={`tel:${d.driverPhone.replace(/[^+\d]/g, '')}`} className="whitespace-nowrap text-forest-700 underline underline-offset-4">
                  {d.driverPhone}
                </a>
              </dd>
              {d.carModel ? (
                <>
                  <dt className="text-sm font-semibold text-muted sm:text-base">Vehicle</dt>
                  <dd className="text-ink">
                    {d.carModel}
                    {d.registrationNumber ? (
                      <span className="ml-2 rounded border border-ink/30 px-1.5 py-0.5 font-mono text-sm whitespace-nowrap">{d.registrationNumber}</span>
                    ) : null}
                  </dd>
                </>
              ) : null}
              <dt className="text-sm font-semibold text-muted sm:text-base">Pickup</dt>
              <dd className="text-ink">
                {d.pickupTime} at {d.pickupPlace}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The travellers and their identity documents for the permit
 * (docs/decisions/050-permits-and-manifests.md, "Travellers and their documents"): shown only when
 * the package needs a permit. The permit status, the deadline, each traveller with their documents,
 * and until the trip starts the plain forms to add, edit and remove travellers and upload their
 * photo and ID scan; read-only after that.
 */
function TravellersSection({
  view,
  notice,
  failure,
  action,
}: {
  view: TravellersView;
  notice: string | null;
  failure: TravellerFormFailure | null;
  action: string;
}) {
  return (
    <section id={TRAVELLERS_ID} aria-labelledby="travellers-title" className={SECTION}>
      <h2 id="travellers-title" className={SECTION_TITLE}>
        Travellers and permit documents
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
        <dt className="text-sm font-semibold text-muted sm:text-base">Permit</dt>
        <dd className="font-semibold text-ink" data-testid="permit-status">
          {PERMIT_STATUS_LABELS[view.permitStatus]}
        </dd>
        {view.dueOn ? (
          <>
            <dt className="text-sm font-semibold text-muted sm:text-base">Documents due by</dt>
            <dd className="text-ink">{formatDate(view.dueOn)}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-3 text-ink">
        {view.travellerFormsOpen
          ? `The permit office needs every traveller's details as on their ID, a passport-size photo and a scan of the ID: ${view.expected} ${view.expected === 1 ? 'traveller' : 'travellers'} for this booking. Only you and our office can see them; we delete them after the trip.`
          : 'Your trip has started: the travellers can no longer be changed here. Call or message us for any correction.'}
      </p>
      {notice && !failure ? (
        <p role="status" className="mt-3 rounded-card border border-flag-green/40 bg-status-ok-bg p-3 font-semibold text-status-ok-fg">
          {notice}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="mt-3 rounded-card border border-flag-red/30 bg-status-bad-bg p-3 text-status-bad-fg">
          Not saved: please check the form marked below.
        </p>
      ) : null}
      <div className="mt-4">
        <TravellersEditor view={view} action={action} Form="form" editable={view.travellerFormsOpen} failure={failure} idPrefix="tr" />
      </div>
    </section>
  );
}
