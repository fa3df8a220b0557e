/**
 * Prepare a DATA_DIR for the travellers' documents e2e test
 * (docs/decisions/050-permits-and-manifests.md): migrate, seed the sample content, add a North
 * Sikkim package that needs a permit and a booking of it for two adults 60 days ahead with its
 * documents missing, and print one JSON line with the booking link's token:
 *
 *   DATA_DIR=/tmp/x npx tsx tests/support/seed-traveller-documents.ts
 *   → {"token":"<token>"}
 *
 * Run it while no server has the folder open, then start the server on the folder.
 */
import { db } from '~/db/client.server';
import { migrateDatabase, withStartupLock } from '~/db/migrate.server';
import { bookings, tourPackages } from '~/db/schema';
import { seedDatabase } from '~/db/seed';
import { addDays } from '~/lib/calendar-date';
import { todayInIndia } from '~/lib/format';
import { issueBookingLink } from '~/models/booking-link.server';
import { getSetting } from '~/models/settings.server';
import { openFromEnv, runScript } from '../../scripts/open-database';
import { buildPackage } from '../factories';

await runScript(async () => {
  const handle = await openFromEnv('seed-traveller-documents');
  try {
    await withStartupLock(handle, async () => {
      await migrateDatabase(handle);
      await seedDatabase(handle.db);
    });
    const [pkg] = await db()
      .insert(tourPackages)
      .values(
        buildPackage({ title: 'Yumthang and Gurudongmar', duration: '4 Days / 3 Nights', permitIds: ['north-sikkim-pap'], permitDocumentsDaysBefore: 10 }),
      )
      .returning();
    const startDate = addDays(todayInIndia(), 60);
    const [booking] = await db()
      .insert(bookings)
      .values({
        type: 'package',
        packageId: pkg!.id,
        itemName: pkg!.title,
        name: 'Asha Rai',
        email: 'asha.rai@example.com',
        phone: '+919000000001',
        startDate,
        endDate: addDays(startDate, 3),
        adults: 2,
        children: 0,
        status: 'confirmed',
        confirmedAt: new Date(),
        source: 'phone',
        permitStatus: 'documents_missing',
        cancellationPolicy: (await getSetting('payments')).packageCancellation,
      })
      .returning({ id: bookings.id });
    const { token } = await issueBookingLink(db(), booking!.id);
    console.log(JSON.stringify({ token }));
  } finally {
    await handle.close();
  }
});
