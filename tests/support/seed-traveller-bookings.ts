/**
 * Prepare a DATA_DIR for tests of the traveller's booking page
 * (docs/decisions/046-payments.md#the-travellers-booking-page): migrate, seed the sample content, set
 * the office's UPI ID and bank details, and make bookings through the models (a quote, a payment by
 * hand, a link), as staff would through the back office. Prints one JSON line with the tokens:
 *
 *   DATA_DIR=/tmp/x npx tsx tests/support/seed-traveller-bookings.ts
 *   → {"advanceDue":"<token>","balanceDue":"<token>","revoked":"<token>"}
 *
 * Run it while no server has the folder open (it takes the data folder's lock), then start the
 * server on the folder (tests/support/server-process.ts).
 */
import { db } from '~/db/client.server';
import { migrateDatabase, withStartupLock } from '~/db/migrate.server';
import { bookings, type NewBooking } from '~/db/schema';
import { seedDatabase } from '~/db/seed';
import { issueBookingLink, revokeBookingLinks } from '~/models/booking-link.server';
import { recordManualPayment, saveQuote } from '~/models/payments.server';
import { getSetting, updateSetting } from '~/models/settings.server';
import { openFromEnv, runScript } from '../../scripts/open-database';

const staff = { id: null, name: 'Test seed' };

async function booking(values: Partial<NewBooking>): Promise<string> {
  const payments = await getSetting('payments');
  const [row] = await db()
    .insert(bookings)
    .values({
      type: 'package',
      itemName: 'North Sikkim Adventure',
      name: 'Asha Rai',
      email: 'asha.rai@example.com',
      phone: '+919000000001',
      startDate: '2030-04-10',
      endDate: '2030-04-14',
      adults: 2,
      children: 1,
      status: 'pending',
      source: 'phone',
      cancellationPolicy: payments.packageCancellation,
      ...values,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

await runScript(async () => {
  const handle = await openFromEnv('seed-traveller-bookings');
  try {
    await withStartupLock(handle, async () => {
      await migrateDatabase(handle);
      await seedDatabase(handle.db);
    });
    await updateSetting('payments', {
      ...(await getSetting('payments')),
      upiId: 'himalayantours@okaxis',
      bankDetails: ['Himalayan Tours & Travels', 'Account 123456789012', 'IFSC SBIN0001234, State Bank of India, Gangtok'],
    });

    // A package asked for on the phone, quoted, nothing paid yet: the advance is due.
    const advanceDue = await booking({});
    await saveQuote(
      advanceDue,
      {
        lines: [
          { description: 'North Sikkim Adventure (per person)', quantity: 3, unitPaise: 1_850_000 },
          { description: 'Lachung stay upgrade', quantity: 1, unitPaise: 400_000 },
        ],
        advancePaise: 2_975_000,
        balanceDueOn: '2030-03-26',
      },
      staff,
    );

    // A bike whose advance came by UPI: confirmed, the balance due at pickup.
    const balanceDue = await booking({
      type: 'bike',
      itemName: 'Royal Enfield Himalayan',
      startDate: '2030-05-02',
      endDate: '2030-05-05',
      adults: null,
      children: null,
      needHelmet: true,
      cancellationPolicy: (await getSetting('payments')).rentalCancellation,
    });
    await saveQuote(
      balanceDue,
      { lines: [{ description: 'Royal Enfield Himalayan (per day)', quantity: 4, unitPaise: 180_000 }], advancePaise: 360_000, balanceDueOn: '2030-05-02' },
      staff,
    );
    await recordManualPayment(balanceDue, { amountPaise: 360_000, method: 'upi', reference: 'UTR 4321 8765 0001', receivedOn: '2026-11-20', note: '' }, staff);

    const revoked = (await issueBookingLink(db(), advanceDue)).token;
    await revokeBookingLinks(db(), advanceDue);
    const tokens = {
      advanceDue: (await issueBookingLink(db(), advanceDue)).token,
      balanceDue: (await issueBookingLink(db(), balanceDue)).token,
      revoked,
    };
    console.log(JSON.stringify(tokens));
  } finally {
    await handle.close();
  }
});
