/**
 * Money in the bookings list (docs/decisions/046-payments.md#the-ledger): the admin list's
 * 'Paid / Due' column, the 'Balance due' filter on the page, GET /api/bookings and the export, and
 * the export's money columns (rupees as plain numbers with two decimals).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bookings, refunds } from '~/db/schema';
import { markRefundProcessed, recordManualPayment, reverseLedgerEntry, saveQuote } from '~/models/payments.server';
import { getSettings } from '~/models/settings.server';
import { loader as listLoader } from '~/routes/admin/bookings/list';
import * as bookingsOpenApi from '~/routes/api/+openapi/bookings';
import { loader as bookingsLoader } from '~/routes/api/bookings';
import { loader as exportLoader } from '~/routes/api/bookings.export';
import { createStaffSession } from '../auth-helpers';
import { createBooking } from '../factories';
import { routeArgs } from '../route-args';
import { call, issuePaths } from './catalog-write-helpers';

let staff: Awaited<ReturnType<typeof createStaffSession>>;
let actor: { id: string; name: string };

beforeAll(async () => {
  staff = await createStaffSession();
  actor = { id: staff.user.id, name: staff.user.name };
});

const uid = () => randomUUID().slice(0, 8);

/** A confirmed booking named `name` quoted `totalRupees` (half as advance, balance due 2027-03-20), with `paidRupees` received. */
async function quoted(name: string, totalRupees: number, paidRupees: number) {
  const booking = await createBooking({ name, status: 'confirmed' });
  await saveQuote(
    booking.id,
    { lines: [{ description: 'Tour', quantity: 1, unitPaise: totalRupees * 100 }], advancePaise: (totalRupees / 2) * 100, balanceDueOn: '2027-03-20' },
    actor,
  );
  let entry = null;
  if (paidRupees > 0) {
    entry = (
      await recordManualPayment(booking.id, { amountPaise: paidRupees * 100, method: 'upi', reference: 'UTR9', receivedOn: '2027-02-01', note: '' }, actor)
    ).entry;
  }
  return { booking, entry };
}

/** Four bookings tagged `tag`: part paid, paid in full, no quote, and a cancelled one owing money. */
async function fixtures(tag: string) {
  const part = await quoted(`${tag} Part`, 10_500, 5_250);
  const full = await quoted(`${tag} Full`, 8_000, 8_000);
  const none = await createBooking({ name: `${tag} None`, status: 'confirmed' });
  const cancelled = await quoted(`${tag} Cancelled`, 4_000, 1_000);
  await db().update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, cancelled.booking.id));
  return { part, full, none, cancelled };
}

const page = (query: string) => listLoader(routeArgs(`/admin/bookings${query}`, undefined, { headers: { Cookie: staff.cookie } }));

describe('the admin list', () => {
  test("shows 'Paid / Due' from the latest quote and the ledger, '—' without a quote", async () => {
    const tag = `Money ${uid()}`;
    const { part, full, none } = await fixtures(tag);
    const { rows } = await page(`?q=${encodeURIComponent(tag)}`);
    const money = Object.fromEntries(rows.map((r) => [r.id, r.money]));
    expect(money[part.booking.id]).toEqual({ paid: '₹5,250.00', due: '₹5,250.00', owing: true });
    expect(money[full.booking.id]).toEqual({ paid: '₹8,000.00', due: '₹0.00', owing: false });
    expect(money[none.id]).toBeNull();
  });

  test("'Balance due' keeps bookings with money to pay, not paid, unquoted or cancelled ones; a reversed payment owes again", async () => {
    const tag = `Balance ${uid()}`;
    const { part, full } = await fixtures(tag);
    const data = await page(`?q=${encodeURIComponent(tag)}&balance=due`);
    expect(data.filters.balance).toBe('due');
    expect(data.rows.map((r) => r.id)).toEqual([part.booking.id]);
    expect(data.exportHref).toContain('balance=due');

    // A mistaken payment reversed: the full booking owes its total again.
    await reverseLedgerEntry(full.booking.id, full.entry!.id, 'Entered twice', actor);
    const again = await page(`?q=${encodeURIComponent(tag)}&balance=due`);
    expect(again.rows.map((r) => r.id).sort()).toEqual([part.booking.id, full.booking.id].sort());
    expect(again.rows.find((r) => r.id === full.booking.id)?.money).toEqual({ paid: '₹0.00', due: '₹8,000.00', owing: true });
    // A bad value on the page is no filter.
    expect((await page(`?q=${encodeURIComponent(tag)}&balance=maybe`)).rows).toHaveLength(4);
  });
});

describe('GET /api/bookings?balance=due', () => {
  test('filters like the page; a bad value is 400 naming balance', async () => {
    const tag = `Api ${uid()}`;
    const { part } = await fixtures(tag);
    const res = await call(bookingsLoader, `/api/bookings?q=${encodeURIComponent(tag)}&balance=due`, {
      method: 'GET',
      headers: { Authorization: staff.authorization },
    });
    expect(res.status).toBe(200);
    expect((res.body as { id: string }[]).map((b) => b.id)).toEqual([part.booking.id]);
    expect(res.headers.get('X-Total-Count')).toBe('1');
    const bad = await call(bookingsLoader, '/api/bookings?balance=owing', { method: 'GET', headers: { Authorization: staff.authorization } });
    expect(bad.status).toBe(400);
    expect(issuePaths(bad.body)).toEqual(['balance']);
  });
});

test("the OpenAPI document lists 'balance' on GET /api/bookings and the export", () => {
  const paths = bookingsOpenApi.paths as unknown as Record<string, { get?: { parameters?: { name: string; schema: { enum?: string[] } }[] } }>;
  for (const path of ['/api/bookings', '/api/bookings/export']) {
    const balance = paths[path]?.get?.parameters?.find((p) => p.name === 'balance');
    expect(balance?.schema.enum, path).toEqual(['due']);
  }
});

describe('the CSV export', () => {
  test('ends with Total, Advance, Paid, Refunded, Due in rupees with two decimals, and the balance due day', async () => {
    const tag = `Csv ${uid()}`;
    const { part, none, cancelled } = await fixtures(tag);
    // ₹250.50 of the cancelled booking's ₹1,000 went back.
    const [refund] = await db()
      .insert(refunds)
      .values({ bookingId: cancelled.booking.id, amountPaise: 25_050, computedPaise: 25_050, method: 'upi', status: 'pending', createdBy: actor.id })
      .returning();
    const { company } = await getSettings(['company']);
    await db().transaction((tx) => markRefundProcessed(tx, refund!.id, actor, { reference: 'UPI-REF', company }));
    const response = (await exportLoader(
      routeArgs(`/api/bookings/export?q=${encodeURIComponent(tag)}`, undefined, { headers: { Cookie: staff.cookie } }),
    )) as Response;
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const header = lines[0]!.split(',');
    expect(header.slice(-6)).toEqual(['Total (₹)', 'Advance (₹)', 'Paid (₹)', 'Refunded (₹)', 'Due (₹)', 'Balance due on']);
    const byId = Object.fromEntries(
      lines.slice(1).map((line) => {
        const cells = line.split(',');
        return [cells[header.indexOf('Id')]!, cells.slice(-6)];
      }),
    );
    expect(byId[part.booking.id]).toEqual(['10500.00', '5250.00', '5250.00', '0.00', '5250.00', '2027-03-20']);
    expect(byId[none.id]).toEqual(['', '', '0.00', '0.00', '', '']);
    // Cancelled: nothing more is due, whatever the quote said.
    expect(byId[cancelled.booking.id]).toEqual(['4000.00', '2000.00', '749.50', '250.50', '0.00', '2027-03-20']);

    const due = (await exportLoader(
      routeArgs(`/api/bookings/export?q=${encodeURIComponent(tag)}&balance=due`, undefined, { headers: { Cookie: staff.cookie } }),
    )) as Response;
    const dueLines = (await due.text()).trim().split(/\r?\n/);
    expect(dueLines).toHaveLength(2);
    expect(dueLines[1]).toContain(part.booking.id);
  });
});
