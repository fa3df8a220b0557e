/**
 * The GST documents through the JSON API (docs/decisions/009-rest-api.md,
 * docs/decisions/047-invoices-gst.md): GET /api/documents with its filters (kind, a month of India's
 * calendar, booking, search), paging and X-Total-Count; one document with its snapshot; the PDF as a
 * download; all three for the admin role only (403 for staff, 401 without a session). Issuing on a
 * booking, as staff: POST /api/bookings/:id/invoice (201, 409 with the reason), POST
 * /api/bookings/:id/credit-notes (201, 400 naming `amountPaise` above what is left, 409 without an
 * invoice) and PUT /api/bookings/:id/invoice-details (200, 400 naming the field), each refusal writing
 * nothing and each issue audited. And the OpenAPI document describing them.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, bookings, taxDocuments } from '~/db/schema';
import { financialYearOf } from '~/lib/gst/document-number';
import { gstinCheckCharacter } from '~/lib/gst/gstin';
import { shortReference } from '~/lib/ids';
import { todayInIndia } from '~/lib/format';
import type { AuditActor } from '~/models/audit.server';
import { issueCreditNote, issueInvoice } from '~/models/invoices.server';
import { recordManualPayment, saveQuote } from '~/models/payments.server';
import { saveSettings } from '~/models/settings.server';
import type { TaxDocument } from '~/models/tax-documents.server';
import { action as creditNotesAction, loader as creditNotesLoader } from '~/routes/api/booking.credit-notes';
import { action as invoiceAction } from '~/routes/api/booking.invoice';
import { action as detailsAction } from '~/routes/api/booking.invoice-details';
import { action as documentAction, loader as documentLoader } from '~/routes/api/document';
import { loader as pdfLoader } from '~/routes/api/document.pdf';
import { loader as documentsLoader } from '~/routes/api/documents';
import { openApiDocument } from '~/routes/api/openapi';
import { createStaffSession } from '../auth-helpers';
import { createBooking } from '../factories';
import { routeArgs } from '../route-args';
import { pdfText } from '../support/pdf-text';
import { call, issuePaths } from './catalog-write-helpers';

/** Indian Oil's registration in Sikkim, a published GSTIN (app/lib/gst/gstin.test.ts). */
const SIKKIM_GSTIN = '11AAACI1681G1Z2';
const WEST_BENGAL_GSTIN = `19AAACI1681G1Z${gstinCheckCharacter('19AAACI1681G1Z')}`;

/** 30 April 2026, 23:59 IST (18:29 UTC): still April in India. */
const APRIL_LAST_MINUTE = new Date('2026-04-30T18:29:00Z');
/** 1 May 2026, 00:00 IST (30 April 18:30 UTC): May in India, April in UTC. */
const MAY_FIRST_MINUTE = new Date('2026-04-30T18:30:00Z');
const MAY_TENTH = new Date('2026-05-10T06:00:00Z');

let admin: Awaited<ReturnType<typeof createStaffSession>>;
let staff: Awaited<ReturnType<typeof createStaffSession>>;
let actor: AuditActor;

const asAdmin = () => ({ Authorization: admin.authorization });
const asStaff = () => ({ Authorization: staff.authorization });

/** A confirmed package booking by `name` with a quote of `totalRupees`, of which `paidRupees` is paid (by UPI, receipt issued). */
async function bookingWithQuote(name: string, totalRupees: number, paidRupees = totalRupees) {
  const booking = await createBooking({ name, status: 'confirmed', email: `${randomUUID().slice(0, 8)}@example.com` });
  await saveQuote(
    booking.id,
    {
      lines: [{ description: 'Sikkim Explorer', quantity: 1, unitPaise: totalRupees * 100 }],
      advancePaise: Math.min(paidRupees, totalRupees) * 100,
      balanceDueOn: '2027-01-01',
    },
    actor,
  );
  if (paidRupees > 0) await pay(booking.id, paidRupees);
  return booking;
}

function pay(bookingId: string, rupees: number) {
  return recordManualPayment(bookingId, { amountPaise: rupees * 100, method: 'upi', reference: 'UTR 4242', receivedOn: todayInIndia(), note: '' }, actor);
}

type ListRow = { id: string; kind: string; number: string; recipientName: string; pdfUrl: string } & Record<string, unknown>;

/** GET /api/documents with `query` as `headers`' user. */
async function list(query = '', headers: Record<string, string> = asAdmin()) {
  const res = await call(documentsLoader, `/api/documents${query}`, { method: 'GET', headers });
  return { ...res, rows: res.body as ListRow[] };
}

const numbers = (rows: ListRow[]) => rows.map((r) => r.number);

async function documentCount(bookingId: string) {
  const [row] = await db().select({ n: count() }).from(taxDocuments).where(eq(taxDocuments.bookingId, bookingId));
  return row!.n;
}

beforeAll(async () => {
  admin = await createStaffSession();
  staff = await createStaffSession(undefined, 'staff');
  actor = { id: admin.user.id, name: admin.user.username, ip: '127.0.0.1' };
  // Registered: invoices and credit notes are issued only with a GSTIN in the tax settings.
  await saveSettings({ tax: { gstin: SIKKIM_GSTIN } }, actor, { merge: true });
});

describe('GET /api/documents (admin role)', () => {
  let asha: Awaited<ReturnType<typeof bookingWithQuote>>;
  let karma: Awaited<ReturnType<typeof bookingWithQuote>>;
  let aprilInvoice: TaxDocument;
  let mayInvoice: TaxDocument;
  let creditNote: TaxDocument;
  let all: ListRow[];

  beforeAll(async () => {
    // Each paid booking has its receipt (issued now); the invoices and the credit note are issued at
    // fixed moments either side of midnight IST between April and May 2026.
    asha = await bookingWithQuote('Asha Rai', 10_500);
    karma = await bookingWithQuote('Karma Bhutia', 21_000);
    aprilInvoice = await issueInvoice(asha.id, actor, APRIL_LAST_MINUTE);
    mayInvoice = await issueInvoice(karma.id, actor, MAY_FIRST_MINUTE);
    creditNote = await issueCreditNote(karma.id, { amountPaise: 105_000, reason: 'Discount for a shorter trip' }, actor, MAY_TENTH);
    all = (await list()).rows;
  });

  test('lists every document newest first as a bare array, with X-Total-Count, amounts, the recipient and the PDF link', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('5');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(Array.isArray(res.body)).toBe(true);
    // The two receipts (issued now), then the credit note (10 May), the May invoice, the April one.
    expect(res.rows.map((r) => r.kind)).toEqual(['receipt', 'receipt', 'credit_note', 'invoice', 'invoice']);
    expect(numbers(res.rows).slice(2)).toEqual(['CN/26-27/0001', 'INV/26-27/0002', 'INV/26-27/0001']);
    const invoice = res.rows.find((r) => r.id === aprilInvoice.id)!;
    expect(invoice).toEqual({
      id: aprilInvoice.id,
      kind: 'invoice',
      number: 'INV/26-27/0001',
      financialYear: 2026,
      sequence: 1,
      bookingId: asha.id,
      paymentId: null,
      invoiceId: null,
      issuedAt: APRIL_LAST_MINUTE.toISOString(),
      // ₹10,500 tax-inclusive at 5 % for a traveller in Sikkim: ₹10,000 + CGST ₹250 + SGST ₹250.
      taxablePaise: 1_000_000,
      cgstPaise: 25_000,
      sgstPaise: 25_000,
      igstPaise: 0,
      totalPaise: 1_050_000,
      placeOfSupplyCode: '11',
      rateBasisPoints: 500,
      recipientName: 'Asha Rai',
      issuedBy: admin.user.id,
      pdfUrl: `/api/documents/${aprilInvoice.id}/pdf`,
    });
    expect(invoice).not.toHaveProperty('snapshot');
    const note = res.rows.find((r) => r.id === creditNote.id)!;
    expect(note).toMatchObject({ kind: 'credit_note', invoiceId: mayInvoice.id, totalPaise: 105_000, recipientName: 'Karma Bhutia' });
    const receipt = res.rows.find((r) => r.kind === 'receipt' && r.bookingId === asha.id)!;
    expect(receipt).toMatchObject({ paymentId: expect.any(String), placeOfSupplyCode: null, rateBasisPoints: null, totalPaise: 1_050_000 });
  });

  test("filters by month in India's calendar: 23:59 IST on 30 April is April, 00:00 IST on 1 May is May", async () => {
    const april = await list('?month=2026-04');
    expect(numbers(april.rows)).toEqual(['INV/26-27/0001']);
    expect(april.headers.get('X-Total-Count')).toBe('1');
    expect(numbers((await list('?month=2026-05')).rows)).toEqual(['CN/26-27/0001', 'INV/26-27/0002']);
    expect(numbers((await list('?month=2026-05&kind=invoice')).rows)).toEqual(['INV/26-27/0002']);
    expect((await list('?month=2026-03')).rows).toEqual([]);
  });

  test('filters by kind, booking and search (number, recipient name, booking reference), any case', async () => {
    expect(numbers((await list('?kind=invoice')).rows)).toEqual(['INV/26-27/0002', 'INV/26-27/0001']);
    expect((await list('?kind=receipt')).rows.map((r) => r.kind)).toEqual(['receipt', 'receipt']);
    expect((await list('?kind=all')).rows).toHaveLength(5);
    const karmas = await list(`?bookingId=${karma.id}`);
    expect(karmas.rows.map((r) => r.kind)).toEqual(['receipt', 'credit_note', 'invoice']);
    expect(karmas.headers.get('X-Total-Count')).toBe('3');
    expect((await list('?q=karma')).rows.map((r) => r.id)).toEqual(karmas.rows.map((r) => r.id));
    expect(numbers((await list('?q=inv/26-27/0001')).rows)).toEqual(['INV/26-27/0001']);
    expect((await list(`?q=${shortReference(asha.id).toLowerCase()}`)).rows.map((r) => r.kind)).toEqual(['receipt', 'invoice']);
    // LIKE wildcards are matched literally.
    expect((await list('?q=%25')).rows).toEqual([]);
    // Empty parameters are no filter.
    expect((await list('?kind=&month=&bookingId=&q=')).rows).toHaveLength(5);
  });

  test('pages with limit and offset; X-Total-Count stays the number matching', async () => {
    const page = await list('?limit=2&offset=1');
    expect(page.rows.map((r) => r.id)).toEqual(all.slice(1, 3).map((r) => r.id));
    expect(page.headers.get('X-Total-Count')).toBe('5');
  });

  test('a bad parameter is 400 naming it', async () => {
    for (const [query, path] of [
      ['?month=2026-13', 'month'],
      ['?month=April', 'month'],
      ['?month=2026-4', 'month'],
      ['?kind=invoices', 'kind'],
      ['?bookingId=42', 'bookingId'],
      ['?limit=0', 'limit'],
      ['?offset=-1', 'offset'],
      [`?q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await list(query);
      expect({ query, status: res.status, paths: issuePaths(res.body) }).toEqual({ query, status: 400, paths: [path] });
    }
    const month = await list('?month=2026-13');
    expect(month.body).toMatchObject({ error: 'Invalid query parameters', issues: [{ path: 'month', message: expect.stringContaining('YYYY-MM') }] });
  });

  test('GET /api/documents/:id answers one document with its snapshot; 404 for an unknown or malformed id', async () => {
    const res = await call(documentLoader, `/api/documents/${creditNote.id}`, { method: 'GET', headers: asAdmin(), params: { id: creditNote.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: creditNote.id,
      kind: 'credit_note',
      number: 'CN/26-27/0001',
      invoiceId: mayInvoice.id,
      recipientName: 'Karma Bhutia',
      pdfUrl: `/api/documents/${creditNote.id}/pdf`,
      snapshot: { kind: 'credit_note', number: 'CN/26-27/0001', originalInvoice: { number: 'INV/26-27/0002' }, issuedAt: MAY_TENTH.toISOString() },
    });
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await call(documentLoader, `/api/documents/${id}`, { method: 'GET', headers: asAdmin(), params: { id } });
      expect({ id, status: missing.status, error: (missing.body as { error: string }).error }).toEqual({ id, status: 404, error: 'Document not found' });
    }
    const post = await call(documentAction, `/api/documents/${creditNote.id}`, { method: 'POST', headers: asAdmin(), params: { id: creditNote.id }, body: {} });
    expect(post.status).toBe(405);
  });

  test('GET /api/documents/:id/pdf downloads the PDF, named after the number and never cached', async () => {
    const response = (await pdfLoader(routeArgs(`/api/documents/${aprilInvoice.id}/pdf`, { id: aprilInvoice.id }, { headers: asAdmin() }))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="INV-26-27-0001.pdf"');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.headers.get('Content-Length')).toBe(String(bytes.byteLength));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = (await pdfText(bytes)).join('\n');
    expect(text).toContain('INV/26-27/0001');
    expect(text).toContain('Asha Rai');
    expect(text).toContain('₹10,500.00');

    const unknown = randomUUID();
    const missing = await call(pdfLoader, `/api/documents/${unknown}/pdf`, { method: 'GET', headers: asAdmin(), params: { id: unknown } });
    expect(missing.status).toBe(404);
  });

  test('the staff role gets 403 from the list, a document and its PDF; no session gets 401', async () => {
    const id = aprilInvoice.id;
    /** The answer of `loader` (returned or thrown); the PDF is not JSON, so only the status is read. */
    const statusOf = async (loader: (args: ReturnType<typeof routeArgs<{ id: string }>>) => unknown, url: string, headers: Record<string, string>) => {
      try {
        return ((await loader(routeArgs(url, { id }, { headers }))) as Response).status;
      } catch (thrown) {
        return (thrown as Response).status;
      }
    };
    const reads = [
      (headers: Record<string, string>) => statusOf(documentsLoader, '/api/documents', headers),
      (headers: Record<string, string>) => statusOf(documentLoader, `/api/documents/${id}`, headers),
      (headers: Record<string, string>) => statusOf(pdfLoader, `/api/documents/${id}/pdf`, headers),
    ];
    for (const [index, read] of reads.entries()) {
      expect({
        index,
        staffBearer: await read(asStaff()),
        staffCookie: await read({ Cookie: staff.cookie }),
        anonymous: await read({}),
        adminCookie: await read({ Cookie: admin.cookie }),
      }).toEqual({
        index,
        staffBearer: 403,
        staffCookie: 403,
        anonymous: 401,
        adminCookie: 200,
      });
    }
    expect((await list('', asStaff())).body).toEqual({ error: 'Only an admin can open this page', issues: [] });
  });
});

describe('issuing through the API (staff and admin)', () => {
  const invoiceCall = (id: string, headers: Record<string, string> = asStaff(), method = 'POST') =>
    call(invoiceAction, `/api/bookings/${id}/invoice`, { method, headers, params: { id } });
  const creditCall = (id: string, body: unknown, headers: Record<string, string> = asStaff()) =>
    call(creditNotesAction, `/api/bookings/${id}/credit-notes`, { method: 'POST', body, headers, params: { id } });
  const detailsCall = (id: string, body: unknown, headers: Record<string, string> = asStaff(), method = 'PUT') =>
    call(detailsAction, `/api/bookings/${id}/invoice-details`, { method, body, headers, params: { id } });
  const fy = () => financialYearOf(new Date()).label;

  test('POST /api/bookings/:id/invoice: 409 with the reason until the quote is paid in full and while there is no GSTIN; then 201 with the document, audited', async () => {
    const booking = await bookingWithQuote('Pema Lhamu', 8_000, 3_000);
    const unpaid = await invoiceCall(booking.id);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body).toEqual({
      error: 'The quote is not paid in full: ₹5,000.00 is still due. An invoice is issued once the quote is paid',
      issues: [{ path: 'invoice', message: expect.stringContaining('not paid in full') }],
    });
    await pay(booking.id, 5_000);

    await saveSettings({ tax: { gstin: '' } }, actor, { merge: true });
    try {
      const unregistered = await invoiceCall(booking.id);
      expect(unregistered.status).toBe(409);
      expect((unregistered.body as { error: string }).error).toContain('no GSTIN');
    } finally {
      await saveSettings({ tax: { gstin: SIKKIM_GSTIN } }, actor, { merge: true });
    }
    const receiptsOnly = await documentCount(booking.id);

    const issued = await invoiceCall(booking.id);
    expect(issued.status).toBe(201);
    const invoice = issued.body as ListRow & { snapshot: Record<string, unknown>; id: string };
    const [stored] = await db().select().from(taxDocuments).where(eq(taxDocuments.id, invoice.id));
    const number = stored!.number;
    expect(number).toMatch(new RegExp(`^INV/${fy()}/\\d{4}$`));
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number,
      bookingId: booking.id,
      totalPaise: 800_000,
      recipientName: 'Pema Lhamu',
      issuedBy: staff.user.id,
      pdfUrl: `/api/documents/${invoice.id}/pdf`,
      issuedAt: stored!.issuedAt.toISOString(),
      snapshot: { kind: 'invoice', number, title: 'Tax Invoice' },
    });
    expect(await documentCount(booking.id)).toBe(receiptsOnly + 1);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'document')));
    expect(audit.map((a) => a.summary)).toContainEqual(expect.stringContaining(`Issued tax invoice ${number} for ₹8,000.00`));
    expect(audit.find((a) => a.summary.includes('tax invoice'))!.actorId).toBe(staff.user.id);

    // One current invoice per booking.
    const again = await invoiceCall(booking.id);
    expect(again.status).toBe(409);
    expect((again.body as { error: string }).error).toContain(`already has tax invoice ${number}`);
    // Staff issue it, but reading the documents is the admin role's.
    expect((await call(documentLoader, `/api/documents/${invoice.id}`, { method: 'GET', headers: asStaff(), params: { id: invoice.id } })).status).toBe(403);
  });

  test('POST /api/bookings/:id/invoice: 404 for an unknown booking, 405 for another method, 401 without a session', async () => {
    for (const id of [randomUUID(), 'nope']) expect((await invoiceCall(id)).status).toBe(404);
    const booking = await createBooking();
    expect((await invoiceCall(booking.id, asStaff(), 'PUT')).status).toBe(405);
    expect((await invoiceCall(booking.id, {})).status).toBe(401);
  });

  test('POST /api/bookings/:id/credit-notes: 201 against the current invoice (snake_case accepted), audited', async () => {
    const booking = await bookingWithQuote('Tashi Namgyal', 12_000);
    const invoice = (await invoiceCall(booking.id)).body as { id: string; number: string };
    const res = await creditCall(booking.id, { amount_paise: 200_000, reason: 'One night less' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'credit_note',
      invoiceId: invoice.id,
      totalPaise: 200_000,
      recipientName: 'Tashi Namgyal',
      snapshot: { kind: 'credit_note', originalInvoice: { number: invoice.number } },
    });
    const number = (res.body as { number: string }).number;
    expect(number).toMatch(new RegExp(`^CN/${fy()}/\\d{4}$`));
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'document')));
    const entry = audit.find((a) => a.summary.startsWith(`Issued credit note ${number} for ₹2,000.00 against tax invoice ${invoice.number}`));
    expect(entry?.actorId).toBe(staff.user.id);

    // What is left is ₹10,000: one paisa more is 400 naming amountPaise, and nothing is written.
    const before = await documentCount(booking.id);
    const tooMuch = await creditCall(booking.id, { amountPaise: 1_000_001, reason: 'Too much' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ issues: [{ path: 'amountPaise', message: expect.stringContaining('₹10,000.00') }] });
    expect(await documentCount(booking.id)).toBe(before);
    // All of what is left is allowed.
    expect((await creditCall(booking.id, { amountPaise: 1_000_000, reason: 'Cancelled' })).status).toBe(201);
    // Then there is no invoice with anything left to credit.
    const nothingLeft = await creditCall(booking.id, { amountPaise: 100, reason: 'More' });
    expect(nothingLeft.status).toBe(409);
  });

  test('POST /api/bookings/:id/credit-notes: 409 without an invoice; 400 naming the field for a bad body, nothing written', async () => {
    const booking = await bookingWithQuote('Dawa Sherpa', 5_000);
    const noInvoice = await creditCall(booking.id, { amountPaise: 10_000, reason: 'Discount' });
    expect(noInvoice.status).toBe(409);
    expect(noInvoice.body).toEqual({ error: 'This booking has no tax invoice to credit', issues: [{ path: 'invoice', message: expect.any(String) }] });

    await invoiceCall(booking.id);
    const before = await documentCount(booking.id);
    for (const [body, path] of [
      [{ amountPaise: 1.5, reason: 'x' }, 'amountPaise'],
      [{ amountPaise: -100, reason: 'x' }, 'amountPaise'],
      [{ amountPaise: 0, reason: 'x' }, 'amountPaise'],
      [{ amountPaise: '100', reason: 'x' }, 'amountPaise'],
      [{ amountPaise: 100 }, 'reason'],
      [{ amountPaise: 100, reason: '   ' }, 'reason'],
      [{ amountPaise: 100, reason: 'x'.repeat(201) }, 'reason'],
      [{ amountPaise: 100, reason: 'x', note: 'extra' }, 'note'],
    ] as const) {
      const res = await creditCall(booking.id, body);
      expect({ body, status: res.status, paths: issuePaths(res.body) }).toEqual({ body, status: 400, paths: [path] });
    }
    expect((await creditCall(booking.id, 'not json')).status).toBe(400);
    const form = await call(creditNotesAction, `/api/bookings/${booking.id}/credit-notes`, {
      method: 'POST',
      body: 'amountPaise=100&reason=x',
      headers: { ...asStaff(), 'Content-Type': 'application/x-www-form-urlencoded' },
      params: { id: booking.id },
    });
    expect(form.status).toBe(415);
    expect(await documentCount(booking.id)).toBe(before);
    expect((await creditCall(randomUUID(), { amountPaise: 100, reason: 'x' })).status).toBe(404);
    expect(
      (await call(creditNotesLoader, `/api/bookings/${booking.id}/credit-notes`, { method: 'GET', headers: asStaff(), params: { id: booking.id } })).status,
    ).toBe(405);
  });

  test('PUT /api/bookings/:id/invoice-details saves the three fields (snake_case accepted) and the next invoice is inter-state', async () => {
    const booking = await bookingWithQuote('Ritu Sen', 10_500);
    const res = await detailsCall(booking.id, { state_code: '19', address: '12 Park Street\nKolkata 700016', gstin: WEST_BENGAL_GSTIN.toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bookingId: booking.id, stateCode: '19', address: '12 Park Street\nKolkata 700016', gstin: WEST_BENGAL_GSTIN });
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ travellerStateCode: '19', travellerAddress: '12 Park Street\nKolkata 700016', travellerGstin: WEST_BENGAL_GSTIN });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'update')));
    expect(audit.map((a) => a.summary)).toContainEqual(expect.stringContaining('Invoice details'));

    // West Bengal is another state than the supplier's Sikkim: IGST alone.
    const invoice = await invoiceCall(booking.id);
    expect(invoice.status).toBe(201);
    expect(invoice.body).toMatchObject({ placeOfSupplyCode: '19', igstPaise: 50_000, cgstPaise: 0, sgstPaise: 0, totalPaise: 1_050_000 });

    // A field left out is saved blank (a PUT replaces the three).
    const cleared = await detailsCall(booking.id, { address: 'Gangtok' });
    expect(cleared.body).toEqual({ bookingId: booking.id, stateCode: '', address: 'Gangtok', gstin: '' });
  });

  test('PUT /api/bookings/:id/invoice-details: 400 naming the field, nothing written; 404; 405', async () => {
    const booking = await createBooking({ name: 'Lhakpa Doma' });
    await detailsCall(booking.id, { stateCode: '11', address: 'MG Marg, Gangtok', gstin: '' });
    for (const [body, path] of [
      [{ stateCode: '11', gstin: WEST_BENGAL_GSTIN }, 'gstin'],
      [{ gstin: '11AAACI1681G1Z3' }, 'gstin'],
      [{ stateCode: '99' }, 'stateCode'],
      [{ stateCode: 11 }, 'stateCode'],
      [{ address: 'x'.repeat(301) }, 'address'],
      [{ address: 'Gangtok', pincode: '737101' }, 'pincode'],
    ] as const) {
      const res = await detailsCall(booking.id, body);
      expect({ body, status: res.status, paths: issuePaths(res.body) }).toEqual({ body, status: 400, paths: [path] });
    }
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ travellerStateCode: '11', travellerAddress: 'MG Marg, Gangtok', travellerGstin: '' });
    expect((await detailsCall(randomUUID(), { address: 'x' })).status).toBe(404);
    expect((await detailsCall(booking.id, { address: 'x' }, asStaff(), 'POST')).status).toBe(405);
    expect((await detailsCall(booking.id, { address: 'x' }, {})).status).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  type Operation = { security?: unknown[]; responses: Record<string, unknown>; parameters?: { name: string }[]; requestBody?: unknown };
  const doc = () => openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

  test('describes the documents (admin role, 403) and the issuing operations, with their request schemas', () => {
    const { paths, components } = doc();
    for (const path of ['/api/documents', '/api/documents/{id}', '/api/documents/{id}/pdf']) {
      expect(Object.keys(paths[path]!), path).toEqual(['get']);
      expect(paths[path]!.get!.security, path).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
      expect(Object.keys(paths[path]!.get!.responses), path).toEqual(expect.arrayContaining(['200', '401', '403']));
    }
    expect(paths['/api/documents']!.get!.parameters!.map((p) => p.name)).toEqual(['kind', 'month', 'bookingId', 'q', 'limit', 'offset']);
    expect(paths['/api/documents/{id}/pdf']!.get!.responses['200']).toMatchObject({ content: { 'application/pdf': {} } });
    expect(Object.keys(paths['/api/bookings/{id}/invoice']!)).toEqual(['post']);
    expect(Object.keys(paths['/api/bookings/{id}/credit-notes']!)).toEqual(['post']);
    expect(Object.keys(paths['/api/bookings/{id}/invoice-details']!)).toEqual(['put']);
    expect(Object.keys(paths['/api/bookings/{id}/credit-notes']!.post!.responses)).toEqual(expect.arrayContaining(['201', '400', '404', '409']));
    expect(JSON.stringify(components.schemas.CreditNoteInput)).toContain('amountPaise');
    expect(JSON.stringify(components.schemas.InvoiceDetails)).toContain('stateCode');
    expect(JSON.stringify(components.schemas.TaxDocument)).toContain('snapshot');
  });

  test('every $ref of the document resolves to a component schema', () => {
    const document = doc();
    const refs = new Set<string>();
    JSON.stringify(document, (key, value: unknown) => {
      if (key === '$ref' && typeof value === 'string') refs.add(value);
      return value;
    });
    expect(refs.size).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref.startsWith('#/components/schemas/'), ref).toBe(true);
      expect(document.components.schemas, ref).toHaveProperty([ref.slice('#/components/schemas/'.length)]);
    }
  });
});
