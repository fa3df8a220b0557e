/**
 * WhatsApp leads (docs/decisions/049-whatsapp-leads.md): GET /go/whatsapp counts a click and
 * redirects to wa.me with the code in the text; bots, prefetches and bad queries are redirected
 * without being counted; staff link bookings and inquiries by code; the dashboard's funnel.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bookings, inquiries, whatsappLeads } from '~/db/schema';
import { pageCacheTicket } from '~/lib/page-cache.server';
import { LEAD_CODE_PATTERN, whatsappGoHref } from '~/lib/whatsapp-leads';
import { getPublicSettings } from '~/models/settings.server';
import { recordManualPayment, saveQuote } from '~/models/payments.server';
import { listWhatsappLeads, packageFunnel, recordWhatsappLead } from '~/models/whatsapp-leads.server';
import { action as editBookingAction, loader as editBookingLoader } from '~/routes/admin/bookings/edit';
import { action as newBookingAction } from '~/routes/admin/bookings/new';
import { action as bookingsApiAction } from '~/routes/api/bookings';
import { action as inquiriesAction } from '~/routes/admin/inquiries/list';
import { loader as dashboardLoader } from '~/routes/admin/dashboard';
import { loader } from '~/routes/go/whatsapp';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBooking, createInquiry, createPackage } from '../factories';
import { routeArgs, settle } from '../route-args';

let staff: Awaited<ReturnType<typeof createStaffSession>>;
beforeAll(async () => {
  staff = await createStaffSession();
});

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function go(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const before = await leadCount();
  const response = (await loader(routeArgs(url, {}, { method, headers: { 'User-Agent': BROWSER, ...headers } }))) as Response;
  const location = new URL(response.headers.get('location') ?? 'about:blank');
  return { response, location, text: location.searchParams.get('text'), counted: (await leadCount()) - before };
}

async function leadCount() {
  return (await db().select().from(whatsappLeads)).length;
}

async function plainLink() {
  const { company } = await getPublicSettings(['company']);
  return `https://wa.me/${company.whatsappNumber.replace(/\D/g, '')}`;
}

describe('GET /go/whatsapp', () => {
  test("a click records a lead and redirects to wa.me with the item's text and the code", async () => {
    const pkg = await createPackage({ title: 'Yumthang Valley Escape' });
    const href = whatsappGoHref({ item: { type: 'package', id: pkg.id }, from: `/packages/${pkg.id}` });
    const { response, location, text } = await go(`${href}&utm_source=instagram&utm_medium=social&utm_campaign=spring`);

    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-robots-tag')).toContain('noindex');
    expect(location.origin + location.pathname).toBe(await plainLink());
    expect(text).toContain('"Yumthang Valley Escape" tour package');
    const code = /Ref: (WA-\w+)$/.exec(text ?? '')?.[1];
    expect(code).toMatch(LEAD_CODE_PATTERN);

    const [lead] = await listWhatsappLeads();
    expect(lead).toMatchObject({
      code,
      pagePath: `/packages/${pkg.id}`,
      itemType: 'package',
      itemName: 'Yumthang Valley Escape',
      utmSource: 'instagram',
      utmMedium: 'social',
      utmCampaign: 'spring',
      utmTerm: null,
      bookings: 0,
      inquiries: 0,
    });
  });

  test("takes the UTM tags from the linking page's address when the link has none", async () => {
    await go(whatsappGoHref({ from: '/about' }), { Referer: 'http://localhost/about?utm_source=google&utm_campaign=monsoon&fbclid=x' });
    const [lead] = await listWhatsappLeads();
    expect(lead).toMatchObject({ pagePath: '/about', itemType: null, utmSource: 'google', utmCampaign: 'monsoon' });
    // Another site's address is not read.
    await go(whatsappGoHref({ from: '/' }), { Referer: 'https://evil.example/?utm_source=spam' });
    expect((await listWhatsappLeads())[0]).toMatchObject({ pagePath: '/', utmSource: null });
  });

  test("a topic link (contact page, lists, rural tourism) gets its fixed text; the tags come from the Referer or the link's own", async () => {
    // The contact page's link, clicked on a page that was reached with tags (no script: the Referer).
    const contact = await go(whatsappGoHref({ topic: 'tours', from: '/contact' }), {
      Referer: 'http://localhost/contact?utm_source=instagram&utm_medium=social',
    });
    expect(contact.counted).toBe(1);
    expect(contact.text).toMatch(/^Hello! I'd like to know more about your tours\.\nRef: WA-[2-9A-Z]{5}$/);
    expect((await listWhatsappLeads())[0]).toMatchObject({ pagePath: '/contact', itemType: null, utmSource: 'instagram', utmMedium: 'social' });
    // The landing page's tags added to the link by the site's script win over the Referer's.
    await go(`${whatsappGoHref({ topic: 'homestay:Kaluk', from: '/rural-tourism' })}&utm_source=newsletter`, {
      Referer: 'http://localhost/rural-tourism?utm_source=google',
    });
    expect((await listWhatsappLeads())[0]).toMatchObject({ pagePath: '/rural-tourism', utmSource: 'newsletter' });
    expect((await go(whatsappGoHref({ topic: 'homestay:Kaluk', from: '/rural-tourism' }))).text).toMatch(
      /^Hello! I'd like to know more about a homestay in Kaluk\.\n/,
    );
    // No free text: an unknown topic is the general text.
    const unknown = await go('/go/whatsapp?topic=Send%20me%20money&from=%2F');
    expect(unknown.text).toMatch(/^Hello! I'd like to plan a trip to Sikkim\.\nRef: /);
  });

  test('the chat bubble (no item) gets the general text and a code', async () => {
    const { text, counted } = await go(whatsappGoHref({ from: '/' }));
    expect(text).toMatch(/^Hello! I'd like to plan a trip to Sikkim\.\nRef: WA-[2-9A-Z]{5}$/);
    expect(counted).toBe(1);
  });

  test.each([
    ['WhatsApp link preview', { 'User-Agent': 'WhatsApp/2.23.20.0 A' }],
    ['Facebook crawler', { 'User-Agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' }],
    ['Telegram', { 'User-Agent': 'TelegramBot (like TwitterBot)' }],
    ['Googlebot', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
    ['no user agent', { 'User-Agent': '' }],
    ['Chromium prefetch', { 'Sec-Purpose': 'prefetch' }],
    ['Chromium prerender', { 'Sec-Purpose': 'prefetch;prerender' }],
    ['old prefetch', { Purpose: 'prefetch' }],
    ['Firefox prefetch', { 'X-Moz': 'prefetch' }],
  ])('%s is redirected with the text but not counted', async (_name, headers) => {
    const pkg = await createPackage({ title: 'Tsomgo Day Trip' });
    const { response, text, counted } = await go(whatsappGoHref({ item: { type: 'package', id: pkg.id }, from: `/packages/${pkg.id}` }), headers);
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(text).toContain('Tsomgo Day Trip');
    expect(text).not.toContain('Ref:');
    expect(counted).toBe(0);
  });

  test('a HEAD request is not counted', async () => {
    const { response, counted } = await go(whatsappGoHref({ from: '/' }), {}, 'HEAD');
    expect(response.status).toBe(302);
    expect(counted).toBe(0);
  });

  test.each([
    ['no from', '/go/whatsapp'],
    ['from another site', '/go/whatsapp?from=//evil.example/x'],
    ['from an absolute URL', '/go/whatsapp?from=https://evil.example/'],
    ['an unknown item type', '/go/whatsapp?item=hotel:6f1c1a38-3f7e-4f0e-9a55-0e6c6a1d2b11&from=/'],
    ['an item that is not a uuid', "/go/whatsapp?item=package:1'%20or%201=1&from=/"],
    ['an unknown item', '/go/whatsapp?item=package:6f1c1a38-3f7e-4f0e-9a55-0e6c6a1d2b11&from=/'],
    ['a path too long', `/go/whatsapp?from=/${'a'.repeat(400)}`],
  ])('%s: a plain redirect to the number, nothing stored, no 500', async (_name, url) => {
    const { response, location, counted } = await go(url);
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(location.href).toBe(await plainLink());
    expect(counted).toBe(0);
  });

  test('a bad UTM value is left out, the click still counts', async () => {
    await go(`/go/whatsapp?from=/&utm_source=${'x'.repeat(101)}&utm_medium=cpc`);
    expect((await listWhatsappLeads())[0]).toMatchObject({ utmSource: null, utmMedium: 'cpc' });
  });

  test('the redirect is never a page cache candidate', () => {
    const request = { method: 'GET', path: '/go/whatsapp', originalUrl: '/go/whatsapp?from=/', headers: {} };
    expect(pageCacheTicket(request as Parameters<typeof pageCacheTicket>[0])).toBeUndefined();
  });
});

describe('linking a booking by its WhatsApp reference', () => {
  function postBooking(fields: Record<string, string>) {
    return routeArgs(
      '/admin/bookings/new',
      {},
      {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: browserHeaders(staff.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
      },
    );
  }
  const travelDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

  test('/admin/bookings/new links the booking to the lead of the code, however it is typed', async () => {
    const pkg = await createPackage();
    const code = await recordWhatsappLead({ pagePath: `/packages/${pkg.id}`, item: { type: 'package', id: pkg.id, name: pkg.title } });
    const email = `wa-${randomUUID().slice(0, 8)}@example.com`;
    const typed = ` ref: ${code.toLowerCase().replace('-', ' ')} `;
    const res = await settle(() =>
      newBookingAction(
        postBooking({
          type: 'package',
          source: 'whatsapp',
          whatsappRef: typed,
          itemId: pkg.id,
          name: 'Pema',
          email,
          phone: '+91 98320 12345',
          startDate: travelDate,
          adults: '2',
          children: '0',
        }),
      ),
    );
    expect(res.status).toBe(302);
    const [booking] = await db().select().from(bookings).where(eq(bookings.email, email));
    const [lead] = await db().select().from(whatsappLeads).where(eq(whatsappLeads.code, code));
    expect(booking!.whatsappLeadId).toBe(lead!.id);
    expect((await listWhatsappLeads()).find((l) => l.code === code)).toMatchObject({ bookings: 1, inquiries: 0 });
  });

  test.each([
    ['an unknown code', 'WA-ZZZZZ', 'No WhatsApp lead has the code WA-ZZZZZ.'],
    ['a malformed code', 'WA-10OIL', 'A WhatsApp reference looks like WA-7K3MQ.'],
  ])('%s is refused on the field, nothing written', async (_name, whatsappRef, message) => {
    const pkg = await createPackage();
    const email = `wa-${randomUUID().slice(0, 8)}@example.com`;
    const res = await settle(() =>
      newBookingAction(
        postBooking({
          type: 'package',
          source: 'whatsapp',
          whatsappRef,
          itemId: pkg.id,
          name: 'Pema',
          email,
          phone: '+91 98320 12345',
          startDate: travelDate,
          adults: '2',
          children: '0',
        }),
      ),
    );
    expect(res.status).toBe(400);
    expect((res.body as { result: { error: Record<string, string[]> } }).result.error.whatsappRef).toEqual([message]);
    expect(await db().select().from(bookings).where(eq(bookings.email, email))).toHaveLength(0);
  });
});

test('POST /api/bookings by staff links by whatsappRef, and refuses an unknown one naming it', async () => {
  const pkg = await createPackage();
  const code = await recordWhatsappLead({ pagePath: '/' });
  const post = (whatsappRef: string, email: string) =>
    bookingsApiAction(
      routeArgs(
        '/api/bookings',
        {},
        {
          method: 'POST',
          headers: { Authorization: staff.authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            type: 'package',
            source: 'whatsapp',
            whatsappRef,
            itemId: pkg.id,
            name: 'Pema',
            email,
            phone: '+91 98320 12345',
            startDate: travelDateIn(30),
            adults: 2,
            children: 0,
          }),
        },
      ),
    ) as Promise<Response>;
  const unknown = await post('WA-ZZZZZ', `api-${randomUUID().slice(0, 8)}@example.com`);
  expect(unknown.status).toBe(400);
  expect(JSON.stringify(await unknown.json())).toContain('whatsappRef');
  const email = `api-${randomUUID().slice(0, 8)}@example.com`;
  expect((await post(code, email)).status).toBe(201);
  const [booking] = await db().select().from(bookings).where(eq(bookings.email, email));
  const [lead] = await db().select().from(whatsappLeads).where(eq(whatsappLeads.code, code));
  expect(booking!.whatsappLeadId).toBe(lead!.id);
});

describe('linking an inquiry by its WhatsApp reference when it is converted', () => {
  function convert(id: string, whatsappRef: string) {
    return settle(() =>
      inquiriesAction(
        routeArgs(
          `/admin/inquiries?view=${id}`,
          {},
          {
            method: 'POST',
            body: new URLSearchParams({ intent: 'convert', id, startDate: '2031-01-01', adults: '2', whatsappRef }),
            headers: browserHeaders(staff.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
          },
        ),
      ),
    );
  }

  test('the booking and the inquiry both point at the lead; an unknown code is said on the field and nothing is converted', async () => {
    const code = await recordWhatsappLead({ pagePath: '/' });
    const inquiry = await createInquiry({ type: 'packages' });
    const refused = await convert(inquiry.id, 'WA-ZZZZZ');
    expect(refused.status).toBe(400);
    expect((refused.body as { convert: { errors: Record<string, string> } }).convert.errors).toEqual({
      whatsappRef: 'No WhatsApp lead has the code WA-ZZZZZ.',
    });
    expect((await db().select().from(inquiries).where(eq(inquiries.id, inquiry.id)))[0]!.bookingId).toBeNull();

    const done = await convert(inquiry.id, code);
    expect(done.status).toBe(302);
    const [after] = await db().select().from(inquiries).where(eq(inquiries.id, inquiry.id));
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, after!.bookingId!));
    const [lead] = await db().select().from(whatsappLeads).where(eq(whatsappLeads.code, code));
    expect(after!.whatsappLeadId).toBe(lead!.id);
    expect(booking!.whatsappLeadId).toBe(lead!.id);
    expect((await listWhatsappLeads()).find((l) => l.code === code)).toMatchObject({ bookings: 1, inquiries: 1 });
  });
});

test("an inquiry's dialog links it to a lead by code, says an unknown code on the field, and unlinks with an empty one", async () => {
  const inquiry = await createInquiry();
  const code = await recordWhatsappLead({ pagePath: '/contact' });
  const send = (whatsappRef: string) =>
    settle(() =>
      inquiriesAction(
        routeArgs(
          `/admin/inquiries?view=${inquiry.id}`,
          {},
          {
            method: 'POST',
            body: new URLSearchParams({ intent: 'whatsapp-ref', id: inquiry.id, whatsappRef }),
            headers: browserHeaders(staff.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
          },
        ),
      ),
    );
  const leadOf = async () => (await db().select().from(inquiries).where(eq(inquiries.id, inquiry.id)))[0]!.whatsappLeadId;
  const refused = await send('wa-zzzzz');
  expect(refused.status).toBe(400);
  expect(refused.body).toEqual({ whatsappRef: { id: inquiry.id, error: 'No WhatsApp lead has the code WA-ZZZZZ.', value: 'wa-zzzzz' } });
  expect(await leadOf()).toBeNull();
  expect((await send(code.toLowerCase())).status).toBe(302);
  expect(await leadOf()).not.toBeNull();
  expect((await listWhatsappLeads()).find((l) => l.code === code)).toMatchObject({ inquiries: 1 });
  expect((await send('')).status).toBe(302);
  expect(await leadOf()).toBeNull();
});

test("a booking's edit form shows its code, links another, refuses an unknown one writing nothing, and unlinks when emptied", async () => {
  const pkg = await createPackage();
  const first = await recordWhatsappLead({ pagePath: '/' });
  const second = await recordWhatsappLead({ pagePath: '/' });
  const [lead1] = await db().select().from(whatsappLeads).where(eq(whatsappLeads.code, first));
  const booking = await createBooking({ packageId: pkg.id, itemName: pkg.title, whatsappLeadId: lead1!.id, startDate: travelDateIn(40) });
  const load = () => editBookingLoader(routeArgs(`/admin/bookings/${booking.id}/edit`, { id: booking.id }, { headers: { Cookie: staff.cookie } }));
  const save = async (fields: Record<string, string>) =>
    settle(() =>
      editBookingAction(
        routeArgs(
          `/admin/bookings/${booking.id}/edit`,
          { id: booking.id },
          {
            method: 'POST',
            body: new URLSearchParams(fields),
            headers: browserHeaders(staff.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
          },
        ),
      ),
    );
  const leadOf = async () => (await db().select().from(bookings).where(eq(bookings.id, booking.id)))[0]!;
  const loaded = await load();
  expect(loaded.values.whatsappRef).toBe(first);

  const refused = await save({ ...loaded.values, whatsappRef: 'WA-ZZZZZ', message: 'changed' });
  expect(refused.status).toBe(400);
  expect((refused.body as { result: { error: Record<string, string[]> } }).result.error.whatsappRef).toEqual(['No WhatsApp lead has the code WA-ZZZZZ.']);
  expect(await leadOf()).toMatchObject({ whatsappLeadId: lead1!.id, message: booking.message });

  expect((await save({ ...loaded.values, whatsappRef: second })).status).toBe(302);
  expect((await load()).values.whatsappRef).toBe(second);
  expect((await save({ ...loaded.values, whatsappRef: '' })).status).toBe(302);
  expect((await leadOf()).whatsappLeadId).toBeNull();
});

describe('the dashboard funnel per package', () => {
  test('clicks → inquiries → bookings → paid over the last 30 days', async () => {
    const actor = { id: staff.user.id, name: staff.user.name };
    const pkg = await createPackage({ title: 'Funnel Trek' });
    const other = await createPackage({ title: 'Funnel Other' });
    const lead = async (id: string, name: string) => {
      const code = await recordWhatsappLead({ pagePath: `/packages/${id}`, item: { type: 'package', id, name } });
      return (await db().select().from(whatsappLeads).where(eq(whatsappLeads.code, code)))[0]!.id;
    };
    const [a, b, c] = [await lead(pkg.id, pkg.title), await lead(pkg.id, pkg.title), await lead(pkg.id, pkg.title)];
    await lead(other.id, other.title);
    // A click 31 days ago, with a booking: outside the window.
    const old = await lead(pkg.id, pkg.title);
    await db()
      .update(whatsappLeads)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(whatsappLeads.id, old));
    await createBooking({ packageId: pkg.id, itemName: pkg.title, whatsappLeadId: old });

    await createInquiry({ whatsappLeadId: a });
    await createInquiry({ whatsappLeadId: b });
    const paid = await createBooking({ packageId: pkg.id, itemName: pkg.title, whatsappLeadId: a, status: 'confirmed' });
    const part = await createBooking({ packageId: pkg.id, itemName: pkg.title, whatsappLeadId: c, status: 'confirmed' });
    const quote = { lines: [{ description: 'Tour', quantity: 1, unitPaise: 1_000_000 }], advancePaise: 500_000, balanceDueOn: travelDateIn(20) };
    await saveQuote(paid.id, quote, actor);
    await saveQuote(part.id, quote, actor);
    const upi = (paise: number) => ({ amountPaise: paise, method: 'upi' as const, reference: 'UTR', receivedOn: travelDateIn(0), note: '' });
    await recordManualPayment(paid.id, upi(1_000_000), actor);
    await recordManualPayment(part.id, upi(500_000), actor);

    const funnel = await packageFunnel();
    expect(funnel.find((r) => r.packageId === pkg.id)).toEqual({ packageId: pkg.id, title: 'Funnel Trek', clicks: 3, inquiries: 2, bookings: 2, paid: 1 });
    expect(funnel.find((r) => r.packageId === other.id)).toMatchObject({ clicks: 1, inquiries: 0, bookings: 0, paid: 0 });

    const page = await dashboardLoader(routeArgs('/admin', undefined, { headers: { Cookie: staff.cookie } }));
    expect(page.funnelDays).toBe(30);
    expect(page.whatsappFunnel.find((r) => r.packageId === pkg.id)).toMatchObject({ clicks: 3, paid: 1 });
  });
});

/** The day `days` from today, 'YYYY-MM-DD'. */
function travelDateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
