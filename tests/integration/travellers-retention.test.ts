/**
 * Identity documents are deleted `permits.retentionDaysAfterTrip` days (30 by default) after the
 * trip (docs/decisions/050-permits-and-manifests.md, "Retention"), tested with a clock: the files
 * leave the private store, the keys are cleared, documentsDeletedAt is set and one audit entry per
 * booking says so; a booking still within the period keeps its files; running it again (or twice
 * at once) deletes and audits nothing more.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, bookings } from '~/db/schema';
import { identityRoot, setIdentityRoot } from '~/lib/identity-store.server';
import { shortReference } from '~/lib/ids';
import {
  addTraveller,
  listTravellers,
  packageDays,
  purgeExpiredIdentityDocuments,
  savePermitScan,
  saveTravellerDocument,
  tripEndDate,
} from '~/models/travellers.server';
import { travellerSchema } from '~/schemas/traveller';
import { createBooking, createPackage } from '../factories';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'identity-retention-'));
  setIdentityRoot(root);
});

afterAll(async () => {
  setIdentityRoot(undefined);
  await rm(root, { recursive: true, force: true });
});

const staff = { actor: { id: null, name: 'Test staff' }, by: 'staff' as const };

async function stored(): Promise<string[]> {
  return (await readdir(identityRoot()).catch(() => [] as string[])).filter((f) => !f.startsWith('.'));
}

async function photo(): Promise<Buffer> {
  const width = 500;
  const height = 640;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i % 251) + Math.random() * 40;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A booking with one traveller who has a photo and an ID scan, and a permit scan. */
async function withDocuments(values: Parameters<typeof createBooking>[0]) {
  const booking = await createBooking({ permitStatus: 'issued', adults: 1, children: 0, ...values });
  const traveller = await addTraveller(
    booking.id,
    travellerSchema(['voter-id'], '2026-12-31').parse({
      fullName: 'Asha Rai',
      gender: 'female',
      dateOfBirth: '1990-01-01',
      nationality: 'IN',
      idType: 'voter-id',
      idNumber: 'ABC1234567',
    }),
    staff,
  );
  await saveTravellerDocument(booking.id, traveller.id, 'photo', await photo(), staff);
  await saveTravellerDocument(booking.id, traveller.id, 'id_scan', await photo(), staff);
  await savePermitScan(booking.id, await photo(), staff.actor);
  const [t] = await listTravellers(booking.id);
  const [b] = await db().select({ key: bookings.permitScanKey }).from(bookings).where(eq(bookings.id, booking.id));
  return { booking, keys: [t!.photoKey!, t!.idScanKey!, b!.key!] };
}

async function deletionEntries(bookingId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, bookingId), like(auditLog.summary, 'Deleted the identity documents%')));
}

describe('the trip end', () => {
  test('end date; else start + the package days - 1; else the start date', () => {
    expect(tripEndDate({ startDate: '2026-01-01', endDate: '2026-01-09' }, '5 Days / 4 Nights')).toBe('2026-01-09');
    expect(tripEndDate({ startDate: '2026-01-01', endDate: null }, '5 Days / 4 Nights')).toBe('2026-01-05');
    expect(tripEndDate({ startDate: '2026-01-01', endDate: null }, 'A long weekend')).toBe('2026-01-01');
    expect(tripEndDate({ startDate: '2026-01-01', endDate: null }, null)).toBe('2026-01-01');
    expect(packageDays('3N/4D')).toBeNull();
    expect(packageDays('1 day')).toBe(1);
  });
});

describe('purgeExpiredIdentityDocuments', () => {
  test('before the period nothing goes; after it the files, keys and one audit entry; a booking within its period keeps its files', async () => {
    // Ended on Jan 5: with 30 days' retention its documents go from Feb 5 (India's calendar).
    const ended = await withDocuments({ startDate: '2026-01-01', endDate: '2026-01-05' });
    // No end date, a 5-day package from Jan 3: ends Jan 7, kept until Feb 7.
    const pkg = await createPackage({ duration: '5 Days / 4 Nights' });
    const byPackage = await withDocuments({ startDate: '2026-01-03', endDate: null, packageId: pkg.id });
    // A trip still to come.
    const later = await withDocuments({ startDate: '2026-03-01', endDate: '2026-03-04' });
    expect(await stored()).toEqual(expect.arrayContaining([...ended.keys, ...byPackage.keys, ...later.keys]));

    // Feb 4, 23:00 in India: still within the period.
    expect(await purgeExpiredIdentityDocuments(new Date('2026-02-04T17:30:00Z'))).not.toContain(ended.booking.id);
    expect(await stored()).toEqual(expect.arrayContaining(ended.keys));
    expect(await deletionEntries(ended.booking.id)).toHaveLength(0);

    // Feb 5, 00:30 in India: past it.
    const now = new Date('2026-02-04T19:00:00Z');
    const purged = await purgeExpiredIdentityDocuments(now);
    expect(purged).toContain(ended.booking.id);
    expect(purged).not.toContain(byPackage.booking.id);
    expect(purged).not.toContain(later.booking.id);
    const files = await stored();
    for (const key of ended.keys) expect(files).not.toContain(key);
    expect(files).toEqual(expect.arrayContaining([...byPackage.keys, ...later.keys]));

    const [traveller] = await listTravellers(ended.booking.id);
    expect(traveller).toMatchObject({ photoKey: null, idScanKey: null, documentsDeletedAt: now, fullName: 'Asha Rai' });
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, ended.booking.id));
    expect(booking).toMatchObject({ permitScanKey: null, permitStatus: 'issued' });
    const entries = await deletionEntries(ended.booking.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'document',
      entityType: 'booking',
      actorName: 'Retention (automatic)',
      summary: `Deleted the identity documents of booking #${shortReference(ended.booking.id)} (30 days after the trip)`,
    });

    // Again, and twice at once: nothing more deleted or audited.
    expect(await purgeExpiredIdentityDocuments(now)).toEqual([]);
    await Promise.all([purgeExpiredIdentityDocuments(now), purgeExpiredIdentityDocuments(now)]);
    expect(await deletionEntries(ended.booking.id)).toHaveLength(1);

    // Feb 8 in India: the package booking's turn; the March trip keeps its files.
    const purgedLater = await purgeExpiredIdentityDocuments(new Date('2026-02-08T06:00:00Z'));
    expect(purgedLater).toEqual([byPackage.booking.id]);
    expect(await stored()).toEqual(expect.arrayContaining(later.keys));
    for (const key of byPackage.keys) expect(await stored()).not.toContain(key);
  });
});
