/**
 * The money panel of /admin/bookings/:id and the money API (docs/decisions/046-payments.md,
 * docs/product.md#bookings-and-inquiries): saving a quote from the form (rupees, errors naming the line and field,
 * 'Add line' / 'Remove' without JavaScript), sending a payment request (the row, the mail with a
 * working booking link, the WhatsApp link, superseding), recording a payment by hand (Booking
 * confirmed, paid but clashing), reversing, rotating the link; GET / PUT /api/bookings/:id/quote and
 * GET / POST /api/bookings/:id/payments with their 400s naming the field and nothing written.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, bookingQuotes, emailOutbox, paymentRequests, payments } from '~/db/schema';
import { readToast } from '~/lib/toast.server';
import { shortReference } from '~/lib/ids';
import { findBookingByToken } from '~/models/booking-link.server';
import { getBooking, setBookingStatus } from '~/models/booking.server';
import { saveQuote } from '~/models/payments.server';
import { action as detailAction, loader as detailLoader } from '~/routes/admin/bookings/detail';
import { action as paymentsAction, loader as paymentsLoader } from '~/routes/api/booking.payments';
import { action as quoteAction, loader as quoteLoader } from '~/routes/api/booking.quote';
import { openApiDocument } from '~/routes/api/openapi';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBooking, createCar, createPackage } from '../factories';
import { routeArgs, settle } from '../route-args';
import { call, issuePaths } from './catalog-write-helpers';

let staff: Awaited<ReturnType<typeof createStaffSession>>;
let actor: { id: string; name: string; ip: string };

beforeAll(async () => {
  // The daily-work role: both roles quote, take payments, reverse and rotate (app/lib/permissions.ts).
  staff = await createStaffSession(undefined, 'staff');
  actor = { id: staff.user.id, name: staff.user.username, ip: '127.0.0.1' };
});

const uniqueEmail = () => `money-${randomUUID().slice(0, 8)}@example.com`;

/** POST the booking page's form `fields` (repeated names as arrays). */
async function pagePost(id: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  const args = routeArgs(
    `/admin/bookings/${id}`,
    { id },
    { method: 'POST', body, headers: browserHeaders(staff.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }) },
  );
  return settle(() => detailAction(args));
}

async function toastOf(headers: Headers) {
  const cookie = (headers.get('Set-Cookie') ?? '').split(';')[0]!;
  return (await readToast(new Request('http://localhost/admin', { headers: { Cookie: cookie } }))).toast;
}

const page = (id: string) => detailLoader(routeArgs(`/admin/bookings/${id}`, { id }, { headers: { Cookie: staff.cookie } }));

const quoteFields = (rows: [string, string, string][], advance: string, balanceDueOn = '2026-12-21') => ({
  intent: 'quote',
  lineDescription: rows.map((r) => r[0]),
  lineQuantity: rows.map((r) => r[1]),
  lineUnitPrice: rows.map((r) => r[2]),
  advance,
  balanceDueOn,
});

async function auditActions(id: string) {
  const rows = await db().select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.createdAt);
  return rows;
}

const api = { Authorization: '' };
const bearer = () => ({ ...api, Authorization: staff.authorization });

describe('the quote form', () => {
  test('starts from the catalogue price: package price per person × travellers, the advance at the settings percentage, due 15 days before travel', async () => {
    const pkg = await createPackage({ price: 12_500 });
    const booking = await createBooking({ packageId: pkg.id, itemName: pkg.title, adults: 2, children: 1, startDate: '2027-03-20' });
    const { money } = await page(booking.id);
    expect(money.quote).toBeNull();
    expect(money.suggested).toBe(true);
    expect(money.draft.rows[0]).toEqual({ description: `${pkg.title} (per person)`, quantity: '3', unitPrice: '12500' });
    expect(money.draft.rows).toHaveLength(2); // one empty row to type into
    expect(money.draft.advance).toBe(String((37_500 * money.advancePercent) / 100));
    expect(money.draft.balanceDueOn).toBe('2027-03-05');
  });

  test('a car: the daily rate × days, the balance due at pickup', async () => {
    const car = await createCar({ dailyRate: 3000 });
    const booking = await createBooking({ type: 'car', carId: car.id, itemName: car.model, startDate: '2027-04-01', endDate: '2027-04-03' });
    const { money } = await page(booking.id);
    expect(money.draft.rows[0]).toMatchObject({ quantity: '3', unitPrice: '3000' });
    expect(money.draft.balanceDueOn).toBe('2027-04-01');
  });

  test('saves the lines in paise (blank rows skipped), audited, and the page shows the total', async () => {
    const booking = await createBooking();
    const res = await pagePost(
      booking.id,
      quoteFields(
        [
          ['Sikkim Explorer (per person)', '2', '10,500.50'],
          ['', '', ''],
          ['Permit fees', '2', '₹ 250'],
        ],
        '5000',
      ),
    );
    expect(res.status).toBe(302);
    expect((await toastOf(res.headers))?.title).toBe('Quote saved');
    const [quote] = await db().select().from(bookingQuotes).where(eq(bookingQuotes.bookingId, booking.id));
    expect(quote).toMatchObject({
      lines: [
        { description: 'Sikkim Explorer (per person)', quantity: 2, unitPaise: 1_050_050 },
        { description: 'Permit fees', quantity: 2, unitPaise: 25_000 },
      ],
      totalPaise: 2_150_100,
      advancePaise: 500_000,
      balanceDueOn: '2026-12-21',
    });
    expect((await auditActions(booking.id)).map((a) => a.action)).toContain('quote');
    const { money } = await page(booking.id);
    expect(money.summary).toMatchObject({ totalPaise: 2_150_100, due: { kind: 'advance', amountPaise: 500_000 } });
  });

  test('errors name the line and the field, keep what was typed, and nothing is written', async () => {
    const booking = await createBooking();
    const res = await pagePost(
      booking.id,
      quoteFields(
        [
          ['Tour', '2', '10000'],
          ['Hotel', '1', '-500'],
          ['', '0', '12.345'],
        ],
        'lots',
        '2027-02-30',
      ),
    );
    expect(res.status).toBe(400);
    const money = (res.body as { money: { form: string; errors: Record<string, string>; values: { rows: unknown[] } } }).money;
    expect(money.form).toBe('quote');
    expect(money.errors).toMatchObject({
      'lines.1.unitPrice': "Line 2's price: Enter an amount above zero",
      'lines.2.description': "Line 3's description: Describe the line",
      'lines.2.quantity': "Line 3's quantity: The quantity must be at least 1",
      'lines.2.unitPrice': "Line 3's price: At most two decimals (paise)",
    });
    expect(money.errors.advance).toMatch(/^Advance: /);
    expect(money.errors.balanceDueOn).toMatch(/^Balance due date: /);
    expect(money.values.rows).toHaveLength(3);
    expect(await db().select().from(bookingQuotes).where(eq(bookingQuotes.bookingId, booking.id))).toHaveLength(0);

    const tooMuchAdvance = await pagePost(booking.id, quoteFields([['Tour', '1', '1000']], '2000'));
    expect(tooMuchAdvance.status).toBe(400);
    expect((tooMuchAdvance.body as { money: { errors: Record<string, string> } }).money.errors.advance).toContain('at most the total');
    const aboveCrore = await pagePost(booking.id, quoteFields([['Tour', '2', '60,00,000']], '1000'));
    expect((aboveCrore.body as { money: { errors: Record<string, string> } }).money.errors.lines).toContain('₹1 crore');
    expect(await db().select().from(bookingQuotes).where(eq(bookingQuotes.bookingId, booking.id))).toHaveLength(0);
  });

  test("without JavaScript, 'Add line' and 'Remove' re-render the form with a row more or less and save nothing", async () => {
    const booking = await createBooking();
    const added = await pagePost(booking.id, { ...quoteFields([['Tour', '2', '1000']], '500'), quoteRows: 'add' });
    expect(added.status).toBe(200);
    const rows = (added.body as { money: { values: { rows: unknown[] } } }).money.values.rows;
    expect(rows).toEqual([
      { description: 'Tour', quantity: '2', unitPrice: '1000' },
      { description: '', quantity: '', unitPrice: '' },
    ]);
    const removed = await pagePost(booking.id, {
      ...quoteFields(
        [
          ['Tour', '2', '1000'],
          ['Hotel', '1', '800'],
        ],
        '500',
      ),
      quoteRows: 'remove:0',
    });
    expect((removed.body as { money: { values: { rows: unknown[] } } }).money.values.rows).toEqual([{ description: 'Hotel', quantity: '1', unitPrice: '800' }]);
    expect(await db().select().from(bookingQuotes).where(eq(bookingQuotes.bookingId, booking.id))).toHaveLength(0);
  });
});

describe('Send payment request', () => {
  test('creates the request for what is due, mails the traveller a working booking link, audits it and gives the WhatsApp link', async () => {
    const email = uniqueEmail();
    const booking = await createBooking({ email, phone: '98320 55555', name: 'Dawa Sherpa' });
    await saveQuote(
      booking.id,
      { lines: [{ description: 'Tour', quantity: 1, unitPaise: 2_000_000 }], advancePaise: 600_000, balanceDueOn: '2026-12-21' },
      actor,
    );
    const res = await pagePost(booking.id, { intent: 'payment-request' });
    expect(res.status).toBe(200);
    const sent = (res.body as { money: { sent: { kind: string; amountPaise: number; pageUrl: string; whatsappUrl: string; to: string } } }).money.sent;
    expect(sent).toMatchObject({ kind: 'advance', amountPaise: 600_000, to: email });

    const [request] = await db().select().from(paymentRequests).where(eq(paymentRequests.bookingId, booking.id));
    expect(request).toMatchObject({ kind: 'advance', amountPaise: 600_000, status: 'open', createdBy: staff.user.id });

    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail).toMatchObject({ kind: 'payment', status: 'pending' });
    expect(mail!.subject).toContain(`#${shortReference(booking.id)}`);
    expect(mail!.text).toContain('Please pay the advance of ₹6,000.00 by');
    const link = /https?:\/\/\S+\/booking\/([A-Za-z0-9_-]{43})/.exec(mail!.text);
    expect(link).not.toBeNull();
    expect((await findBookingByToken(link![1]!))?.id).toBe(booking.id);

    // wa.me to the traveller's digits (with India's code added), text naming the reference, amount and link.
    const wa = new URL(sent.whatsappUrl);
    expect(`${wa.origin}${wa.pathname}`).toBe('https://wa.me/919832055555');
    const text = wa.searchParams.get('text')!;
    expect(text).toContain(`#${shortReference(booking.id)}`);
    expect(text).toContain('₹6,000.00');
    expect(text).toContain(sent.pageUrl);
    expect((await findBookingByToken(sent.pageUrl.split('/booking/')[1]!))?.id).toBe(booking.id);

    const audits = await auditActions(booking.id);
    expect(audits.find((a) => a.action === 'payment_request')?.summary).toContain('advance of ₹6,000.00');
  });

  test('a new request for another amount cancels the older open one of the same kind; the same amount is not duplicated', async () => {
    const booking = await createBooking({ email: uniqueEmail() });
    const q = (advancePaise: number) => ({ lines: [{ description: 'Tour', quantity: 1, unitPaise: 1_000_000 }], advancePaise, balanceDueOn: '2026-12-21' });
    await saveQuote(booking.id, q(300_000), actor);
    await pagePost(booking.id, { intent: 'payment-request' });
    await pagePost(booking.id, { intent: 'payment-request' });
    let rows = await db().select().from(paymentRequests).where(eq(paymentRequests.bookingId, booking.id));
    expect(rows.map((r) => [r.amountPaise, r.status])).toEqual([[300_000, 'open']]);
    await saveQuote(booking.id, q(400_000), actor);
    await pagePost(booking.id, { intent: 'payment-request' });
    rows = await db().select().from(paymentRequests).where(eq(paymentRequests.bookingId, booking.id)).orderBy(paymentRequests.createdAt);
    expect(rows.map((r) => [r.amountPaise, r.status])).toEqual([
      [300_000, 'cancelled'],
      [400_000, 'open'],
    ]);
  });

  test('without a quote there is nothing to ask for: refused with the reason, nothing written', async () => {
    const booking = await createBooking();
    const res = await pagePost(booking.id, { intent: 'payment-request' });
    expect(res.status).toBe(409);
    expect((res.body as { money: { errors: { request: string } } }).money.errors.request).toContain('Save a quote first');
    expect(await db().select().from(paymentRequests).where(eq(paymentRequests.bookingId, booking.id))).toHaveLength(0);
  });
});

describe('Record a payment', () => {
  test('the advance by UPI confirms a pending booking: "Booking confirmed", in the ledger with who recorded it', async () => {
    const booking = await createBooking({ email: uniqueEmail() });
    await saveQuote(
      booking.id,
      { lines: [{ description: 'Tour', quantity: 1, unitPaise: 1_000_000 }], advancePaise: 300_000, balanceDueOn: '2026-12-21' },
      actor,
    );
    const res = await pagePost(booking.id, { intent: 'payment', method: 'upi', amount: '3,000', receivedOn: '2026-11-01', reference: 'UTR998877', note: '' });
    expect(res.status).toBe(302);
    expect((await toastOf(res.headers))?.title).toBe('Booking confirmed');
    expect((await getBooking(booking.id))?.status).toBe('confirmed');
    const { money } = await page(booking.id);
    expect(money.ledger).toEqual([
      expect.objectContaining({
        entryType: 'payment',
        amountPaise: 300_000,
        method: 'UPI',
        reference: 'UTR998877',
        receivedOn: '2026-11-01',
        recordedBy: 'Test Staff',
        reversible: true,
      }),
    ]);
    expect(money.summary).toMatchObject({ paidPaise: 300_000, due: { kind: 'balance', amountPaise: 700_000, dueOn: '2026-12-21' } });
  });

  test('a bad amount or a future day names the field; nothing written', async () => {
    const booking = await createBooking();
    await saveQuote(
      booking.id,
      { lines: [{ description: 'Tour', quantity: 1, unitPaise: 1_000_000 }], advancePaise: 300_000, balanceDueOn: '2026-12-21' },
      actor,
    );
    for (const [amount, message] of [
      ['0', 'Enter an amount above zero'],
      ['-10', 'Enter an amount above zero'],
      ['10.555', 'At most two decimals (paise)'],
      ['2,00,00,000', 'At most ₹1,00,00,000 (₹1 crore)'],
    ]) {
      const res = await pagePost(booking.id, { intent: 'payment', method: 'cash', amount: amount!, receivedOn: '2026-11-01', reference: '', note: '' });
      expect(res.status, amount).toBe(400);
      expect((res.body as { money: { errors: Record<string, string> } }).money.errors.amount, amount).toBe(message);
    }
    const future = await pagePost(booking.id, { intent: 'payment', method: 'cash', amount: '100', receivedOn: '2099-01-01', reference: '', note: '' });
    expect((future.body as { money: { errors: Record<string, string> } }).money.errors.receivedOn).toContain('future');
    const method = await pagePost(booking.id, { intent: 'payment', method: 'razorpay', amount: '100', receivedOn: '2026-11-01', reference: '', note: '' });
    expect((method.body as { money: { errors: Record<string, string> } }).money.errors.method).toBe('Choose UPI, bank transfer or cash');
    expect(await db().select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(0);
  });

  test('the advance for a car already booked those days: paid but clashing, shown on the page', async () => {
    const car = await createCar();
    const first = await createBooking({
      type: 'car',
      carId: car.id,
      itemName: car.model,
      startDate: '2027-05-10',
      endDate: '2027-05-12',
      name: 'Karma Bhutia',
    });
    await setBookingStatus(first.id, 'confirmed', actor);
    const second = await createBooking({ type: 'car', carId: car.id, itemName: car.model, startDate: '2027-05-11', endDate: '2027-05-13' });
    await saveQuote(second.id, { lines: [{ description: 'Car', quantity: 3, unitPaise: 300_000 }], advancePaise: 300_000, balanceDueOn: '2027-05-11' }, actor);
    const res = await pagePost(second.id, {
      intent: 'payment',
      method: 'bank_transfer',
      amount: '3000',
      receivedOn: '2026-11-01',
      reference: 'NEFT1',
      note: '',
    });
    expect((await toastOf(res.headers))?.title).toBe('Paid but clashing: not confirmed');
    const { money, booking } = await page(second.id);
    expect(booking.status).toBe('pending');
    expect(money.paidButClashing).toContain('Karma Bhutia');
  });
});

describe('Reverse and Rotate link', () => {
  test('Reverse asks for a reason, then adds a reversal naming the entry, audited', async () => {
    const booking = await createBooking({ status: 'confirmed' });
    await saveQuote(booking.id, { lines: [{ description: 'Tour', quantity: 1, unitPaise: 1_000_000 }], advancePaise: 0, balanceDueOn: '2026-12-21' }, actor);
    await pagePost(booking.id, { intent: 'payment', method: 'cash', amount: '500', receivedOn: '2026-11-01', reference: '', note: '' });
    const [entry] = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
    const noReason = await pagePost(booking.id, { intent: 'reverse', entryId: entry!.id, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect((noReason.body as { money: { errors: Record<string, string> } }).money.errors.reason).toBe('Say why this entry is reversed');
    expect(await db().select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(1);
    const res = await pagePost(booking.id, { intent: 'reverse', entryId: entry!.id, reason: 'Typed on the wrong booking' });
    expect((await toastOf(res.headers))?.title).toBe('Entry reversed');
    const { money } = await page(booking.id);
    expect(money.ledger.map((e) => [e.entryType, e.amountPaise, e.reversible])).toEqual([
      ['payment', 50_000, false],
      ['reversal', -50_000, false],
    ]);
    expect(money.summary.paidPaise).toBe(0);
    expect((await auditActions(booking.id)).find((a) => a.action === 'reversal')?.summary).toContain('Typed on the wrong booking');
  });

  test('Rotate link: every old link stops working, a fresh one is shown, audited', async () => {
    const booking = await createBooking({ email: uniqueEmail() });
    await saveQuote(
      booking.id,
      { lines: [{ description: 'Tour', quantity: 1, unitPaise: 1_000_000 }], advancePaise: 300_000, balanceDueOn: '2026-12-21' },
      actor,
    );
    const sent = await pagePost(booking.id, { intent: 'payment-request' });
    const oldToken = (sent.body as { money: { sent: { pageUrl: string } } }).money.sent.pageUrl.split('/booking/')[1]!;
    const res = await pagePost(booking.id, { intent: 'rotate-link' });
    expect(res.status).toBe(200);
    const rotated = (res.body as { money: { form: string; url: string; revoked: number } }).money;
    expect(rotated.revoked).toBeGreaterThanOrEqual(1);
    expect(await findBookingByToken(oldToken)).toBeNull();
    expect((await findBookingByToken(rotated.url.split('/booking/')[1]!))?.id).toBe(booking.id);
    const audit = (await auditActions(booking.id)).find((a) => a.action === 'booking_link');
    expect(audit?.summary).toContain('Rotated');
    expect(JSON.stringify(audit)).not.toContain(rotated.url.split('/booking/')[1]!);
  });
});

describe('the money API', () => {
  const quoteCall = (id: string, body: unknown) => call(quoteAction, `/api/bookings/${id}/quote`, { method: 'PUT', body, params: { id }, headers: bearer() });
  const payCall = (id: string, body: unknown) =>
    call(paymentsAction, `/api/bookings/${id}/payments`, { method: 'POST', body, params: { id }, headers: bearer() });

  test('PUT then GET the quote; the summary says what is due', async () => {
    const booking = await createBooking();
    const put = await quoteCall(booking.id, {
      lines: [{ description: 'Tour', quantity: 2, unitPaise: 525_000 }],
      advancePaise: 300_000,
      balanceDueOn: '2026-12-20',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      quote: { revision: 1, totalPaise: 1_050_000, advancePaise: 300_000 },
      summary: { due: { kind: 'advance', amountPaise: 300_000 } },
    });
    const got = await settle(() => quoteLoader(routeArgs(`/api/bookings/${booking.id}/quote`, { id: booking.id }, { headers: bearer() })));
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      quote: { lines: [{ description: 'Tour', quantity: 2, unitPaise: 525_000 }] },
      summary: { totalPaise: 1_050_000, paidPaise: 0 },
    });
    expect((await auditActions(booking.id)).map((a) => a.action)).toContain('quote');
  });

  test('bad quotes are 400 naming the field, nothing written', async () => {
    const booking = await createBooking();
    const good = { description: 'Tour', quantity: 1, unitPaise: 100_000 };
    const cases: [unknown, string][] = [
      [{ lines: [{ ...good, unitPaise: -5 }], advancePaise: 0, balanceDueOn: '2026-12-20' }, 'lines.0.unitPaise'],
      [{ lines: [{ ...good, unitPaise: 0 }], advancePaise: 0, balanceDueOn: '2026-12-20' }, 'lines.0.unitPaise'],
      [{ lines: [{ ...good, unitPaise: 10.5 }], advancePaise: 0, balanceDueOn: '2026-12-20' }, 'lines.0.unitPaise'],
      [{ lines: [{ ...good, unitPaise: 1_000_000_001 }], advancePaise: 0, balanceDueOn: '2026-12-20' }, 'lines.0.unitPaise'],
      [{ lines: [good], advancePaise: -1, balanceDueOn: '2026-12-20' }, 'advancePaise'],
      [{ lines: [good], advancePaise: 0.5, balanceDueOn: '2026-12-20' }, 'advancePaise'],
      [{ lines: [good], advancePaise: 200_000, balanceDueOn: '2026-12-20' }, 'advancePaise'],
      [{ lines: [good], advancePaise: 0, balanceDueOn: '2026-02-30' }, 'balanceDueOn'],
      [{ lines: [], advancePaise: 0, balanceDueOn: '2026-12-20' }, 'lines'],
      [{ lines: [good, { ...good, quantity: 10, unitPaise: 100_000_000 }], advancePaise: 0, balanceDueOn: '2026-12-20' }, 'lines'],
      [{ lines: [good], advancePaise: 0, balanceDueOn: '2026-12-20', totalPaise: 5 }, 'totalPaise'],
    ];
    for (const [body, field] of cases) {
      const res = await quoteCall(booking.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(issuePaths(res.body), JSON.stringify(body)).toEqual([field]);
    }
    expect(await db().select().from(bookingQuotes).where(eq(bookingQuotes.bookingId, booking.id))).toHaveLength(0);
  });

  test('POST a manual payment: 201, confirmed by the advance; GET lists the ledger, summary and requests', async () => {
    const booking = await createBooking({ email: uniqueEmail() });
    await quoteCall(booking.id, { lines: [{ description: 'Tour', quantity: 1, unitPaise: 1_000_000 }], advancePaise: 300_000, balanceDueOn: '2026-12-20' });
    const res = await payCall(booking.id, { amountPaise: 300_000, method: 'bank_transfer', receivedOn: '2026-11-02', reference: 'NEFT42' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      payment: { entryType: 'payment', amountPaise: 300_000, method: 'bank_transfer', reference: 'NEFT42', recordedByName: 'Test Staff' },
      booking: { status: 'confirmed', paidButClashing: null },
      confirmed: true,
      summary: { paidPaise: 300_000, due: { kind: 'balance', amountPaise: 700_000 } },
    });
    const got = await settle(() => paymentsLoader(routeArgs(`/api/bookings/${booking.id}/payments`, { id: booking.id }, { headers: bearer() })));
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ ledger: [{ amountPaise: 300_000 }], summary: { paidPaise: 300_000 }, paymentRequests: [] });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'payment')));
    expect(audits).toHaveLength(1);
  });

  test('bad payments are 400 naming the field, nothing written; unknown booking 404', async () => {
    const booking = await createBooking();
    const good = { amountPaise: 10_000, method: 'upi', receivedOn: '2026-11-01' };
    const cases: [unknown, string][] = [
      [{ ...good, amountPaise: -100 }, 'amountPaise'],
      [{ ...good, amountPaise: 0 }, 'amountPaise'],
      [{ ...good, amountPaise: 99.5 }, 'amountPaise'],
      [{ ...good, amountPaise: 1_000_000_001 }, 'amountPaise'],
      [{ ...good, amountPaise: '100' }, 'amountPaise'],
      [{ ...good, method: 'razorpay' }, 'method'],
      [{ ...good, receivedOn: '2099-01-01' }, 'receivedOn'],
      [{ ...good, reference: 'x'.repeat(101) }, 'reference'],
      [{ ...good, status: 'paid' }, 'status'],
    ];
    for (const [body, field] of cases) {
      const res = await payCall(booking.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(issuePaths(res.body), JSON.stringify(body)).toEqual([field]);
    }
    expect(await db().select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(0);
    const unknown = randomUUID();
    expect((await payCall(unknown, good)).status).toBe(404);
    expect((await settle(() => quoteLoader(routeArgs(`/api/bookings/${unknown}/quote`, { id: unknown }, { headers: bearer() })))).status).toBe(404);
  });

  test('the OpenAPI document describes the four operations', () => {
    const doc = openApiDocument() as unknown as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths['/api/bookings/{id}/quote']!)).toEqual(['get', 'put']);
    expect(Object.keys(doc.paths['/api/bookings/{id}/payments']!)).toEqual(['get', 'post']);
    expect(JSON.stringify(doc.components.schemas.QuoteInput)).toContain('unitPaise');
    expect(JSON.stringify(doc.components.schemas.ManualPaymentInput)).toContain('bank_transfer');
  });
});
