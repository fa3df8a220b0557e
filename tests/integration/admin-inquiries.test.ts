/**
 * /admin/inquiries (docs/product.md#bookings-and-inquiries, #inquiry-status): the loader's search,
 * filters and paging, the details dialog and the delete confirmation from the URL; the action's
 * status changes (every legal and illegal move), delete and 'Convert to booking' (fields, links both
 * ways, inquiry completed, audit entries, one transaction), each with its toast, its audit entry in the
 * same transaction and its live event after the commit; pipeline intents go to the pipeline module.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, bookings, inquiries } from '~/db/schema';
import { INQUIRY_STATUSES, INQUIRY_TRANSITIONS, type InquiryStatus } from '~/lib/constants';
import { todayInIndia } from '~/lib/format';
import { shortReference } from '~/lib/ids';
import { subscribeLive, type LiveEvent } from '~/lib/live-events.server';
import { readToast } from '~/lib/toast.server';
import type * as AuditModule from '~/models/audit.server';
import { ANY_CAB, adultsFromGuests } from '~/models/inquiry-conversion.server';
import { getInquiry } from '~/models/inquiry.server';
import type * as PipelineModule from '~/models/pipeline.server';
import { action, loader } from '~/routes/admin/inquiries/list';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBike, createCar, createInquiry, createPackage } from '../factories';
import { routeArgs, settle } from '../route-args';

const controls = vi.hoisted(() => ({
  failBookingAudit: false,
  pipelineResult: null as null | { ok: boolean; message: string },
  pipelineCalls: [] as unknown[][],
}));

vi.mock('~/models/audit.server', async (importOriginal) => {
  const original = await importOriginal<typeof AuditModule>();
  return {
    ...original,
    recordAudit: async (...args: Parameters<typeof original.recordAudit>) => {
      if (controls.failBookingAudit && args[2].entityType === 'booking') throw new Error('audit log unavailable');
      return original.recordAudit(...args);
    },
  };
});

vi.mock('~/models/pipeline.server', async (importOriginal) => {
  const original = await importOriginal<typeof PipelineModule>();
  return {
    ...original,
    handlePipelineIntent: async (...args: Parameters<typeof original.handlePipelineIntent>) => {
      controls.pipelineCalls.push(args);
      if (controls.pipelineResult) return controls.pipelineResult;
      return original.handlePipelineIntent(...args);
    },
  };
});

let staff: Awaited<ReturnType<typeof createStaffSession>>;
let events: LiveEvent[] = [];
let unsubscribe: () => void;

beforeAll(async () => {
  staff = await createStaffSession();
});

beforeEach(async () => {
  events = [];
  unsubscribe = subscribeLive((event) => events.push(event));
  controls.failBookingAudit = false;
  controls.pipelineResult = null;
  controls.pipelineCalls = [];
});

afterEach(() => unsubscribe());

/** `createdAt` n minutes ago, so "newest first" is unambiguous. */
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

function get(url: string) {
  return settle(() => loader(routeArgs(url, {}, { headers: browserHeaders(staff.cookie) })));
}

function post(url: string, fields: Record<string, string>) {
  return settle(() =>
    action(
      routeArgs(
        url,
        {},
        {
          method: 'POST',
          body: new URLSearchParams(fields),
          headers: browserHeaders(staff.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
        },
      ),
    ),
  );
}

/** The flash toast a redirect carries, as the next page would read it. */
async function toastOf(headers: Headers) {
  const cookie = (headers.get('Set-Cookie') ?? '').split(';')[0]!;
  return (await readToast(new Request('http://localhost/admin', { headers: { Cookie: cookie } }))).toast;
}

type PageData = Awaited<ReturnType<typeof loader>>;

async function clearInquiries() {
  await db().delete(bookings);
  await db().delete(inquiries);
}

async function auditFor(entityId: string) {
  return db().select().from(auditLog).where(eq(auditLog.entityId, entityId));
}

describe('the guard', () => {
  test('an anonymous visitor is sent to the login page, from the loader and the action', async () => {
    const page = await settle(() => loader(routeArgs('/admin/inquiries')));
    expect(page.status).toBe(302);
    expect(page.headers.get('Location')).toMatch(/^\/admin\/login/);
    const target = await createInquiry();
    const change = await settle(() =>
      action(routeArgs('/admin/inquiries', {}, { method: 'POST', body: new URLSearchParams({ intent: 'delete', id: target.id }) })),
    );
    expect(change.status).toBe(302);
    expect(change.headers.get('Location')).toMatch(/^\/admin\/login/);
    expect(await getInquiry(target.id)).not.toBeNull();
  });
});

describe('the list', () => {
  beforeAll(clearInquiries);

  test('an empty list says so', async () => {
    await clearInquiries();
    const { body } = await get('/admin/inquiries');
    expect(body).toMatchObject({ rows: [], total: 0, pages: 1 });
  });

  test('20 a page, newest first; a page past the last goes to the last', async () => {
    await clearInquiries();
    for (let i = 0; i < 25; i++) await createInquiry({ name: `Guest ${String(i).padStart(2, '0')}`, createdAt: minutesAgo(i) });
    const first = (await get('/admin/inquiries')).body as PageData;
    expect(first.total).toBe(25);
    expect(first.pages).toBe(2);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]!.name).toBe('Guest 00');
    expect(first.rows[19]!.name).toBe('Guest 19');
    const second = (await get('/admin/inquiries?page=2')).body as PageData;
    expect(second.rows.map((r) => r.name)).toEqual(['Guest 20', 'Guest 21', 'Guest 22', 'Guest 23', 'Guest 24']);
    const past = await get('/admin/inquiries?page=9&q=guest');
    expect(past.status).toBe(302);
    expect(past.headers.get('Location')).toBe('/admin/inquiries?q=guest&page=2');
  });

  test('search finds name, e-mail, phone, subject, message, item names and the reference, in any case', async () => {
    await clearInquiries();
    const pkg = await createPackage({ title: 'Yumthang Valley Escape' });
    const car = await createCar({ model: 'Innova Crysta Search' });
    const bike = await createBike({ model: 'Himalayan Search 450' });
    const byName = await createInquiry({ name: 'Tenzing Norgay' });
    const byEmail = await createInquiry({ email: 'karma.bhutia@example.org' });
    const byPhone = await createInquiry({ phone: '+91 98320 55555' });
    const bySubject = await createInquiry({ subject: 'Inner line permit for Nathula' });
    const byMessage = await createInquiry({ message: 'Do you arrange homestays in Dzongu?\nThanks' });
    const byPackage = await createInquiry({ type: 'packages', subject: null, packageId: pkg.id, packageTitle: pkg.title });
    const byCar = await createInquiry({ type: 'cabs', subject: null, carId: car.id, carModel: car.model });
    const byBike = await createInquiry({ type: 'rentals', subject: null, bikeId: bike.id, bikeModel: bike.model });
    const names = async (q: string) => ((await get(`/admin/inquiries?q=${encodeURIComponent(q)}`)).body as PageData).rows.map((r) => r.id);
    expect(await names('tenzing')).toEqual([byName.id]);
    expect(await names('KARMA.BHUTIA')).toEqual([byEmail.id]);
    expect(await names('98320')).toEqual([byPhone.id]);
    expect(await names('nathula')).toEqual([bySubject.id]);
    expect(await names('dzongu')).toEqual([byMessage.id]);
    expect(await names('yumthang')).toEqual([byPackage.id]);
    expect(await names('crysta search')).toEqual([byCar.id]);
    expect(await names('himalayan search')).toEqual([byBike.id]);
    expect(await names(`#${shortReference(byMessage.id)}`)).toEqual([byMessage.id]);
    expect(await names(shortReference(byMessage.id).toLowerCase())).toEqual([byMessage.id]);
    // LIKE wildcards are matched literally.
    expect(await names('%')).toEqual([]);
    const none = (await get('/admin/inquiries?q=nobody-by-this-name')).body as PageData;
    expect(none).toMatchObject({ rows: [], total: 0, state: { q: 'nobody-by-this-name' } });
  });

  test('filters: type, status, due today (still pending) and assigned to me; bad values mean no filter', async () => {
    await clearInquiries();
    const today = todayInIndia();
    const cab = await createInquiry({ type: 'cabs', name: 'Cab Asker', pickupLocation: 'Bagdogra', dropoffLocation: 'Gangtok' });
    const done = await createInquiry({ name: 'Done Already', status: 'completed', followUpOn: '2020-01-01' });
    const dueToday = await createInquiry({ name: 'Due Today', followUpOn: today });
    const overdue = await createInquiry({ name: 'Overdue', followUpOn: '2021-03-04' });
    const later = await createInquiry({ name: 'Later', followUpOn: '2999-01-01' });
    const mine = await createInquiry({ name: 'Mine', assignedTo: staff.user.id });
    const ids = async (query: string) => ((await get(`/admin/inquiries?${query}`)).body as PageData).rows.map((r) => r.id).sort();
    expect(await ids('type=cabs')).toEqual([cab.id]);
    expect(await ids('status=completed')).toEqual([done.id]);
    expect(await ids('due=today')).toEqual([dueToday.id, overdue.id].sort());
    expect(await ids('assigned=me')).toEqual([mine.id]);
    expect(await ids('status=pending&due=today&q=overdue')).toEqual([overdue.id]);
    expect(await ids('type=nonsense&status=maybe')).toHaveLength(6);
    // The rows carry the follow-up day of pending inquiries only (for their 'Due today' / 'Overdue' badge).
    const followUps = Object.fromEntries(((await get('/admin/inquiries')).body as PageData).rows.map((r) => [r.id, r.followUp]));
    expect(followUps).toMatchObject({ [dueToday.id]: today, [overdue.id]: '2021-03-04', [later.id]: '2999-01-01', [done.id]: null, [cab.id]: null });
  });

  test('?view=<id> opens the details with every field; ?delete=<id> the confirmation; unknown ids open nothing', async () => {
    await clearInquiries();
    const car = await createCar({ model: 'Scorpio View' });
    const cab = await createInquiry({
      type: 'cabs',
      subject: null,
      phone: '+91 99330 12345',
      message: 'Line one\nLine two',
      travelDate: '2031-05-06',
      carId: car.id,
      carModel: car.model,
      pickupLocation: 'Bagdogra Airport',
      dropoffLocation: 'MG Marg',
    });
    const { body } = await get(`/admin/inquiries?view=${cab.id}`);
    const page = body as PageData;
    expect(page.view).toMatchObject({
      id: cab.id,
      reference: shortReference(cab.id),
      type: 'cabs',
      status: 'pending',
      phone: '+91 99330 12345',
      message: 'Line one\nLine two',
      travelDate: '2031-05-06',
      carModel: 'Scorpio View',
      pickupLocation: 'Bagdogra Airport',
      dropoffLocation: 'MG Marg',
      bookingId: null,
    });
    expect(page.pipeline).toMatchObject({ notes: expect.any(Array) });
    expect(page.confirm).toBeNull();
    const confirm = (await get(`/admin/inquiries?view=${cab.id}&delete=${cab.id}`)).body as PageData;
    expect(confirm.confirm).toEqual({ id: cab.id, name: cab.name, reference: shortReference(cab.id), fromView: true });
    const unknown = (await get('/admin/inquiries?view=3f2a5c1e-8b4d-4c6e-9a7b-1d2e3f4a5b6c&delete=not-a-uuid')).body as PageData;
    expect(unknown.view).toBeNull();
    expect(unknown.confirm).toBeNull();
  });
});

describe('status changes through the page action', () => {
  const moves = INQUIRY_STATUSES.flatMap((from) => INQUIRY_STATUSES.map((to) => [from, to] as [InquiryStatus, InquiryStatus]));

  test.each(moves)('%s → %s', async (from, to) => {
    const target = await createInquiry({ status: from });
    const legal = INQUIRY_TRANSITIONS[from].includes(to);
    const outcome = await post('/admin/inquiries?q=pema&page=1', { intent: 'status', id: target.id, status: to });
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get('Location')).toBe(`/admin/inquiries?q=pema&view=${target.id}`);
    const stored = await getInquiry(target.id);
    const entries = await auditFor(target.id);
    if (legal) {
      expect(await toastOf(outcome.headers)).toEqual({ type: 'success', title: `Inquiry marked as ${to}` });
      expect(stored!.status).toBe(to);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: 'status',
        entityType: 'inquiry',
        actorId: staff.user.id,
        changes: { status: { from, to } },
        summary: `Marked inquiry #${shortReference(target.id)} as ${to}`,
      });
      expect(events).toEqual([{ type: 'inquiry.updated', id: target.id, label: expect.stringContaining(`marked as ${to}`) }]);
    } else {
      expect(await toastOf(outcome.headers)).toEqual({ type: 'error', title: 'Failed to update inquiry status' });
      expect(stored!.status).toBe(from);
      expect(entries).toEqual([]);
      expect(events).toEqual([]);
    }
  });

  test('the toast texts name the status word for word', async () => {
    const target = await createInquiry();
    const outcome = await post('/admin/inquiries', { intent: 'status', id: target.id, status: 'completed' });
    expect((await toastOf(outcome.headers))?.title).toBe('Inquiry marked as completed');
  });

  test('an unknown inquiry or a bad form is the error toast, and nothing changes', async () => {
    const unknown = await post('/admin/inquiries', { intent: 'status', id: '3f2a5c1e-8b4d-4c6e-9a7b-1d2e3f4a5b6c', status: 'completed' });
    expect(await toastOf(unknown.headers)).toEqual({ type: 'error', title: 'Failed to update inquiry status' });
    expect(unknown.headers.get('Location')).toBe('/admin/inquiries');
    const target = await createInquiry();
    const bad = await post(`/admin/inquiries?view=${target.id}`, { intent: 'status', id: target.id, status: 'archived' });
    expect(await toastOf(bad.headers)).toEqual({ type: 'error', title: 'Failed to update inquiry status' });
    expect((await getInquiry(target.id))!.status).toBe('pending');
  });

  test('the live event is published after the commit: the change is visible to a new query', async () => {
    const target = await createInquiry();
    const seen: Promise<string | undefined>[] = [];
    const stop = subscribeLive((event) => {
      if (event.id === target.id) seen.push(getInquiry(target.id).then((row) => row?.status));
    });
    await post('/admin/inquiries', { intent: 'status', id: target.id, status: 'rejected' });
    stop();
    expect(await Promise.all(seen)).toEqual(['rejected']);
  });
});

describe('delete through the page action', () => {
  test('deletes, records the audit entry, publishes, and says so', async () => {
    const target = await createInquiry({ name: 'To Be Deleted' });
    const outcome = await post(`/admin/inquiries?status=pending&view=${target.id}&delete=${target.id}`, { intent: 'delete', id: target.id });
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get('Location')).toBe('/admin/inquiries?status=pending');
    expect(await toastOf(outcome.headers)).toEqual({ type: 'success', title: 'Inquiry deleted successfully' });
    expect(await getInquiry(target.id)).toBeNull();
    const [entry] = await auditFor(target.id);
    expect(entry).toMatchObject({ action: 'delete', entityType: 'inquiry', summary: `Deleted inquiry #${shortReference(target.id)} from To Be Deleted` });
    expect(events).toEqual([{ type: 'inquiry.deleted', id: target.id, label: expect.any(String) }]);
  });

  test('an unknown id says it failed', async () => {
    const outcome = await post('/admin/inquiries', { intent: 'delete', id: '3f2a5c1e-8b4d-4c6e-9a7b-1d2e3f4a5b6c' });
    expect(await toastOf(outcome.headers)).toEqual({ type: 'error', title: 'Failed to delete inquiry' });
    const garbage = await post('/admin/inquiries', { intent: 'delete', id: 'x' });
    expect(await toastOf(garbage.headers)).toEqual({ type: 'error', title: 'Failed to delete inquiry' });
    expect(events).toEqual([]);
  });

  test('a booking made from the inquiry stays, unlinked', async () => {
    const target = await createInquiry();
    const converted = await post('/admin/inquiries', { intent: 'convert', id: target.id, startDate: '2031-01-01', adults: '2' });
    const bookingId = converted.headers.get('Location')!.split('/').at(-1)!;
    await post('/admin/inquiries', { intent: 'delete', id: target.id });
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ id: bookingId, inquiryId: null });
  });
});

describe('Convert to booking', () => {
  /** Convert as the dialog posts it: the date and travellers staff confirmed (prefilled from the inquiry). */
  async function convert(id: string, confirmed?: { startDate?: string; adults?: string }) {
    const source = await getInquiry(id);
    const prefill = { startDate: source?.travelDate ?? '', adults: String(adultsFromGuests(source?.guests ?? null) ?? '') };
    const outcome = await post(`/admin/inquiries?view=${id}`, { intent: 'convert', id, ...prefill, ...confirmed });
    const location = outcome.headers.get('Location') ?? '';
    const bookingId = /^\/admin\/bookings\/([0-9a-f-]{36})$/.exec(location)?.[1];
    const booking = bookingId ? (await db().select().from(bookings).where(eq(bookings.id, bookingId)))[0] : undefined;
    return { outcome, booking, inquiry: await getInquiry(id) };
  }

  test('a package inquiry becomes a pending package booking, linked both ways, the inquiry completed, audited', async () => {
    const pkg = await createPackage({ title: 'North Sikkim Convert' });
    const source = await createInquiry({
      type: 'packages',
      subject: null,
      name: 'Asha Rai',
      email: 'asha@example.com',
      phone: '+91 98000 00000',
      message: 'Two rooms please',
      travelDate: '2031-10-02',
      packageId: pkg.id,
      packageTitle: pkg.title,
      guests: '3',
    });
    const { outcome, booking, inquiry } = await convert(source.id);
    expect(outcome.status).toBe(302);
    expect(booking).toMatchObject({
      type: 'package',
      packageId: pkg.id,
      bikeId: null,
      carId: null,
      itemName: 'North Sikkim Convert',
      name: 'Asha Rai',
      email: 'asha@example.com',
      phone: '+91 98000 00000',
      startDate: '2031-10-02',
      adults: 3,
      status: 'pending',
      inquiryId: source.id,
    });
    expect(booking!.message).toBe(`Two rooms please\nFrom inquiry #${shortReference(source.id)} (Guests: 3)`);
    expect(inquiry).toMatchObject({ status: 'completed', bookingId: booking!.id });
    expect(await toastOf(outcome.headers)).toEqual({ type: 'success', title: `Inquiry converted to booking #${shortReference(booking!.id)}` });
    const inquiryAudit = await auditFor(source.id);
    expect(inquiryAudit).toEqual([
      expect.objectContaining({
        action: 'convert',
        entityType: 'inquiry',
        changes: { status: { from: 'pending', to: 'completed' }, bookingId: { from: null, to: booking!.id } },
      }),
    ]);
    const bookingAudit = await auditFor(booking!.id);
    expect(bookingAudit).toEqual([expect.objectContaining({ action: 'create', entityType: 'booking', actorId: staff.user.id })]);
    expect(events.map((e) => e.type).sort()).toEqual(['booking.created', 'inquiry.updated']);
  });

  test('a cab inquiry becomes a car booking with the pickup and drop-off in the message', async () => {
    const car = await createCar({ model: 'Innova Convert' });
    const source = await createInquiry({
      type: 'cabs',
      subject: null,
      message: '',
      phone: '+91 90000 11111',
      travelDate: '2031-01-15',
      carId: car.id,
      carModel: car.model,
      pickupLocation: 'Bagdogra Airport',
      dropoffLocation: 'Gangtok',
      status: 'rejected',
    });
    const { booking, inquiry } = await convert(source.id);
    expect(booking).toMatchObject({
      type: 'car',
      carId: car.id,
      packageId: null,
      bikeId: null,
      itemName: 'Innova Convert',
      startDate: '2031-01-15',
      adults: null,
    });
    expect(booking!.message).toBe(`From inquiry #${shortReference(source.id)} (Pickup: Bagdogra Airport; Drop-off: Gangtok)`);
    expect(inquiry!.status).toBe('completed');
  });

  test('a cab inquiry without a chosen cab keeps a readable item name', async () => {
    const source = await createInquiry({ type: 'cabs', subject: null, travelDate: '2031-01-15', pickupLocation: 'A', dropoffLocation: 'B' });
    const { booking } = await convert(source.id);
    expect(booking).toMatchObject({ type: 'car', carId: null, itemName: ANY_CAB });
  });

  test('a rental inquiry becomes a bike booking', async () => {
    const bike = await createBike({ model: 'Himalayan Convert' });
    const source = await createInquiry({
      type: 'rentals',
      subject: null,
      message: 'Need riding gear',
      travelDate: '2031-04-01',
      bikeId: bike.id,
      bikeModel: bike.model,
      rentalDuration: '3',
      bikeCount: 2,
    });
    const { booking } = await convert(source.id);
    expect(booking).toMatchObject({ type: 'bike', bikeId: bike.id, itemName: 'Himalayan Convert', startDate: '2031-04-01' });
    expect(booking!.message).toBe(`Need riding gear\nFrom inquiry #${shortReference(source.id)} (Duration: 3 days; Bikes: 2)`);
  });

  test('a contact message becomes a custom tour on the date and for the travellers staff gave, phone empty when none', async () => {
    const source = await createInquiry({ type: 'contact', phone: null, subject: 'Family trip', message: 'Ideas for 5 days?' });
    const { booking } = await convert(source.id, { startDate: '2031-05-06', adults: '4' });
    expect(booking).toMatchObject({ type: 'package', packageId: null, itemName: 'Custom tour', phone: '', startDate: '2031-05-06', adults: 4 });
    expect(booking!.message).toBe(`Ideas for 5 days?\nFrom inquiry #${shortReference(source.id)} (Subject: Family trip)`);
  });

  test('an inquiry without a date or group size is not converted until staff give them: field errors, no booking, today never invented', async () => {
    const source = await createInquiry({ type: 'contact', subject: 'Someday', travelDate: null, guests: null });
    const { outcome, booking, inquiry } = await convert(source.id);
    expect(outcome.status).toBe(400);
    expect(outcome.body).toEqual({
      convert: {
        id: source.id,
        errors: { startDate: 'Enter the travel date', adults: 'Enter the number of travellers, 1 to 50' },
        values: { startDate: '', adults: '', whatsappRef: '' },
      },
    });
    expect(booking).toBeUndefined();
    expect(inquiry).toMatchObject({ status: source.status, bookingId: null });
    const bad = await convert(source.id, { startDate: '2031-02-30', adults: '0' });
    expect(bad.outcome.status).toBe(400);
    expect(bad.outcome.body).toMatchObject({
      convert: { errors: { startDate: 'Enter a date as YYYY-MM-DD', adults: 'Enter the number of travellers, 1 to 50' } },
    });
    // A cab needs its date; the number of travellers is optional.
    const cab = await createInquiry({ type: 'cabs', subject: null, travelDate: null, pickupLocation: 'A', dropoffLocation: 'B' });
    const cabOutcome = await convert(cab.id);
    expect(cabOutcome.outcome.body).toEqual({
      convert: { id: cab.id, errors: { startDate: 'Enter the travel date' }, values: { startDate: '', adults: '', whatsappRef: '' } },
    });
    const made = await db().select({ n: count() }).from(bookings).where(eq(bookings.inquiryId, source.id));
    expect(made[0]!.n).toBe(0);
  });

  test('a package inquiry without a package is a custom tour; guests 6+ reads as 6 adults', async () => {
    const source = await createInquiry({ type: 'packages', subject: null, guests: '6+', travelDate: '2031-02-02' });
    const { booking } = await convert(source.id);
    expect(booking).toMatchObject({ type: 'package', packageId: null, itemName: 'Custom tour', adults: 6 });
    expect(adultsFromGuests('lots')).toBeNull();
    expect(adultsFromGuests(null)).toBeNull();
  });

  test('an inquiry already converted is refused and shows a link instead; no second booking', async () => {
    const source = await createInquiry();
    const first = await convert(source.id, { startDate: '2031-01-01', adults: '2' });
    const again = await post(`/admin/inquiries?view=${source.id}`, { intent: 'convert', id: source.id, startDate: '2031-01-01', adults: '2' });
    expect(again.headers.get('Location')).toBe(`/admin/inquiries?view=${source.id}`);
    expect((await toastOf(again.headers))?.type).toBe('error');
    const made = await db().select({ n: count() }).from(bookings).where(eq(bookings.inquiryId, source.id));
    expect(made[0]!.n).toBe(1);
    const page = (await get(`/admin/inquiries?view=${source.id}`)).body as PageData;
    expect(page.view).toMatchObject({ bookingId: first.booking!.id, bookingReference: shortReference(first.booking!.id) });
  });

  test('one transaction: when a step fails, nothing is written', async () => {
    const source = await createInquiry({ name: 'Atomic Test' });
    const bookingsBefore = (await db().select({ n: count() }).from(bookings))[0]!.n;
    controls.failBookingAudit = true;
    const { outcome, booking, inquiry } = await convert(source.id, { startDate: '2031-01-01', adults: '2' });
    expect(booking).toBeUndefined();
    expect(outcome.headers.get('Location')).toBe(`/admin/inquiries?view=${source.id}`);
    expect(await toastOf(outcome.headers)).toEqual({ type: 'error', title: 'Failed to convert inquiry' });
    expect((await db().select({ n: count() }).from(bookings))[0]!.n).toBe(bookingsBefore);
    expect(inquiry).toMatchObject({ status: 'pending', bookingId: null });
    expect(await auditFor(source.id)).toEqual([]);
    expect(events).toEqual([]);
  });
});

describe('pipeline intents', () => {
  test('go to handlePipelineIntent with the inquiry and the actor; its message is the toast', async () => {
    const target = await createInquiry();
    controls.pipelineResult = { ok: true, message: 'Note added' };
    const outcome = await post(`/admin/inquiries?type=contact&view=${target.id}`, { intent: 'note', body: 'Called back' });
    expect(controls.pipelineCalls).toHaveLength(1);
    const [kind, id, form, actor] = controls.pipelineCalls[0] as [string, string, FormData, { id: string }];
    expect([kind, id, form.get('body'), actor.id]).toEqual(['inquiry', target.id, 'Called back', staff.user.id]);
    expect(outcome.headers.get('Location')).toBe(`/admin/inquiries?type=contact&view=${target.id}`);
    expect(await toastOf(outcome.headers)).toEqual({ type: 'success', title: 'Note added' });
  });

  test("a bad field comes back as the panel's data (400), shown under that field", async () => {
    const target = await createInquiry();
    const outcome = await post(`/admin/inquiries?view=${target.id}`, { intent: 'note', id: target.id, body: '   ' });
    expect(outcome.status).toBe(400);
    expect(outcome.body).toEqual({ pipeline: { ok: false, message: 'Please write a note', field: 'body' } });
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, target.id))),
    ).toEqual([]);
  });

  test('the real pipeline: a note and a follow-up day through the page action, each audited', async () => {
    const target = await createInquiry();
    const note = await post(`/admin/inquiries?view=${target.id}`, { intent: 'note', id: target.id, body: 'Called back, will decide tomorrow' });
    expect(await toastOf(note.headers)).toEqual({ type: 'success', title: 'Note added' });
    const followUp = await post(`/admin/inquiries?view=${target.id}`, { intent: 'follow-up', id: target.id, followUpOn: todayInIndia() });
    expect((await toastOf(followUp.headers))?.type).toBe('success');
    expect((await getInquiry(target.id))!.followUpOn).toBe(todayInIndia());
    const page = (await get(`/admin/inquiries?view=${target.id}&due=today`)).body as PageData;
    expect(page.rows.map((r) => r.id)).toContain(target.id);
    expect(page.pipeline?.notes.map((n) => n.body)).toEqual(['Called back, will decide tomorrow']);
    const actions = (await auditFor(target.id)).map((e) => e.action).sort();
    expect(actions).toEqual(['follow_up', 'note']);
  });

  test('a refusal without a field (an unknown inquiry) goes back to the list with the toast', async () => {
    controls.pipelineResult = { ok: false, message: 'Inquiry not found' };
    const outcome = await post('/admin/inquiries?view=3f2a5c1e-8b4d-4c6e-9a7b-1d2e3f4a5b6c', { intent: 'assign', assignedTo: '' });
    expect(outcome.headers.get('Location')).toBe('/admin/inquiries');
    expect(await toastOf(outcome.headers)).toEqual({ type: 'error', title: 'Inquiry not found' });
  });
});
