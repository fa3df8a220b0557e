/**
 * The GST documents on the pages (docs/decisions/047-invoices-gst.md#downloads): the money panel's
 * tax documents part on /admin/bookings/:id ('Issue tax invoice', 'Issue credit note', the invoice
 * details, each refusal's message; the ledger's receipt numbers), the staff PDF download
 * (/admin/bookings/:id/documents/:documentId) and the traveller's (/booking/:token/documents/:documentId)
 * with who may have which document, and the traveller's invoice details form on /booking/:token.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, test } from 'vitest';
import { MoneyPanel } from '~/components/admin/money-panel';
import { db } from '~/db/client.server';
import { auditLog, bookings } from '~/db/schema';
import { todayInIndia } from '~/lib/format';
import { readToast } from '~/lib/toast.server';
import type { AuditActor } from '~/models/audit.server';
import { issueBookingLink, revokeBookingLinks } from '~/models/booking-link.server';
import { issueInvoice } from '~/models/invoices.server';
import { recordManualPayment, saveQuote } from '~/models/payments.server';
import { saveSettings } from '~/models/settings.server';
import { listBookingDocuments, type TaxDocument } from '~/models/tax-documents.server';
import { action as detailAction, loader as detailLoader } from '~/routes/admin/bookings/detail';
import { loader as adminDocumentLoader } from '~/routes/admin/bookings/document';
import { loader as travellerDocumentLoader } from '~/routes/booking/document';
import TravellerBooking, { action as travellerAction, loader as travellerLoader } from '~/routes/site/traveller-booking';
import { defaultSettings } from '~/schemas/settings';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBooking } from '../factories';
import { routeArgs, settle } from '../route-args';
import { pdfText } from '../support/pdf-text';

/** Indian Oil's registration in Sikkim, a published GSTIN (app/lib/gst/gstin.test.ts). */
const SIKKIM_GSTIN = '11AAACI1681G1Z2';

let admin: Awaited<ReturnType<typeof createStaffSession>>;
let staff: Awaited<ReturnType<typeof createStaffSession>>;
let actor: AuditActor;

beforeAll(async () => {
  admin = await createStaffSession(undefined, 'admin');
  // The daily-work role issues documents and downloads them too.
  staff = await createStaffSession(undefined, 'staff');
  actor = { id: admin.user.id, name: admin.user.username, ip: '127.0.0.1' };
});

const setGstin = (gstin: string) => saveSettings({ tax: { ...defaultSettings.tax, gstin } }, actor);

/** A booking with a quote of ₹10,500 (advance ₹5,000) and `paidPaise` paid by UPI (each payment gets its receipt). */
async function quotedBooking(paidPaise: number) {
  const booking = await createBooking({ startDate: '2030-04-10', name: 'Asha Rai' });
  await saveQuote(
    booking.id,
    { lines: [{ description: 'North Sikkim Explorer', quantity: 1, unitPaise: 1_050_000 }], advancePaise: 500_000, balanceDueOn: '2030-03-20' },
    actor,
  );
  if (paidPaise > 0) {
    await recordManualPayment(booking.id, { amountPaise: paidPaise, method: 'upi', reference: 'UTR 4242', receivedOn: todayInIndia(), note: '' }, actor);
  }
  return booking;
}

/** POST the booking page's form `fields` as `session`. */
function panelPost(id: string, fields: Record<string, string>, session = staff) {
  const args = routeArgs(
    `/admin/bookings/${id}`,
    { id },
    {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: browserHeaders(session.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
    },
  );
  return settle(() => detailAction(args));
}

async function toastOf(headers: Headers) {
  const cookie = (headers.get('Set-Cookie') ?? '').split(';')[0]!;
  return (await readToast(new Request('http://localhost/admin', { headers: { Cookie: cookie } }))).toast;
}

const panel = (id: string, session = staff) => detailLoader(routeArgs(`/admin/bookings/${id}`, { id }, { headers: { Cookie: session.cookie } }));

/** What a loader returned or threw, kept as the Response (a PDF is not JSON). */
async function responseOf(run: () => unknown): Promise<Response> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) return outcome;
  if (outcome && typeof outcome === 'object' && 'type' in outcome && (outcome as { type: string }).type === 'DataWithResponseInit') {
    const d = outcome as unknown as { data: unknown; init: ResponseInit | null };
    return new Response(JSON.stringify(d.data), d.init ?? {});
  }
  throw new Error(`not a response: ${JSON.stringify(outcome)}`);
}

const staffDownload = (bookingId: string, documentId: string, headers: Record<string, string>) =>
  responseOf(() => adminDocumentLoader(routeArgs(`/admin/bookings/${bookingId}/documents/${documentId}`, { id: bookingId, documentId }, { headers })));

const travellerDownload = (token: string, documentId: string) =>
  responseOf(() => travellerDocumentLoader(routeArgs(`/booking/${token}/documents/${documentId}`, { token, documentId })));

/** Check `response` is the PDF of `document`, downloaded under its number, and return its text. */
async function expectPdfOf(response: Response, document: TaxDocument): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${document.number.replace(/\//g, '-')}.pdf"`);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
  const text = (await pdfText(bytes)).join('\n');
  expect(text).toContain(document.number);
  return text;
}

/** The money panel's HTML as a browser gets it after a form's answer `actionData` (no JavaScript needed). */
async function panelHtml(id: string, actionData?: unknown, session = staff): Promise<string> {
  const loaderData = await panel(id, session);
  const Panel = () => <MoneyPanel data={loaderData.money} action={`/admin/bookings/${id}`} reference="X" settingsHref={loaderData.settingsHref} />;
  const router = createMemoryRouter([{ id: 'page', path: '/', Component: Panel }], {
    hydrationData: { loaderData: { page: null }, actionData: actionData ? { page: actionData } : undefined },
  });
  return decode(renderToStaticMarkup(<RouterProvider router={router} />));
}

/** HTML text with React's escapes undone, for matching messages. */
function decode(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The text of the element with `id` (a field's error line), tags stripped. */
function textOf(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  if (start < 0) return '';
  const open = html.indexOf('>', start) + 1;
  return html.slice(open, html.indexOf('</p>', open)).replace(/<[^>]+>/g, '');
}

/** The `id` of the field named `name` in `html`. */
function fieldId(html: string, name: string): string {
  return new RegExp(`<(?:input|select|textarea)[^>]*name="${name}"[^>]*>`).exec(html)?.[0].match(/id="([^"]+)"/)?.[1] ?? '';
}

describe('issuing a tax invoice from the money panel', () => {
  test('without a GSTIN: the part says only receipts are issued (the settings link for admins only), no button, and a post is refused with the reason', async () => {
    await saveSettings({ tax: defaultSettings.tax }, actor);
    const booking = await quotedBooking(1_050_000);
    const { money, settingsHref } = await panel(booking.id);
    expect(money.taxDocuments).toMatchObject({ issuesInvoices: false, current: null, list: [{ kind: 'receipt', title: 'Receipt' }] });
    expect(settingsHref).toBeNull();
    expect((await panel(booking.id, admin)).settingsHref).toBe('/admin/settings#section-tax');

    const html = await panelHtml(booking.id);
    expect(html).toContain('No GSTIN in the tax settings: this business issues receipts only, no tax invoices or credit notes.');
    expect(html).toContain('An admin can add the GSTIN in Settings.');
    expect(html).not.toContain('Issue tax invoice');
    expect(await panelHtml(booking.id, undefined, admin)).toMatch(/<a [^>]*href="\/admin\/settings#section-tax"[^>]*>Add the GSTIN in Settings<\/a>/);

    const refused = await panelPost(booking.id, { intent: 'invoice' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      money: { form: 'invoice', errors: { invoice: 'The business has no GSTIN in the tax settings, so it issues receipts only, no tax invoices' } },
    });
    expect((await listBookingDocuments(db(), booking.id)).map((d) => d.kind)).toEqual(['receipt']);
  });

  test('a quote not paid in full: 409 with the amount still due, shown in the panel; nothing issued', async () => {
    await setGstin(SIKKIM_GSTIN);
    const booking = await quotedBooking(500_000);
    expect((await panelHtml(booking.id)).match(/>Issue tax invoice</g)).toHaveLength(1);

    const refused = await panelPost(booking.id, { intent: 'invoice' });
    expect(refused.status).toBe(409);
    const message = 'The quote is not paid in full: ₹5,500.00 is still due. An invoice is issued once the quote is paid';
    expect(refused.body).toEqual({ money: { form: 'invoice', errors: { invoice: message } } });
    expect(await panelHtml(booking.id, refused.body)).toMatch(new RegExp(`<p role="alert"[^>]*>${message.replace(/[.$]/g, '\\$&')}</p>`));
    expect((await listBookingDocuments(db(), booking.id)).map((d) => d.kind)).toEqual(['receipt']);
  });

  test('paid in full: issued with a toast naming its number; listed with its PDF; the ledger shows the receipt number; a second is refused', async () => {
    await setGstin(SIKKIM_GSTIN);
    const booking = await quotedBooking(1_050_000);
    const issued = await panelPost(booking.id, { intent: 'invoice' });
    expect(issued.status).toBe(302);
    const toast = await toastOf(issued.headers);
    expect(toast?.title).toMatch(/^Tax invoice INV\/\d{2}-\d{2}\/\d{4} issued$/);
    expect(toast?.description).toBe('₹10,500.00, tax included.');

    const [receipt, invoice] = await listBookingDocuments(db(), booking.id);
    expect(receipt!.kind).toBe('receipt');
    expect(invoice).toMatchObject({ kind: 'invoice', totalPaise: 1_050_000 });
    expect(toast?.title).toBe(`Tax invoice ${invoice!.number} issued`);
    const { money } = await panel(booking.id);
    expect(money.taxDocuments.current).toEqual({ id: invoice!.id, number: invoice!.number, totalPaise: 1_050_000, remainingPaise: 1_050_000 });
    expect(money.taxDocuments.list.map((d) => [d.kind, d.number, d.totalPaise])).toEqual([
      ['receipt', receipt!.number, 1_050_000],
      ['invoice', invoice!.number, 1_050_000],
    ]);
    expect(money.ledger).toEqual([expect.objectContaining({ entryType: 'payment', receiptNumber: receipt!.number })]);

    const html = await panelHtml(booking.id);
    for (const doc of [receipt!, invoice!]) {
      expect(html).toMatch(new RegExp(`<a href="/admin/bookings/${booking.id}/documents/${doc.id}"[^>]*aria-label="Download ${doc.number} \\(PDF\\)"`));
    }
    expect(html).toContain(`Receipt ${receipt!.number}`);
    // With a current invoice, the credit note form instead of 'Issue tax invoice'.
    expect(html).not.toContain('>Issue tax invoice<');
    expect(html).toContain('>Issue credit note<');
    expect(html).toContain('Up to ₹10,500.00 can be credited: the whole invoice.');

    const again = await panelPost(booking.id, { intent: 'invoice' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      money: { errors: { invoice: `This booking already has tax invoice ${invoice!.number}; issue a credit note for all of it first to replace it` } },
    });
  });
});

describe('issuing a credit note from the money panel', () => {
  let booking: Awaited<ReturnType<typeof quotedBooking>>;
  let invoice: TaxDocument;

  beforeAll(async () => {
    await setGstin(SIKKIM_GSTIN);
    booking = await quotedBooking(1_050_000);
    invoice = await issueInvoice(booking.id, actor);
  });

  test('refused fields: each message under its field, the typed values kept, nothing issued', async () => {
    const refused = await panelPost(booking.id, { intent: 'credit-note', amount: '12.345', reason: '  ' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      money: {
        form: 'credit-note',
        values: { amount: '12.345', reason: '  ' },
        errors: { amount: 'At most two decimals (paise)', reason: 'Say why the credit note is issued' },
      },
    });
    // The credit note form (the payment form above it has an amount too).
    const page = await panelHtml(booking.id, refused.body);
    const html = page.slice(page.indexOf('data-credit-note-form'));
    const amountId = fieldId(html, 'amount');
    expect(textOf(html, `${amountId}-error`)).toBe('At most two decimals (paise)');
    expect(textOf(html, `${fieldId(html, 'reason')}-error`)).toBe('Say why the credit note is issued');
    expect(html).toMatch(/<input[^>]*name="amount"[^>]*value="12.345"/);
    expect(html).toMatch(new RegExp(`<input[^>]*id="${amountId}"[^>]*aria-invalid="true"`));
    expect((await listBookingDocuments(db(), booking.id)).filter((d) => d.kind === 'credit_note')).toEqual([]);
  });

  test('more than what is left of the invoice: 400 under the amount, naming the invoice and what is left', async () => {
    const refused = await panelPost(booking.id, { intent: 'credit-note', amount: '10,500.01', reason: 'Discount' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      money: {
        form: 'credit-note',
        values: { amount: '10,500.01', reason: 'Discount' },
        errors: { amount: `A credit note cannot be more than what is left of invoice ${invoice.number}: ₹10,500.00` },
      },
    });
  });

  test('issued against the current invoice with a toast; listed against it; the form names what is left; audited', async () => {
    const issued = await panelPost(booking.id, { intent: 'credit-note', amount: '1,050', reason: 'Goodwill discount' });
    expect(issued.status).toBe(302);
    const toast = await toastOf(issued.headers);
    expect(toast?.title).toMatch(/^Credit note CN\/\d{2}-\d{2}\/\d{4} issued$/);
    expect(toast?.description).toBe('₹1,050.00, tax included.');
    const note = (await listBookingDocuments(db(), booking.id)).find((d) => d.kind === 'credit_note')!;
    expect(note).toMatchObject({ invoiceId: invoice.id, totalPaise: 105_000 });
    expect(toast?.title).toBe(`Credit note ${note.number} issued`);

    const { money } = await panel(booking.id);
    expect(money.taxDocuments.current).toMatchObject({ number: invoice.number, remainingPaise: 945_000 });
    expect(money.taxDocuments.list.find((d) => d.kind === 'credit_note')).toMatchObject({
      number: note.number,
      title: 'Credit Note',
      invoiceNumber: invoice.number,
    });
    const html = await panelHtml(booking.id);
    expect(html).toContain(`against ${invoice.number}`);
    expect(html).toContain("₹9,450.00 of the invoice's ₹10,500.00 is left to credit.");
    expect(html).toContain('₹1,050.00 credited');

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'document')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit).toMatchObject({ actorId: staff.user.id });
    expect(audit!.summary).toContain(`Issued credit note ${note.number}`);
  });

  test('a booking without a tax invoice: 409, said in the form', async () => {
    const other = await quotedBooking(0);
    const refused = await panelPost(other.id, { intent: 'credit-note', amount: '100', reason: 'Mistake' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      money: { form: 'credit-note', values: { amount: '100', reason: 'Mistake' }, errors: { creditNote: 'This booking has no tax invoice to credit' } },
    });
  });
});

describe('invoice details from the money panel', () => {
  test('refused: each field named, values kept; saved: a toast, the booking changed, the form shows them', async () => {
    const booking = await createBooking();
    const refused = await panelPost(booking.id, { intent: 'invoice-details', stateCode: '25', address: 'x'.repeat(301), gstin: '11AAACI1681G1Z3' });
    expect(refused.status).toBe(400);
    const errors = (refused.body as { money: { errors: Record<string, string> } }).money.errors;
    expect(Object.keys(errors).sort()).toEqual(['address', 'gstin', 'stateCode']);
    expect(errors.stateCode).toBe('Choose a state from the list');
    expect(errors.address).toBe('At most 300 characters');
    const html = await panelHtml(booking.id, refused.body);
    expect(textOf(html, `${fieldId(html, 'gstin')}-error`)).toBe(errors.gstin);
    expect(html).toMatch(/<input[^>]*name="gstin"[^>]*value="11AAACI1681G1Z3"/);

    const mismatch = await panelPost(booking.id, { intent: 'invoice-details', stateCode: '19', address: '', gstin: SIKKIM_GSTIN });
    expect(mismatch.body).toMatchObject({
      money: { errors: { gstin: expect.stringContaining('This GSTIN is registered in Sikkim (11), not West Bengal (19)') } },
    });

    const saved = await panelPost(booking.id, { intent: 'invoice-details', stateCode: '19', address: '12 Park Street\nKolkata 700016', gstin: '' });
    expect(saved.status).toBe(302);
    expect((await toastOf(saved.headers))?.title).toBe('Invoice details saved');
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ travellerStateCode: '19', travellerAddress: '12 Park Street\nKolkata 700016', travellerGstin: '' });
    const { money } = await panel(booking.id);
    expect(money.taxDocuments.details).toEqual({ stateCode: '19', address: '12 Park Street\nKolkata 700016', gstin: '' });
    expect(await panelHtml(booking.id)).toMatch(/<option value="19" selected="">West Bengal \(19\)<\/option>/);
  });
});

describe('the staff download', () => {
  let booking: Awaited<ReturnType<typeof quotedBooking>>;
  let invoice: TaxDocument;

  beforeAll(async () => {
    await setGstin(SIKKIM_GSTIN);
    booking = await quotedBooking(1_050_000);
    invoice = await issueInvoice(booking.id, actor);
  });

  test('a staff-role user gets the PDF as an attachment named after its number, with the number inside', async () => {
    const text = await expectPdfOf(await staffDownload(booking.id, invoice.id, { Cookie: staff.cookie }), invoice);
    expect(text).toContain('Tax Invoice');
    const [receipt] = await listBookingDocuments(db(), booking.id);
    await expectPdfOf(await staffDownload(booking.id, receipt!.id, { Cookie: admin.cookie }), receipt!);
  });

  test('without a session: sent to the login page; a forged session the same', async () => {
    for (const headers of [{}, { Cookie: 'hx_session=forged' }] as Record<string, string>[]) {
      const response = await staffDownload(booking.id, invoice.id, headers);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toMatch(/^\/admin\/login/);
    }
  });

  test("another booking's document, an unknown id and a malformed one: 404", async () => {
    const other = await quotedBooking(500_000);
    for (const [bookingId, documentId] of [
      [other.id, invoice.id],
      [booking.id, '3f2a5c1e-8b4d-4c6e-9a7b-1d2e3f4a5b6c'],
      [booking.id, 'not-an-id'],
      ['not-an-id', invoice.id],
    ]) {
      expect((await staffDownload(bookingId!, documentId!, { Cookie: staff.cookie })).status).toBe(404);
    }
  });
});

describe("the traveller's download", () => {
  test("the token opens the PDFs of its booking only: private, noindex; a wrong or revoked token and another booking's document get a bare 404", async () => {
    await setGstin(SIKKIM_GSTIN);
    const booking = await quotedBooking(1_050_000);
    const invoice = await issueInvoice(booking.id, actor);
    const token = (await issueBookingLink(db(), booking.id)).token;

    const response = await travellerDownload(token, invoice.id);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await expectPdfOf(response, invoice)).toContain('Asha Rai');

    const other = await quotedBooking(500_000);
    const [otherReceipt] = await listBookingDocuments(db(), other.id);
    const otherToken = (await issueBookingLink(db(), other.id)).token;
    const refusals = [
      await travellerDownload(token, otherReceipt!.id),
      await travellerDownload(otherToken, invoice.id),
      await travellerDownload('A'.repeat(43), invoice.id),
      await travellerDownload('not-a-token', invoice.id),
      await travellerDownload(token, 'not-an-id'),
    ];
    await revokeBookingLinks(db(), booking.id);
    refusals.push(await travellerDownload(token, invoice.id));
    for (const refused of refusals) {
      expect(refused.status).toBe(404);
      expect(refused.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(refused.headers.get('cache-control')).toBe('private, no-store');
      expect(await refused.text()).toBe('Not found');
    }
  });
});

describe("the traveller's page: documents and invoice details", () => {
  /** POST the invoice details form to /booking/:token as the page's browser does. */
  function detailsPost(token: string, fields: Record<string, string>, headers: Record<string, string> = { Origin: 'http://localhost' }) {
    return settle(() =>
      travellerAction(
        routeArgs(
          `/booking/${token}`,
          { token },
          {
            method: 'POST',
            body: new URLSearchParams({ intent: 'invoice-details', ...fields }),
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
          },
        ),
      ),
    );
  }

  /** The page's HTML for `token` as a browser without JavaScript gets it, after the form's answer `actionData`. */
  async function pageHtml(token: string, actionData?: unknown, query = ''): Promise<string> {
    const { body } = await settle(() => travellerLoader(routeArgs(`/booking/${token}${query}`, { token })));
    const Page = TravellerBooking as unknown as (props: Record<string, unknown>) => ReactNode;
    return decode(
      renderToStaticMarkup(
        <MemoryRouter>
          <Page loaderData={body} actionData={actionData} params={{ token }} matches={[]} />
        </MemoryRouter>,
      ),
    );
  }

  test('"Your documents" links each receipt, invoice and credit note by its number; no script', async () => {
    await setGstin(SIKKIM_GSTIN);
    const booking = await quotedBooking(1_050_000);
    const invoice = await issueInvoice(booking.id, actor);
    const token = (await issueBookingLink(db(), booking.id)).token;
    const html = await pageHtml(token);
    const [receipt] = await listBookingDocuments(db(), booking.id);
    for (const doc of [receipt!, invoice]) {
      expect(html).toMatch(new RegExp(`<a href="/booking/${token}/documents/${doc.id}"[^>]*>Download ${doc.number} \\(PDF\\)</a>`));
    }
    expect(html).toContain('Your documents');
    // The form is not offered once the invoice is issued: it says so instead.
    expect(html).not.toContain('name="gstin"');
    expect(html).toContain(`Your tax invoice ${invoice.number} has been issued`);
    expect(html).not.toContain('<script');
  });

  test('without a GSTIN the page asks for no invoice details', async () => {
    await saveSettings({ tax: defaultSettings.tax }, actor);
    const booking = await quotedBooking(0);
    const token = (await issueBookingLink(db(), booking.id)).token;
    const html = await pageHtml(token);
    expect(html).not.toContain('Details for your tax invoice');
    expect(html).toContain('Your receipt for each payment will be here to download.');
    const refused = await detailsPost(token, { stateCode: '19', address: '', gstin: '' });
    expect(refused.status).toBe(409);
  });

  test('saved: 303 back to the page at the section, audited as the traveller, and the page says so with the values', async () => {
    await setGstin(SIKKIM_GSTIN);
    const booking = await quotedBooking(500_000);
    const token = (await issueBookingLink(db(), booking.id)).token;
    const form = await pageHtml(token);
    const tag = /<form [^>]*>/.exec(form.slice(form.indexOf('id="invoice-details"')))?.[0] ?? '';
    expect(tag).toContain('method="post"');
    expect(tag).toContain(`action="/booking/${token}#invoice-details"`);
    expect(form).toContain('>Save invoice details</button>');

    const saved = await detailsPost(token, { stateCode: '19', address: 'Flat 4, 12 Park Street\nKolkata', gstin: '' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`/booking/${token}?details=saved#invoice-details`);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ travellerStateCode: '19', travellerAddress: 'Flat 4, 12 Park Street\nKolkata', travellerGstin: '' });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, booking.id)).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(audit).toMatchObject({ action: 'update', actorId: null, actorName: 'Traveller (booking page)' });

    const after = await pageHtml(token, undefined, '?details=saved');
    expect(after).toContain('Invoice details saved.');
    expect(after).toMatch(/<option value="19" selected="">West Bengal \(19\)<\/option>/);
    expect(after).toContain('Flat 4, 12 Park Street\nKolkata</textarea>');
  });

  test("refused: 400 with each field's message under it and what was typed kept; nothing saved", async () => {
    await setGstin(SIKKIM_GSTIN);
    const booking = await quotedBooking(0);
    const token = (await issueBookingLink(db(), booking.id)).token;
    const refused = await detailsPost(token, { stateCode: '19', address: 'Kolkata', gstin: 'ab12' });
    expect(refused.status).toBe(400);
    const body = refused.body as { invoiceDetails: { values: Record<string, string>; errors: Record<string, string> } };
    expect(body.invoiceDetails.values).toEqual({ stateCode: '19', address: 'Kolkata', gstin: 'ab12' });
    expect(Object.keys(body.invoiceDetails.errors)).toEqual(['gstin']);

    const html = await pageHtml(token, body);
    expect(textOf(html, 'invoice-gstin-error')).toBe(body.invoiceDetails.errors.gstin);
    expect(html).toMatch(/<input[^>]*id="invoice-gstin"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/<input[^>]*name="gstin"[^>]*value="ab12"/);
    expect(html).toContain('Kolkata</textarea>');
    expect(html).not.toContain('Invoice details saved.');

    const mismatch = await detailsPost(token, { stateCode: '19', address: '', gstin: SIKKIM_GSTIN });
    expect(mismatch.body).toMatchObject({ invoiceDetails: { errors: { gstin: expect.stringContaining('registered in Sikkim (11), not West Bengal (19)') } } });
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ travellerStateCode: null, travellerAddress: '', travellerGstin: '' });
  });

  test('a post from another site: 403; a wrong token: 404; once the invoice is issued: 409 naming it; nothing saved', async () => {
    await setGstin(SIKKIM_GSTIN);
    const booking = await quotedBooking(1_050_000);
    const token = (await issueBookingLink(db(), booking.id)).token;
    expect((await detailsPost(token, { stateCode: '19' }, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await detailsPost('A'.repeat(43), { stateCode: '19' })).status).toBe(404);
    const invoice = await issueInvoice(booking.id, actor);
    const late = await detailsPost(token, { stateCode: '19', address: '', gstin: '' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      invoiceDetails: { errors: { form: `Your tax invoice ${invoice.number} has been issued with the details we had. To correct it, call or message us.` } },
    });
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.travellerStateCode).toBeNull();
  });
});
