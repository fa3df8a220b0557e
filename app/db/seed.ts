/**
 * Inserts the sample content (docs/product.md) into an empty database, in one transaction.
 * Idempotent: does nothing when any content table already has rows. Packages, bikes and cars go
 * through the same write schemas as the admin editors and the admin API, so the three agree on what
 * a valid record is (a seed row the schemas refuse fails loudly).
 * Used at start (SEED_ON_START) and by `npm run db:seed`.
 */
import { count } from 'drizzle-orm';
import type { Database } from './client.server';
import { bikes, bookings, cars, inquiries, siteSettings, tourPackages } from './schema';
import { seedBikes, seedBookings, seedCars, seedContactInquiries, seedPackages } from './seed-data';
import { bikeWriteSchema } from '../schemas/bike';
import { carWriteSchema } from '../schemas/car';
import { packageWriteSchema } from '../schemas/package';
import { defaultSettings, type SettingsKey } from '../schemas/settings';

/** Spread creation times so the seeded order (which drives the display tags) is stable. */
function stagger<T extends object>(rows: T[], base: Date): (T & { createdAt: Date })[] {
  return rows.map((row, i) => ({ createdAt: new Date(base.getTime() + i * 60_000), ...row }));
}

export async function isContentEmpty(database: Database): Promise<boolean> {
  const tables = [tourPackages, bikes, cars, bookings, inquiries];
  const counts = await Promise.all(tables.map((t) => database.select({ n: count() }).from(t)));
  return counts.every(([row]) => (row?.n ?? 0) === 0);
}

/** Seed when empty; returns whether anything was inserted. Default settings are always ensured. */
export async function seedDatabase(database: Database): Promise<boolean> {
  const settingsRows = (Object.keys(defaultSettings) as SettingsKey[]).map((key) => ({ key, value: defaultSettings[key] }));
  if (!(await isContentEmpty(database))) {
    await database.insert(siteSettings).values(settingsRows).onConflictDoNothing();
    return false;
  }
  const base = new Date('2026-01-01T04:30:00Z');
  await database.transaction(async (tx) => {
    await tx.insert(siteSettings).values(settingsRows).onConflictDoNothing();
    const packageRows = await tx
      .insert(tourPackages)
      .values(
        stagger(
          seedPackages.map((p) => packageWriteSchema.parse(p)),
          base,
        ),
      )
      .returning({ id: tourPackages.id });
    const bikeRows = await tx
      .insert(bikes)
      .values(
        stagger(
          seedBikes.map((b) => bikeWriteSchema.parse(b)),
          base,
        ),
      )
      .returning({ id: bikes.id });
    const carRows = await tx
      .insert(cars)
      .values(
        stagger(
          seedCars.map((c) => carWriteSchema.parse(c)),
          base,
        ),
      )
      .returning({ id: cars.id });
    await tx.insert(bookings).values(
      seedBookings.map(({ itemIndex, ...booking }) => ({
        ...booking,
        packageId: booking.type === 'package' ? packageRows[itemIndex]?.id : null,
        bikeId: booking.type === 'bike' ? bikeRows[itemIndex]?.id : null,
        carId: booking.type === 'car' ? carRows[itemIndex]?.id : null,
      })),
    );
    await tx.insert(inquiries).values(seedContactInquiries);
  });
  return true;
}
