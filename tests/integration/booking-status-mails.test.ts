/**
 * The traveller hears about every status change of their booking (docs/decisions/011-notifications-outbox.md,
 * docs/product.md#booking-status): confirmed, could not be confirmed, cancelled. One outbox row per
 * change, written in the change's transaction, so a refused change (unknown id, a vehicle already
 * booked) writes none and setting the same status again writes none.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { emailOutbox, inquiries, type NewBooking } from '~/db/schema';
import { shortReference } from '~/lib/ids';
import { formatPhone } from '~/lib/whatsapp';
import { getBooking, setBookingStatus, updateBookingForAdmin } from '~/models/booking.server';
import { convertInquiryToBooking } from '~/models/inquiry-conversion.server';
import { listOutboxPage } from '~/models/outbox.server';
import { getSettings } from '~/models/settings.server';
import { action as detailAction } from '~/routes/admin/bookings/detail';
import { action as listAction } from '~/routes/admin/bookings/list';
import { action as bookingApiAction } from '~/routes/api/booking';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBike, createBooking } from '../factories';
import { routeArgs, settle, type NoParams } from '../route-args';
import { call } from './catalog-write-helpers';

let staff: Awaited<ReturnType<typeof createStaffSession>>;
let actor: { id: string; name: string; ip: string };

beforeAll(async () => {
  staff = await createStaffSession();
  actor = { id: staff.user.id, name: staff.user.username, ip: '127.0.0.1' };
});

/** A pending booking with an address of its own, so its mails can be counted. */
/** A booking with an address of its own (its mails are told apart by it) and free text that must not reach a mail. */
const makeBooking = (overrides: Partial<NewBooking> = {}) =>
  createBooking({
    email: `traveller-${randomUUID().slice(0, 8)}@example.com`,
    endDate: '2027-01-07',
    message: 'SECRET free text the traveller typed',
    ...overrides,
  });

const mailsTo = (address: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, address)).orderBy(emailOutbox.createdAt);

function post<P extends object = NoParams>(url: string, fields: Record<string, string>, params?: P) {
  return routeArgs(url, params, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: browserHeaders(staff.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
  });
}

describe('status mails to the traveller', () => {
  test('confirming a pending booking queues one "confirmed" mail; confirming again queues nothing', async () => {
    const booking = await makeBooking();
    const ref = shortReference(booking.id);
    const { company } = await getSettings(['company']);
    await setBookingStatus(booking.id, 'confirmed', actor);

    const mails = await mailsTo(booking.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.status).toBe('pending');
    expect(mail!.subject).toBe(`Your booking #${ref} is confirmed - ${company.name}`);
    expect(mail!.text).toContain('Hello Asha Rai');
    expect(mail!.text).toContain('Sikkim Explorer');
    expect(mail!.text).toContain('Jan 5 – Jan 7, 2027');
    expect(mail!.text).toContain(`#${ref}`);
    expect(mail!.text).toContain(formatPhone(company.phone));
    expect(mail!.text).toContain(formatPhone(company.whatsappNumber));
    expect(mail!.text).not.toContain('SECRET');

    // Staff see it in /admin/outbox (the view's model), waiting to be sent.
    expect((await listOutboxPage({ status: 'pending', limit: 100 })).items.map((m) => m.id)).toContain(mail!.id);

    await expect(setBookingStatus(booking.id, 'confirmed', actor)).rejects.toThrow('already confirmed');
    // The same status along with another field is no status change either.
    await updateBookingForAdmin(booking.id, { status: 'confirmed', followUpOn: '2027-01-01' }, actor);
    expect(await mailsTo(booking.email)).toHaveLength(1);
  });

  test('rejecting a pending booking queues one "could not be confirmed" mail (list Reject)', async () => {
    const booking = await makeBooking();
    const ref = shortReference(booking.id);
    await settle(() => listAction(post('/admin/bookings', { intent: 'reject', id: booking.id })));
    expect((await getBooking(booking.id))!.status).toBe('rejected');
    const mails = await mailsTo(booking.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(new RegExp(`^Your booking #${ref} could not be confirmed`));
    expect(mails[0]!.text).not.toContain('SECRET');
  });

  test('rejecting a confirmed booking queues one cancellation mail (detail page)', async () => {
    const booking = await makeBooking();
    const ref = shortReference(booking.id);
    await settle(() => detailAction(post(`/admin/bookings/${booking.id}`, { intent: 'confirm' }, { id: booking.id })));
    await settle(() => detailAction(post(`/admin/bookings/${booking.id}`, { intent: 'reject' }, { id: booking.id })));
    expect((await getBooking(booking.id))!.status).toBe('rejected');
    const subjects = (await mailsTo(booking.email)).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toMatch(new RegExp(`^Your booking #${ref} is confirmed`));
    expect(subjects[1]).toMatch(new RegExp(`^Your confirmed booking #${ref} is cancelled`));
  });

  test('the API sends the same mails: PATCH confirm, PUT reject (cancel), PATCH confirm again', async () => {
    const booking = await makeBooking();
    const ref = shortReference(booking.id);
    const auth = { Authorization: staff.authorization };
    const change = (body: unknown, method: string) =>
      call(bookingApiAction, `/api/bookings/${booking.id}`, { method, body, params: { id: booking.id }, headers: auth });
    expect((await change({ status: 'confirmed' }, 'PATCH')).status).toBe(200);
    expect((await change({ status: 'confirmed' }, 'PATCH')).status).toBe(409);
    expect((await change({ status: 'rejected' }, 'PUT')).status).toBe(200);
    expect((await change({ status: 'confirmed' }, 'PATCH')).status).toBe(200);
    expect((await mailsTo(booking.email)).map((m) => m.subject.replace(/ - .*$/, ''))).toEqual([
      `Your booking #${ref} is confirmed`,
      `Your confirmed booking #${ref} is cancelled`,
      `Your booking #${ref} is confirmed`,
    ]);
  });

  test('a refused change writes no mail: unknown id, and a bike already booked for those days', async () => {
    const unknown = randomUUID();
    await expect(setBookingStatus(unknown, 'confirmed', actor)).rejects.toThrow('Booking not found');
    const all = await db().select({ subject: emailOutbox.subject }).from(emailOutbox);
    expect(all.filter((m) => m.subject.includes(`#${shortReference(unknown)}`))).toEqual([]);

    const bike = await createBike();
    const first = await makeBooking({ type: 'bike', bikeId: bike.id, itemName: bike.model, startDate: '2027-03-05', endDate: '2027-03-07' });
    await setBookingStatus(first.id, 'confirmed', actor);
    const second = await makeBooking({ type: 'bike', bikeId: bike.id, itemName: bike.model, startDate: '2027-03-06', endDate: '2027-03-08' });
    await expect(setBookingStatus(second.id, 'confirmed', actor)).rejects.toThrow('Already booked');
    expect((await getBooking(second.id))!.status).toBe('pending');
    expect(await mailsTo(second.email)).toHaveLength(0);
  });

  test('converting an inquiry into a booking mails nothing: the booking is pending, only its confirmation is', async () => {
    const email = `traveller-${randomUUID().slice(0, 8)}@example.com`;
    const [inquiry] = await db()
      .insert(inquiries)
      .values({ type: 'contact', name: 'Pema Lhamu', email, subject: 'Permits', message: 'Hello there' })
      .returning();
    const { booking } = await convertInquiryToBooking(inquiry!.id, { startDate: '2027-04-01', adults: 2 }, actor);
    expect(booking.status).toBe('pending');
    expect(await mailsTo(email)).toHaveLength(0);
    await setBookingStatus(booking.id, 'confirmed', actor);
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Your booking #\w{6} is confirmed/)]);
  });
});
