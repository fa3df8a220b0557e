/**
 * The bookings back office (docs/product.md#bookings-and-inquiries, #booking-status): every legal and
 * illegal status change through the list's and the detail page's actions with their toasts; the
 * clash message of a vehicle already booked (docs/decisions/015-no-double-booking.md); confirmed_at
 * and the public 'someone just booked' toast; audit entries and live events; the list's search,
 * filters, sort and paging; the detail loader (404, the vehicle's calendar); and the CSV export
 * through its route (headers, BOM, quoting, formula neutralising, keyset paging past one batch;
 * docs/decisions/019-csv-exports.md).
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, bookings, type NewBooking } from '~/db/schema';
import { BOOKING_STATUSES, canTransition, type BookingStatus } from '~/lib/constants';
import { todayInIndia } from '~/lib/format';
import { shortReference } from '~/lib/ids';
import { subscribeLive, type LiveEvent } from '~/lib/live-events.server';
import { readToast } from '~/lib/toast.server';
import { getBooking, setBookingStatus, updateBookingForAdmin } from '~/models/booking.server';
import { listRecentConfirmedBookings } from '~/models/recent-bookings.server';
import { action as detailAction, loader as detailLoader } from '~/routes/admin/bookings/detail';
import { action as listAction, loader as listLoader } from '~/routes/admin/bookings/list';
import { loader as exportLoader } from '~/routes/api/bookings.export';
import { BOOKING_TRANSITIONS } from '~/schemas/booking-admin';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBike, createBooking } from '../factories';
import { routeArgs, settle, type NoParams } from '../route-args';

let staff: Awaited<ReturnType<typeof createStaffSession>>;
let actor: { id: string; name: string; ip: string };

beforeAll(async () => {
  staff = await createStaffSession();
  actor = { id: staff.user.id, name: staff.user.username, ip: '127.0.0.1' };
});

const uid = () => randomUUID().slice(0, 8);

/** A booking in `status`, reached the legal way (so confirmed_at is right). */
async function bookingIn(status: BookingStatus, overrides: Partial<NewBooking> = {}) {
  const booking = await createBooking(overrides);
  if (status !== 'pending') await setBookingStatus(booking.id, status, actor);
  return (await getBooking(booking.id))!;
}

function post<P extends object = NoParams>(url: string, fields: Record<string, string>, params?: P) {
  return routeArgs(url, params, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: browserHeaders(staff.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
  });
}

function get<P extends object = NoParams>(url: string, params?: P) {
  return routeArgs(url, params, { headers: { Cookie: staff.cookie } });
}

/** The flash toast a redirect carries, as the next page would read it. */
async function toastOf(headers: Headers) {
  const cookie = (headers.get('Set-Cookie') ?? '').split(';')[0]!;
  return (await readToast(new Request('http://localhost/admin', { headers: { Cookie: cookie } }))).toast;
}

type ListData = Awaited<ReturnType<typeof listLoader>>;

async function list(query: string): Promise<ListData> {
  return listLoader(get(`/admin/bookings${query}`));
}

const INTENTS = { confirm: 'confirmed', reject: 'rejected' } as const;
const TOASTS = { confirm: 'Booking confirmed', reject: 'Booking rejected' } as const;

describe('the state machine', () => {
  test('is the one of docs/product.md#booking-status', () => {
    const legal = BOOKING_STATUSES.flatMap((from) =>
      BOOKING_STATUSES.filter((to) => canTransition(BOOKING_TRANSITIONS, from, to)).map((to) => `${from}>${to}`),
    );
    expect(legal.sort()).toEqual([
      'confirmed>cancelled',
      'confirmed>rejected',
      'pending>cancelled',
      'pending>confirmed',
      'pending>rejected',
      'rejected>confirmed',
    ]);
  });
});

describe.each([
  ['the list', 'list'],
  ['the detail page', 'detail'],
] as const)('status buttons on %s', (_label, page) => {
  const cases = BOOKING_STATUSES.flatMap((from) => (['confirm', 'reject'] as const).map((intent) => ({ from, intent })));

  test.each(cases)('$intent a $from booking', async ({ from, intent }) => {
    const booking = await bookingIn(from);
    const to = INTENTS[intent];
    const legal = canTransition(BOOKING_TRANSITIONS, from, to);
    const url = page === 'list' ? '/admin/bookings?status=all&page=1' : `/admin/bookings/${booking.id}`;
    const outcome = await settle(() =>
      page === 'list' ? listAction(post(url, { intent, id: booking.id })) : detailAction(post(url, { intent, id: booking.id }, { id: booking.id })),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get('Location')).toBe(page === 'list' ? '/admin/bookings' : `/admin/bookings/${booking.id}`);
    const toast = await toastOf(outcome.headers);
    const stored = (await getBooking(booking.id))!;
    if (legal) {
      expect(toast).toEqual({ type: 'success', title: TOASTS[intent] });
      expect(stored.status).toBe(to);
    } else {
      // Only a cancelled booking refuses these buttons for another reason than being there already: it is final.
      expect(toast).toEqual({ type: 'error', title: from === to ? `This booking is already ${from}` : `A ${from} booking cannot be ${to}` });
      expect(stored.status).toBe(from);
      expect(stored.updatedAt).toEqual(booking.updatedAt);
    }
  });
});

describe('page actions', () => {
  test('keep the list filters and page in the redirect', async () => {
    const booking = await createBooking();
    const outcome = await settle(() =>
      listAction(post('/admin/bookings?q=asha&status=pending&type=package&sort=oldest&due=today&assigned=me&page=2', { intent: 'confirm', id: booking.id })),
    );
    expect(outcome.headers.get('Location')).toBe('/admin/bookings?q=asha&status=pending&type=package&sort=oldest&due=today&assigned=me&page=2');
  });

  test('an unknown or malformed id, or an unknown intent, ends in an error toast', async () => {
    const unknown = await settle(() => listAction(post('/admin/bookings', { intent: 'confirm', id: randomUUID() })));
    expect(await toastOf(unknown.headers)).toEqual({ type: 'error', title: 'Booking not found' });
    const malformed = await settle(() => listAction(post('/admin/bookings', { intent: 'reject', id: 'nope' })));
    expect(await toastOf(malformed.headers)).toEqual({ type: 'error', title: 'Booking not found' });
    const booking = await createBooking();
    const odd = await settle(() => detailAction(post(`/admin/bookings/${booking.id}`, { intent: 'pending' }, { id: booking.id })));
    expect(await toastOf(odd.headers)).toEqual({ type: 'error', title: 'Unknown action' });
    expect((await getBooking(booking.id))!.status).toBe('pending');
    const missing = await settle(() => detailAction(post('/admin/bookings/x', { intent: 'confirm' }, { id: 'x' })));
    expect(missing.headers.get('Location')).toBe('/admin/bookings');
  });

  test('refuse an anonymous visitor', async () => {
    const booking = await createBooking();
    const outcome = await settle(() =>
      listAction(routeArgs('/admin/bookings', {}, { method: 'POST', body: new URLSearchParams({ intent: 'confirm', id: booking.id }) })),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get('Location')).toMatch(/^\/admin\/login/);
    expect((await getBooking(booking.id))!.status).toBe('pending');
  });
});

describe('the pipeline panel on the detail page', () => {
  test('its forms go through the page action and come back with the toast', async () => {
    const booking = await createBooking({ name: `Pipeline ${uid()}` });
    const url = `/admin/bookings/${booking.id}`;
    const note = await settle(() => detailAction(post(url, { intent: 'note', body: 'Called the customer.\nCall back Friday.' }, { id: booking.id })));
    expect(note.headers.get('Location')).toBe(url);
    expect(await toastOf(note.headers)).toMatchObject({ type: 'success' });
    const today = todayInIndia();
    const followUp = await settle(() => detailAction(post(url, { intent: 'follow-up', followUpOn: today }, { id: booking.id })));
    expect(await toastOf(followUp.headers)).toMatchObject({ type: 'success' });
    // A blank note stays on the page with its error under the field (status 400), nothing saved.
    const bad = await settle(() => detailAction(post(url, { intent: 'note', body: '   ' }, { id: booking.id })));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ pipeline: { ok: false, field: 'body' } });
    const missing = await settle(() =>
      detailAction(
        post('/admin/bookings/00000000-0000-4000-8000-000000000000', { intent: 'note', body: 'Hello' }, { id: '00000000-0000-4000-8000-000000000000' }),
      ),
    );
    expect(missing.headers.get('Location')).toBe('/admin/bookings');
    expect(await toastOf(missing.headers)).toMatchObject({ type: 'error', title: 'Booking not found' });

    const data = await detailLoader(get(url, { id: booking.id }));
    expect(data.pipeline.notes.map((n) => n.body)).toEqual(['Called the customer.\nCall back Friday.']);
    expect(data.pipeline.followUpOn).toBe(today);
    expect((await list(`?q=${encodeURIComponent(booking.name)}&due=today`)).rows.map((r) => r.id)).toEqual([booking.id]);
  });
});

describe('no double-booked vehicle', () => {
  test('confirming an overlapping booking of the same bike is refused with a message naming the clash', async () => {
    const bike = await createBike();
    const first = await bookingIn('confirmed', {
      type: 'bike',
      bikeId: bike.id,
      itemName: bike.model,
      name: 'Asha Rai',
      startDate: '2025-01-05',
      endDate: '2025-01-07',
    });
    const second = await createBooking({
      type: 'bike',
      bikeId: bike.id,
      itemName: bike.model,
      name: 'Karma Bhutia',
      startDate: '2025-01-07',
      endDate: '2025-01-09',
    });
    const outcome = await settle(() => detailAction(post(`/admin/bookings/${second.id}`, { intent: 'confirm' }, { id: second.id })));
    expect(await toastOf(outcome.headers)).toEqual({ type: 'error', title: `Already booked: #${shortReference(first.id)} (Asha Rai, Jan 5 – Jan 7, 2025)` });
    expect((await getBooking(second.id))!.status).toBe('pending');

    // Touching days do not overlap only when they are different days; a later range is fine.
    const later = await createBooking({ type: 'bike', bikeId: bike.id, itemName: bike.model, startDate: '2025-01-08' });
    await expect(setBookingStatus(later.id, 'confirmed', actor)).resolves.toMatchObject({ status: 'confirmed' });
    // Another bike, or a car, on the same days is fine.
    const other = await createBooking({ type: 'bike', bikeId: (await createBike()).id, startDate: '2025-01-05', endDate: '2025-01-07' });
    await expect(setBookingStatus(other.id, 'confirmed', actor)).resolves.toMatchObject({ status: 'confirmed' });
    // Rejecting the first frees its days.
    await setBookingStatus(first.id, 'rejected', actor);
    await expect(setBookingStatus(second.id, 'confirmed', actor)).rejects.toThrow(`Already booked: #${shortReference(later.id)}`);
  });

  test('a single-day booking and a range across years name their dates that way', async () => {
    const bike = await createBike();
    const first = await bookingIn('confirmed', { type: 'bike', bikeId: bike.id, name: 'Pema Lepcha', startDate: '2026-12-30', endDate: '2027-01-02' });
    const one = await createBooking({ type: 'bike', bikeId: bike.id, startDate: '2027-01-01' });
    await expect(setBookingStatus(one.id, 'confirmed', actor)).rejects.toThrow(
      `Already booked: #${shortReference(first.id)} (Pema Lepcha, Dec 30, 2026 – Jan 2, 2027)`,
    );
    const bike2 = await createBike();
    const day = await bookingIn('confirmed', { type: 'bike', bikeId: bike2.id, name: 'Dawa', startDate: '2027-02-03' });
    const range = await createBooking({ type: 'bike', bikeId: bike2.id, startDate: '2027-02-01', endDate: '2027-02-04' });
    await expect(setBookingStatus(range.id, 'confirmed', actor)).rejects.toThrow(`Already booked: #${shortReference(day.id)} (Dawa, Feb 3, 2027)`);
  });

  test('the detail page lists the vehicle’s other confirmed bookings 30 days either side, overlaps marked', async () => {
    const bike = await createBike();
    const base = { type: 'bike' as const, bikeId: bike.id, itemName: bike.model };
    const near = await bookingIn('confirmed', { ...base, name: 'Near', startDate: '2027-03-01', endDate: '2027-03-03' });
    const overlapping = await createBooking({ ...base, name: 'Overlap', startDate: '2027-03-20', endDate: '2027-03-22', status: 'pending' });
    await bookingIn('confirmed', { ...base, name: 'Far', startDate: '2027-06-01' });
    await bookingIn('rejected', { ...base, name: 'Rejected one', startDate: '2027-03-21' });
    const subject = await createBooking({ ...base, startDate: '2027-03-21', endDate: '2027-03-25' });
    // The overlapping one is confirmed behind the page's back (e.g. before the subject was made).
    await db().update(bookings).set({ status: 'confirmed', confirmedAt: new Date() }).where(eq(bookings.id, overlapping.id));
    const data = await detailLoader(get(`/admin/bookings/${subject.id}`, { id: subject.id }));
    expect(data.calendar.entries.map((e) => [e.name, e.dates, e.overlaps])).toEqual([
      ['Near', 'Mar 1 – Mar 3, 2027', false],
      ['Overlap', 'Mar 20 – Mar 22, 2027', true],
    ]);
    expect(data.calendar.entries[0]!.reference).toBe(shortReference(near.id));
    expect(data.calendar.from).toBe('Feb 19, 2027');
    expect(data.calendar.to).toBe('Apr 24, 2027');
  });
});

describe('confirmed_at and the public toast', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('is set on confirmation, cleared on rejection, and orders the recent bookings', async () => {
    // The two confirmations a millisecond apart on a faked clock (real time could give both the same
    // millisecond), after every confirmation of the earlier tests.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const before = Date.now();
    const first = await bookingIn('confirmed', { name: 'zeta first', itemName: 'Toast Trip A', publicityConsent: true });
    expect(first.confirmedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    vi.setSystemTime(Date.now() + 1);
    const second = await bookingIn('confirmed', { name: 'yara second', itemName: 'Toast Trip B', publicityConsent: true });
    vi.useRealTimers();
    expect(second.confirmedAt!.getTime()).toBeGreaterThan(first.confirmedAt!.getTime());

    // Editing the first (a later updated_at) does not make it the newest confirmation.
    await updateBookingForAdmin(first.id, { phone: '+91 98765 43210' }, actor);
    const recent = await listRecentConfirmedBookings(50);
    const names = recent.map((r) => r.firstName);
    expect(names.indexOf('Yara')).toBeLessThan(names.indexOf('Zeta'));
    expect(recent[0]).toEqual({ firstName: 'Yara', item: 'Toast Trip B' });

    await setBookingStatus(second.id, 'rejected', actor);
    expect((await getBooking(second.id))!.confirmedAt).toBeNull();
    expect((await listRecentConfirmedBookings(50)).map((r) => r.firstName)).not.toContain('Yara');
    await setBookingStatus(second.id, 'confirmed', actor);
    expect((await getBooking(second.id))!.confirmedAt).not.toBeNull();
  });
});

async function auditCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(auditLog);
  return row!.n;
}

describe('audit and live updates', () => {
  const events: LiveEvent[] = [];
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    events.length = 0;
  });

  test('a status change writes one audit entry and publishes booking.updated', async () => {
    stop = subscribeLive((e) => events.push(e));
    const booking = await createBooking({ name: 'Audit Person' });
    await settle(() => detailAction(post(`/admin/bookings/${booking.id}`, { intent: 'confirm' }, { id: booking.id })));
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.entityId, booking.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'status',
      actorId: staff.user.id,
      actorName: staff.user.username,
      summary: `Confirmed booking #${shortReference(booking.id)}`,
      changes: { status: { from: 'pending', to: 'confirmed' } },
    });
    expect(events).toEqual([{ type: 'booking.updated', id: booking.id, label: expect.stringContaining('confirmed') }]);
  });

  test('a refused change writes no audit entry and publishes nothing', async () => {
    stop = subscribeLive((e) => events.push(e));
    const booking = await bookingIn('rejected');
    events.length = 0;
    const before = await auditCount();
    await expect(setBookingStatus(booking.id, 'rejected', actor)).rejects.toThrow('This booking is already rejected');
    await expect(setBookingStatus(booking.id, 'pending', actor)).rejects.toThrow('A booking never goes back to pending');
    expect(await auditCount()).toBe(before);
    expect(events).toEqual([]);
  });
});

describe('the list', () => {
  test('searches name, e-mail, phone (also by digits), item and reference', async () => {
    const tag = uid();
    // Newest first: b is a second newer than a. (Two inserts can share a clock tick on PGlite, and a
    // tie falls back to the random ids' order.)
    const a = await createBooking({
      name: `Tenzing ${tag}`,
      email: `t.${tag}@example.com`,
      phone: '+91 81234 56789',
      itemName: 'Lachung Trip',
      createdAt: new Date(Date.now() - 1000),
    });
    const b = await createBooking({ name: 'Other Person', email: `other.${tag}@example.org`, itemName: `Yumthang ${tag}` });
    const ids = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).rows.map((r) => r.id);
    expect(await ids(`tenzing ${tag}`)).toEqual([a.id]);
    expect(await ids(`other.${tag}@`)).toEqual([b.id]);
    expect(await ids(`yumthang ${tag}`.toUpperCase())).toEqual([b.id]);
    expect(await ids(tag)).toEqual([b.id, a.id]);
    expect(await ids('8123456789')).toContain(a.id);
    expect(await ids('81234 567')).toContain(a.id);
    expect(await ids(`#${shortReference(a.id)}`)).toEqual([a.id]);
    expect(await ids(shortReference(b.id).toLowerCase())).toContain(b.id);
    expect(await ids('100%_')).toEqual([]);
  });

  test('filters by status and type, due today and assigned to me; rows carry what the table shows', async () => {
    const tag = uid();
    const today = todayInIndia();
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const bike = await createBike();
    const dueToday = await createBooking({ name: `Due ${tag}`, followUpOn: today });
    const overdue = await bookingIn('confirmed', { name: `Overdue ${tag}`, followUpOn: yesterday });
    await bookingIn('rejected', { name: `Rejected ${tag}`, followUpOn: yesterday });
    await createBooking({ name: `Later ${tag}`, followUpOn: tomorrow });
    const mine = await createBooking({
      name: `Mine ${tag}`,
      type: 'bike',
      bikeId: bike.id,
      itemName: bike.model,
      assignedTo: staff.user.id,
      startDate: '2027-04-01',
      endDate: '2027-04-03',
    });
    const names = async (query: string) => (await list(`?q=${tag}&${query}`)).rows.map((r) => r.name.split(' ')[0]).sort();

    expect(await names('status=confirmed')).toEqual(['Overdue']);
    expect(await names('status=rejected')).toEqual(['Rejected']);
    expect(await names('type=bike')).toEqual(['Mine']);
    expect(await names('due=today')).toEqual(['Due', 'Overdue']);
    expect(await names('assigned=me')).toEqual(['Mine']);
    expect(await names('status=pending&due=today')).toEqual(['Due']);
    // A bad value is no filter (the page is lenient; the API is strict).
    expect(await names('status=bogus&type=plane&due=yesterday')).toHaveLength(5);

    const data = await list(`?q=${tag}&type=bike`);
    expect(data.rows[0]).toMatchObject({ id: mine.id, type: 'bike', itemName: bike.model, dates: 'Apr 1 – Apr 3, 2027', status: 'pending', due: false });
    expect(data.filters).toMatchObject({ q: tag, type: 'bike', status: '', sort: '' });
    expect(data.exportHref).toBe(`/api/bookings/export?q=${tag}&type=bike`);
    const dueRows = (await list(`?q=${tag}&due=today`)).rows;
    expect(dueRows.find((r) => r.id === dueToday.id)?.due).toBe(true);
    expect(dueRows.find((r) => r.id === overdue.id)?.due).toBe(true);
  });

  test('pages 20 at a time, sorts by received or travel date, and sends a page past the end to the last', async () => {
    const tag = uid();
    const start = Date.now() - 10 * 86_400_000;
    for (let i = 0; i < 45; i++) {
      await createBooking({
        name: `Pager ${tag} ${String(i).padStart(2, '0')}`,
        createdAt: new Date(start + i * 60_000),
        startDate: `2027-0${1 + (i % 9)}-${String(10 + (i % 17)).padStart(2, '0')}`,
      });
    }
    const first = await list(`?q=${tag}`);
    expect(first).toMatchObject({ total: 45, page: 1, pages: 3 });
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]!.name).toBe(`Pager ${tag} 44`);
    const third = await list(`?q=${tag}&page=3`);
    expect(third.rows.map((r) => r.name)).toEqual([4, 3, 2, 1, 0].map((i) => `Pager ${tag} 0${i}`));
    const oldest = await list(`?q=${tag}&sort=oldest`);
    expect(oldest.rows[0]!.name).toBe(`Pager ${tag} 00`);
    const travel = await list(`?q=${tag}&sort=travel-soonest`);
    const all = [...travel.rows];
    const dates = all.map((r) => r.dates);
    expect(dates[0]).toBe('Jan 10, 2027');
    const latest = await list(`?q=${tag}&sort=travel-latest`);
    expect(latest.rows[0]!.dates).toMatch(/^Sep \d+, 2027$/);

    const past = await settle(() => list(`?q=${tag}&status=pending&page=9`));
    expect(past.status).toBe(302);
    expect(past.headers.get('Location')).toBe(`/admin/bookings?q=${tag}&status=pending&page=3`);
  });

  test('tells an empty search from an empty store', async () => {
    const none = await list(`?q=${uid()}-nothing`);
    expect(none.rows).toEqual([]);
    expect(none.total).toBe(0);
    expect(none.pages).toBe(1);
  });
});

describe('the detail loader', () => {
  test('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', "1' or '1'='1"]) {
      const outcome = await settle(() => detailLoader(get(`/admin/bookings/${encodeURIComponent(id)}`, { id })));
      expect(outcome.status).toBe(404);
      expect(outcome.body).toBe('Booking not found');
    }
  });

  test('shows the booking: reference, item link while the item exists, the inquiry, the message as text', async () => {
    const bike = await createBike();
    const message = 'Line one\n<script>alert(1)</script>\nLine three';
    const booking = await createBooking({
      type: 'bike',
      bikeId: bike.id,
      itemName: bike.model,
      needHelmet: true,
      message,
      startDate: '2027-05-01',
      endDate: '2027-05-04',
    });
    const data = await detailLoader(get(`/admin/bookings/${booking.id}`, { id: booking.id }));
    expect(data.booking).toMatchObject({
      reference: shortReference(booking.id),
      itemHref: `/bikes/${bike.id}`,
      startDate: 'May 1, 2027',
      endDate: 'May 4, 2027',
      needHelmet: true,
      message,
      vehicle: 'bike',
      status: 'pending',
    });
    const custom = await createBooking({ itemName: 'Custom tour', adults: 2, children: 1 });
    const customData = await detailLoader(get(`/admin/bookings/${custom.id}`, { id: custom.id }));
    expect(customData.booking).toMatchObject({ itemHref: null, adults: 2, children: 1, vehicle: null });
    expect(customData.calendar.entries).toEqual([]);
  });
});

/** Read a CSV export through its route: status, headers and the decoded text (BOM kept). */
async function exportCsv(query = '') {
  const response = (await exportLoader(get(`/api/bookings/export${query}`))) as Response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

/** A minimal RFC 4180 reader for the tests (quoted fields, doubled quotes, line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('the CSV export', () => {
  test('streams a BOM, the headers and one quoted, formula-neutralised row per booking of the filter', async () => {
    const tag = uid();
    const booking = await createBooking({
      name: `=HYPERLINK("http://evil.example","click") ${tag}`,
      email: `csv.${tag}@example.com`,
      phone: '+91 90000 12345',
      itemName: 'Tour, with "quotes"',
      message: 'Line one\nLine two, with a comma',
      adults: 2,
      children: 0,
      followUpOn: '2027-01-01',
      assignedTo: staff.user.id,
      createdAt: new Date('2026-11-04T10:15:00+05:30'),
    });
    await setBookingStatus(booking.id, 'confirmed', actor);
    await createBooking({ name: `Pending ${tag}`, email: `p.${tag}@example.com` });

    const { response, bytes, text } = await exportCsv(`?q=${tag}&status=confirmed`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([
      'Reference',
      'Received (IST)',
      'Status',
      'Type',
      'Item',
      'Customer',
      'Email',
      'Phone',
      'Start date',
      'End date',
      'Adults',
      'Children',
      'Helmet',
      'Driver',
      'Message',
      'Confirmed (IST)',
      'Follow-up on',
      'Assigned to',
      'Inquiry',
      'Id',
      'Source',
      'Total (₹)',
      'Advance (₹)',
      'Paid (₹)',
      'Refunded (₹)',
      'Due (₹)',
      'Balance due on',
    ]);
    expect(rows).toHaveLength(2);
    const row = Object.fromEntries(rows[0]!.map((h, i) => [h, rows[1]![i]]));
    expect(row).toMatchObject({
      Reference: shortReference(booking.id),
      'Received (IST)': '2026-11-04 10:15',
      Status: 'confirmed',
      Type: 'package',
      Item: 'Tour, with "quotes"',
      Customer: `'=HYPERLINK("http://evil.example","click") ${tag}`,
      Phone: "'+91 90000 12345",
      'Start date': '2027-01-05',
      'End date': '',
      Adults: '2',
      Children: '0',
      Message: 'Line one\nLine two, with a comma',
      'Follow-up on': '2027-01-01',
      'Assigned to': 'Test Staff',
      Id: booking.id,
      Source: 'website',
      // No quote: no money figures.
      'Total (₹)': '',
      'Due (₹)': '',
      'Balance due on': '',
    });
    expect(row['Confirmed (IST)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // The raw text quotes what needs it.
    expect(text).toContain('"Tour, with ""quotes"""');
  });

  test('pages by keyset past one batch without losing or repeating a row, in the chosen order', async () => {
    const tag = uid();
    // 2,100 rows, 700 of them with the very same created_at (ties broken by id).
    await db().execute(sql`
      insert into bookings (type, item_name, name, email, phone, start_date, status, created_at)
      select 'package', 'Keyset Trip', 'Keyset ' || ${tag} || ' ' || n, 'k' || n || '@example.com', '+91 90000 00000',
        date '2027-01-01' + (n % 300), 'pending',
        case when n % 3 = 0 then timestamptz '2026-10-01 10:00:00.123456+05:30' else now() - (n || ' seconds')::interval end
      from generate_series(1, 2100) as n`);
    for (const sort of ['newest', 'oldest', 'travel-soonest', 'travel-latest']) {
      const { text } = await exportCsv(`?q=Keyset%20${tag}&sort=${sort}`);
      const rows = parseCsv(text.slice(1)).slice(1);
      const ids = rows.map((r) => r[19]);
      expect(ids).toHaveLength(2100);
      expect(new Set(ids).size).toBe(2100);
      if (sort === 'travel-soonest') expect(rows[0]![8]).toBe('2027-01-01');
    }
  });

  test('answers 400 naming a bad filter, and 401 without a session', async () => {
    const bad = await exportCsv('?status=maybe&sort=random');
    expect(bad.response.status).toBe(400);
    const body = JSON.parse(bad.text) as { issues: { path: string }[] };
    expect(body.issues.map((i) => i.path).sort()).toEqual(['sort', 'status']);
    const anonymous = await settle(() => exportLoader(routeArgs('/api/bookings/export')));
    expect(anonymous.status).toBe(401);
  });
});
