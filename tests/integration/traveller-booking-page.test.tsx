/**
 * The traveller's own booking page, GET /booking/:token
 * (docs/decisions/046-payments.md#the-travellers-booking-page): what a token opens, what the page
 * tells the traveller (status, quote, receipts, what is due, the policy), how they can pay, and the
 * headers that keep it private.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { shortReference } from '~/lib/ids';
import { issueBookingLink, revokeBookingLinks } from '~/models/booking-link.server';
import { recordManualPayment, reverseLedgerEntry, saveQuote, ledgerOf } from '~/models/payments.server';
import { getSetting, updateSetting } from '~/models/settings.server';
import TravellerBooking, { loader, meta } from '~/routes/site/traveller-booking';
import { travellerBooking } from '~/routes/site/+shared/traveller-booking.server';
import { front, privateResponses } from '../../server/app';
import { createStaffSession } from '../auth-helpers';
import { createBooking } from '../factories';
import { routeArgs, settle } from '../route-args';

const actorOf = async () => {
  const { user } = await createStaffSession();
  return { id: user.id, name: user.name };
};

async function linkFor(bookingId: string): Promise<string> {
  return (await issueBookingLink(db(), bookingId)).token;
}

function load(token: string, query = '') {
  return settle(() => loader(routeArgs(`/booking/${token}${query}`, { token })));
}

describe('which tokens open a booking', () => {
  test.each([
    ['an unknown token', 'A'.repeat(43)],
    ['a malformed token', 'not-a-token'],
    ['a token with a character outside base64url', `${'a'.repeat(42)}!`],
  ])('%s answers 404 with the office phone and WhatsApp', async (_name, token) => {
    const { status, body } = await load(token);
    expect(status).toBe(404);
    expect(body).toMatchObject({ found: false, company: { phone: expect.any(String), whatsappNumber: expect.any(String) } });
  });

  test('a revoked token answers 404; a new one opens the booking', async () => {
    const booking = await createBooking();
    const old = await linkFor(booking.id);
    expect((await load(old)).status).toBe(200);
    await revokeBookingLinks(db(), booking.id);
    expect((await load(old)).status).toBe(404);
    const fresh = await linkFor(booking.id);
    expect((await load(fresh)).status).toBe(200);
  });
});

describe('what the page shows', () => {
  test('reference, item, dates, travellers, status, quote, receipts and the balance due; no e-mail or phone of the traveller', async () => {
    const actor = await actorOf();
    const booking = await createBooking({ name: 'Asha Kumari Rai', adults: 2, children: 1, startDate: '2030-03-10', endDate: '2030-03-15' });
    await saveQuote(
      booking.id,
      {
        lines: [
          { description: 'Sikkim Explorer (per person)', quantity: 3, unitPaise: 1_000_000 },
          { description: 'Airport pickup', quantity: 1, unitPaise: 250_050 },
        ],
        advancePaise: 1_500_000,
        balanceDueOn: '2030-02-23',
      },
      actor,
    );
    await recordManualPayment(
      booking.id,
      { amountPaise: 1_500_000, method: 'upi', reference: 'UTR998877', receivedOn: '2026-11-20', note: 'staff note' },
      actor,
    );
    const token = await linkFor(booking.id);

    const { status, body } = await load(token);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      found: true,
      payment: null,
      payAction: `/booking/${token}/pay`,
      view: {
        reference: shortReference(booking.id),
        firstName: 'Asha',
        itemName: 'Sikkim Explorer',
        startDate: '2030-03-10',
        endDate: '2030-03-15',
        party: ['2 adults, 1 child'],
        // The advance confirmed it (docs/decisions/046-payments.md#confirmation).
        status: 'confirmed',
        quote: {
          totalPaise: 3_250_050,
          advancePaise: 1_500_000,
          lines: [
            { description: 'Sikkim Explorer (per person)', quantity: 3, unitPaise: 1_000_000, amountPaise: 3_000_000 },
            { description: 'Airport pickup', quantity: 1, unitPaise: 250_050, amountPaise: 250_050 },
          ],
        },
        paidPaise: 1_500_000,
        receipts: [{ kind: 'payment', receivedOn: '2026-11-20', method: 'UPI', reference: 'UTR998877', amountPaise: 1_500_000 }],
        due: { kind: 'balance', amountPaise: 1_750_050, dueOn: '2030-02-23' },
      },
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain(booking.email);
    expect(text).not.toContain(booking.phone);
    expect(text).not.toContain('Kumari');
    expect(text).not.toContain('staff note');
  });

  test('the advance is due now while it is short; a pending booking says the request was received', async () => {
    const actor = await actorOf();
    const booking = await createBooking({ startDate: '2030-05-01' });
    await saveQuote(
      booking.id,
      { lines: [{ description: 'Tour', quantity: 1, unitPaise: 2_000_000 }], advancePaise: 1_000_000, balanceDueOn: '2030-04-16' },
      actor,
    );
    const { body } = await load(await linkFor(booking.id));
    expect(body).toMatchObject({ view: { status: 'pending', paidPaise: 0, receipts: [], due: { kind: 'advance', amountPaise: 1_000_000 } } });
  });

  test('a booking without a quote shows none and asks for nothing', async () => {
    const booking = await createBooking({ type: 'bike', itemName: 'Royal Enfield Classic 350', needHelmet: true, adults: null, children: null });
    const { body } = await load(await linkFor(booking.id));
    expect(body).toMatchObject({ view: { type: 'bike', quote: null, due: null, party: ['Helmet included'] } });
  });

  test('a reversed payment leaves the receipts; refunds count against what was paid', async () => {
    const actor = await actorOf();
    const booking = await createBooking({ status: 'confirmed', startDate: '2030-01-01' });
    await saveQuote(
      booking.id,
      { lines: [{ description: 'Tour', quantity: 1, unitPaise: 1_000_000 }], advancePaise: 500_000, balanceDueOn: '2029-12-01' },
      actor,
    );
    await recordManualPayment(booking.id, { amountPaise: 700_000, method: 'cash', reference: '', receivedOn: '2026-11-21', note: '' }, actor);
    await recordManualPayment(booking.id, { amountPaise: 300_000, method: 'bank_transfer', reference: 'WRONG', receivedOn: '2026-11-22', note: '' }, actor);
    const wrong = (await ledgerOf(db(), booking.id)).find((e) => e.reference === 'WRONG')!;
    await reverseLedgerEntry(booking.id, wrong.id, 'Typed twice', actor);
    const { body } = await load(await linkFor(booking.id));
    expect(body).toMatchObject({
      view: { paidPaise: 700_000, receipts: [{ method: 'Cash', amountPaise: 700_000 }], due: { kind: 'balance', amountPaise: 300_000 } },
    });
    expect((body as { view: { receipts: unknown[] } }).view.receipts).toHaveLength(1);
  });

  test('the cancellation policy the booking was sold under, and what cancelling today would refund', async () => {
    const actor = await actorOf();
    const booking = await createBooking({
      startDate: '2027-01-20',
      cancellationPolicy: {
        unit: 'days',
        tiers: [
          { before: 30, refundPercent: 80 },
          { before: 0, refundPercent: 10 },
        ],
      },
    });
    await saveQuote(
      booking.id,
      { lines: [{ description: 'Tour', quantity: 1, unitPaise: 1_000_000 }], advancePaise: 500_000, balanceDueOn: '2027-01-05' },
      actor,
    );
    await recordManualPayment(booking.id, { amountPaise: 500_000, method: 'upi', reference: 'UTR1', receivedOn: '2026-11-28', note: '' }, actor);
    const token = await linkFor(booking.id);
    const early = await travellerBooking(token, { now: new Date('2026-11-28T06:00:00Z') });
    expect(early?.policy).toEqual({
      lines: ['Cancelled 30 or more days before travel: 80% refunded.', 'Cancelled within 30 days of travel: 10% refunded.'],
      ifCancelledToday: { refundPercent: 80, amountPaise: 400_000 },
    });
    const late = await travellerBooking(token, { now: new Date('2027-01-10T06:00:00Z') });
    expect(late?.policy.ifCancelledToday).toEqual({ refundPercent: 10, amountPaise: 50_000 });
  });

  test("a booking made before payments existed follows today's settings; a cancelled one offers no refund figure and asks for nothing", async () => {
    const booking = await createBooking({ type: 'car', itemName: 'Innova Crysta', needDriver: true, status: 'cancelled', adults: null, children: null });
    const { body } = await load(await linkFor(booking.id));
    expect(body).toMatchObject({
      view: {
        status: 'cancelled',
        party: ['With a driver'],
        due: null,
        policy: {
          lines: ['Cancelled 24 or more hours before pickup: full refund.', 'Cancelled within 24 hours of pickup: 50% refunded.'],
          ifCancelledToday: null,
        },
      },
    });
  });

  test.each([
    ['?payment=received', 'received'],
    ['?payment=checking', 'checking'],
    ['?payment=unavailable', 'unavailable'],
    ['?payment=<script>', null],
    ['?payment=received&payment=x', 'received'],
  ])('%s shows the notice %s', async (query, notice) => {
    const booking = await createBooking();
    const { body } = await load(await linkFor(booking.id), query);
    expect(body).toMatchObject({ payment: notice });
  });
});

describe('how the traveller pays', () => {
  test("without Razorpay keys (as in these tests' environment): the office's UPI ID and bank details", async () => {
    await updateSetting('payments', {
      ...(await getSetting('payments')),
      upiId: 'himalayantours@okaxis',
      bankDetails: ['Himalayan Tours & Travels', 'A/c 1234567890', 'IFSC SBIN0001234'],
    });
    const booking = await createBooking();
    const { body } = await load(await linkFor(booking.id));
    expect(body).toMatchObject({
      view: { payBy: { online: false, upiId: 'himalayantours@okaxis', bankDetails: ['Himalayan Tours & Travels', 'A/c 1234567890', 'IFSC SBIN0001234'] } },
    });
  });

  test('with online payment on: the Pay button instead', async () => {
    const booking = await createBooking();
    expect((await travellerBooking(await linkFor(booking.id), { online: true }))?.payBy).toEqual({ online: true });
  });
});

/** The page's HTML for `token`: as the loader answers it, or with online payment on. */
async function pageHtml(token: string, { query = '', online = false } = {}): Promise<string> {
  const loaderData = online
    ? {
        found: true,
        view: await travellerBooking(token, { online }),
        payment: null,
        payAction: `/booking/${token}/pay`,
        detailsSaved: false,
        pagePath: `/booking/${token}`,
      }
    : (await load(token, query)).body;
  const props = { loaderData, params: { token }, matches: [] } as unknown as Parameters<typeof TravellerBooking>[0];
  return renderToStaticMarkup(
    <MemoryRouter>
      <TravellerBooking {...props} />
    </MemoryRouter>,
  );
}

describe('the Pay button', () => {
  async function quotedBooking() {
    const actor = await actorOf();
    const booking = await createBooking({ startDate: '2030-05-01' });
    await saveQuote(
      booking.id,
      { lines: [{ description: 'Tour', quantity: 1, unitPaise: 2_000_000 }], advancePaise: 1_000_000, balanceDueOn: '2030-04-16' },
      actor,
    );
    return linkFor(booking.id);
  }

  test('with online payment on, a plain form posts to /booking/<token>/pay; no UPI details', async () => {
    await updateSetting('payments', { ...(await getSetting('payments')), upiId: 'office@okaxis' });
    const token = await quotedBooking();
    const html = await pageHtml(token, { online: true });
    const form = /<form [^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain(`action="/booking/${token}/pay"`);
    expect(form).toContain('method="post"');
    expect(html).toMatch(/<button type="submit"[^>]*>Pay advance ₹10,000\.00<\/button>/);
    expect(html).not.toContain('office@okaxis');
    expect(html).not.toContain('<script');
  });

  test('with online payment off, the UPI ID, the amount and the reference to quote instead', async () => {
    await updateSetting('payments', { ...(await getSetting('payments')), upiId: 'office@okaxis', bankDetails: [] });
    const token = await quotedBooking();
    const html = await pageHtml(token);
    expect(html).not.toContain('<form');
    expect(html).toContain('office@okaxis');
    expect(html).toMatch(/Pay ₹10,000\.00 by UPI or bank transfer and quote the reference <strong>#[0-9A-F]{6}<\/strong>/);
  });

  test('a Pay that could not reach Razorpay says so', async () => {
    const token = await quotedBooking();
    expect(await pageHtml(token, { query: '?payment=unavailable' })).toContain('Online payment is not available just now.');
  });

  test('nothing due, no button; a bad token renders the friendly page', async () => {
    const booking = await createBooking();
    expect(await pageHtml(await linkFor(booking.id), { online: true })).not.toContain('<form');
    expect(await pageHtml('A'.repeat(43))).toContain('This link does not open a booking any more');
  });
});

describe('privacy', () => {
  test('the page is noindex and sends no Referer to other sites, found or not', async () => {
    const booking = await createBooking();
    for (const token of [await linkFor(booking.id), 'A'.repeat(43)]) {
      const { body } = await load(token);
      const tags = meta({ loaderData: body } as Parameters<typeof meta>[0]);
      expect(tags).toEqual(
        expect.arrayContaining([
          { name: 'robots', content: 'noindex, nofollow' },
          { name: 'referrer', content: 'same-origin' },
        ]),
      );
    }
  });

  describe('headers of /booking/<token> addresses', () => {
    let base = '';
    let close: () => Promise<void> = async () => {};
    beforeAll(async () => {
      const app = express();
      app.use(front);
      app.use(privateResponses);
      app.use((_req, res) => {
        res.status(200).type('html').send('<p>page</p>');
      });
      const server = app.listen(0, '127.0.0.1');
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      close = () => new Promise((resolve) => server.close(() => resolve()));
    });
    afterAll(() => close());

    test.each([`/booking/${'A'.repeat(43)}`, `/Booking/${'a'.repeat(43)}?payment=checking`, `/booking/${'a'.repeat(43)}/return`])(
      '%s: no-store, noindex, Referer only to this site',
      async (path) => {
        const response = await fetch(`${base}${path}`);
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
        expect(response.headers.get('referrer-policy')).toBe('same-origin');
      },
    );

    test('the public booking form keeps the site-wide headers', async () => {
      const response = await fetch(`${base}/booking`);
      expect(response.headers.get('cache-control')).toBeNull();
      expect(response.headers.get('x-robots-tag')).toBeNull();
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    });
  });
});
