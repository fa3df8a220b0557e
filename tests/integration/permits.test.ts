/**
 * Permits on bookings (docs/decisions/050-permits-and-manifests.md): a booking of a package needing
 * a permit starts with its documents missing; a traveller's booking whose tagged Nathula day falls
 * on a Monday is refused on the travel date (400, nothing stored) while staff entering it are only
 * warned on its page; the Permit panel sets applied and issued (number required), audited; the
 * dashboard lists bookings whose documents are due and missing; and the reminder mails go once at
 * the deadline and once 3 days before travel (with a clock), never twice.
 */
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, bookings, emailOutbox } from '~/db/schema';
import { addDays } from '~/lib/calendar-date';
import { InvalidReference } from '~/lib/errors.server';
import { findBookingByToken } from '~/models/booking-link.server';
import { createBooking as createBookingModel, getBooking, updateBookingForAdmin } from '~/models/booking.server';
import { listPermitDocumentsMissing } from '~/models/dashboard.server';
import { convertInquiryToBooking } from '~/models/inquiry-conversion.server';
import { queuePermitReminders } from '~/models/permit-reminders.server';
import { PermitAreaClosed } from '~/models/permits.server';
import { action, loader } from '~/routes/admin/bookings/detail';
import { action as bookingsApi } from '~/routes/api/bookings';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBooking, createInquiry, createPackage } from '../factories';
import { routeArgs, settle } from '../route-args';
import { inDays, post as postJson, traveller } from './submissions-helpers';

const day = (n: number, permitId?: string) => ({
  day: n,
  title: `Day ${n}`,
  description: '',
  activities: [],
  meals: '',
  stay: '',
  ...(permitId ? { permitId } : {}),
});

/** The first Sunday at least `days` days from today: a trip starting then has day 2 on a Monday. */
function sundayAfter(days: number): string {
  let date = inDays(days);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0) date = addDays(date, 1);
  return date;
}

let staff: Awaited<ReturnType<typeof createStaffSession>>;
let nathula: Awaited<ReturnType<typeof createPackage>>;

beforeAll(async () => {
  staff = await createStaffSession(undefined, 'staff');
  nathula = await createPackage({ title: 'Tsomgo and Nathula', permitIds: ['tsomgo-pap', 'nathula-pap'], itinerary: [day(1), day(2, 'nathula-pap'), day(3)] });
});

const actor = () => ({ id: staff.user.id, name: staff.user.name });

const packageInput = (startDate: string, email = 'pema@example.com') => ({
  type: 'package' as const,
  itemId: nathula.id,
  name: 'Pema Lhamu',
  email,
  phone: '+91 98320 12345',
  startDate,
  message: '',
  publicityConsent: false,
});

describe('booking a package that needs permits', () => {
  test("starts with documents missing; a package without permits stays 'not needed'", async () => {
    const booking = await createBookingModel(packageInput(addDays(sundayAfter(30), 2)));
    expect(booking.permitStatus).toBe('documents_missing');
    const plain = await createPackage({ permitIds: [] });
    const other = await createBookingModel({ ...packageInput(inDays(30)), itemId: plain.id });
    expect(other.permitStatus).toBe('not_needed');
  });

  test("a traveller's booking whose Nathula day is a Monday is refused on the travel date, nothing stored", async () => {
    const start = sundayAfter(30);
    const error = await createBookingModel(packageInput(start, 'refused@example.com')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermitAreaClosed);
    expect((error as PermitAreaClosed).issues[0]).toMatchObject({ path: 'startDate' });
    expect((error as PermitAreaClosed).message).toMatch(
      /^Nathula PAP is closed on Mondays and Tuesdays: day 2 of this trip would be Monday, .*Please choose another travel date\.$/,
    );
    expect(await db().select().from(bookings).where(eq(bookings.email, 'refused@example.com'))).toEqual([]);
    expect(error).not.toBeInstanceOf(InvalidReference);

    const api = await postJson(bookingsApi, '/api/bookings', { ...packageInput(start, 'refused@example.com'), ...traveller, email: 'refused@example.com' });
    expect(api.status).toBe(400);
    expect(api.body).toMatchObject({ issues: [{ path: 'startDate', message: expect.stringContaining('Nathula PAP is closed') }] });
  });

  test('staff entering the same booking are not refused; its page warns of the closed day', async () => {
    const booking = await createBookingModel(packageInput(sundayAfter(30), 'staff.entered@example.com'), { source: 'phone', actor: actor() });
    expect(booking.permitStatus).toBe('documents_missing');
    const page = await loader(routeArgs(`/admin/bookings/${booking.id}`, { id: booking.id }, { headers: browserHeaders(staff.cookie) }));
    expect(page.permit).toMatchObject({ status: 'documents_missing', permits: ['Tsomgo Lake PAP', 'Nathula PAP'] });
    expect(page.permit?.warnings).toEqual([expect.stringMatching(/^Nathula PAP is closed on Mondays and Tuesdays: day 2 of this trip would be Monday/)]);
  });

  test('an inquiry converted into a booking of the package starts with documents missing', async () => {
    const inquiry = await createInquiry({ type: 'packages', packageId: nathula.id, packageTitle: nathula.title });
    const { booking } = await convertInquiryToBooking(inquiry.id, { startDate: inDays(40), adults: 2 }, actor());
    expect(booking.permitStatus).toBe('documents_missing');
  });
});

function postPermit(id: string, fields: Record<string, string>) {
  return routeArgs(
    `/admin/bookings/${id}`,
    { id },
    {
      method: 'POST',
      body: new URLSearchParams({ intent: 'permit-status', ...fields }),
      headers: browserHeaders(staff.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
    },
  );
}

describe('moving a booking to another package', () => {
  test("takes that package's starting permit status, audited; an applied permit stays", async () => {
    const plain = await createPackage({ permitIds: [] });
    const booking = await createBooking({ packageId: plain.id, status: 'pending', startDate: '2031-04-02' });
    const moved = await updateBookingForAdmin(booking.id, { itemId: nathula.id }, actor());
    expect(moved.permitStatus).toBe('documents_missing');
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'update')));
    expect(entry?.changes).toMatchObject({ permitStatus: { from: 'not_needed', to: 'documents_missing' } });
    expect((await updateBookingForAdmin(booking.id, { itemId: plain.id }, actor())).permitStatus).toBe('not_needed');

    const applied = await createBooking({ packageId: nathula.id, status: 'pending', startDate: '2031-04-02', permitStatus: 'applied' });
    expect((await updateBookingForAdmin(applied.id, { itemId: plain.id }, actor())).permitStatus).toBe('applied');
  });
});

describe('the Permit panel', () => {
  test('staff mark it applied, then issued with its number; a missing number is refused on the field; each change audited', async () => {
    const booking = await createBooking({ packageId: nathula.id, status: 'confirmed', startDate: '2031-05-07', permitStatus: 'documents_missing' });
    expect((await settle(() => action(postPermit(booking.id, { permitStatus: 'applied' })))).status).toBe(302);
    expect((await getBooking(booking.id))?.permitStatus).toBe('applied');

    const refused = await settle(() => action(postPermit(booking.id, { permitStatus: 'issued', permitNumber: '  ' })));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ permit: { errors: { permitNumber: 'Enter the permit number printed on the permit' } } });
    expect((await getBooking(booking.id))?.permitStatus).toBe('applied');

    expect((await settle(() => action(postPermit(booking.id, { permitStatus: 'issued', permitNumber: 'PAP/2031/0457' })))).status).toBe(302);
    expect(await getBooking(booking.id)).toMatchObject({ permitStatus: 'issued', permitNumber: 'PAP/2031/0457' });
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), like(auditLog.summary, 'Permit of booking%')));
    expect(entries.map((e) => e.summary).sort()).toEqual(
      [expect.stringMatching(/: Applied$/), expect.stringMatching(/: Permit issued \(PAP\/2031\/0457\)$/)].sort(),
    );

    const page = await loader(routeArgs(`/admin/bookings/${booking.id}`, { id: booking.id }, { headers: browserHeaders(staff.cookie) }));
    expect(page.permit).toMatchObject({ status: 'issued', statusLabel: 'Permit issued', permitNumber: 'PAP/2031/0457', dueOn: 'Apr 27, 2031' });

    const again = await settle(() => action(postPermit(booking.id, { permitStatus: 'issued', permitNumber: 'PAP/2031/0457' })));
    expect(again.status).toBe(409);
    const bad = await settle(() => action(postPermit(booking.id, { permitStatus: 'documents_complete' })));
    expect(bad.status).toBe(400);
  });

  test('a booking of a package without permits has no panel', async () => {
    const booking = await createBooking({ status: 'confirmed' });
    const page = await loader(routeArgs(`/admin/bookings/${booking.id}`, { id: booking.id }, { headers: browserHeaders(staff.cookie) }));
    expect(page.permit).toBeNull();
  });
});

describe('documents due: the dashboard and the reminders', () => {
  // Travel on 2031-06-20; the package's documents are due 10 days before, on 2031-06-10.
  const START = '2031-06-20';
  const at = (day: string) => new Date(`${day}T09:00:00+05:30`);

  test('the dashboard lists confirmed bookings whose deadline has come with documents missing, soonest travel first', async () => {
    const soon = await createBooking({ packageId: nathula.id, status: 'confirmed', startDate: '2031-06-15', permitStatus: 'documents_missing', name: 'Soon' });
    const later = await createBooking({ packageId: nathula.id, status: 'confirmed', startDate: START, permitStatus: 'documents_missing', name: 'Later' });
    await createBooking({ packageId: nathula.id, status: 'confirmed', startDate: START, permitStatus: 'applied', name: 'Applied' });
    await createBooking({ packageId: nathula.id, status: 'pending', startDate: START, permitStatus: 'documents_missing', name: 'Pending' });
    await createBooking({ packageId: nathula.id, status: 'confirmed', startDate: '2031-07-30', permitStatus: 'documents_missing', name: 'Not yet' });
    const { rows } = await listPermitDocumentsMissing('2031-06-10');
    expect(rows.map((r) => r.name)).toEqual(['Soon', 'Later']);
    expect(rows[1]).toMatchObject({ id: later.id, dueOn: '2031-06-10' });
    expect((await listPermitDocumentsMissing('2031-06-09')).rows.map((r) => r.id)).toEqual([soon.id]);
  });

  test('one reminder at the deadline, one 3 days before travel, never twice, none once the status moved on', async () => {
    const booking = await createBooking({
      packageId: nathula.id,
      status: 'confirmed',
      startDate: '2031-08-20',
      permitStatus: 'documents_missing',
      email: 'reminded@example.com',
    });
    const applied = await createBooking({
      packageId: nathula.id,
      status: 'confirmed',
      startDate: '2031-08-20',
      permitStatus: 'applied',
      email: 'applied@example.com',
    });
    const mailsTo = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, email));

    await queuePermitReminders(at('2031-08-09'));
    expect(await mailsTo('reminded@example.com')).toEqual([]);

    await queuePermitReminders(at('2031-08-10'));
    await queuePermitReminders(at('2031-08-10'));
    const [first, ...none] = await mailsTo('reminded@example.com');
    expect(none).toEqual([]);
    expect(first).toMatchObject({ kind: 'status', status: 'pending' });
    expect(first!.subject).toMatch(/^Travellers' documents needed for your permit/);
    expect(first!.text).toContain('Tsomgo Lake PAP, Nathula PAP');
    expect(first!.text).toContain('They were due on Aug 10, 2031');
    const token = /\/booking\/([A-Za-z0-9_-]{43})/.exec(first!.text)?.[1];
    expect((await findBookingByToken(token!))?.id).toBe(booking.id);
    expect((await getBooking(booking.id))?.permitDeadlineReminderAt).toEqual(at('2031-08-10'));

    await queuePermitReminders(at('2031-08-16'));
    expect(await mailsTo('reminded@example.com')).toHaveLength(1);
    await queuePermitReminders(at('2031-08-17'));
    await queuePermitReminders(at('2031-08-18'));
    const all = await mailsTo('reminded@example.com');
    expect(all).toHaveLength(2);
    expect(all.find((m) => m.id !== first!.id)!.subject).toMatch(/^Last reminder: /);
    expect(await mailsTo('applied@example.com')).toEqual([]);
    expect((await getBooking(applied.id))?.permitDeadlineReminderAt).toBeNull();
  });

  test('two runs at once queue each reminder once', async () => {
    await createBooking({ packageId: nathula.id, status: 'confirmed', startDate: '2031-09-20', permitStatus: 'documents_missing', email: 'race@example.com' });
    await Promise.all([queuePermitReminders(at('2031-09-10')), queuePermitReminders(at('2031-09-10')), queuePermitReminders(at('2031-09-10'))]);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.to, 'race@example.com'))).toHaveLength(1);
  });
});
