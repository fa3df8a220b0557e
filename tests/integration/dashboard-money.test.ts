/**
 * The dashboard's money (app/models/dashboard.server.ts `getMoneyOverview`, app/routes/admin/dashboard.tsx):
 * balances due this week, what was received this month (payments less refunds, by the day
 * received in India), and bookings paid but clashing. Days far from now keep the figures to this
 * file's own bookings.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bookings } from '~/db/schema';
import { addDays } from '~/lib/calendar-date';
import { formatDate, todayInIndia } from '~/lib/format';
import { setBookingStatus } from '~/models/booking.server';
import { getMoneyOverview } from '~/models/dashboard.server';
import { recordManualPayment, reverseLedgerEntry, saveQuote } from '~/models/payments.server';
import { loader as dashboardLoader } from '~/routes/admin/dashboard';
import { createStaffSession } from '../auth-helpers';
import { createBooking, createCar } from '../factories';
import { routeArgs } from '../route-args';

const TODAY = '2031-05-10';

async function actorOf() {
  const { user } = await createStaffSession();
  return { id: user.id, name: user.name };
}

const quote = (totalRupees: number, balanceDueOn: string) => ({
  lines: [{ description: 'Tour', quantity: 1, unitPaise: totalRupees * 100 }],
  advancePaise: (totalRupees / 2) * 100,
  balanceDueOn,
});
const upi = (rupees: number, receivedOn: string) => ({ amountPaise: rupees * 100, method: 'upi' as const, reference: 'UTR', receivedOn, note: '' });

describe('getMoneyOverview', () => {
  test('due this week: balances due within 7 days and overdue ones, soonest first, with the amount still to pay; not paid, later, cancelled ones', async () => {
    const actor = await actorOf();
    const soon = await createBooking({ name: 'Due Soon', status: 'confirmed', startDate: '2031-06-01' });
    await saveQuote(soon.id, quote(10_000, '2031-05-15'), actor);
    await recordManualPayment(soon.id, upi(4_000, '2031-04-20'), actor);
    const overdue = await createBooking({ name: 'Due Overdue', status: 'confirmed', startDate: '2031-05-20' });
    await saveQuote(overdue.id, quote(6_000, '2031-05-08'), actor);
    const edge = await createBooking({ name: 'Due Edge', status: 'confirmed' });
    await saveQuote(edge.id, quote(2_000, '2031-05-17'), actor);
    const later = await createBooking({ name: 'Due Later', status: 'confirmed' });
    await saveQuote(later.id, quote(3_000, '2031-05-18'), actor);
    const paid = await createBooking({ name: 'Due Paid', status: 'confirmed' });
    await saveQuote(paid.id, quote(5_000, '2031-05-12'), actor);
    await recordManualPayment(paid.id, upi(5_000, '2031-04-21'), actor);
    const cancelled = await createBooking({ name: 'Due Cancelled', status: 'confirmed' });
    await saveQuote(cancelled.id, quote(7_000, '2031-05-12'), actor);
    await db().update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, cancelled.id));

    const money = await getMoneyOverview(TODAY);
    const mine = money.dueThisWeek.filter((r) => r.name.startsWith('Due '));
    expect(mine.map((r) => [r.name, r.balanceDueOn, r.duePaise])).toEqual([
      ['Due Overdue', '2031-05-08', 600_000],
      ['Due Soon', '2031-05-15', 600_000],
      ['Due Edge', '2031-05-17', 200_000],
    ]);
  });

  test('the page lists a balance due in 3 days (from the real today) with its amount and day', async () => {
    const actor = await actorOf();
    const inThreeDays = addDays(todayInIndia(), 3);
    const booking = await createBooking({ name: 'Page Due', status: 'confirmed', startDate: addDays(inThreeDays, 15) });
    await saveQuote(booking.id, quote(12_000, inThreeDays), actor);
    await recordManualPayment(booking.id, upi(6_000, todayInIndia()), actor);
    const { cookie } = await createStaffSession();
    const data = await dashboardLoader(routeArgs('/admin', undefined, { headers: { Cookie: cookie } }));
    expect(data.money.due.find((r) => r.id === booking.id)).toEqual({
      id: booking.id,
      name: 'Page Due',
      itemName: 'Sikkim Explorer',
      amount: '₹6,000.00',
      dueOn: formatDate(inThreeDays),
      overdue: false,
      today: false,
    });
  });

  test("received this month: the month's payments less refunds and reversals, by the day received", async () => {
    const actor = await actorOf();
    const month = '2031-07-15';
    const a = await createBooking({ name: 'Received A', status: 'confirmed' });
    await saveQuote(a.id, quote(20_000, '2031-08-01'), actor);
    await recordManualPayment(a.id, upi(5_000, '2031-07-01'), actor);
    const mistaken = (await recordManualPayment(a.id, upi(1_000, '2031-07-31'), actor)).entry!;
    await recordManualPayment(a.id, upi(2_500, '2031-06-30'), actor); // last month
    await recordManualPayment(a.id, upi(700, '2031-08-01'), actor); // next month
    expect((await getMoneyOverview(month)).receivedThisMonthPaise).toBe(600_000);
    await reverseLedgerEntry(a.id, mistaken.id, 'Entered twice', actor);
    const after = await getMoneyOverview(month);
    expect(after.receivedThisMonthPaise).toBe(500_000);
    expect(after.month).toBe('2031-07');
  });

  test('paid but clashing: the booking and its clash message, until staff decide', async () => {
    const actor = await actorOf();
    const car = await createCar();
    const dates = { startDate: '2031-09-10', endDate: '2031-09-12' };
    const first = await createBooking({ type: 'car', carId: car.id, itemName: car.model, ...dates, name: 'Karma Bhutia' });
    await setBookingStatus(first.id, 'confirmed', actor);
    const second = await createBooking({ type: 'car', carId: car.id, itemName: car.model, ...dates, name: 'Clash Traveller' });
    await saveQuote(second.id, quote(9_000, '2031-09-10'), actor);
    await recordManualPayment(second.id, upi(4_500, '2031-08-01'), actor);

    const money = await getMoneyOverview(TODAY);
    const row = money.paidButClashing.find((r) => r.id === second.id);
    expect(row).toMatchObject({ name: 'Clash Traveller', itemName: car.model, startDate: '2031-09-10' });
    expect(row!.message).toContain('Karma Bhutia');

    const { cookie } = await createStaffSession();
    const data = await dashboardLoader(routeArgs('/admin', undefined, { headers: { Cookie: cookie } }));
    expect(data.money.clashing.find((r) => r.id === second.id)?.message).toContain('Karma Bhutia');

    await setBookingStatus(first.id, 'rejected', actor);
    await setBookingStatus(second.id, 'confirmed', actor);
    expect((await getMoneyOverview(TODAY)).paidButClashing.find((r) => r.id === second.id)).toBeUndefined();
  });
});
