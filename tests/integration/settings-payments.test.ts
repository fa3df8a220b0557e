/**
 * The 'Payments and cancellations' section of /admin/settings (docs/decisions/046-payments.md):
 * an admin saves the `payments` key by posting the form (audited), gets each field's error for bad
 * values and nothing saved, adds a tier row without JavaScript; the page shows each policy's
 * wording; a staff user can neither see nor save it.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog } from '~/db/schema';
import { getSetting } from '~/models/settings.server';
import { action as settingsAction, loader as settingsLoader } from '~/routes/admin/settings';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { routeArgs, settle } from '../route-args';

let admin: Awaited<ReturnType<typeof createStaffSession>>;
let staff: Awaited<ReturnType<typeof createStaffSession>>;

beforeAll(async () => {
  admin = await createStaffSession(undefined, 'admin');
  staff = await createStaffSession(undefined, 'staff');
});

function post(cookie: string, fields: [string, string][]) {
  return routeArgs(
    '/admin/settings',
    {},
    { method: 'POST', body: new URLSearchParams(fields), headers: browserHeaders(cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }) },
  );
}

/** The payments form as the page posts it, with valid values; `over` replaces or adds fields. */
function paymentsForm(over: Record<string, string> = {}): [string, string][] {
  return Object.entries({
    section: 'payments',
    advancePercent: '30',
    balanceDueDaysBeforeTravel: '10',
    upiId: 'himalayantours@okaxis',
    bankDetails: 'Himalayan Tours & Travels\nA/c 1234567890\n\nIFSC SBIN0001234',
    'packageCancellation.unit': 'days',
    'packageCancellation.tiers[0].before': '30',
    'packageCancellation.tiers[0].refundPercent': '90',
    'packageCancellation.tiers[1].before': '7',
    'packageCancellation.tiers[1].refundPercent': '50',
    'packageCancellation.tiers[2].before': '0',
    'packageCancellation.tiers[2].refundPercent': '0',
    'rentalCancellation.unit': 'hours',
    'rentalCancellation.tiers[0].before': '48',
    'rentalCancellation.tiers[0].refundPercent': '100',
    ...over,
  });
}

describe('Payments and cancellations', () => {
  test('an admin saves it: stored, audited, and the page shows the new wording of each policy', async () => {
    const outcome = await settle(() => settingsAction(post(admin.cookie, paymentsForm())));
    expect(outcome.status).toBe(302);
    expect(await getSetting('payments')).toEqual({
      advancePercent: 30,
      balanceDueDaysBeforeTravel: 10,
      upiId: 'himalayantours@okaxis',
      bankDetails: ['Himalayan Tours & Travels', 'A/c 1234567890', 'IFSC SBIN0001234'],
      packageCancellation: {
        unit: 'days',
        tiers: [
          { before: 30, refundPercent: 90 },
          { before: 7, refundPercent: 50 },
          { before: 0, refundPercent: 0 },
        ],
      },
      rentalCancellation: { unit: 'hours', tiers: [{ before: 48, refundPercent: 100 }] },
    });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityType, 'settings')).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(audit?.actorId).toBe(admin.user.id);
    expect(JSON.stringify(audit?.changes)).toContain('advancePercent');

    const page = await settingsLoader(routeArgs('/admin/settings', {}, { headers: { Cookie: admin.cookie } }));
    expect(page.sections.payments).toMatchObject({ advancePercent: 30, bankDetails: 'Himalayan Tours & Travels\nA/c 1234567890\nIFSC SBIN0001234' });
    expect(page.policyWording.package).toEqual([
      'Cancelled 30 or more days before travel: 90% refunded.',
      'Cancelled 7 or more days before travel: 50% refunded.',
      'Cancelled within 7 days of travel: non-refundable.',
    ]);
    expect(page.policyWording.rental).toEqual(['Cancelled 48 or more hours before pickup: full refund.']);
  });

  test('bad values: 400 with each field named, nothing saved', async () => {
    const before = await getSetting('payments');
    const outcome = await settle(() =>
      settingsAction(
        post(
          admin.cookie,
          paymentsForm({
            advancePercent: '120',
            balanceDueDaysBeforeTravel: 'soon',
            upiId: 'not a upi id',
            'packageCancellation.tiers[1].before': '30',
            'rentalCancellation.tiers[0].refundPercent': '-5',
            'rentalCancellation.unit': 'weeks',
          }),
        ),
      ),
    );
    expect(outcome.status).toBe(400);
    const errors = (outcome.body as { section: string; result: { error: Record<string, string[]> } }).result.error;
    expect((outcome.body as { section: string }).section).toBe('payments');
    expect(errors.advancePercent).toEqual(['Enter an advance from 0 to 100 %']);
    expect(errors.balanceDueDaysBeforeTravel).toEqual(['Enter a whole number of days']);
    expect(errors.upiId).toEqual(['Enter a UPI ID like name@bank, or leave it empty']);
    expect(errors['packageCancellation.tiers']).toEqual(['Two tiers start at the same time']);
    expect(errors['rentalCancellation.tiers[0].refundPercent']).toEqual(['Enter a refund from 0 to 100 %']);
    expect(errors['rentalCancellation.unit']).toEqual(["Use 'days' or 'hours'"]);
    expect(await getSetting('payments')).toEqual(before);
  });

  test('without JavaScript, Add tier comes back with one more row and saves nothing', async () => {
    const before = await getSetting('payments');
    const outcome = await settle(() =>
      settingsAction(
        post(admin.cookie, [
          ...paymentsForm(),
          ['__intent__', JSON.stringify({ type: 'insert', payload: { name: 'rentalCancellation.tiers', defaultValue: { before: '', refundPercent: '' } } })],
        ]),
      ),
    );
    expect(outcome.status).toBe(200);
    const initial = (outcome.body as { result: { initialValue: { rentalCancellation: { tiers: unknown[] } } } }).result.initialValue;
    expect(initial.rentalCancellation.tiers).toHaveLength(2);
    expect(await getSetting('payments')).toEqual(before);
  });

  test('a staff user can neither see nor save it (403)', async () => {
    const before = await getSetting('payments');
    const page = await settle(() => settingsLoader(routeArgs('/admin/settings', {}, { headers: { Cookie: staff.cookie } })));
    expect(page.status).toBe(403);
    const outcome = await settle(() => settingsAction(post(staff.cookie, paymentsForm({ advancePercent: '5' }))));
    expect(outcome.status).toBe(403);
    expect(await getSetting('payments')).toEqual(before);
  });
});
